"""Contain rules (sigh's ``ContainAtLeast`` and ``ContainExact``; no f-puzzles keys:
``containatleast`` and ``containexact`` here): the digits listed appear in a group of
cells, each at least (exactly) as many times as it is listed; other digits are free
(a quadruple's circle on any cells, digits may repeat).

Shape: ``"containatleast": [{"cells": ["R1C1", "R1C2", "R2C1"], "value": "1,2,2"}, ...]``
(``_group``: the digits separated by commas). Sources: sigh's solver
(``.ContainAtLeast~1_2_2~R1C1~...``, ``.ContainExact~...``: its ``RequiredValues`` handler,
strict for the exact rule) and the puzzle it collects ("250!", Cracking the Cryptic
video STXQn26IVHs, whose rows contain their digits exactly).

Clauses: for each digit listed m times, a sequential counter over x(c, d) of the cells
(``_counting``): at least m of them (exactly m for ``ContainExact``). No other encoding
was considered.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ._counting import at_least, count_is
from ._group import Group

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader

SEPARATORS = re.compile(r"[,_]")


@dataclass(frozen=True)
class ContainAtLeast(Group):
    """Each digit of values appears in the cells at least as often as it is listed."""

    values: tuple[int, ...] = ()
    """The digits' indexes 1..N (``Puzzle.low``)."""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit: the digits written back from it."""
    key = "containatleast"
    rule = "contain-at-least"
    label_name = "contain at least"
    sigh_name = "ContainAtLeast"
    sigh_names = ("ContainAtLeast",)
    any_shape = True
    from_zero = True
    distinct = False
    exact: ClassVar[bool] = False
    sizes = (2, 5)
    stroke = "#777"

    def clue(self) -> str:
        return ",".join(str(d + self.low - 1) for d in self.values)

    def sigh(self, name: Callable[[int], str]) -> str:
        values = "_".join(str(d + self.low - 1) for d in self.values)
        return "." + "~".join([self.sigh_name, values, *(name(c) for c in self.cells)])

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        values = tuple(reader.required(v) for v in SEPARATORS.split(clue))
        low, top = reader.low, reader.low + reader.size - 1
        if any(not low <= d <= top for d in values):
            raise reader.error(f"the digits {clue!r} are not all from {low} to {top}")
        if len(values) > len(cells):
            raise reader.error(f"{len(values)} digits do not fit in {len(cells)} cells")
        return cls(cells, tuple(sorted(d - low + 1 for d in values)), low)

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        """One to three of the cells' digits (for the exact rule, each as many times as
        it is there)."""
        digits = [solution[c] for c in cells]
        chosen = rng.sample(digits, rng.randint(1, min(3, len(digits))))
        if cls.exact:
            chosen = [d for d in set(chosen) for _ in range(digits.count(d))]
        return cls(cells, tuple(sorted(chosen)))

    def clauses(self, b: Builder) -> list[Clause]:
        out: list[Clause] = []
        for d, times in sorted(Counter(self.values).items()):
            lits = [b.x(c, d) for c in self.cells]
            if self.exact:
                out += count_is(b, lits, [times])
            else:
                levels, more = at_least(b, lits, times)
                out += [*more, [levels[times]]]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for d, times in Counter(self.values).items():
            there = []
            for c in self.cells:
                e = m.NewBoolVar("")
                m.Add(x[c] == d).OnlyEnforceIf(e)
                m.Add(x[c] != d).OnlyEnforceIf(e.Not())
                there.append(e)
            if self.exact:
                m.Add(sum(there) == times)
            else:
                m.Add(sum(there) >= times)

    def holds(self, grid: Grid, n: int) -> bool:
        have = Counter(grid[c] for c in self.cells)
        if self.exact:
            return all(have[d] == times for d, times in Counter(self.values).items())
        return all(have[d] >= times for d, times in Counter(self.values).items())


@dataclass(frozen=True)
class ContainExact(ContainAtLeast):
    """Each digit of values appears in the cells exactly as often as it is listed."""

    key = "containexact"
    rule = "contain-exact"
    label_name = "contain exactly"
    sigh_name = "ContainExact"
    sigh_names = ("ContainExact",)
    exact = True
    stroke = "#444"


FAMILY = (ContainAtLeast, ContainExact)
