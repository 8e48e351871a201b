"""The vocabulary of a Sudoku grid of order n, fixed once and built from data.

Glossary (order n, size N = n*n, values 1..N, 0 for an empty cell):

- cell: a flat index ``c = i*N + j`` for row i and column j, both from 0.
- row, column, block: the three kinds of *unit*, each a tuple of N cells.
  Blocks are numbered 0..N-1 in reading order, and the cells of a block too,
  exactly as in the Centrale 2014 statement: block cell (b, r) is grid cell
  ``indice(b, r)``.
- peers of a cell: the other cells that share a unit with it
  (3N - 2n - 1 of them: 20 for 9x9).
- grid: a tuple of N*N ints in row-major order, 0 for an empty cell.

Every rule elsewhere is a loop over ``units`` or ``peers``; no unit kind is
special-cased.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any

from .errors import GridError

Cell = int
"""A flat cell index ``i*N + j``."""
Lit = int
"""A DIMACS literal: a non-zero int, negative for a negated variable."""
Clause = list[int]
"""A clause as a list of DIMACS literals."""
Grid = tuple[int, ...]
"""N*N values in row-major order; 0 marks an empty cell."""

MIN_ORDER = 2
MAX_ORDER = 15
LARGE_ORDER = 5
"""From this order (25x25) up, the default solve, count and unique propagate the clues and
hand the candidate-only CNF to CaDiCaL (:mod:`sudoku_sat.puzzles.large`, docs/large.md)."""


@dataclass(frozen=True)
class Geometry:
    """Cells, units and peers of the grid of order n (box side n, grid side N = n*n)."""

    n: int
    size: int
    ncells: int
    rows: tuple[tuple[Cell, ...], ...]
    cols: tuple[tuple[Cell, ...], ...]
    blocks: tuple[tuple[Cell, ...], ...]
    units: tuple[tuple[Cell, ...], ...]
    units_of: tuple[tuple[int, int, int], ...]
    peers: tuple[tuple[Cell, ...], ...]

    def block_of(self, i: int, j: int) -> int:
        """Block number of the cell in row i, column j."""
        return (i // self.n) * self.n + j // self.n

    def indice(self, b: int, r: int) -> tuple[int, int]:
        """Row and column of block cell (b, r): the statement's ``indice``."""
        n = self.n
        return (b // n) * n + r // n, (b % n) * n + r % n


@cache
def geometry(n: int) -> Geometry:
    """The geometry of order n (2 <= n <= 15), built once and cached (tuples of peers:
    large at 81x81 and up, where the numpy paths of :mod:`.encodings.candidates` serve)."""
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise ValueError(f"order must be between {MIN_ORDER} and {MAX_ORDER}, got {n}")
    size = n * n
    rows = tuple(tuple(i * size + j for j in range(size)) for i in range(size))
    cols = tuple(tuple(i * size + j for i in range(size)) for j in range(size))
    blocks = tuple(
        tuple(((b // n) * n + r // n) * size + (b % n) * n + r % n for r in range(size))
        for b in range(size)
    )
    units = rows + cols + blocks
    units_of = tuple(
        (c // size, size + c % size, 2 * size + (c // size // n) * n + c % size // n)
        for c in range(size * size)
    )
    peers = tuple(
        tuple(sorted({p for u in units_of[c] for p in units[u]} - {c})) for c in range(size * size)
    )
    return Geometry(n, size, size * size, rows, cols, blocks, units, units_of, peers)


def order_of_size(size: int) -> int:
    """The order n with n*n == size, or ValueError."""
    n = math.isqrt(size)
    if n * n != size or not MIN_ORDER <= n <= MAX_ORDER:
        raise ValueError(f"{size} is not a grid side n*n with {MIN_ORDER} <= n <= {MAX_ORDER}")
    return n


def order_of_cells(ncells: int) -> int:
    """The order n with n**4 == ncells, or ValueError."""
    n = math.isqrt(math.isqrt(ncells))
    if n**4 != ncells or not MIN_ORDER <= n <= MAX_ORDER:
        raise ValueError(f"{ncells} is not a cell count n**4 with {MIN_ORDER} <= n <= {MAX_ORDER}")
    return n


def check_grid(grid: Grid, n: int) -> None:
    """Raise GridError unless grid has N**4 cells valued 0..N."""
    size = n * n
    if len(grid) != size * size:
        raise GridError(f"a grid of order {n} has {size * size} cells, got {len(grid)}")
    if min(grid) < 0 or max(grid) > size:
        raise GridError(f"grid values must lie in 0..{size}")


def empty_grid(n: int) -> Grid:
    """The empty grid of order n."""
    return (0,) * n**4


def is_complete(grid: Grid) -> bool:
    """True when no cell is empty."""
    return 0 not in grid


def conflicts(grid: Grid, n: int) -> list[tuple[int, int]]:
    """Pairs of peer cells holding the same non-zero value, each pair once."""
    geo = geometry(n)
    return [
        (c, p)
        for c in range(geo.ncells)
        if grid[c]
        for p in geo.peers[c]
        if p > c and grid[p] == grid[c]
    ]


def is_solution(grid: Grid, n: int, puzzle: Grid | None = None) -> bool:
    """True when grid is complete, breaks no rule, and keeps every clue of puzzle.

    Every unit must hold the N values 1..N exactly (a set per unit: the same answer as
    asking :func:`conflicts`, without walking every pair of peers)."""
    if len(grid) != n**4 or not is_complete(grid):
        return False
    values, getters = _unit_getters(n)
    for get in getters:
        if set(get(grid)) != values:
            return False
    return puzzle is None or not any(p and p != g for p, g in zip(puzzle, grid, strict=False))


@cache
def _unit_getters(n: int) -> tuple[frozenset[int], tuple[itemgetter[Any], ...]]:
    """The values 1..N and, per unit, an itemgetter of its cells (tuples at C speed)."""
    geo = geometry(n)
    return frozenset(range(1, geo.size + 1)), tuple(itemgetter(*unit) for unit in geo.units)


def clue_count(grid: Grid) -> int:
    """Number of filled cells."""
    return sum(1 for v in grid if v)


def solution_problem(grid: Grid, n: int, puzzle: Grid | None = None) -> str | None:
    """Why grid is not a solution (of puzzle, when given), naming a cell; None if it is one.

    Cells are named as players write them (``r1c1``), values with the grid's symbols.
    """
    from .alphabet import MAX_SYMBOLS, default_alphabet

    size = n * n
    if len(grid) != size * size:
        return f"{len(grid)} cells, a {size}x{size} grid has {size * size}"
    symbols = default_alphabet(size) if size <= MAX_SYMBOLS else ""

    def name(c: int) -> str:
        return f"r{c // size + 1}c{c % size + 1}"

    def shown(value: int) -> str:
        return symbols[value - 1] if symbols else str(value)

    for c, value in enumerate(grid):
        if not 1 <= value <= size:
            return f"cell {name(c)} has no value"
    clash = conflicts(grid, n)
    if clash:
        c, p = clash[0]
        return f"cells {name(c)} and {name(p)} both hold {shown(grid[c])}"
    if puzzle is not None:
        for c, (clue, value) in enumerate(zip(puzzle, grid, strict=False)):
            if clue and clue != value:
                return f"cell {name(c)} holds {shown(value)}, the puzzle's clue is {shown(clue)}"
    return None
