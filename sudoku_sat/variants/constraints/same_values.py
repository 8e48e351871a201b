"""Same-value sets (sigh's ``SameValues``; no f-puzzles key: ``samevalues`` here): the
cells, taken in order, are cut into a number of sets of one size, and every set holds the
same digits, as many times each (sets of one cell: the cells are all equal).

Shape: ``"samevalues": [{"cells": ["R1C1", "R1C2", "R5C5", "R6C6"], "value": "2"}, ...]``,
the value the number of sets, which divides the number of cells (``_group``). Sources:
sigh's solver (``.SameValues~2~R1C1~...``, its ``SameValues`` handler, and pairwise
equality when the sets have one cell each) and the same-value puzzles it collects
("Copycat", logic-masters 000HGS).

Clauses: for each digit d, a sequential counter over x(c, d) of each set
(``_counting.at_least``), every set's "at least t" equivalent to the first set's; for
sets of one cell, x(a, d) <-> x(c, d). No other encoding was considered. Drawn as one
outline a set; made as a path of 2 to 4 cells and, for every other set, for each of its
cells a free cell elsewhere holding the same digit.

sigh's handler (read at commit e373f98) leaves a third set unchecked when the first
set's cells must differ: on ``.Shape~6x6.SameValues~3~R1C1~R1C2~R1C3~R3C6~R2C5~R6C4~R5C2~
R3C4~R3C5`` each of the first 200 solutions it gives breaks the rule as its description
states it (a third set of 1, 1, 2 beside 1, 2, 3), and the made 6x6 of the tests, unique
here and for CP-SAT, has 3 solutions or more there. This module keeps the description.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ._counting import at_least
from ._group import Group, grow, placed

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class SameValues(Group):
    """The sets the cells are cut into hold the same digits, as many times each."""

    count: int = 2
    """The number of sets."""
    key = "samevalues"
    rule = "same-values"
    label_name = "same-value sets"
    sigh_name = "SameValues"
    sigh_names = ("SameValues",)
    any_shape = True
    from_zero = True
    distinct = False
    least = 2
    stroke = "#a60"

    def clue(self) -> str:
        return str(self.count)

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        count = reader.required(clue)
        if count < 2 or len(cells) % count:
            raise reader.error(f"{len(cells)} cells do not make {count} sets of one size")
        return cls(cells, count)

    def sets(self) -> list[tuple[int, ...]]:
        k = len(self.cells) // self.count
        return [self.cells[i : i + k] for i in range(0, len(self.cells), k)]

    def clauses(self, b: Builder) -> list[Clause]:
        first, *others = self.sets()
        x, out = b.x, []
        for d in b.digits():
            if len(first) == 1:
                out += [
                    c
                    for o in others
                    for c in ([-x(first[0], d), x(o[0], d)], [x(first[0], d), -x(o[0], d)])
                ]
                continue
            base, more = at_least(b, [x(c, d) for c in first])
            out += more
            for other in others:
                levels, more = at_least(b, [x(c, d) for c in other])
                out += more
                for t in range(1, len(first) + 1):
                    out += [[-base[t], levels[t]], [base[t], -levels[t]]]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """For each digit, the number of cells holding it (reified equalities) is the
        same in every set."""
        first, *others = self.sets()
        for d in range(1, n + 1):
            sums = []
            for group in (first, *others):
                there = []
                for c in group:
                    e = m.NewBoolVar("")
                    m.Add(x[c] == d).OnlyEnforceIf(e)
                    m.Add(x[c] != d).OnlyEnforceIf(e.Not())
                    there.append(e)
                sums.append(sum(there))
            for s in sums[1:]:
                m.Add(s == sums[0])

    def holds(self, grid: Grid, n: int) -> bool:
        first, *others = (Counter(grid[c] for c in s) for s in self.sets())
        return all(o == first for o in others)

    def draw(self, canvas: Canvas) -> list[str]:
        out: list[str] = []
        for k, cells in enumerate(self.sets()):
            out += Group.draw(SameValues(cells, self.count) if k == 0 else _Plain(cells), canvas)
        return out

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:

        def attempt(used: set[int]) -> tuple[Constraint, set[int]] | None:
            first = grow(n, rng, used, rng.randint(2, 4), None)
            if first is None:
                return None
            cells, taken = list(first), used | set(first)
            for _ in range(rng.randint(1, 2)):
                other = []
                for c in first:
                    options = [
                        k for k in range(n * n) if solution[k] == solution[c] and k not in taken
                    ]
                    if not options:
                        break
                    other.append(rng.choice(options))
                    taken.add(other[-1])
                if len(other) == len(first):
                    cells += other
            if len(cells) == len(first):
                return None
            return cls(tuple(cells), len(cells) // len(first)), taken

        return placed(cls.wanted(n), attempt)


@dataclass(frozen=True)
class _Plain(Group):
    """A set other than the first, drawn without the clue."""

    has_clue = False
    stroke = SameValues.stroke


FAMILY = (SameValues,)
