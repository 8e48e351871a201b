"""Lunchboxes (sigh's ``Lunchbox``; no f-puzzles key: ``lunchbox`` here): the digits of a
lunchbox, an ordered group of cells, all differ, and those lying between its smallest
and its largest digit (in the group's order) sum to the clue; 0 when the two are
neighbours in the order. A lunchbox of N cells is a sandwich (its extremes are 1 and N).

Shape: ``"lunchbox": [{"cells": ["R1C2", "R1C1", "R2C1"], "value": "11"}, ...]``, the
cells in their order (``_group``). Sources: sigh's solver (``.Lunchbox~SUM~R1C1~R1C2...``,
its ``Lunchbox`` handler, which sandwiches share: the cells are exclusive, the sentinels
are the smallest and the largest value, the inner cells sum to the clue) and
logic-masters' lunchbox puzzles ("Normal Lunchbox", 0003H4).

Clauses. m(i) "the i-th cell holds the smallest digit" and M(i) "the largest": exactly
one of each, and m(i) with digit d at i excludes every digit below d elsewhere (M(i):
above d), a clause of three literals for each digit pair; on a group of N cells m(i)
is x(c_i, 1) and M(i) is x(c_i, N) themselves. One selector p(i, j) a pair of places
i < j, true exactly when they hold the two extremes (either way round); p(i, j) guards
"the cells strictly between sum to the clue" in the family's sum encoding (``combos``:
the gap's digit sets, ``outside.guarded_sets``; from 2..N-1 on N cells). Every
auxiliary is a function of the grid. No other encoding was measured.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..sum_forms import encoding, total_is
from ._group import Valued

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


def between(digits: list[int]) -> int:
    """The sum of the digits between the smallest and the largest (in order)."""
    i, j = sorted((digits.index(min(digits)), digits.index(max(digits))))
    return sum(digits[i + 1 : j])


@dataclass(frozen=True)
class Lunchbox(Valued):
    """The digits between the group's smallest and largest sum to value."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): value sums the digits between, so from
    0 a gap of k cells sums k more on the indexes."""
    key = "lunchbox"
    rule = "lunchbox"
    sigh_name = "Lunchbox"
    sigh_names = ("Lunchbox",)
    any_shape = True
    from_zero = True
    sum_encoding = "combos"
    least = 2
    sizes = (3, 6)
    stroke = "#8a6d3b"

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        return cls(cells, reader.required(clue), reader.low)

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        return cls(cells, between([solution[c] for c in cells]))

    def clauses(self, b: Builder) -> list[Clause]:
        return self.differ(b) + list(self._clauses(b))

    def _extremes(self, b: Builder) -> Iterator[Clause | tuple[list[int], list[int]]]:
        """The clauses of m and M, then (m, M) itself."""
        n, cells, x = b.n, self.cells, b.x
        if len(cells) == n:
            yield [x(c, 1) for c in cells], [x(c, n) for c in cells]
            return
        low, high = [b.fresh() for _ in cells], [b.fresh() for _ in cells]
        for side in (low, high):
            yield list(side)
            yield from ([-u, -v] for u, v in combinations(side, 2))
        for i, c in enumerate(cells):
            for d in b.digits():
                for k in cells:
                    if k != c:
                        yield from ([-low[i], -x(c, d), -x(k, e)] for e in range(1, d))
                        yield from ([-high[i], -x(c, d), -x(k, e)] for e in range(d + 1, n + 1))
            yield [-low[i], -x(c, n)]
            yield [-high[i], -x(c, 1)]
        yield low, high

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        low: list[int] = []
        high: list[int] = []
        for part in self._extremes(b):
            if isinstance(part, tuple):
                low, high = part
            else:
                yield part
        n, cells = b.n, self.cells
        how = encoding(b, self.sum_encoding)
        pool = tuple(range(2, n)) if len(cells) == n else tuple(b.digits())
        pairs = []
        for i, j in combinations(range(len(cells)), 2):
            p = b.fresh()
            pairs.append(p)
            yield [-low[i], -high[j], p]
            yield [-high[i], -low[j], p]
            yield [-p, low[i], high[i]]
            yield [-p, low[j], high[j]]
            yield [-p, low[i], low[j]]
            yield [-p, high[i], high[j]]
            total = self.value + (j - i - 1) * (1 - self.low)  # on the indexes
            yield from total_is(b, cells[i + 1 : j], total, how, p, pool, differ=True)
        yield pairs

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """The smallest and largest digits (min and max equality), their places (element
        constraints), the lower and upper place, and the sum of the cells between."""
        self.cpsat_differ(m, x)
        cells = [x[c] for c in self.cells]
        k = len(cells)
        places = []
        for pick in (m.AddMinEquality, m.AddMaxEquality):
            value, place = m.NewIntVar(1, n, ""), m.NewIntVar(0, k - 1, "")
            pick(value, cells)
            m.AddElement(place, cells, value)
            places.append(place)
        lo, hi = m.NewIntVar(0, k - 1, ""), m.NewIntVar(0, k - 1, "")
        m.AddMinEquality(lo, places)
        m.AddMaxEquality(hi, places)
        kept = []
        for i, cell in enumerate(cells):
            inside = m.NewBoolVar("")
            m.Add(lo < i).OnlyEnforceIf(inside)
            m.Add(hi > i).OnlyEnforceIf(inside)
            after, before = m.NewBoolVar(""), m.NewBoolVar("")
            m.Add(lo >= i).OnlyEnforceIf(after)
            m.Add(hi <= i).OnlyEnforceIf(before)
            m.AddBoolOr([inside, after, before])
            y = m.NewIntVar(0, n, "")
            m.Add(y == cell + self.low - 1).OnlyEnforceIf(inside)
            m.Add(y == 0).OnlyEnforceIf(inside.Not())
            kept.append(y)
        m.Add(sum(kept) == self.value)

    def holds(self, grid: Grid, n: int) -> bool:
        digits = [grid[c] + self.low - 1 for c in self.cells]
        return self.holds_differ(grid) and between(digits) == self.value


FAMILY = (Lunchbox,)
