"""The greedy emptying pass of the compiled EUP engine, in one compiled call."""

from __future__ import annotations

import numpy as np
from numba import njit

from .eup_bits import ONE, ZERO, popcount, to_grid
from .eup_numba import differs


@njit(cache=True)
def naked_single(puzzle, cell, peers, full):  # type: ignore[no-untyped-def]
    """True when the clues among cell's peers show every value but one."""
    seen = ZERO
    for k in range(peers.shape[1]):
        v = puzzle[peers[cell, k]]
        if v:
            seen |= ONE << np.uint64(v - 1)
    return popcount(full & ~seen) == ONE


@njit(cache=True)
def greedy_empty(puzzle, solution, orbits, order, singles, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Empty orbits (rows of cells, -1 padded) in the given order while puzzle stays unique.

    Returns the minimal puzzle and, per orbit kept, its witness: a solution of the final
    puzzle minus that orbit (found when the orbit could not go, and still one later, since
    removals only add solutions); rows of zeros for the orbits emptied.
    """
    ncells = puzzle.shape[0]
    current = puzzle.copy()
    out = np.empty((1, ncells), np.uint64)
    witnesses = np.zeros((orbits.shape[0], ncells), np.int32)
    for k in range(order.shape[0]):
        o = order[k]
        filled = 0
        for t in range(orbits.shape[1]):
            c = orbits[o, t]
            if c >= 0 and current[c]:
                current[c] = 0
                filled += 1
        if filled == 0:
            continue
        safe = singles
        for t in range(orbits.shape[1]):
            c = orbits[o, t]
            if safe and c >= 0 and puzzle[c] and not naked_single(current, c, peers, full):
                safe = False
        if safe:
            continue
        for t in range(orbits.shape[1]):
            c = orbits[o, t]
            if c >= 0 and puzzle[c] and differs(current, solution, c, units, cu, peers, full, out):
                to_grid(out[0], witnesses[o])
                for r in range(orbits.shape[1]):
                    if orbits[o, r] >= 0:
                        current[orbits[o, r]] = puzzle[orbits[o, r]]
                break
    return current, witnesses
