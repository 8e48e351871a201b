"""Full rank (sigh's ``FullRank``; no f-puzzles key: ``fullrank`` here): every row and
every column, read forwards and backwards, is a number, 4N numbers in all; a clue
outside the grid is the rank, from 1 for the smallest, of the number read from its side,
and a clued number ties with no other (sigh's default "unclued ranks only": unclued
numbers may tie).

Shape: ``"fullrank": [{"cell": "R0C1", "value": "33"}, ...]``, as f-puzzles stores the
other outside clues (``outside.LineClue``); an empty value is passed over. Sources:
sigh's solver (``.FullRank~C1~33~``, its ``FullRank`` handler with tie mode
ONLY_UNCLUED) and the full-rank puzzles it collects ("Full rank 3", logic-masters
0001RM). sigh's ``FullRankTies`` option (ties allowed anywhere, or nowhere) is not read.

Clauses. The four numbers that begin with digit d are the ones read from the four cells
of the border holding d (each border line holds every digit once), so rank R starts
with d = ceil(R/4), and exactly (R-1) mod 4 of the other numbers that start with d are
smaller. For each other number f (but those whose first cell shares a row, column or
region with e's: they start with another digit): g(f) = x(f_0, d), the lexicographic
comparison with the clued number e from the second digit on (prefix-equal literals
p(j) <-> p(j-1) and f_j = e_j, smaller-at-j literals p(j) and f_j < e_j, their
disjunction "f < e"), c(f) <-> g(f) and f < e, a sequential counter over the c(f)
(``_counting.count_is``) and not (g(f) and f = e). The digit comparisons of two cells,
eq and lt, 2N clauses each, are made once per pair; every auxiliary is a function of
the grid (a 9x9 clue: about 5,000 clauses). No other encoding was considered. CP-SAT
states it with each number as an integer in base N+1 (grids up to 12x12).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..outside import LineClue, line_from, sigh_line
from ._counting import count_is
from ._line_clue import read_sigh_line
from ._making import few_wanted

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader

LARGEST_CPSAT = 12
"""Past this size a number in base N+1 leaves CP-SAT's 64-bit integers."""


def entries(n: int) -> list[tuple[int, ...]]:
    """Every row and column read from both ends (4N lines)."""
    ks = range(1, n + 1)
    places = [(k, 0) for k in ks] + [(k, n + 1) for k in ks]
    places += [(0, k) for k in ks] + [(n + 1, k) for k in ks]
    return [line_from(r, c, n) for r, c in places]


def rank(grid: Grid, line: tuple[int, ...], n: int) -> int:
    """The rank of the line's number among the 4N, from 1; 0 when another ties with it."""
    mine = [grid[c] for c in line]
    others = [[grid[c] for c in e] for e in entries(n) if e != line]
    if mine in others:
        return 0
    return 1 + sum(o < mine for o in others)


@dataclass(frozen=True)
class FullRank(LineClue):
    """The number read from the clue ranks value among the 4N, tied with none."""

    key = "fullrank"
    rule = "full-rank"
    label_name = "full rank"
    sigh_names = ("FullRank",)

    def clauses(self, b: Builder) -> list[Clause]:
        n, e = b.n, self.line
        d, below = (self.value + 3) // 4, (self.value - 1) % 4
        if not 1 <= self.value <= 4 * n:
            return [[-b.x(e[0], v)] for v in b.digits()]
        out: list[Clause] = [[b.x(e[0], d)]]
        pairs: dict[tuple[int, int], tuple[int, int]] = {}
        counted = []
        apart = {c for unit in b.p.regions if e[0] in unit for c in unit}
        apart |= {c for c in range(n * n) if c // n == e[0] // n or c % n == e[0] % n}
        for f in entries(n):
            if f == e or (f[0] != e[0] and f[0] in apart):
                continue  # f's first digit cannot be e's: f is not among the four
            starts = b.x(f[0], d)
            prefix, less = 0, []  # prefix 0: equal so far (the first digits, under starts)
            for a, c in zip(f[1:], e[1:], strict=True):
                eq, lt = self._compare(b, a, c, pairs, out)
                smaller = _and(b, [p for p in (prefix, lt) if p], out)
                less.append(smaller)
                prefix = _and(b, [p for p in (prefix, eq) if p], out)
            out.append([-starts, -prefix])  # no tie with the clued number
            counted.append(_and(b, [starts, _or(b, less, out)], out))
        return out + count_is(b, counted, [below])

    @staticmethod
    def _compare(
        b: Builder, a: int, c: int, cache: dict[tuple[int, int], tuple[int, int]], out: list[Clause]
    ) -> tuple[int, int]:
        """The literals "a's digit equals c's" and "a's is below c's" (made once)."""
        if (a, c) in cache:
            return cache[(a, c)]
        x, n = b.x, b.n
        eq, lt = b.fresh(), b.fresh()
        if a == c:
            out += [[eq], [-lt]]
        else:
            for v in b.digits():
                out += [[-eq, -x(a, v), x(c, v)], [eq, -x(a, v), -x(c, v)]]
                out.append([-lt, -x(c, v), *(x(a, u) for u in range(1, v))])
                out.append([lt, -x(c, v), *(x(a, u) for u in range(v, n + 1))])
        cache[(a, c)] = (eq, lt)
        return eq, lt

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """Each number an integer in base N+1; the clued one differs from every other,
        and value-1 of them are smaller (one Boolean each). (The differences as
        variables of their own took 4.1 s, not 0.4 s, to find no solution to the tests'
        9x9 with none.)"""
        if n > LARGEST_CPSAT:
            raise NotImplementedError(f"full rank in CP-SAT up to {LARGEST_CPSAT}x{LARGEST_CPSAT}")

        def number(line: tuple[int, ...]) -> Any:
            return sum(x[c] * (n + 1) ** (n - 1 - j) for j, c in enumerate(line))

        mine, smaller = number(self.line), []
        for f in entries(n):
            if f != self.line:
                other, s = number(f), m.NewBoolVar("")
                m.Add(other != mine)
                m.Add(other < mine).OnlyEnforceIf(s)
                m.Add(other > mine).OnlyEnforceIf(s.Not())
                smaller.append(s)
        m.Add(sum(smaller) == self.value - 1)

    def holds(self, grid: Grid, n: int) -> bool:
        return rank(grid, self.line, n) == self.value

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """The ranks of N/2 + 1 random places (``_making.few_wanted``: each clue reaches
        the whole grid), but for a number that ties with another."""
        out: list[Constraint] = []
        for row, col in rng.sample(cls.places(n), few_wanted(n)):
            line = line_from(row, col, n)
            value = rank(solution, line, n)
            if value:
                out.append(cls((row, col), line, value))
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        return sigh_line("FullRank", self)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return read_sigh_line(cls, args, reader)


def _and(b: Builder, lits: list[int], out: list[Clause]) -> int:
    """A literal equivalent to the conjunction of lits (the one literal itself)."""
    if len(lits) == 1:
        return lits[0]
    y = b.fresh()
    out += [[-y, lit] for lit in lits]
    out.append([y, *(-lit for lit in lits)])
    return y


def _or(b: Builder, lits: list[int], out: list[Clause]) -> int:
    """A literal equivalent to the disjunction of lits."""
    y = b.fresh()
    out += [[y, -lit] for lit in lits]
    out.append([-y, *lits])
    return y


FAMILY = (FullRank,)
