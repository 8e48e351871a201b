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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.drawing import Canvas
from ..sum_forms import encoding, equal_totals
from ._line import Line, end_circles

if TYPE_CHECKING:
    from ...model.builder import Builder


@dataclass(frozen=True)
class DoubleArrow(Line):
    """The two end circles sum to the cells between them."""

    key = "doublearrow"

    sum_encoding = "running"
    rule = "double-arrow"
    colour = "#aaa"
    sigh_name = "DoubleArrow"
    sigh_names = ("DoubleArrow",)
    any_shape = True
    least = 3
    lengths = (3, 5)

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """The cells between the circles leave the far circle a digit."""
        return sum(digits[1:-1]) - digits[0] < n

    def clauses(self, b: Builder) -> list[Clause]:
        ends = (self.line[0], self.line[-1])
        return equal_totals(b, [ends, self.line[1:-1]], encoding(b, self.sum_encoding))

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.Add(x[self.line[0]] + x[self.line[-1]] == sum(x[c] for c in self.line[1:-1]))

    def holds(self, grid: Grid, n: int) -> bool:
        ends = grid[self.line[0]] + grid[self.line[-1]]
        return ends == sum(grid[c] for c in self.line[1:-1])

    def draw(self, canvas: Canvas) -> list[str]:
        return super().draw(canvas) + end_circles(canvas, self.line, "#888")


FAMILY = (DoubleArrow,)
