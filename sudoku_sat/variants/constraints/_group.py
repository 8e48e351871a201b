"""What the rules on a group of cells with one clue share (not a family: no ``FAMILY``):
lunchboxes, rellik and equality cages, sums, the contain and look-and-say rules, the
rules sigh's solver states as ``.Name~CLUE~R1C1~R1C2...`` on any cells.

f-puzzles has none of them: each is kept under a lowercase key of its own in the JSON
this project writes, in the shape of a killer cage, ``{"cells": ["R1C1", "R1C2"],
"value": "12"}`` (the cells in their order, which some rules read: a lunchbox), the value
as the rule spells its clue (``clue``; absent for a rule with none), so f-puzzles passes
the key over and this reader reads it back. sigh: the clue first, then the cells
(``read_sigh`` reads it back). Drawn as an outline inside the cells (``stroke``, dashed
like a cage) with the clue in the top-left corner of the first cell. Made (``make``) as
paths of orthogonally neighbouring cells, sharing no cell, of ``sizes`` cells (with
different digits when ``distinct``), each kept when the rule has an instance the grid
satisfies on it (``measured``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import outline, tag
from ...model.geometry import neighbours
from ._making import few_wanted

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

INSET = 5
FONT = 9


@dataclass(frozen=True)
class Group(Constraint):
    """A group of cells with the clue of its rule (subclasses add the clue's fields)."""

    cells: tuple[int, ...]
    sigh_name: ClassVar[str] = ""
    has_clue: ClassVar[bool] = True
    """False for a rule with no clue (an equality cage): no value, no sigh argument."""
    distinct: ClassVar[bool] = True
    """True when the rule makes its cells all differ (its clauses say so)."""
    least: ClassVar[int] = 1
    """The fewest cells a group of this rule may have."""
    sizes: ClassVar[tuple[int, int]] = (2, 5)
    """The fewest and most cells of a made group."""
    stroke: ClassVar[str] = "#555"
    layer = 2

    def clue(self) -> str:
        """The clue as the item's value and sigh's first argument spell it."""
        return ""

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        """The instance on cells with the clue as spelt (checked, errors by reader)."""
        return cls(cells)

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        """An instance on cells that the full grid satisfies; None when a setter would
        not place one there."""
        raise NotImplementedError

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = reader.cells(item.get("cells"), cls.least)
        value = item.get("value")
        return [cls.checked(cells, "" if value is None else str(value), reader)]

    @classmethod
    def checked(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        """``of``, after refusing more cells than digits when they must all differ."""
        if cls.distinct and len(cells) > reader.size:
            raise reader.error(f"{len(cells)} cells cannot all differ in 1..{reader.size}")
        return cls.of(cells, clue.strip(), reader)

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"cells": [name(c) for c in self.cells]}
        if self.has_clue:
            out["value"] = self.clue()
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        head = [self.sigh_name, self.clue()] if self.has_clue else [self.sigh_name]
        return "." + "~".join([*head, *(name(c) for c in self.cells)])

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        clue, rest = (args[0], args[1:]) if cls.has_clue and args else ("", args)
        cells = reader.cells(list(rest), cls.least)
        return [cls.checked(cells, clue, reader)]

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    def detail(self, size: int) -> str:
        return self.clue()

    def label(self, size: int) -> str:
        name, clue = self.label_name or self.rule, self.clue()
        base = super().label(size)
        return base.replace(name, f"{name} {clue}", 1) if clue else base

    def differ(self, b: Builder) -> list[Clause]:
        """The cells all differ (when ``distinct``): x(a,d) and x(c,d) exclude each other
        for the pairs no row, column or region already keeps apart, and in a group of N
        cells every digit is somewhere."""
        if not self.distinct:
            return []
        n, cells = b.n, self.cells
        out: list[Clause] = []
        if len(cells) == n:
            out += [[b.x(c, d) for c in cells] for d in b.digits()]
        for a, c in combinations(cells, 2):
            if not b.sees(a, c):  # a row, column or region says it already
                out += [[-b.x(a, d), -b.x(c, d)] for d in b.digits()]
        return out

    def cpsat_differ(self, m: Any, x: list[Any]) -> None:
        if self.distinct:
            m.AddAllDifferent([x[c] for c in self.cells])

    def holds_differ(self, grid: Grid) -> bool:
        digits = [grid[c] for c in self.cells]
        return not self.distinct or len(set(digits)) == len(digits)

    def groups(self, size: int, regions: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
        return [self.cells] if self.distinct else []

    def draw(self, canvas: Canvas) -> list[str]:
        out = [
            tag(
                "path",
                d=outline(canvas, self.cells, INSET),
                fill="none",
                stroke=self.stroke,
                stroke_width=1.5,
                stroke_dasharray="5,2",
            )
        ]
        text = self.clue() if self.has_clue else ""
        if text:
            x, y = canvas.corner(self.cells[0])
            width = 0.62 * FONT * len(text) + 2
            out.append(tag("rect", x=x + 1, y=y + 1, width=width, height=FONT + 1, fill="white"))
            out.append(tag("text", text, x=x + 2, y=y + 1 + FONT * 0.92, font_size=FONT))
        return out

    @classmethod
    def wanted(cls, n: int) -> int:
        """How many groups a made puzzle gets (N/2 + 1: ``_making.few_wanted``)."""
        return few_wanted(n)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:

        def attempt(used: set[int]) -> tuple[Constraint, set[int]] | None:
            cells = grow(n, rng, used, rng.randint(*cls.sizes), solution if cls.distinct else None)
            made = None if cells is None else cls.measured(cells, solution, n, rng)
            return None if made is None or cells is None else (made, used | set(cells))

        return placed(cls.wanted(n), attempt)


@dataclass(frozen=True)
class Valued(Group):
    """A group whose clue is one number, ``value`` (a lunchbox's sum, a rellik's total)."""

    value: int = 0

    def clue(self) -> str:
        return str(self.value)

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        return cls(cells, reader.required(clue))


def placed(
    wanted: int, attempt: Callable[[set[int]], tuple[Constraint, set[int]] | None]
) -> list[Constraint]:
    """Up to wanted instances on cells no other one takes: attempt(used) tried at most 30
    times a wanted instance, each giving an instance and the cells taken from then on, or
    None (a try that placed nothing)."""
    used: set[int] = set()
    out: list[Constraint] = []
    for _ in range(30 * wanted):
        if len(out) >= wanted:
            break
        got = attempt(used)
        if got is not None:
            out.append(got[0])
            used = got[1]
    return out


def grow(
    n: int, rng: random.Random, used: set[int], length: int, solution: Sequence[int] | None
) -> tuple[int, ...] | None:
    """A path of length orthogonally neighbouring free cells from a random free start,
    each new cell's digit unlike the path's when solution is given; None when it stops
    short."""
    free = [c for c in range(n * n) if c not in used]
    if not free:
        return None
    path = [rng.choice(free)]
    while len(path) < length:
        options = [
            c
            for c in neighbours(n, path[-1], False)
            if c not in used
            and c not in path
            and (solution is None or solution[c] not in {solution[p] for p in path})
        ]
        if not options:
            return None
        path.append(rng.choice(options))
    return tuple(path)
