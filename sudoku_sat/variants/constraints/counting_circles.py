"""Counting circles (sigh's ``CountingCircles``; no f-puzzles key: ``countingcircles``
here): each digit in a circle says how many of the circles hold that digit, so a digit d
is in d circles or in none (the sets of circles drawn separately count separately).

Shape: ``"countingcircles": [{"cells": ["R1C1", "R1C5", "R2C7"]}, ...]``, one item a set
of circles (``_group``, no value). Sources: sigh's solver (``.CountingCircles~R1C1~...``,
its ``CountingCircles`` handler) and the counting-circle puzzles it collects
("Clockwork", Cracking the Cryptic video J_3SltyIJ1I).

Clauses: for each digit d, a sequential counter over x(c, d) of the circles
(``_counting.count_is``): the count is 0 or d. No other encoding was considered.
Drawn as a circle in each cell; made as one set of circles per puzzle, for a few digits
d chosen at random, d cells holding d each.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._counting import count_is
from ._group import Group

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


def counted(digits: list[int]) -> bool:
    """Whether each digit is there as many times as it says (a 0 never)."""
    return all(times == d for d, times in Counter(digits).items())


@dataclass(frozen=True)
class CountingCircles(Group):
    """Each digit d in the circles is in exactly d of them."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the index d counts d + low - 1 circles,
    so from 0 a 0 is in none (sigh's rule)."""
    key = "countingcircles"
    rule = "counting-circles"
    label_name = "counting circles"
    sigh_name = "CountingCircles"
    sigh_names = ("CountingCircles",)
    from_zero = True
    any_shape = True
    has_clue = False
    distinct = False
    layer = 1

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        return cls(cells, reader.low)

    def clauses(self, b: Builder) -> list[Clause]:
        s = self.low - 1
        return [
            clause
            for d in b.digits()
            for clause in count_is(b, [b.x(c, d) for c in self.cells], sorted({0, d + s}))
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for d in range(1, n + 1):
            times = d + self.low - 1
            there = []
            for c in self.cells:
                e = m.NewBoolVar("")
                m.Add(x[c] == d).OnlyEnforceIf(e)
                m.Add(x[c] != d).OnlyEnforceIf(e.Not())
                there.append(e)
            used = m.NewBoolVar("")
            m.Add(sum(there) == times).OnlyEnforceIf(used)
            m.Add(sum(there) == 0).OnlyEnforceIf(used.Not())

    def holds(self, grid: Grid, n: int) -> bool:
        return counted([grid[c] + self.low - 1 for c in self.cells])

    def draw(self, canvas: Canvas) -> list[str]:
        out = []
        for c in self.cells:
            x, y = canvas.centre(c)
            out.append(tag("circle", cx=x, cy=y, r=CELL * 0.42, fill="none", stroke="#555"))
        return out

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """One set: digits drawn at random while their circles stay within about 2N,
        each digit d in d random cells that hold it (a digit is in N cells)."""
        by_digit: dict[int, list[int]] = {}
        for c, d in enumerate(solution):
            by_digit.setdefault(d, []).append(c)
        cells: list[int] = []
        for d in rng.sample(range(1, n + 1), n):
            if len(cells) + d <= 2 * n:
                cells += rng.sample(by_digit[d], d)
        return [cls(tuple(sorted(cells)))]


FAMILY = (CountingCircles,)
