"""Batch propagation compiled: many puzzles' assumptions on one clause index, one call.

A per-puzzle call from Python costs more than a Sudoku UP fixpoint itself (building
the unit array, crossing into numba, reading the trail back), which kept the in-house
UP below PySAT's ``propagate``. Here a whole chunk crosses once: the assumption units
of every puzzle come flattened (``units`` with offsets ``starts``), each puzzle is
reset, propagated and, if asked, climbed up the ladder inside the compiled loop, and
the results land in an int64 table (one row per puzzle, columns below) and, when
``keep``, every fixpoint's literals in one flat array with offsets.
"""

from __future__ import annotations

import numpy as np

from ...kernel_cache import njit
from .deep_numba import FAILED, PROBES, ROUNDS, _deep
from .numba_kernel import NO_CONFLICT, PROPAGATIONS, QHEAD, TRAIL_LEN, UNIT_CONFLICT, _propagate

__all__ = ["NO_CONFLICT", "UNIT_CONFLICT", "batch"]

CODE, LITERALS, UP_COUNT, N_PROBES, N_FAILED, N_ROUNDS, N_PROPAGATIONS, CELLS, LEVEL = range(9)
COLUMNS = 9
"""The columns of the result table: conflict code, trail length, UP trail length,
probes, failed literals, rounds, literals processed, cells with a value, level run."""


@njit(cache=True)
def _start(val, trail, st, count, count0, arrays, n2, units, lo, hi):  # type: ignore[no-untyped-def]
    """Reset, assign units[lo:hi] at level 0, propagate; the conflict code."""
    val[:] = 0
    count[:] = count0
    st[TRAIL_LEN] = 0
    st[QHEAD] = 0
    for i in range(lo, hi):
        lit = units[i]
        v = val[lit]
        if v < 0:
            return UNIT_CONFLICT
        if v == 0:
            val[lit] = 1
            val[n2 - lit] = -1
            trail[st[TRAIL_LEN]] = lit
            st[TRAIL_LEN] += 1
    return _propagate(val, trail, st, count, arrays, n2)


@njit(cache=True)
def _cells(val, nvars, size):  # type: ignore[no-untyped-def]
    """Cells holding a true literal, grid variables numbered cell·size + k."""
    fixed = 0
    for cell in range(size * size):
        base = nvars + cell * size
        for k in range(1, size + 1):
            if val[base + k] > 0:
                fixed += 1
                break
    return fixed


@njit(cache=True)
def _done(val, st, nvars, size):  # type: ignore[no-untyped-def]
    """Every cell has a value (a grid), or every variable is assigned (size 0)."""
    if size == 0:
        return st[TRAIL_LEN] == nvars
    return _cells(val, nvars, size) == size * size


@njit(cache=True)
def batch(state, arrays, n2, units, starts, order, level, climb, size, keep, out, lits, lit_starts):  # type: ignore[no-untyped-def]
    """Every puzzle: UP, then fl``level``; with ``climb``, the levels 0, 1, ... level
    in turn from each one's fixpoint, stopping at the first that is done."""
    val, trail, st, count, count0 = state
    nvars = n2 // 2
    counters = np.zeros(3, dtype=np.int64)
    seen = np.zeros((max(level, 1) + 1, n2 + 1), dtype=np.int64)
    lp = 0
    for p in range(starts.shape[0] - 1):
        st[PROPAGATIONS] = 0
        counters[:] = 0
        code = _start(val, trail, st, count, count0, arrays, n2, units, starts[p], starts[p + 1])
        out[p, UP_COUNT] = st[TRAIL_LEN]
        reached = level
        if climb:
            reached = 0
            while code == NO_CONFLICT and reached < level and not _done(val, st, nvars, size):
                reached += 1
                code = _deep(val, trail, st, count, arrays, n2, order, seen, reached, counters)
        elif code == NO_CONFLICT and level > 0:
            code = _deep(val, trail, st, count, arrays, n2, order, seen, level, counters)
        out[p, CODE] = code
        out[p, LITERALS] = st[TRAIL_LEN]
        out[p, N_PROBES] = counters[PROBES]
        out[p, N_FAILED] = counters[FAILED]
        out[p, N_ROUNDS] = counters[ROUNDS]
        out[p, N_PROPAGATIONS] = st[PROPAGATIONS]
        out[p, CELLS] = _cells(val, nvars, size) if code == NO_CONFLICT else 0
        out[p, LEVEL] = reached
        if keep:
            for i in range(st[TRAIL_LEN]):
                lits[lp + i] = trail[i] - nvars
            lp += st[TRAIL_LEN]
            lit_starts[p + 1] = lp
