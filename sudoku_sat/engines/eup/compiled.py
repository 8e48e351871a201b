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
from .search import _mark, propagate, search, settle_root

__all__ = [
    "all_solutions",
    "count_batch",
    "differs",
    "ordered_solution",
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


@njit(cache=True)
def _open(st, start):  # type: ignore[no-untyped-def]
    """The lowest open cell from start on, or -1."""
    for c in range(start, st.shape[0]):
        if st[c] & (st[c] - ONE):
            return c
    return -1


@njit(cache=True)
def ordered_solution(puzzle, orders, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """The first solution of puzzle, cells lowest first, values in the order of row c of
    orders (:mod:`.ordered`, whose pure-Python search finds the same), or zeros."""
    ncells, nunits, size = puzzle.shape[0], units.shape[0], orders.shape[1]
    grid = np.zeros(ncells, np.int32)
    root = to_state(puzzle, full)
    queue = np.empty(ncells, np.int32)
    dirty = np.ones(nunits, np.uint8)
    changed = np.ones(nunits, np.uint8)
    qt = settle_root(root, queue, units, cu)
    if qt < 0 or not propagate(root, queue, qt, dirty, changed, units, cu, peers, full, True):
        return grid
    states = np.empty((ncells + 1, ncells), np.uint64)  # a level places one cell at least
    cells = np.empty(ncells + 1, np.int64)
    tried = np.zeros(ncells + 1, np.int64)
    states[0, :] = root
    cells[0] = _open(root, 0)
    if cells[0] < 0:
        to_grid(root, grid)
        return grid
    depth = 0
    while depth >= 0:
        c, k = cells[depth], tried[depth]
        bit = ZERO
        while k < size and bit == ZERO:
            bit = states[depth, c] & (ONE << np.uint64(orders[c, k] - 1))
            k += 1
        tried[depth] = k
        if bit == ZERO:
            depth -= 1
            continue
        child = states[depth + 1]
        child[:] = states[depth]
        child[c] = bit
        queue[0] = c
        _mark(dirty, cu, c)
        _mark(changed, cu, c)
        if not propagate(child, queue, 1, dirty, changed, units, cu, peers, full, True):
            dirty[:] = 0
            changed[:] = 0
            continue
        nxt = _open(child, c + 1)
        if nxt < 0:
            to_grid(child, grid)
            return grid
        depth += 1
        cells[depth] = nxt
        tried[depth] = 0
    return grid
