"""Double arrows (f-puzzles ``doublearrow``): a line with a circle at each end; the two
circled digits sum to the sum of the digits on the cells between them.

Shape: ``"doublearrow": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]`` (the f-puzzles solver
add-on, dclamage/SudokuVariantSolverJS, FPuzzlesInterfaces.ts and
DoubleArrowConstraint.ts: the first and last cells are the circles; sigh's DoubleArrow
says the same and needs more than two cells). A line of two cells has nothing between
its circles and is refused. Drawn grey with circles at both ends. sigh:
``.DoubleArrow~R1C1~R1C2~R1C3``.

Clauses: the one-hot running sum of the two ends and that of the middle cells
(``sum_literals``), their total literals equivalent. Any size.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.drawing import Canvas
from ..sum_forms import encoding, equal_totals
from ._line import Line, end_circles

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.reading import Reader


@dataclass(frozen=True)
class DoubleArrow(Line):
    """The two end circles sum to the cells between them."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the sums are of the digits
    (``equal_totals``)."""
    key = "doublearrow"

    sum_encoding = "running"
    rule = "double-arrow"
    colour = "#aaa"
    sigh_name = "DoubleArrow"
    sigh_names = ("DoubleArrow",)
    from_zero = True
    any_shape = True
    least = 3
    lengths = (3, 5)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls(line, reader.low) for line in reader.paths(item, cls.least)]

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """The cells between the circles leave the far circle a digit."""
        return sum(digits[1:-1]) - digits[0] < n

    def clauses(self, b: Builder) -> list[Clause]:
        ends = (self.line[0], self.line[-1])
        how = encoding(b, self.sum_encoding)
        return equal_totals(b, [ends, self.line[1:-1]], how, self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        s = self.low - 1
        ends = x[self.line[0]] + x[self.line[-1]] + 2 * s
        m.Add(ends == sum(x[c] + s for c in self.line[1:-1]))

    def holds(self, grid: Grid, n: int) -> bool:
        s = self.low - 1
        ends = grid[self.line[0]] + grid[self.line[-1]] + 2 * s
        return ends == sum(grid[c] + s for c in self.line[1:-1])

    def draw(self, canvas: Canvas) -> list[str]:
        return super().draw(canvas) + end_circles(canvas, self.line, "#888")


FAMILY = (DoubleArrow,)
