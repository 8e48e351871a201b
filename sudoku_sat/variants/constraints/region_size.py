"""Region size (sigh's ``RegionSize``; no f-puzzles key: ``regionsize`` here): the number
of cells of the grid's boxes, when it is not the longer side's (sigh's default). On a
grid that is no N x N square of N digits (``Puzzle.rows``: sigh's ``.Shape~6x6~9`` with
``.RegionSize~6``, a 7x7 "squishdoku" of 9 digits whose jigsaw pieces have 9 cells) the
boxes are sigh's boxes of that many cells where they tile the grid, and a jigsaw's pieces
must have that many cells (``variants/sigh.py`` lays them out); on an N x N grid of N
digits only N is read. It says nothing more: no clauses of its own (the regions it
shapes are the puzzle's), nothing drawn; it is kept so that the puzzle is written back as
sigh reads it.

Shape: ``"regionsize": 6``. sigh: ``.RegionSize~6`` (one a puzzle). Sources: sigh's solver
(``SudokuConstraint.RegionSize``, ``SudokuBuilder``'s ``regionSize``) and the puzzles of
its collections on such grids (tests/data/shapes/shapes.jsonl).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...grid import Grid
from ...model.constraint import Constraint
from ...model.geometry import Regions
from ...model.reading import Reader
from ._option import Option


@dataclass(frozen=True)
class RegionSize(Option):
    """The number of cells of the grid's boxes (and of a jigsaw's pieces)."""

    cells: int
    key = "regionsize"
    rule = ""
    label_name = "region size"
    sigh_names = ("RegionSize",)
    sudoku_names = sigh_names
    sigh_once = True
    from_zero = True
    any_shape = True
    composable = False
    drawn_first = True

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        size = reader.number(value)
        if size is None or not 1 <= size <= reader.size:
            raise reader.error(f"a region size is a number of cells 1..{reader.size}")
        return [cls(size)]

    @classmethod
    def write_value(cls, instances: list[Constraint], name: Callable[[int], str]) -> Any:
        return next(c.cells for c in instances if isinstance(c, RegionSize))

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.RegionSize~6``."""
        if len(args) != 1:
            raise reader.error("RegionSize takes one argument: the region cell count")
        return cls.read_value(args[0], reader)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """The default size (the puzzle's boxes), as a solver's user states it: on an
        N x N grid of N digits it is all this makes."""
        return [cls(size)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".RegionSize~{self.cells}"


FAMILY = (RegionSize,)
