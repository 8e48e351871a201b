"""Rules without search, compiled: is a puzzle filled by the rules alone, does a value fail?

The questions the large-order emptying (:mod:`sudoku_sat.puzzles.emptying_large`) asks
thousands of times, each answered by one pass of the EUP rules (:func:`.search.propagate`:
Exclusivité and Unicité, i.e. naked and hidden singles, to a fixpoint; Parité, the naked
pairs, only when ``pairs``) from the clues, with no branching. A puzzle the rules fill
has exactly one solution; a value whose placement the rules refute is not in any
solution. Each answer costs tens of microseconds at 25x25, where the numpy propagation of
:mod:`sudoku_sat.encodings.candidates` costs milliseconds.
"""

from __future__ import annotations

import numpy as np

from ...kernel_cache import njit
from .bits import ONE, ZERO, singles, to_state
from .search import propagate, settle_root


@njit(cache=True)
def settled(st, units, cu, peers, full, pairs):  # type: ignore[no-untyped-def]
    """The rules on the state st (in place) to their fixpoint; False on a contradiction."""
    queue = np.empty(st.shape[0], np.int32)
    qt = settle_root(st, queue, units, cu)
    if qt < 0:
        return False
    dirty = np.ones(units.shape[0], np.uint8)
    changed = np.ones(units.shape[0], np.uint8)
    return propagate(st, queue, qt, dirty, changed, units, cu, peers, full, pairs)


@njit(cache=True)
def filled_by_rules(grid, units, cu, peers, full, pairs):  # type: ignore[no-untyped-def]
    """True when the rules alone fill every cell of grid (then its one solution)."""
    st = to_state(grid, full)
    if not settled(st, units, cu, peers, full, pairs):
        return False
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE):
            return False
    return True


@njit(cache=True)
def empty_by_rules(grid, order, units, cu, peers, full, pairs):  # type: ignore[no-untyped-def]
    """grid emptied cell by cell in order, each removal kept when the rules still fill the
    grid: a puzzle solved by propagation alone (so unique), as empty as that order allows."""
    current = grid.copy()
    for c in order:
        v = current[c]
        if v == 0:
            continue
        current[c] = 0
        if not filled_by_rules(current, units, cu, peers, full, pairs):
            current[c] = v
    return current


@njit(cache=True)
def refuted(grid, cell, value, units, cu, peers, full, pairs):  # type: ignore[no-untyped-def]
    """True when the rules prove that grid without its clue at cell has no solution with
    another value there than value: each other candidate left, placed, contradicts."""
    st = to_state(grid, full)
    st[cell] = full & ~(ONE << np.uint64(value - 1))
    if not settled(st, units, cu, peers, full, pairs):
        return True
    rest = st[cell]
    trial = np.empty_like(st)
    while rest != ZERO:
        bit = rest & (~rest + ONE)
        rest ^= bit
        trial[:] = st
        trial[cell] = bit
        queue, qt = singles(trial)
        dirty = np.ones(units.shape[0], np.uint8)
        changed = np.ones(units.shape[0], np.uint8)
        if propagate(trial, queue, qt, dirty, changed, units, cu, peers, full, pairs):
            return False
    return True


@njit(cache=True)
def candidates_after(grid, cells, values, units, cu, peers, full, pairs):  # type: ignore[no-untyped-def]
    """The candidate masks (one uint64 per cell) of grid with each of cells emptied and
    the value of values at the same index forbidden there, after the rules; all zero on a
    contradiction."""
    st = to_state(grid, full)
    for k in range(cells.shape[0]):
        st[cells[k]] = full & ~(ONE << np.uint64(values[k] - 1))
    if not settled(st, units, cu, peers, full, pairs):
        st[:] = ZERO
    return st


@njit(cache=True)
def open_after(grid, cell, units, cu, peers, full, pairs):  # type: ignore[no-untyped-def]
    """How many cells the rules leave open (more than one candidate) in grid without its
    clue at cell; the number of cells on a contradiction."""
    st = to_state(grid, full)
    st[cell] = full
    if not settled(st, units, cu, peers, full, pairs):
        return st.shape[0]
    count = 0
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE):
            count += 1
    return count
