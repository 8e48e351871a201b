"""Extra regions (f-puzzles ``extraregion``; the rule ``windoku`` when they are the four
windows of a 9x9): the cells of an extra region hold different digits, every digit when
it has N cells. Shape: ``{"cells": ["R2C2", ...]}``. Part of the skeleton a session
shares. sigh: ``.AllDifferent~R2C2~...``. Drawn shaded.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...errors import UsageError
from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions
from ...model.reading import Reader
from ._global import group_clauses

SHADE = "#e0e0e0"


@dataclass(frozen=True)
class ExtraRegion(Constraint):
    """Cells whose digits all differ."""

    cells: tuple[int, ...]
    key = "extraregion"
    rule = "windoku"
    label_name = "extra region"
    skeleton = True
    drawn_first = True
    layer = 0
    sigh_names = ("AllDifferent", "Windoku")
    sudoku_names = ("Windoku",)
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.AllDifferent~cells`` (what the writer writes), or ``.Windoku``: its four
        windows (9x9)."""
        if name == "AllDifferent":
            return cls.read({"cells": args}, reader)
        if args or reader.size != 9 or reader.shape[0]:
            raise reader.error("Windoku takes no arguments and a 9x9 grid of 9 digits")
        return [cls(cells) for cells in windows(9)]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = reader.cells(item.get("cells"))
        if len(cells) > reader.size:
            raise reader.error(f"{len(cells)} cells cannot all differ in 1..{reader.size}")
        return [cls(cells)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells]}

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        return [self.cells]

    def clauses(self, b: Builder) -> list[Clause]:
        return group_clauses(b, self.cells)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.AddAllDifferent([x[c] for c in self.cells])

    def holds(self, grid: Grid, n: int) -> bool:
        return len({grid[c] for c in self.cells}) == len(self.cells)

    def draw(self, canvas: Canvas) -> list[str]:
        return [
            tag("rect", x=x, y=y, width=CELL, height=CELL, fill=SHADE)
            for x, y in (canvas.corner(k) for k in self.cells)
        ]

    def sigh(self, name: Callable[[int], str]) -> str:
        return ".AllDifferent" + "".join(f"~{name(c)}" for c in self.cells)

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """The four windows of a windoku (9x9 only)."""
        if size != 9:
            raise UsageError("windoku needs a 9x9 grid")
        return [cls(cells) for cells in windows(size)]


def windows(size: int) -> Regions:
    """The four extra 3x3 regions of a 9x9 windoku (rows and columns 2-4 and 6-8)."""
    return tuple(
        tuple(r * size + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3))
        for r0 in (1, 5)
        for c0 in (1, 5)
    )


FAMILY = (ExtraRegion,)
