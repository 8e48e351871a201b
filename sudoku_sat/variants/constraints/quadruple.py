"""Quadruples (f-puzzles ``quadruple``): a small white circle on the corner shared by four
cells, holding up to four digits that must all appear among those four cells; a digit
written twice must appear at least twice.

Shape: ``{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [3, 4]}``, the four cells
around one corner and the digits as numbers. Source: f-puzzles' own constraint list, as
the f-puzzles solver add-on reads it (rangsk's SudokuSolver, ``FPuzzlesBoard.cs``:
``FPuzzlesQuadruple(string[] cells, int[] values)``; its JavaScript successor
SudokuVariantSolverJS, ``QuadrupleConstraint.ts``, counts a repeated digit as required
that many times, as sigh's ``Quad`` does). Clauses: for a digit wanted k times, at least
k of the four cells hold it: one clause over every 5 - k of the four literals (no
auxiliary).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._making import some as sample

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class Quadruple(Constraint):
    """Four cells around a corner (reading order) and the digits they must hold."""

    cells: tuple[int, ...]
    values: tuple[int, ...]
    """The digits' indexes 1..N (``Puzzle.low``)."""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit, to write and draw the digits."""
    key = "quadruple"
    rule = "quadruple"
    sigh_names = ("Quad",)
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Quad~R1C1~1~2``: the top-left cell of the four, then the digits."""
        if len(args) < 2:
            raise reader.error("expected the top-left cell and 1 to 4 digits")
        top, n = reader.cell(args[0]), reader.size
        cells = [f"R{c // n + 1}C{c % n + 1}" for c in (top, top + 1, top + n, top + n + 1)]
        return cls.read({"cells": cells, "values": args[1:]}, reader)

    layer = 2

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = tuple(sorted(reader.cells(item.get("cells"))))
        n = reader.size
        top = cells[0]
        if len(cells) != 4 or top % n == n - 1 or cells != (top, top + 1, top + n, top + n + 1):
            raise reader.error("a quadruple's cells are the 4 cells around one corner")
        values = item.get("values")
        if not isinstance(values, list) or not 1 <= len(values) <= 4:
            raise reader.error("a quadruple's 'values' are 1 to 4 digits")
        digits = tuple(sorted(reader.digit(v) for v in values))
        return [cls(cells, digits, reader.low)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells], "values": list(self.values)}

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """N corners, each with 2 to 4 of its four cells' digits."""
        corners = [t for t in range(n * n - n) if t % n != n - 1]
        out: list[Constraint] = []
        for top in sample(rng, corners, n):
            cells = (top, top + 1, top + n, top + n + 1)
            digits = rng.sample([solution[c] for c in cells], rng.randint(2, 4))
            out.append(cls(cells, tuple(sorted(digits))))
        return out

    def clauses(self, b: Builder) -> Iterator[Clause]:
        for d, k in Counter(self.values).items():
            for some in combinations(self.cells, 5 - k):
                yield [b.x(c, d) for c in some]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for d, k in Counter(self.values).items():
            hits = []
            for c in self.cells:
                hit = m.NewBoolVar(f"quad{c}_{d}")
                m.Add(x[c] == d).OnlyEnforceIf(hit)
                m.Add(x[c] != d).OnlyEnforceIf(hit.Not())
                hits.append(hit)
            m.Add(sum(hits) >= k)

    def holds(self, grid: Grid, n: int) -> bool:
        have = Counter(grid[c] for c in self.cells)
        return all(have[d] >= k for d, k in Counter(self.values).items())

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.corner(self.cells[3])
        out = [tag("circle", cx=x, cy=y, r=CELL * 0.3, fill="white", stroke="black")]
        text = [str(d + self.low - 1) for d in self.values]
        rows = [text] if len(text) <= 2 else [text[:2], text[2:]]
        for i, row in enumerate(rows):
            dy = (i - (len(rows) - 1) / 2) * 9
            out.append(canvas.text(" ".join(row), x, y + dy, size=9))
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        digits = (str(d + self.low - 1) for d in self.values)
        return f".Quad~{name(self.cells[0])}~" + "~".join(digits)

    def cells_named(self) -> tuple[int, ...]:
        return self.cells


FAMILY = (Quadruple,)
