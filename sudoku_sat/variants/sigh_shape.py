"""The shapes of sigh's grids (``.Shape~9x8``, ``~6x6~9``, ``~9x9~0-8``) and the regions
sigh lays out on a grid that is no N x N square of N digits (``Puzzle.rows``): what
``sigh.py`` reads them with.

A shape is rows x columns, then the digits: a count (``9``: 1..9) or a range from 0 or 1
(``0-8``, sigh's value offset), at least as many as the longer side and at most 16; the
digits' count is N, the side of the frame the grid's cells are numbered in. sigh's
``Raw`` grids have no rows, columns or boxes (``Puzzle.raw``); here too they need as many
digits as their longer side (the frame holds them), and sigh's rules of sudoku grids
(``Constraint.sudoku_names``) are refused on them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import InputError
from ..model.constraint import Constraint
from ..model.geometry import MIN_SIZE
from .constraints.extraregion import ExtraRegion
from .constraints.jigsaw import ShapeBoxes
from .sigh_cells import SIGH_MAX, shape_boxes

SHAPE_SPEC = re.compile(r"^([0-9]{1,3})x([0-9]{1,3})$", re.ASCII)


@dataclass(frozen=True)
class Shape:
    """What ``.Shape`` says: N, the number of digits (the side of the frame the grid's
    cells are numbered in), the first digit (1, or 0 for ``~0-8``), and the grid's rows
    and columns when it is no N x N square (0, 0 for N x N: ``Puzzle.rows``)."""

    size: int = 9
    low: int = 1
    rows: int = 0
    cols: int = 0
    raw: bool = False
    """sigh's ``Raw`` grid type: no rows, columns or boxes (``Puzzle.raw``)."""


RANGE = re.compile(r"^([0-9]{1,3})(?:-([0-9]{1,3}))?$", re.ASCII)
"""The digits of a shape: a count (``9``: 1..9) or a range (``0-8``)."""


def read_shape(args: list[str], source: str, line: int, column: int) -> Shape:
    """sigh's ``RxC[~DIGITS][~Sudoku]``: the digits a count or a range from 0 or 1 (sigh's
    value offset), at least as many as the longer side (a sudoku's houses hold each
    digit once), at most 16; a ``Raw`` grid is not read."""
    spec = "~".join(args)

    def refused(why: str) -> InputError:
        return InputError(f"'Shape': {spec} is not supported: {why}", source, line, column)

    match = SHAPE_SPEC.match(args[0]) if args else None
    rest = args[1:]
    if match is None:
        raise InputError(f"'Shape': {spec!r} is not a shape like 9x9", source, line, column)
    rows, cols = int(match.group(1)), int(match.group(2))
    if len(rest) > 2 or (len(rest) == 2 and rest[1] not in ("", "Sudoku", "Raw")):
        raise refused("the grid types are Sudoku and Raw")
    raw = len(rest) == 2 and rest[1] == "Raw"
    digits = RANGE.match(rest[0]) if rest and rest[0] else None
    if rest and rest[0] and digits is None:
        raise refused("the digits are a count (9) or a range (0-8)")
    low, count = 1, max(rows, cols)
    if digits is not None and digits.group(2) is None:
        count = int(digits.group(1))
    elif digits is not None:
        low, count = int(digits.group(1)), int(digits.group(2)) - int(digits.group(1)) + 1
    if low not in (0, 1):
        raise refused("digits from 0 or 1 only")
    if not count >= max(rows, cols) or not MIN_SIZE <= count <= SIGH_MAX or min(rows, cols) < 1:
        raise refused(
            f"grids of 1 to {SIGH_MAX} rows and columns, with {MIN_SIZE} to {SIGH_MAX} digits "
            "and at least as many digits as the longer side"
        )
    square = rows == cols == count and not raw  # a raw grid: always its rows and columns
    return Shape(count, low, 0 if square else rows, 0 if square else cols, raw)


def shape_refusal(cls: type[Constraint], shape: Shape, name: str = "") -> str:
    """Why sigh's solver (and so sigh's reader here, and ``generate``) refuses a rule
    class on the shape: digits from 0 it cannot shift (``from_zero``), a Raw grid for a
    rule of sudoku grids, a shaped grid for a rule of square ones, of N x N ones, or not
    read on shapes yet; empty when it takes it. name: the sigh item read (its
    ``square_names``, ``sudoku_names`` are some of the class's names); empty for any."""
    if shape.low != 1 and not cls.from_zero:
        return f"on the digits 0..{shape.size - 1}: sigh's solver refuses it too"
    if shape.raw and (name in cls.sudoku_names if name else cls.sudoku_names):
        return "needs a sudoku grid, not a Raw one"
    rows, cols = shape.rows, shape.cols
    squares = name in cls.square_names if name else bool(cls.square_names)
    square = "a square grid only" if squares and rows != cols else ""
    refused = cls.shape_refused or square
    if rows and (refused or not cls.any_shape):
        said = f"sigh's solver refuses it too ({refused})" if refused else "not supported yet"
        return f"on a {rows}x{cols} grid of {shape.size} digits: {said}"
    return ""


def shaped_layout(
    jigsaws: list[Constraint],
    boxless: list[Constraint],
    sized: list[Constraint],
    shape: Shape,
    error: Callable[[str], InputError],
) -> list[Constraint]:
    """The regions of a grid that is no N x N square, as sigh has them: boxes of
    ``RegionSize`` cells (the longer side's by default) where boxes of that many cells
    tile the grid, a jigsaw's pieces (of that many cells each) in their place, the boxes
    that are no piece kept beside them unless ``NoBoxes`` says otherwise; the rows when
    there is neither (sigh's grid then has no region: the rows say nothing more)."""
    n, rows, cols = shape.size, shape.rows, shape.cols
    k = int(getattr(sized[0], "cells", 0)) if sized else max(rows, cols)
    boxes = () if boxless else shape_boxes(n, rows, cols, k)
    lines = tuple(tuple(r * n + c for c in range(cols)) for r in range(rows))
    if not jigsaws:
        return [ShapeBoxes(tuple(sorted(boxes)) or lines, default=bool(boxes))]
    pieces = {piece for c in jigsaws for piece in c.regions() or ()}
    wrong = [p for p in pieces if len(p) != k]
    if wrong:
        raise error(f"a jigsaw piece of {len(wrong[0])} cells, not {k}")
    return [*jigsaws, *(ExtraRegion(b) for b in boxes if b not in pieces)]
