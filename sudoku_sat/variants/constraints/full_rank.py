"""Full rank (sigh's ``FullRank``; no f-puzzles key: ``fullrank`` here): every row and
every column, read forwards and backwards, is a number, 4N numbers in all; a clue
outside the grid is the rank, from 1 for the smallest, of the number read from its side.
Which numbers may tie is sigh's ``FullRankTies`` option (``fullrankties`` here, a
string): ``only-unclued`` (sigh's default, the option absent): a clued number ties with
no other, unclued ones may; ``any``: a clued number may tie too, its rank then 1 + the
numbers strictly below it (two clues of one rank: their numbers are equal); ``none``:
no two of the 4N numbers are equal, clue or not (it holds on a grid with no clue too).

Shape: ``"fullrank": [{"cell": "R0C1", "value": "33"}, ...]``, as f-puzzles stores the
other outside clues (``outside.LineClue``), an empty value passed over; ``"fullrankties":
"any"``. Each clue takes the mode of the puzzle's option (``settle``). Sources: sigh's
solver (``.FullRank~C1~33~``, ``.FullRankTies~any``; its ``FullRank`` handler, whose tie
modes NONE, ONLY_UNCLUED and ANY are read here: at a full grid ANY counts the entries
strictly below a clue and lets it tie, the others refuse a tie with a clue, NONE refuses
any two equal entries) and the full-rank puzzles it collects ("Full rank 3",
logic-masters 0001RM; its 4x4 test puzzles on each tie mode). sigh keeps one
``FullRankTies`` a puzzle (the last of several); two that differ are refused here
(``sigh_once``), and so is the option as the member of an Or or an And, as sigh refuses
it (``composable``). sigh's handler refuses every grid that is no N x N square of N
digits ("FullRank requires a square grid with all values used"): so do sigh's reader
here (``shape_refused``) and the rule, which assumes every line holds every digit.

Clauses. The four numbers that begin with digit d are the ones read from the four cells
of the border holding d (each border line holds every digit once), so rank R starts
with d = ceil(R/4), and exactly (R-1) mod 4 of the other numbers that start with d are
smaller. For each other number f (but those whose first cell shares a row, column or
region with e's: they start with another digit): g(f) = x(f_0, d), the lexicographic
comparison with the clued number e from the second digit on (prefix-equal literals
p(j) <-> p(j-1) and f_j = e_j, smaller-at-j literals p(j) and f_j < e_j, their
disjunction "f < e"), c(f) <-> g(f) and f < e, a sequential counter over the c(f)
(``_counting.count_is``) and, but in mode ``any``, not (g(f) and f = e). The digit
comparisons of two cells, eq and lt, 2N clauses each, are made once per pair; every
auxiliary is a function of the grid. The comparison ends at the first position whose two
cells share a row, column or region (``Builder.sees``): their digits differ, so f < e is
decided there (only lt is made there, and no tie is possible: the no-tie clause goes);
two rows read the same way are decided at their second digit. A 9x9 clue went from about
7,300 clauses to about 2,700: the 4 real puzzles 142,257 clauses in all against 71,422,
encoding 108 against 34 ms, loading Glucose 57 against 27, solving 30 against 14 (one
process, 2026-12-03, load about 1). CP-SAT states it with each number as an integer in
base N+1 (grids up to 12x12). Mode ``none``: for every two numbers (a line against
another line, the same way or reversed: the reversed pair says the same), unless some
position holds two cells of one row, column or region (they differ: at 9x9 every pair
does, so the option there says nothing), one clause "some position differs" over the eq
literals; CP-SAT: every two of the 4N integers differ.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.geometry import shares_unit
from ...model.reading import Reader, shown
from ..outside import LineClue, line_from, sigh_line
from ._counting import count_is
from ._line_clue import read_sigh_line
from ._making import few_wanted

if TYPE_CHECKING:
    from ...model.builder import Builder

LARGEST_CPSAT = 12
"""Past this size a number in base N+1 leaves CP-SAT's 64-bit integers."""
NONE, ONLY_UNCLUED, ANY = "none", "only-unclued", "any"
TIES = (NONE, ONLY_UNCLUED, ANY)
"""sigh's tie modes, the strictest first."""


