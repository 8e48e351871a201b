"""Rellik cages (sigh's ``RellikCage``; no f-puzzles key: ``rellikcage`` here): the digits
of a cage all differ, and no one of them nor any sum of several reaches the cage's clue
(a killer cage turned round).

Shape: ``"rellikcage": [{"cells": ["R1C1", "R1C2"], "value": "9"}, ...]`` (``_group``).
Sources: sigh's solver (``.RellikCage~SUM~R1C1~R1C2...``, its ``Rellik`` handler on
mutually exclusive cells) and the rellik puzzles it collects ("Hazy Rellik", Cracking the
Cryptic video 1FUYKL7WQO0).

Clauses: the cells all differ (``_group``); p(d) "the cage holds d" (``_counting.presence``)
for each digit, and for each set of different digits summing to the clue, at most as
many as the cells, one clause: not all of them are there. No other encoding was
considered; CP-SAT states it over the cells instead: no subset of the cells sums to the
clue.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..outside import digit_sets
from ._counting import presence
from ._group import Valued

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


def subset_sums(digits: list[int]) -> set[int]:
    """Every sum of one or more of the digits."""
    sums: set[int] = set()
    for d in digits:
        sums |= {s + d for s in sums} | {d}
    return sums


@dataclass(frozen=True)
class RellikCage(Valued):
    """Cells all different, no subset of their digits summing to value."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the sums are of the digits (from 0, a
    0 adds nothing to a subset)."""
    key = "rellikcage"
    rule = "rellik"
    label_name = "rellik cage"
    sigh_name = "RellikCage"
    sigh_names = ("RellikCage",)
    any_shape = True
    from_zero = True
    sizes = (2, 4)
    stroke = "#a33"

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        return cls(cells, reader.required(clue), reader.low)

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        digits = [solution[c] for c in cells]
        free = [v for v in range(1, sum(digits) + 1) if v not in subset_sums(digits)]
        return cls(cells, rng.choice(free)) if free else None

    def clauses(self, b: Builder) -> list[Clause]:
        out = self.differ(b)
        there: dict[int, int] = {}
        for d in b.digits():
            there[d], more = presence(b, self.cells, d)
            out += more
        s = self.low - 1
        values = tuple(d + s for d in b.digits())
        for k in range(1, len(self.cells) + 1):
            out += [[-there[v - s] for v in vs] for vs in digit_sets(values, k, self.value)]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        self.cpsat_differ(m, x)
        s = self.low - 1
        for k in range(1, len(self.cells) + 1):
            for some in combinations(self.cells, k):
                m.Add(sum(x[c] + s for c in some) != self.value)

    def holds(self, grid: Grid, n: int) -> bool:
        digits = [grid[c] + self.low - 1 for c in self.cells]
        return self.holds_differ(grid) and self.value not in subset_sums(digits)


FAMILY = (RellikCage,)
