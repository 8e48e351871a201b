"""Extra regions (f-puzzles ``extraregion``; the rule ``windoku`` when they are the four
windows of a 9x9): the cells of an extra region hold different digits, every digit when
it has N cells. Shape: ``{"cells": ["R2C2", ...]}``. Part of the skeleton a session
shares. sigh: ``.AllDifferent~R2C2~...``; ``.Windoku``, sigh's windows on any square grid
(its ``isSquare``; a shaped one too, ``.Shape~6x6~9``): boxes of N cells of sigh's box
sides (``sigh_cells.box_dims``), the first one cell in from the top-left corner, the
others one cell apart (none when no box of N cells tiles the grid, as sigh has none),
written back as ``.Windoku``. Drawn shaded.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...errors import UsageError
from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions
from ...model.reading import Reader
from ..sigh_cells import box_dims
from ._global import group_clauses

SHADE = "#e0e0e0"


@dataclass(frozen=True)
class ExtraRegion(Constraint):
    """Cells whose digits all differ."""

    cells: tuple[int, ...]
    windoku: bool = field(default=False, repr=False, compare=False)
    """True for one of sigh's windows, read from ``.Windoku`` (and written so)."""
    key = "extraregion"
    rule = "windoku"
    label_name = "extra region"
    skeleton = True
    drawn_first = True
    layer = 0
    sigh_names = ("AllDifferent", "Windoku")
    sudoku_names = ("Windoku",)
    square_names = ("Windoku",)
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.AllDifferent~cells``, or ``.Windoku``: sigh's windows of the (square) grid."""
        if name == "AllDifferent":
            return cls.read({"cells": args}, reader)
        if args:
            raise reader.error("Windoku takes no arguments")
        n = reader.size
        side = reader.shape[0] or n
        return [cls(cells, True) for cells in windows(n, side)]

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
        if self.windoku:
            return ".Windoku"  # once: the writer writes each string once
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


def windows(size: int, side: int = 0) -> Regions:
    """sigh's windows on a square grid of that side (N by default) in its N x N frame:
    boxes of N cells, sigh's box sides, from row and column 2 on with a cell between two
    (a 9x9's four 3x3: rows and columns 2-4 and 6-8)."""
    side = side or size
    dims = box_dims(side, side, size)
    if dims is None:
        return ()
    h, w = dims
    return tuple(
        tuple(r * size + c for r in range(r0, r0 + h) for c in range(c0, c0 + w))
        for r0 in range(1, side - h, h + 1)
        for c0 in range(1, side - w, w + 1)
    )


FAMILY = (ExtraRegion,)
