"""The RUP checker's program run by numba, on the propagation engine's compiled kernels.

The base formula is flattened by :class:`~sudoku_sat.propagation_numba.NumbaPropagator`
(same clause index, same CSR arrays); the run below calls that module's ``_propagate``,
``_root`` and ``_undo`` for the base and scans the arena slots itself, exactly as
:func:`.rup.run_python` does with the pure-Python engine. Literals are shifted by nvars
(index ``lit + nvars``), the kernel's convention.
"""

from __future__ import annotations

import numpy as np

from ..engines.propagation import SATISFIED
from ..engines.propagation.numba_kernel import (
    NO_CONFLICT,
    TRAIL_LEN,
    NumbaPropagator,
    _propagate,
    _root,
    _undo,
)
from ..kernel_cache import njit
from .program import (
    ADD_CLAUSE,
    ADD_EMPTY,
    ADD_UNIT,
    DEL_BINARY,
    DEL_LONG,
    DEL_SLOT,
    NO_EMPTY,
    REFUTED,
    TRIVIAL,
    VERIFIED,
    Base,
    Program,
)


@njit(cache=True)
def _assign(val, trail, st, n2, lit):  # type: ignore[no-untyped-def]
    """Enqueue lit; False when it is false already."""
    v = val[lit]
    if v != 0:
        return v > 0
    val[lit] = 1
    val[n2 - lit] = -1
    trail[st[TRAIL_LEN]] = lit
    st[TRAIL_LEN] += 1
    return True


@njit(cache=True)
def _fixpoint(val, trail, st, count, arrays, n2, x_start, x_lits, alive):  # type: ignore[no-untyped-def]
    """Base propagation, then the live arena slots, until nothing changes; True on conflict."""
    while True:
        if _propagate(val, trail, st, count, arrays, n2) != NO_CONFLICT:
            return True
        changed = False
        for s in range(alive.size):
            if not alive[s]:
                continue
            last = -1
            satisfied = False
            several = False
            for k in range(x_start[s], x_start[s + 1]):
                q = x_lits[k]
                v = val[q]
                if v > 0:
                    satisfied = True
                    break
                if v == 0:
                    if last >= 0:
                        several = True
                        break
                    last = q
            if satisfied or several:
                continue
            if last < 0:
                return True
            _assign(val, trail, st, n2, last)
            changed = True
        if not changed:
            return False


@njit(cache=True)
def _is_rup(val, trail, st, count, arrays, n2, x_start, x_lits, alive, lits):  # type: ignore[no-untyped-def]
    lim = st[TRAIL_LEN]
    conflict = False
    for lit in lits:
        if not _assign(val, trail, st, n2, n2 - lit):
            conflict = True
            break
    if not conflict:
        conflict = _fixpoint(val, trail, st, count, arrays, n2, x_start, x_lits, alive)
    _undo(val, trail, st, count, arrays, n2, lim)
    return conflict


@njit(cache=True)
def _root_add(val, trail, st, count, arrays, n2, x_start, x_lits, alive, s):  # type: ignore[no-untyped-def]
    last = -1
    opened = 0
    for k in range(x_start[s], x_start[s + 1]):
        v = val[x_lits[k]]
        if v > 0:
            return False
        if v == 0:
            opened += 1
            last = x_lits[k]
    if opened == 0:
        return True
    if opened == 1:
        _assign(val, trail, st, n2, last)
        return _fixpoint(val, trail, st, count, arrays, n2, x_start, x_lits, alive)
    return False


