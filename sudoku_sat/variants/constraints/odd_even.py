"""Odd and even cells (f-puzzles ``odd``, ``even``): the digit of an odd cell is odd, of
an even cell even. Shape: ``{"cell": "R1C1"}``. Clauses: the other digits ruled out (in a
session, assumed). sigh: the cell's allowed digits, ``.~R1C1_1_3_5_7_9``. Drawn as a grey
circle (odd) or a grey square (even) under the digit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions
from ...model.reading import Reader

GREY = "#c4c4c4"


@dataclass(frozen=True)
class Parity(Constraint):
    """A cell whose digit has the parity ``remainder`` (1 odd, 0 even)."""

    cell: int
    size: int = field(default=9, compare=False)
    """The grid's size, for sigh's string of the digits it allows (its only use)."""
    rule = "odd-even"
    shared = False
    layer = 0
    remainder: ClassVar[int] = 1

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls(reader.cell(item.get("cell")), reader.size)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cell": name(self.cell)}

    def digits(self, n: int) -> range:
        return range(2 - self.remainder, n + 1, 2)

    def clauses(self, b: Builder) -> list[Clause]:
        return b.facts([-b.x(self.cell, d) for d in b.digits() if d % 2 != self.remainder])

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.AddAllowedAssignments([x[self.cell]], [(d,) for d in self.digits(n)])

    def holds(self, grid: Grid, n: int) -> bool:
        return grid[self.cell] % 2 == self.remainder

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".~{name(self.cell)}_" + "_".join(map(str, self.digits(self.size)))

    def cells_named(self) -> tuple[int, ...]:
        return (self.cell,)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """The cells of its parity among a random third of the grid."""
        cells = rng.sample(range(size * size), size * size // 3)
        return [cls(c, size) for c in sorted(cells) if solution[c] % 2 == cls.remainder]


@dataclass(frozen=True)
class Odd(Parity):
    """An odd digit: a grey circle."""

    key = "odd"
    label_name = "odd cell"

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.centre(self.cell)
        return [tag("circle", cx=x, cy=y, r=CELL * 0.38, fill=GREY)]


@dataclass(frozen=True)
class Even(Parity):
    """An even digit: a grey square."""

    key = "even"
    label_name = "even cell"
    remainder = 0

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.centre(self.cell)
        h = CELL * 0.38
        return [tag("rect", x=x - h, y=y - h, width=2 * h, height=2 * h, fill=GREY)]


FAMILY = (Odd, Even)
