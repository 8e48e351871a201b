"""Where cells are: regions by default, cell names, and the pairs of cells that rules
relate (orthogonal neighbours, a knight's or a king's move apart), for grids of size N
(cells ``c = r*N + col`` row-major from 0).

Default regions are f-puzzles' boxes: n x n for a square N, otherwise rectangles of
``BOX_SHAPES[N]`` (rows x columns): 6x6 in 2x3, 8x8 in 2x4, 10x10 in 2x5, 12x12 in 3x4,
15x15 in 3x5. At 5, 7, 11, 13 and 14 there are none: a puzzle gives its own regions.
"""

from __future__ import annotations

import math
from functools import cache

BOX_SHAPES = {6: (2, 3), 8: (2, 4), 10: (2, 5), 12: (3, 4), 15: (3, 5)}
"""f-puzzles' default box (rows, columns) for the sizes that are not squares."""
MIN_SIZE = 4
MAX_SIZE = 16
"""The sizes f-puzzles draws, and the rules of a puzzle beyond the classic ones."""

Pair = tuple[int, int]
Regions = tuple[tuple[int, ...], ...]
KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))
KING = ((1, 1), (1, -1), (0, 1), (1, 0))


def box_shape(size: int) -> tuple[int, int]:
    """f-puzzles' default box (rows, columns) for size N; (1, N) where it has none."""
    root = math.isqrt(size)
    if root * root == size:
        return root, root
    if size in BOX_SHAPES:
        return BOX_SHAPES[size]
    return 1, size


def has_default_boxes(size: int) -> bool:
    """True when f-puzzles draws boxes of its own at size N (squares, 6, 8, 10, 12, 15);
    at 5, 7, 11, 13 and 14 a puzzle's file must give every cell its region."""
    return box_shape(size)[0] > 1


@cache
def default_regions(size: int) -> Regions:
    """The default boxes of size N, numbered in reading order, cells in reading order."""
    h, w = box_shape(size)
    out = []
    for br in range(0, size, h):
        for bc in range(0, size, w):
            out.append(tuple(r * size + c for r in range(br, br + h) for c in range(bc, bc + w)))
    return tuple(out)


def cell_name(size: int, cell: int) -> str:
    """f-puzzles' name of a cell: R1C1 for cell 0."""
    r, c = divmod(cell, size)
    return f"R{r + 1}C{c + 1}"


@cache
def orthogonal_pairs(size: int) -> list[Pair]:
    """Every pair of orthogonal neighbours (a < b), row pairs then column pairs."""
    across = [(r * size + c, r * size + c + 1) for r in range(size) for c in range(size - 1)]
    down = [(r * size + c, (r + 1) * size + c) for r in range(size - 1) for c in range(size)]
    return across + down


@cache
def offset_pairs(size: int, moves: tuple[Pair, ...]) -> list[Pair]:
    """Every pair of cells a < b that one of the (dr, dc) moves joins."""
    out = set()
    for r in range(size):
        for c in range(size):
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < size and 0 <= cc < size:
                    a, b = r * size + c, rr * size + cc
                    out.add((min(a, b), max(a, b)))
    return sorted(out)


def neighbours(size: int, cell: int, diagonal: bool) -> list[int]:
    """The cells next to cell: orthogonally, and diagonally too when asked."""
    r, c = divmod(cell, size)
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [
        (r + dr) * size + c + dc for dr, dc in steps if 0 <= r + dr < size and 0 <= c + dc < size
    ]


def in_line(size: int, a: int, c: int) -> bool:
    """True when cells a and c share a row or a column (a cell beyond the grid,
    ``model/extra.py``, shares none)."""
    if a >= size * size or c >= size * size:
        return False
    return a // size == c // size or a % size == c % size


def in_shape(n: int, shape: tuple[int, int], *cells: int) -> bool:
    """True when every cell lies in the rows x cols of a shaped grid in its N x N frame
    (``Puzzle.rows``); any cell of the frame for shape (0, 0), an N x N grid."""
    rows, cols = shape
    return not rows or all(c // n < rows and c % n < cols for c in cells)


def shares_unit(size: int, regions: Regions, a: int, c: int) -> bool:
    """True when cells a and c share a row, a column or a region."""
    if in_line(size, a, c):
        return True
    return any(a in r and c in r for r in regions)


def beside(size: int, regions: Regions, cells: tuple[int, ...]) -> list[int]:
    """The cells outside of cells that share a row, column or region with all of them
    (none when one is beyond the grid)."""
    n = size
    if max(cells, default=0) >= n * n:
        return []
    groups = [frozenset(range(r * n, r * n + n)) for r in {c // n for c in cells}]
    groups += [frozenset(range(k, n * n, n)) for k in {c % n for c in cells}]
    groups += [frozenset(r) for r in regions]
    inside = frozenset(cells)
    out: set[int] = set()
    for g in groups:
        if inside <= g:
            out |= g - inside
    return sorted(out)