@njit(cache=True)
def _run(val, trail, st, count, count0, arrays, nv, units, empty, x_start, x_lits, alive, ops):  # type: ignore[no-untyped-def]
    """The program on the kernel; literals arrive as DIMACS ints and are shifted here."""
    n2 = 2 * nv
    imp_start, imp_lits = arrays[0], arrays[1]
    for k in range(units.size):
        units[k] += nv
    for k in range(x_lits.size):
        x_lits[k] += nv
    if empty or _root(val, trail, st, count, count0, arrays, n2, units) != NO_CONFLICT:
        return TRIVIAL, -1
    if _fixpoint(val, trail, st, count, arrays, n2, x_start, x_lits, alive):
        return TRIVIAL, -1
    conflict = False
    one = np.zeros(1, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    for at in range(ops.shape[0]):
        kind, a = ops[at, 0], ops[at, 1]
        if kind <= 3:  # an addition
            if not conflict:
                if kind == ADD_UNIT:
                    one[0] = a + nv
                    lits = one
                elif kind == ADD_CLAUSE:
                    lits = x_lits[x_start[a] : x_start[a + 1]]
                else:
                    lits = none
                if not _is_rup(val, trail, st, count, arrays, n2, x_start, x_lits, alive, lits):
                    return REFUTED, at
            if kind == ADD_EMPTY:
                return VERIFIED, at
            if kind == ADD_UNIT and not conflict:
                conflict = not _assign(val, trail, st, n2, a + nv) or _fixpoint(
                    val, trail, st, count, arrays, n2, x_start, x_lits, alive
                )
            elif kind == ADD_CLAUSE:
                alive[a] = 1
                if not conflict:
                    conflict = _root_add(
                        val, trail, st, count, arrays, n2, x_start, x_lits, alive, a
                    )
        elif kind == DEL_SLOT:
            alive[a] = 0
        elif kind == DEL_LONG:
            count[a] += SATISFIED
        elif kind == DEL_BINARY:  # (literal, position) pairs to CSR places; old items kept
            for col in (1, 3):
                k = imp_start[ops[at, col] + nv] + ops[at, col + 1]
                ops[at, col] = k
                ops[at, col + 1] = imp_lits[k]
                imp_lits[k] = n2  # the guard's positive literal
    return NO_EMPTY, ops.shape[0]


@njit(cache=True)
def _restore(imp_lits, ops, done):  # type: ignore[no-untyped-def]
    """Give the deleted binary clauses back to the base, last deletion first."""
    for at in range(min(done, ops.shape[0] - 1), -1, -1):
        if ops[at, 0] == DEL_BINARY:
            imp_lits[ops[at, 3]] = ops[at, 4]
            imp_lits[ops[at, 1]] = ops[at, 2]


class NumbaRun:
    """A base formula flattened once for numba; ``run`` checks one program on it."""

    def __init__(self, base: Base):
        prop = NumbaPropagator(base.nvars + 1, [*base.clauses, [base.guard]])
        self.nv = base.nvars + 1
        self.prop = prop
        self.units = list(prop.units)

    def run(self, program: Program) -> tuple[int, int]:
        prop = self.prop
        ops = np.array(program.ops, dtype=np.int64).reshape(-1, 5)
        lens = [len(s) for s in program.slots]
        x_start = np.zeros(len(lens) + 1, dtype=np.int64)
        np.cumsum(lens, out=x_start[1:])
        x_lits = np.array([q for s in program.slots for q in s], dtype=np.int64)
        units = np.array(self.units + program.units, dtype=np.int64)
        alive = np.array(program.alive, dtype=np.int8)
        code, at = _run(
            prop.val,
            prop.trail,
            prop.st,
            prop.count,
            prop.count0,
            prop.arrays,
            self.nv,
            units,
            program.empty or prop.empty,
            x_start,
            x_lits,
            alive,
            ops,
        )
        if code != TRIVIAL:
            _restore(prop.arrays[1], ops, at)
        return int(code), int(at)


@njit(cache=True)
def _first_of_each(val, trail, st, count, count0, arrays, n2, units, lits, keep):  # type: ignore[no-untyped-def]
    """Mark the literals of lits not already true when reached, propagating each marked
    one at the root: the failed literals' negations in a failed-literal trail."""
    if _root(val, trail, st, count, count0, arrays, n2, units) != NO_CONFLICT:
        return
    for i in range(lits.size):
        q = lits[i]
        if val[q] > 0:
            continue
        keep[i] = 1
        if not _assign(val, trail, st, n2, q):
            return
        if _propagate(val, trail, st, count, arrays, n2) != NO_CONFLICT:
            return


def first_of_each(prop: NumbaPropagator, units: list[int], lits: list[int]) -> list[int]:
    """The literals of lits that unit propagation from units and the earlier ones does not
    give: what :func:`.prover.fl_lemmas` keeps, on the compiled engine."""
    nv = prop.nvars
    shifted = np.array(lits, dtype=np.int64) + nv
    keep = np.zeros(len(lits), dtype=np.int8)
    _first_of_each(
        prop.val,
        prop.trail,
        prop.st,
        prop.count,
        prop.count0,
        prop.arrays,
        prop.n2,
        np.array([*prop.units, *units], dtype=np.int64) + nv,
        shifted,
        keep,
    )
    return [lit for lit, k in zip(lits, keep.tolist(), strict=True) if k]
