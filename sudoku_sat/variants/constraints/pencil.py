"""Given pencil marks (f-puzzles: ``givenPencilMarks`` in a cell of ``grid``, the digits
that cell may hold). Clauses: the other digits ruled out (in a session, assumed). sigh:
``.~R1C1_2_5``. Drawn small and grey in the cell's centre. Made by marking a random
third of the cells with their digit and one or two others.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...grid import Clause, Grid
from ...gridsvg import symbol
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas, tag
from ...model.geometry import Regions, cell_name
from ...model.reading import Reader


@dataclass(frozen=True)
class PencilMarks(Constraint):
    """The digits a cell may hold."""

    cell: int
    digits: tuple[int, ...]
    """The digits' indexes 1..N (``Puzzle.low``)."""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit, to write the digits back."""
    from_zero = True
    cell_key = "givenPencilMarks"
    rule = "pencil-marks"
    label_name = "pencil marks"
    layer = 2
    sigh_names = ("Given",)
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """sigh's Given, ``.~R1C1_5~R4C7_2_4``: per argument a cell and the digits it may
        hold (the reader makes one digit left a given, ``variants/sigh.py``)."""
        out: list[Constraint] = []
        for arg in args:
            cell, *values = arg.split("_")
            if not values:
                raise reader.error(f"{arg!r}: expected a cell and its digits, as R1C1_5")
            digits = {reader.digit(v) for v in values}
            out.append(cls(reader.cell(cell), tuple(sorted(digits)), reader.low))
        return out

    @classmethod
    def read_cells(cls, values: dict[int, Any], reader: Reader) -> list[Constraint]:
        out: list[Constraint] = []
        n = reader.size
        for cell, marks in sorted(values.items()):
            if not marks:
                continue
            if not isinstance(marks, list) or not all(
                isinstance(m, int) and not isinstance(m, bool) and 1 <= m <= n for m in marks
            ):
                raise reader.error(f"pencil marks of {cell_name(n, cell)}: digits 1..{n}")
            out.append(cls(cell, tuple(sorted(set(marks)))))
        return out

    @classmethod
    def write_cells(cls, instances: Any) -> dict[int, Any]:
        return {c.cell: list(c.digits) for c in instances}

    def clauses(self, b: Builder) -> list[Clause]:
        return b.facts([-b.x(self.cell, d) for d in b.digits() if d not in self.digits])

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.AddAllowedAssignments([x[self.cell]], [(d,) for d in self.digits])

    def holds(self, grid: Grid, n: int) -> bool:
        return grid[self.cell] in self.digits

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.centre(self.cell)
        marks = "".join(symbol(d, canvas.size) for d in self.digits)
        return [tag("text", marks, x=x, y=y + 4, font_size=11, fill="#666", text_anchor="middle")]

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".~{name(self.cell)}_" + "_".join(str(d + self.low - 1) for d in self.digits)

    def cells_named(self) -> tuple[int, ...]:
        return (self.cell,)

    def detail(self, size: int) -> str:
        return "".join(map(str, self.digits))

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        out: list[Constraint] = []
        for cell in sorted(rng.sample(range(size * size), size * size // 3)):
            others = [d for d in range(1, size + 1) if d != solution[cell]]
            digits = {solution[cell], *rng.sample(others, rng.randint(1, 2))}
            out.append(cls(cell, tuple(sorted(digits))))
        return out


FAMILY = (PencilMarks,)
