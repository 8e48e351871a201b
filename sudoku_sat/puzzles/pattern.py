"""Full grids of any order in milliseconds: a pattern grid in a random symmetry.

The pattern grid of order n holds ``(n*(r mod n) + r div n + c) mod N + 1`` at row r,
column c (each band's rows are shifts of the first by n, each row's blocks by one).
Every validity-preserving symmetry is then drawn at random from the seed: the bands and
the rows in each band, the stacks and the columns in each stack, a transposition, and a
relabelling of the N values. The grids are therefore all in one orbit of the symmetry
group (not uniform over all grids): enough for benchmarks and tests at 25x25 to 225x225,
where finding a random grid by search takes seconds to minutes
(:func:`sudoku_sat.encodings.large.full_grid`). Everything is numpy, a function of
(n, seed).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..grid import Grid

IntGrid = npt.NDArray[np.int32]


def pattern(n: int) -> IntGrid:
    """The pattern grid of order n as an (N, N) array."""
    size = n * n
    r = np.arange(size)[:, None]
    c = np.arange(size)[None, :]
    return ((n * (r % n) + r // n + c) % size + 1).astype(np.int32)


def _lines(n: int, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A random order of the N rows (or columns) that keeps bands together."""
    bands = rng.permutation(n)
    return np.concatenate([b * n + rng.permutation(n) for b in bands])


def random_grid(n: int, seed: int) -> IntGrid:
    """A full grid of order n: the pattern grid in a symmetry drawn from seed."""
    rng = np.random.default_rng(seed)
    grid = pattern(n)[_lines(n, rng)][:, _lines(n, rng)]
    if rng.random() < 0.5:
        grid = grid.T
    labels = np.concatenate([[0], rng.permutation(n * n) + 1]).astype(np.int32)
    return np.ascontiguousarray(labels[grid])


def mixed(grid: IntGrid, n: int, moves: int, seed: int) -> IntGrid:
    """grid after moves random *cycle swaps*, half on rows and half on columns.

    Two rows r1, r2 of one band and a column c0: the cells of r1 and r2 in the columns
    c0, c1 = where r1 holds r2's value at c0, c2 = where r1 holds r2's value at c1, ...
    (back to c0) are exchanged between the two rows. Each row keeps its values, each
    column and block too (the two cells of a column are in one block), so the grid stays
    valid; unlike a symmetry the move changes which cells meet, so many of them leave
    the pattern's orbit."""
    rng = np.random.default_rng(seed)
    size = n * n
    work: IntGrid = grid.copy()
    for move in range(moves):
        view = work if move % 2 == 0 else work.T
        band = int(rng.integers(n))
        r1, r2 = (band * n + rng.choice(n, 2, replace=False)).tolist()
        where1 = np.empty(size + 1, dtype=np.int64)
        where1[view[r1]] = np.arange(size)
        row2 = view[r2].tolist()
        start = c = int(rng.integers(size))
        cols = []
        while True:
            cols.append(c)
            c = int(where1[row2[c]])
            if c == start:
                break
        if len(cols) < size:  # the whole row: an exchange of rows, a symmetry
            top = view[r1, cols].copy()
            view[r1, cols] = view[r2, cols]
            view[r2, cols] = top
    return work


def blanked(grid: IntGrid, fraction: float, seed: int) -> IntGrid:
    """grid with ⌊cells·fraction⌋ cells drawn from seed set to 0 (0 <= fraction <= 1)."""
    if not 0.0 <= fraction <= 1.0:
        raise ValueError(f"blank fraction {fraction} is not between 0 and 1")
    rng = np.random.default_rng(seed)
    flat = grid.ravel().copy()
    flat[rng.choice(flat.size, int(flat.size * fraction), replace=False)] = 0
    out: IntGrid = flat.reshape(grid.shape)
    return out


def as_grid(grid: IntGrid) -> Grid:
    """An array as the project's Grid tuple."""
    return tuple(grid.ravel().tolist())
