"""The EUP engine compiled with numba (extra ``fast``): the entries Python calls.

Every entry takes plain arrays (a 2-D ``int32`` array of puzzles for a batch) and the
tables of :func:`tables`, and returns arrays, so a file is one compiled call. The
masks and conversions are in :mod:`.bits`, the rules and the search in
:mod:`.search`, the greedy emptying pass in :mod:`.greedy`.

numba's on-disk cache (``cache=True``) is keyed on each file's own timestamp, not on
the kernels a function calls; :mod:`sudoku_sat.kernel_cache` therefore gives every
version of the kernel sources its own cache folder, so a change to :mod:`.search`
compiles the entries here afresh.
"""

from __future__ import annotations

import numpy as np

from ...kernel_cache import njit
from .bits import ONE, ZERO, tables, to_grid, to_state
from .search import search

__all__ = [
    "all_solutions",
    "count_batch",
    "differs",
    "other_solution",
    "random_solution",
    "subset_counts",
    "tables",
]


@njit(cache=True)
def count_batch(puzzles, cap, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Per puzzle (a row of values), min(count, cap) and its first solution (zeros if none)."""
    npuzzles, ncells = puzzles.shape
    counts = np.zeros(npuzzles, np.int64)
    solutions = np.zeros((npuzzles, ncells), np.int32)
    out = np.empty((1, ncells), np.uint64)
    none = np.zeros(ncells, np.uint64)
    for i in range(npuzzles):
        counts[i] = search(
            to_state(puzzles[i], full), cap, units, cu, peers, full, out, False, none
        )
        if counts[i]:
            to_grid(out[0], solutions[i])
    return counts, solutions


@njit(cache=True)
def all_solutions(puzzle, cap, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Every solution of puzzle (at most cap), one row each."""
    ncells = puzzle.shape[0]
    out = np.empty((cap, ncells), np.uint64)
    none = np.zeros(ncells, np.uint64)
    found = search(to_state(puzzle, full), cap, units, cu, peers, full, out, False, none)
    grids = np.zeros((found, ncells), np.int32)
    for k in range(found):
        to_grid(out[k], grids[k])
    return grids


@njit(cache=True)
def differs(puzzle, solution, cell, units, cu, peers, full, out):  # type: ignore[no-untyped-def]
    """1 when puzzle has a solution with cell != solution[cell] (copied to out[0]), else 0."""
    st = to_state(puzzle, full)
    st[cell] &= ~(ONE << np.uint64(solution[cell] - 1))
    if st[cell] == ZERO:
        return 0
    return search(st, 1, units, cu, peers, full, out, False, to_state(solution, full))


@njit(cache=True)
def other_solution(puzzle, solution, cells, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """A solution of puzzle differing from solution at one of cells, or zeros."""
    ncells = puzzle.shape[0]
    out = np.empty((1, ncells), np.uint64)
    grid = np.zeros(ncells, np.int32)
    for k in range(cells.shape[0]):
        if differs(puzzle, solution, cells[k], units, cu, peers, full, out):
            to_grid(out[0], grid)
            break
    return grid


@njit(cache=True)
def random_solution(puzzle, seed, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """A solution of puzzle found with values tried in random order (seeded), or zeros."""
    np.random.seed(seed)
    ncells = puzzle.shape[0]
    out = np.empty((1, ncells), np.uint64)
    grid = np.zeros(ncells, np.int32)
    none = np.zeros(ncells, np.uint64)
    if search(to_state(puzzle, full), 1, units, cu, peers, full, out, True, none):
        to_grid(out[0], grid)
    return grid


@njit(cache=True)
def subset_counts(grid, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """For every subset of the cells of a full grid (bit c of the index for cell c), the
    solutions of those clues up to 2. For 4x4 (16 cells): 65,536 searches."""
    ncells = grid.shape[0]
    counts = np.empty(1 << ncells, np.int8)
    puzzle = np.zeros(ncells, np.int32)
    out = np.empty((1, ncells), np.uint64)
    none = np.zeros(ncells, np.uint64)
    for mask in range(1 << ncells):
        for c in range(ncells):
            puzzle[c] = grid[c] if (mask >> c) & 1 else 0
        counts[mask] = search(to_state(puzzle, full), 2, units, cu, peers, full, out, False, none)
    return counts
