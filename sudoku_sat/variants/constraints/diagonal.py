"""The diagonals of an X sudoku (f-puzzles ``diagonal+``, ``diagonal-``): the N cells of
a main diagonal hold every digit once. ``diagonal-`` runs from the top-left corner to the
bottom-right one, ``diagonal+`` from the bottom-left to the top-right (f-puzzles' names;
rangsk's SudokuSolver reads them as ``DiagonalNonrepeatConstraint``). The rule ``x`` is
both (``family_rule``); each alone is its key. sigh: ``.Diagonal~-1``, ``.Diagonal~1``.
Drawn as a thin blue line from corner to corner.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions
from ...model.reading import Reader
from ._global import GroupRule

COLOUR = "#4f81bd"


@dataclass(frozen=True)
class DiagonalMinus(GroupRule):
    """Top-left to bottom-right."""

    side: int = field(default=0, repr=False)
    """The side of a square grid in a larger frame of digits (``Puzzle.rows``: a 6x6 of
    9 digits), 0 for the frame's own."""
    key = "diagonal-"
    rule = "diagonal-"
    family_rule = "x"
    label_name = "diagonal (top-left to bottom-right)"
    sigh_name = "Diagonal~-1"

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        return [tuple(i * size + i for i in range(self.side or size))]

    def draw(self, canvas: Canvas) -> list[str]:
        m, side = canvas.margin, (self.side or canvas.size) * CELL
        return [tag("line", x1=m, y1=m, x2=m + side, y2=m + side, stroke=COLOUR, stroke_width=1.5)]


@dataclass(frozen=True)
class DiagonalPlus(GroupRule):
    """Bottom-left to top-right."""

    side: int = field(default=0, repr=False)
    """The side of a square grid in a larger frame of digits, 0 for the frame's own."""
    key = "diagonal+"
    rule = "diagonal+"
    family_rule = "x"
    label_name = "diagonal (bottom-left to top-right)"
    sigh_name = "Diagonal~1"
    sigh_names = ("Diagonal",)
    sudoku_names = sigh_names
    square_names = sigh_names  # sigh: "Diagonal constraint requires a square grid"
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Diagonal~1`` is this diagonal, ``.Diagonal~-1`` the other."""
        kinds: dict[str, type[DiagonalPlus | DiagonalMinus]] = {
            "1": DiagonalPlus,
            "-1": DiagonalMinus,
        }
        if len(args) != 1 or args[0] not in kinds:
            raise reader.error(f"expected the direction 1 or -1, not {'~'.join(args)!r}")
        return [kinds[args[0]](reader.shape[0])]  # a square grid's (sigh's reader checks)

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        s = self.side or size
        return [tuple((s - 1 - i) * size + i for i in range(s))]

    def draw(self, canvas: Canvas) -> list[str]:
        m, side = canvas.margin, (self.side or canvas.size) * CELL
        return [tag("line", x1=m, y1=m + side, x2=m + side, y2=m, stroke=COLOUR, stroke_width=1.5)]


FAMILY = (DiagonalPlus, DiagonalMinus)
