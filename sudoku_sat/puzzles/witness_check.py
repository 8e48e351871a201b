"""The rules check of witnesses, compiled (numba): :meth:`.Witnesses.valid` without numpy's
per-call overhead (about 100 µs per 9x9 puzzle in numpy, most of a millisecond's budget).

It shares nothing with the EUP search that found the witnesses: no masks, no
propagation, only the definition of a solution, written out again. Loaded only when
numba is installed; :mod:`.emptying_compiled` keeps the numpy check as the fallback, and
the tests hold the two to the same answers.
"""

from __future__ import annotations

import numpy as np

from ..kernel_cache import njit


@njit(cache=True)
def witnesses_ok(grids, cells, puzzle, solution, units):  # type: ignore[no-untyped-def]
    """Per row k of grids, True when it is a full grid whose units each hold 1..N once,
    that keeps every clue of puzzle except at the cells of row k of cells (-1 padded), and
    that differs from solution somewhere."""
    nwitnesses, ncells = grids.shape
    size = units.shape[1]
    ok = np.zeros(nwitnesses, np.bool_)
    stamp = np.zeros(size + 1, np.int64)
    seen = 0
    for k in range(nwitnesses):
        grid = grids[k]
        good = True
        for c in range(ncells):
            if grid[c] < 1 or grid[c] > size:
                good = False
        for u in range(units.shape[0]):
            seen += 1
            for j in range(size):
                v = grid[units[u, j]] if good else 0
                if not good or stamp[v] == seen:
                    good = False
                    break
                stamp[v] = seen
        other = False
        for c in range(ncells):
            other = other or grid[c] != solution[c]
            if good and puzzle[c] and grid[c] != puzzle[c]:
                good = _among(cells[k], c)
        ok[k] = good and other
    return ok


@njit(cache=True)
def _among(row, cell):  # type: ignore[no-untyped-def]
    for c in row:  # noqa: SIM110 (numba: no generators in any())
        if c == cell:
            return True
    return False
