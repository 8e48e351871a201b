"""Killer cages (f-puzzles ``killercage``): the digits of a cage all differ and, when its
total is given, sum to it. Shape: ``{"cells": ["R1C1", "R1C2"], "value": "12"}``, the
value optional. Clauses: the cage's pairs that share no row, column or region differ
(the units say it for the others), each digit at least once in a cage of N cells, and the
sum in the builder's sum encoding (``sums.cage_sum``; with ``guard_sums`` behind a
selector, which the maker switches off to take the total away). The cages together imply
the sums of the law of 45 (``house_sums``, ``implied``). sigh: ``.Cage~12~R1C1~R1C2``.
Drawn as one dashed outline per cage, its total in the top-left corner. Made by growing
cages of 2 to 4 neighbouring cells of different digits over the whole grid.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas, outline, tag
from ...model.geometry import Regions, neighbours
from ...model.reading import Reader
from ..house_sums import house_sums
from ..sums import cage_sum

INSET = 4
FONT = 10


@dataclass(frozen=True)
class Cage(Constraint):
    """Cells all different, summing to total when it is given."""

    cells: tuple[int, ...]
    total: int | None = None
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the total is of the digits, the clauses
    sum their indexes 1..N (``indexed``)."""
    key = "killercage"
    shared = False
    rule = "killer"
    label_name = "killer cage"
    layer = 2
    sigh_names = ("Cage",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Cage~12~R1C1~R1C2``: the total (empty or 0: none, as sigh reads it), then
        the cells."""
        if not args:
            raise reader.error("expected a total, then cells")
        total = "" if args[0] == "0" else args[0]  # sigh: a total of 0 is any total
        return cls.read({"cells": args[1:], "value": total}, reader)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = reader.cells(item.get("cells"))
        if len(cells) > reader.size:
            raise reader.error(f"{len(cells)} cells cannot all differ in 1..{reader.size}")
        return [cls(cells, reader.number(item.get("value")), reader.low)]

    @property
    def indexed(self) -> int | None:
        """The total of the digits' indexes 1..N (the total itself from 1)."""
        return None if self.total is None else self.total + len(self.cells) * (1 - self.low)

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"cells": [name(c) for c in self.cells]}
        if self.total is not None:
            out["value"] = str(self.total)
        return out

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        return [self.cells]

    def clauses(self, b: Builder) -> list[Clause]:
        n, cells = b.n, self.cells
        out: list[Clause] = []
        if len(cells) == n:
            out += [[b.x(c, d) for c in cells] for d in b.digits()]
        for a, c in combinations(cells, 2):
            if not b.sees(a, c):  # a row, column or region says it already
                out += [[-b.x(a, d), -b.x(c, d)] for d in b.digits()]
        indexed = self.indexed
        if indexed is None:
            return out
        total = cage_sum(b, cells, indexed)
        if b.guard_sums:
            b.selectors[self] = guard = b.fresh()
            total = [[*clause, -guard] for clause in total]
        return out + total

    @classmethod
    def implied(cls, b: Builder, instances: Sequence[Constraint]) -> list[Clause]:
        if b.p.shaped:  # the law of 45 reads the houses of an N x N grid
            return []
        cages = [(c.cells, c.indexed, c) for c in instances if isinstance(c, Cage)]
        return house_sums(b, cages)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.AddAllDifferent([x[c] for c in self.cells])
        if self.total is not None:
            m.Add(sum(x[c] + self.low - 1 for c in self.cells) == self.total)

    def holds(self, grid: Grid, n: int) -> bool:
        digits = [grid[c] for c in self.cells]
        if len(set(digits)) != len(digits):
            return False
        return self.total is None or sum(d + self.low - 1 for d in digits) == self.total

    def draw(self, canvas: Canvas) -> list[str]:
        return cage_drawing(canvas, self.cells, None if self.total is None else str(self.total))

    def sigh(self, name: Callable[[int], str]) -> str:
        if self.total == 0:
            raise NotImplementedError("sigh reads a cage total of 0 as no total")
        total = "" if self.total is None else self.total
        return f".Cage~{total}" + "".join(f"~{name(c)}" for c in self.cells)

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    def detail(self, size: int) -> str:
        return "" if self.total is None else f"sum {self.total}"

    def without_value(self) -> Constraint:
        return Cage(self.cells, None, self.low)

    def label(self, size: int) -> str:
        total = "" if self.total is None else f" {self.total}"
        return super().label(size).replace("killer cage", f"killer cage{total}", 1)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Cages of 2 to 4 neighbouring cells of different digits covering the grid
        (a cell left alone is a cage of one)."""
        free = set(range(size * size))
        order = list(free)
        rng.shuffle(order)
        out: list[Constraint] = []
        for start in order:
            if start not in free:
                continue
            cells, want = [start], rng.randint(2, 4)
            free.discard(start)
            while len(cells) < want:
                options = [
                    nb
                    for c in cells
                    for nb in neighbours(size, c, False)
                    if nb in free and solution[nb] not in {solution[x] for x in cells}
                ]
                if not options:
                    break
                nb = rng.choice(options)
                cells.append(nb)
                free.discard(nb)
            out.append(cls(tuple(sorted(cells)), sum(solution[c] for c in cells)))
        return out


def cage_drawing(canvas: Canvas, cells: tuple[int, ...], label: str | None) -> list[str]:
    """A cage as f-puzzles draws it: a dashed outline inside the cells, and its label (a
    total, a digital root) in the top-left corner of its first cell on white."""
    out = [
        tag(
            "path",
            d=outline(canvas, cells, INSET),
            fill="none",
            stroke="black",
            stroke_width=1,
            stroke_dasharray="4,3",
        )
    ]
    if label is not None:
        x, y = canvas.corner(min(cells))
        width = 0.62 * FONT * len(label) + 2
        out.append(tag("rect", x=x + 1.5, y=y + 1.5, width=width, height=FONT + 1, fill="white"))
        out.append(tag("text", label, x=x + 2.5, y=y + 1.5 + FONT * 0.92, font_size=FONT))
    return out


FAMILY = (Cage,)
