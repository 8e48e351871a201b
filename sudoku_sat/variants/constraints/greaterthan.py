"""Greater-than signs (key ``greaterthan``, a key of this project: f-puzzles has none and
ignores it): a list of cells, each greater than every later cell of the list that is its
orthogonal neighbour. Two cells are one sign (``A > B``); a cell with several smaller
neighbours is one instance listing it first (sigh's "Fortress" cells). The meaning is
sigh's GreaterThan ("a cell must be greater than any later adjacent cells": its pairs
are the orthogonal neighbours later in the list, ``_adjacentCellPairs``).

Shape: ``"greaterthan": [{"cells": ["R1C8", "R2C8", "R1C7"]}]``. sigh:
``.GreaterThan~R1C8~R2C8~R1C7``. Clauses: each pair's "less" (``Builder.less``: the
supports both ways, x(b,d) → ∨ x(a,e) over e > d, or a session's step selector). Drawn
as a "greater than" sign, a chevron on the border of each pair pointing at the smaller
cell (as sigh draws them). Made as a setter places them: up to N cells, none used twice,
each with some of the neighbours smaller than it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Pair, Regions, neighbours
from ...model.reading import Reader
from ._making import lines_wanted


def orthogonal(n: int, a: int, b: int) -> bool:
    """True when cells a and b are orthogonal neighbours."""
    return b in neighbours(n, a, diagonal=False)


@dataclass(frozen=True)
class GreaterThan(Constraint):
    """Cells each greater than their later orthogonal neighbours in the list."""

    cells: tuple[int, ...]
    size: int = 9
    links: tuple[Pair, ...] = ()
    """(greater, smaller) when a cell is beyond the grid (sigh's cell graph lays a group
    of them out in rows: ``Reader.orthogonal``); empty: the pairs of the grid's cells."""
    key = "greaterthan"
    rule = "greater-than"
    label_name = "greater than"
    layer = 2
    sigh_names = ("GreaterThan",)
    any_shape = True
    from_zero = True

    @classmethod
    def checked(cls, cells: tuple[int, ...], reader: Reader) -> GreaterThan:
        """The instance, refused when a cell has no orthogonal neighbour in the list (sigh
        refuses it too: such a cell says nothing)."""
        n = reader.size
        for a in cells:
            if not any(reader.orthogonal(a, b) for b in cells):
                raise reader.error(f"{reader.name(a)} has no neighbour in the list")
        if max(cells) < n * n:
            return cls(cells, n)
        near = reader.orthogonal
        links = tuple((a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if near(a, b))
        return cls(cells, n, links)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls.checked(reader.cells(item.get("cells"), 2), reader)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        cells = tuple(reader.cell(a) for a in args)
        if len(cells) < 2 or len(set(cells)) != len(cells):
            raise reader.error("GreaterThan takes two or more different cells")
        return [cls.checked(cells, reader)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells]}

    def sigh(self, name: Callable[[int], str]) -> str:
        return "." + "~".join(["GreaterThan", *(name(c) for c in self.cells)])

    def pairs(self) -> list[Pair]:
        """(greater, smaller): each cell and its later orthogonal neighbours."""
        n, cells = self.size, self.cells
        if self.links:
            return list(self.links)
        return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if orthogonal(n, a, b)]

    def clauses(self, b: Builder) -> list[Clause]:
        return [c for big, small in self.pairs() for c in b.less(small, big)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for big, small in self.pairs():
            m.Add(x[big] > x[small])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(grid[big] > grid[small] for big, small in self.pairs())

    def draw(self, canvas: Canvas) -> list[str]:
        out = []
        for big, small in self.pairs():
            (x1, y1), (x2, y2) = canvas.centre(big), canvas.centre(small)
            ux, uy = (x2 - x1) / CELL, (y2 - y1) / CELL  # a unit step towards the smaller
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            w, h = 0.12 * CELL, 0.08 * CELL
            points = (
                f"{mx - ux * h - uy * w},{my - uy * h + ux * w} {mx + ux * h},{my + uy * h} "
                f"{mx - ux * h + uy * w},{my - uy * h - ux * w}"
            )
            out.append(tag("polyline", points=points, fill="none", stroke="black", stroke_width=2))
        return out

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N cells, none used twice, each with the neighbours smaller than it (at
        least one)."""
        cells = list(range(size * size))
        rng.shuffle(cells)
        used: set[int] = set()
        out: list[Constraint] = []
        for a in cells:
            if len(out) >= lines_wanted(size) or a in used:
                continue
            smaller = [
                b
                for b in neighbours(size, a, diagonal=False)
                if b not in used and solution[b] < solution[a]
            ]
            if smaller:
                chosen = rng.sample(smaller, rng.randint(1, len(smaller)))
                out.append(cls((a, *chosen), size))
                used.update((a, *chosen))
        return out


FAMILY = (GreaterThan,)
