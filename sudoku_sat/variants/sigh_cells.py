"""How sigh's Interactive-Sudoku-Solver names cells, values and grids: what the reader
(``sigh.py``) and the writer (``sigh_write.py``) of its constraint strings share.

A cell id is ``R`` row ``C`` column, each one character of base 17 (sigh's
``cell_geometry.js``): ``1``..``9``, then ``a``..``g`` for 10..16 (``RaC1`` is row 10,
column 1), either case for both letters; sigh's grids go up to 16x16. The project's own
decimal names (``R10C1``, what f-puzzles writes) are read too, since a string written by
hand past 9x9 uses them; the writer writes sigh's. A solution is one symbol a cell, row
by row, as sigh's ``toShortSolution`` writes it: digits up to 9x9, letters past it
(``A`` = 1 ... ``P`` = 16).
"""

from __future__ import annotations

import math
import re

from ..grid import Grid
from ..model.geometry import Regions

SIGH_MAX = 16
"""sigh's largest grid side (``CellGeometry.MAX_SIZE``)."""
_BASE = "123456789abcdefg"
SIGH_CELL = re.compile(r"^[Rr]([1-9a-gA-G])[Cc]([1-9a-gA-G])$", re.ASCII)
"""sigh's cell id: one base-17 character for the row and one for the column."""


def cell_id(size: int, cell: int) -> str:
    """sigh's id of a cell of an N x N grid (``R1C1``, ``RaCg`` past 9x9)."""
    r, c = divmod(cell, size)
    return f"R{_BASE[r]}C{_BASE[c]}"


def row_col(text: str) -> tuple[int, int] | None:
    """(row, column) from 1 of a sigh cell id, None when text is not one."""
    match = SIGH_CELL.match(text)
    if match is None:
        return None
    return tuple(_BASE.index(g.lower()) + 1 for g in match.groups())  # type: ignore[return-value]


def short_solution(grid: Grid, size: int, low: int = 1) -> str:
    """The grid as sigh writes a solution: one symbol a cell (digits, letters past 9x9,
    ``.`` for an empty cell; from ``0`` when the digits start at 0, ``low``)."""
    if size + low <= 10:
        return "".join(str(v + low - 1) if v else "." for v in grid)
    return "".join(chr(ord("A") + v - 1) if v else "." for v in grid)


def sigh_boxes(size: int) -> Regions:
    """The boxes sigh gives an N x N grid when no jigsaw says otherwise: ``h`` rows by
    ``N/h`` columns for the largest h from the square root down to 2 that divides N
    (6x6: 2x3, 12x12: 3x4, 14x14: 2x7), none (the rows) for a prime N. These are
    f-puzzles' boxes at every size but 14, where f-puzzles has none."""
    h = next((k for k in range(math.isqrt(size), 1, -1) if size % k == 0), 1)
    w = size // h
    return tuple(
        tuple(r * size + c for r in range(br, br + h) for c in range(bc, bc + w))
        for br in range(0, size, h)
        for bc in range(0, size, w)
    )


def box_dims(rows: int, cols: int, cells: int) -> tuple[int, int] | None:
    """(height, width) of sigh's boxes of that many cells on a rows x cols grid
    (``CellGeometry.boxDimsForSize``: the pair of factors nearest the square root that
    tiles the grid, the shorter side down the rows first), None when none tiles it."""
    for small in range(math.isqrt(cells), 1, -1):
        if cells % small:
            continue
        large = cells // small
        if rows % small == 0 and cols % large == 0:
            return small, large
        if large != small and rows % large == 0 and cols % small == 0:
            return large, small
    return None


def shape_boxes(size: int, rows: int, cols: int, cells: int) -> Regions:
    """sigh's boxes of that many cells on a rows x cols grid whose cells are numbered in
    an N x N frame (``Puzzle.rows``), in reading order; none when no box tiles it."""
    dims = box_dims(rows, cols, cells)
    if dims is None:
        return ()
    h, w = dims
    return tuple(
        tuple(r * size + c for r in range(br, br + h) for c in range(bc, bc + w))
        for br in range(0, rows, h)
        for bc in range(0, cols, w)
    )
