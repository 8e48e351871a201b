"""The greedy emptying pass of the compiled EUP engine, in one compiled call.

Before asking the search, a removal is proved safe from the clues alone when every
cell emptied is a *single*: naked (the clues of its units show every other value) or
hidden (in one of its units, every other empty cell sees its value among the clues of
its own units). Either way the cell is forced, so the puzzle stays unique; the search
is asked only otherwise, and the puzzle reached is the same (the shortcut only spares
questions whose answer is yes). The clues of each unit are kept as a mask (``seen``),
updated at each removal and refill, so a single costs a few mask operations.
"""

from __future__ import annotations

import numpy as np

from ...kernel_cache import njit
from .bits import ONE, ZERO, popcount, to_grid, to_state
from .search import search


@njit(cache=True)
def unit_clues(puzzle, units):  # type: ignore[no-untyped-def]
    """Per unit, the mask of the values its clues hold."""
    seen = np.zeros(units.shape[0], np.uint64)
    for u in range(units.shape[0]):
        for k in range(units.shape[1]):
            v = puzzle[units[u, k]]
            if v:
                seen[u] |= ONE << np.uint64(v - 1)
    return seen


@njit(cache=True)
def _sees(seen, cu, c):  # type: ignore[no-untyped-def]
    return seen[cu[c, 0]] | seen[cu[c, 1]] | seen[cu[c, 2]]


@njit(cache=True)
def forced(puzzle, seen, cell, value, units, cu, full):  # type: ignore[no-untyped-def]
    """True when the empty cell must hold value, from puzzle's clues alone (seen: their
    masks per unit): a naked single, or a hidden single in one of its units."""
    bit = ONE << np.uint64(value - 1)
    if popcount(full & ~_sees(seen, cu, cell)) == ONE:
        return True
    for t in range(3):
        u = cu[cell, t]
        alone = True
        for k in range(units.shape[1]):
            x = units[u, k]
            if x != cell and puzzle[x] == 0 and not _sees(seen, cu, x) & bit:
                alone = False
                break
        if alone:
            return True
    return False


@njit(cache=True)
def _set(seen, cu, c, value, on):  # type: ignore[no-untyped-def]
    bit = ONE << np.uint64(value - 1)
    for t in range(3):
        if on:
            seen[cu[c, t]] |= bit
        else:
            seen[cu[c, t]] &= ~bit


@njit(cache=True)
def greedy_empty(puzzle, solution, orbits, order, singles, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Empty orbits (rows of cells, -1 padded) in the given order while puzzle stays unique.

    Returns the minimal puzzle and, per orbit kept, its witness: a solution of the final
    puzzle minus that orbit (found when the orbit could not go, and still one later, since
    removals only add solutions); rows of zeros for the orbits emptied. ``singles``
    allows the shortcut of the module docstring.
    """
    ncells, width = puzzle.shape[0], orbits.shape[1]
    current = puzzle.copy()
    seen = unit_clues(current, units)
    prefer = to_state(solution, full)
    out = np.empty((1, ncells), np.uint64)
    witnesses = np.zeros((orbits.shape[0], ncells), np.int32)
    for k in range(order.shape[0]):
        o = order[k]
        filled = 0
        for t in range(width):
            c = orbits[o, t]
            if c >= 0 and current[c]:
                _set(seen, cu, c, current[c], False)
                current[c] = 0
                filled += 1
        if filled == 0:
            continue
        safe = singles
        for t in range(width):
            c = orbits[o, t]
            if safe and c >= 0 and puzzle[c]:
                safe = forced(current, seen, c, puzzle[c], units, cu, full)
        if safe:
            continue
        for t in range(width):
            c = orbits[o, t]
            if c >= 0 and puzzle[c] and _differs(current, c, prefer, units, cu, peers, full, out):
                to_grid(out[0], witnesses[o])
                for r in range(width):
                    x = orbits[o, r]
                    if x >= 0 and puzzle[x]:
                        current[x] = puzzle[x]
                        _set(seen, cu, x, puzzle[x], True)
                break
    return current, witnesses


@njit(cache=True)
def _differs(puzzle, cell, prefer, units, cu, peers, full, out):  # type: ignore[no-untyped-def]
    """1 when puzzle has a solution whose cell is not prefer's single value (copied to
    out[0]): :func:`~.eup_numba.differs` with the preferred masks made once per pass."""
    st = to_state(puzzle, full)
    st[cell] &= ~prefer[cell]
    if st[cell] == ZERO:
        return 0
    return search(st, 1, units, cu, peers, full, out, False, prefer)