def entries(n: int) -> list[tuple[int, ...]]:
    """Every row and column read from both ends (4N lines)."""
    ks = range(1, n + 1)
    places = [(k, 0) for k in ks] + [(k, n + 1) for k in ks]
    places += [(0, k) for k in ks] + [(n + 1, k) for k in ks]
    return [line_from(r, c, n) for r, c in places]


def rank(grid: Grid, line: tuple[int, ...], n: int, ties: bool = False) -> int:
    """The rank of the line's number among the 4N, from 1 (1 + the numbers below it); 0
    when another ties with it, unless ties are allowed."""
    mine = [grid[c] for c in line]
    others = [[grid[c] for c in e] for e in entries(n) if e != line]
    if mine in others and not ties:
        return 0
    return 1 + sum(o < mine for o in others)


@dataclass(frozen=True)
class FullRank(LineClue):
    """The number read from the clue ranks value among the 4N, tied with none (in tie mode
    ``any``: 1 + the numbers below it)."""

    ties: str = ONLY_UNCLUED
    """The puzzle's tie mode (``FullRankTies``, filled in by ``settle``)."""
    key = "fullrank"
    rule = "full-rank"
    label_name = "full rank"
    sigh_names = ("FullRank",)
    from_zero = True
    shape_refused = "a square grid of as many digits as its side"

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        """The puzzle's mode (of several, which only a program gives: the strictest)."""
        modes = [c.ties for c in others if isinstance(c, FullRankTies)]
        ties = min(modes, key=TIES.index) if modes else ONLY_UNCLUED
        return self if ties == self.ties else replace(self, ties=ties)

    def clauses(self, b: Builder) -> list[Clause]:
        n, e = b.n, self.line
        d, below = (self.value + 3) // 4, (self.value - 1) % 4
        if not 1 <= self.value <= 4 * n:
            return [[-b.x(e[0], v)] for v in b.digits()]
        out: list[Clause] = [[b.x(e[0], d)]]
        eqs: dict[tuple[int, int], int] = {}
        lts: dict[tuple[int, int], int] = {}
        counted = []
        apart = {c for unit in b.p.regions if e[0] in unit for c in unit}
        apart |= {c for c in range(n * n) if c // n == e[0] // n or c % n == e[0] % n}
        for f in entries(n):
            if f == e or (f[0] != e[0] and f[0] in apart):
                continue  # f's first digit cannot be e's: f is not among the four
            starts = b.x(f[0], d)
            prefix, less = 0, []  # prefix 0: equal so far (the first digits, under starts)
            for a, c in zip(f[1:], e[1:], strict=True):
                if a != c and b.sees(a, c):  # they differ: the comparison ends here
                    less.append(_and(b, [p for p in (prefix, _less(b, a, c, lts, out)) if p], out))
                    break
                eq, lt = _equal(b, a, c, eqs, out), _less(b, a, c, lts, out)
                less.append(_and(b, [p for p in (prefix, lt) if p], out))
                prefix = _and(b, [p for p in (prefix, eq) if p], out)
            else:
                if self.ties != ANY:
                    out.append([-starts, -prefix])  # no tie with the clued number
            counted.append(_and(b, [starts, _or(b, less, out)], out))
        return out + count_is(b, counted, [below])

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """Each number an integer in base N+1 (``_number``); the clued one differs from
        every other (but in mode ``any``), and value-1 of them are smaller (one Boolean
        each). (The differences as variables of their own took 4.1 s, not 0.4 s, to find
        no solution to the tests' 9x9 with none.)"""
        mine, smaller = _number(self.line, x, n), []
        for f in entries(n):
            if f != self.line:
                other, s = _number(f, x, n), m.NewBoolVar("")
                if self.ties != ANY:
                    m.Add(other != mine)
                m.Add(other < mine).OnlyEnforceIf(s)
                m.Add(other >= mine if self.ties == ANY else other > mine).OnlyEnforceIf(s.Not())
                smaller.append(s)
        m.Add(sum(smaller) == self.value - 1)

    def holds(self, grid: Grid, n: int) -> bool:
        return rank(grid, self.line, n, self.ties == ANY) == self.value

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


def _number(line: tuple[int, ...], x: list[Any], n: int) -> Any:
    """The line's number as a CP-SAT expression, in base N+1."""
    if n > LARGEST_CPSAT:
        raise NotImplementedError(f"full rank in CP-SAT up to {LARGEST_CPSAT}x{LARGEST_CPSAT}")
    return sum(x[c] * (n + 1) ** (n - 1 - j) for j, c in enumerate(line))


@dataclass(frozen=True)
class FullRankTies(Constraint):
    """sigh's option of which full-rank numbers may tie: ``none`` (no two of the 4N are
    equal), ``only-unclued`` (a clued one ties with none: the default) or ``any``."""

    ties: str = ONLY_UNCLUED
    key = "fullrankties"
    rule = ""
    label_name = "full-rank ties"
    sigh_names = ("FullRankTies",)
    sudoku_names = sigh_names
    from_zero = True
    shape_refused = FullRank.shape_refused  # sigh's handler is FullRank's
    sigh_once = True
    composable = False
    drawn_first = True

    def rule_of(self) -> str:
        return FullRank.rule

    def label(self, size: int) -> str:
        return f"full-rank ties {self.ties}"

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        if value not in TIES:
            raise reader.error(f"expected one of {', '.join(TIES)}, not {shown(value)}")
        return [cls(value)]

    @classmethod
    def write_value(cls, instances: list[Constraint], name: Callable[[int], str]) -> Any:
        return min((c.ties for c in instances if isinstance(c, FullRankTies)), key=TIES.index)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """The one mode that says something without clues: no ties."""
        return [cls(NONE)]

    def pairs(self, n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every two numbers that could be equal, one of each pair and its reversal."""
        lines = [e for e in entries(n) if e[0] < e[1]]  # each row and column forwards
        return [
            (e, f if same else f[::-1])
            for i, e in enumerate(lines)
            for f in lines[i + 1 :]
            for same in (True, False)
        ]

    def clauses(self, b: Builder) -> list[Clause]:
        if self.ties != NONE:
            return []
        n, regions = b.n, b.p.regions
        out: list[Clause] = []
        equal: dict[tuple[int, int], int] = {}
        for e, f in self.pairs(n):
            apart = [(a, c) for a, c in zip(e, f, strict=True) if a != c]
            if not any(shares_unit(n, regions, a, c) for a, c in apart):
                out.append([-_equal(b, a, c, equal, out) for a, c in apart])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        if self.ties == NONE:
            numbers = [_number(e, x, n) for e in entries(n)]
            for i, a in enumerate(numbers):
                for c in numbers[i + 1 :]:
                    m.Add(a != c)

    def holds(self, grid: Grid, n: int) -> bool:
        numbers = {tuple(grid[c] for c in e) for e in entries(n)}
        return self.ties != NONE or len(numbers) == 4 * n

    def draw(self, canvas: Any) -> list[str]:
        return []

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".FullRankTies~{self.ties}"

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.FullRankTies~MODE``, one mode and nothing after it."""
        if len(args) != 1 or args[0] not in TIES:
            given = repr("~".join(args)) if args else "nothing"
            raise reader.error(f"expected one tie mode of {', '.join(TIES)}, not {given}")
        return [cls(args[0])]


def _equal(b: Builder, a: int, c: int, cache: dict[tuple[int, int], int], out: list[Clause]) -> int:
    """The literal "a's digit equals c's" (made once a pair; true for one cell)."""
    if (a, c) not in cache:
        eq, x = b.fresh(), b.x
        if a == c:
            out.append([eq])
        for v in b.digits() if a != c else ():
            out += [[-eq, -x(a, v), x(c, v)], [eq, -x(a, v), -x(c, v)]]
        cache[(a, c)] = cache[(c, a)] = eq
    return cache[(a, c)]


def _less(b: Builder, a: int, c: int, cache: dict[tuple[int, int], int], out: list[Clause]) -> int:
    """The literal "a's digit is below c's" (made once a pair; false for one cell)."""
    if (a, c) not in cache:
        lt, n = b.fresh(), b.n
        xa, xc = [0, *(b.x(a, v) for v in b.digits())], [b.x(c, v) for v in b.digits()]
        if a == c:
            out.append([-lt])
        for v in b.digits() if a != c else ():
            out.append([-lt, -xc[v - 1], *xa[1:v]])
            out.append([lt, -xc[v - 1], *xa[v : n + 1]])
        cache[(a, c)] = lt
    return cache[(a, c)]


FAMILY = (FullRank, FullRankTies)
