"""Sandwich sums (f-puzzles ``sandwichsum``): a number outside the grid beside a row or
column is the sum of the digits between the 1 and the N of that row or column (N the
size: 9 on a 9x9, 6 on a 6x6); 0 when the 1 and the N are neighbours.

Shape: ``"sandwichsum": [{"cell": "R0C3", "value": "12"}, ...]``, the cell one step
outside the grid (row 0 or N+1 for a column, column 0 or N+1 for a row; a clue on any of
the four sides, as f-puzzles places them); an empty value is passed over. Sources:
f-puzzles' constraint list and its solver add-on (rangsk's SudokuSolver,
``SandwichConstraint``: the crusts are 1 and MAX_VALUE, a clue on any side), SudokuPad's
f-puzzles import (``sandwichsum`` among the outside clues) and sigh's solver
(``.Sandwich~SUM~R3``, between the smallest and the largest digit).

A shaped grid's row or column of fewer cells than digits (``Puzzle.rows``: a 6x8's
columns, a 6x6 of 9 digits) need not hold the 1 and the N: sigh's Lunchbox handler, which
its sandwiches are, takes such a line's own smallest and largest digit as the crusts, so
the clue is a lunchbox on the line (``lunchbox.Lunchbox``, its clauses, statement and
check). A line of N cells is the sandwich above.

Clauses. One selector s(i, j) per pair of places i < j of the line whose gap j-i-1 can
hold the sum (a set of j-i-1 digits from 2..N-1 summing to it): s(i, j) holds exactly
when the cells at i and j are the 1 and the N (either way round): it implies both are
crusts, and each crust pair implies it. Some selector holds (the line holds one 1 and one
N); the crusts of an impossible pair exclude each other outright (two binary clauses),
so a clue of 35 on a 9x9 puts the 1 and the 9 at the ends of the line by unit
propagation alone (only they are 7 cells apart). A selector then chooses the
gap's digit set among those that reach the sum (``outside.guarded_sets``: the cells are
all different, so the set fixes the sum). Every auxiliary is a function of the grid. At
most N(N-1)/2 pair selectors and a few sets per gap (9x9: 36 pairs at most; 16x16: 16
clues of a grid make 131,622 clauses). No other encoding was measured: the real and made
sandwich puzzles of the tests take 2 to 11 ms each (CPU, counting to 3 in one session).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..outside import LineClue, digit_sets
from ..sum_forms import encoding, total_is
from .lunchbox import Lunchbox

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.reading import Reader


@dataclass(frozen=True)
class Sandwich(LineClue):
    """The digits between the 1 and the N of the line sum to value."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the crusts are the smallest and the
    largest digit (0 and N-1 from 0, sigh's rule) and value sums the digits between, a
    gap of k cells k more on the indexes."""
    key = "sandwichsum"

    sum_encoding = "combos"
    rule = "sandwich"
    sigh_names = ("Sandwich",)
    from_zero = True
    any_shape = True

    def shorter(self, n: int) -> Lunchbox | None:
        """The lunchbox this clue is on a line of fewer than N cells, None on N cells."""
        return None if len(self.line) == n else Lunchbox(self.line, self.value, self.low)

    def gap_sets(self, n: int, gap: int) -> tuple[tuple[int, ...], ...]:
        """The index sets of gap digits between the crusts that sum to value."""
        return digit_sets(tuple(range(2, n)), gap, self.indexed(gap))

    def indexed(self, gap: int) -> int:
        """The total of a gap of that many cells on the digits' indexes 1..N."""
        return self.value + gap * (1 - self.low)

    def clauses(self, b: Builder) -> list[Clause]:
        box = self.shorter(b.n)
        return box.clauses(b) if box else list(self._clauses(b))

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        n, line = b.n, self.line
        how, pool = encoding(b, self.sum_encoding), tuple(range(2, n))
        selectors = []
        for i in range(n):
            for j in range(i + 1, n):
                a, c = line[i], line[j]
                sets = self.gap_sets(n, j - i - 1)
                if not sets:
                    yield [-b.x(a, 1), -b.x(c, n)]
                    yield [-b.x(a, n), -b.x(c, 1)]
                    continue
                s = b.fresh()
                selectors.append(s)
                yield [-b.x(a, 1), -b.x(c, n), s]
                yield [-b.x(a, n), -b.x(c, 1), s]
                yield [-s, b.x(a, 1), b.x(a, n)]
                yield [-s, b.x(c, 1), b.x(c, n)]
                total = self.indexed(j - i - 1)
                yield from total_is(b, line[i + 1 : j], total, how, s, pool, differ=True)
        if selectors:
            yield selectors
        else:
            v = b.fresh()
            yield from ([v], [-v])

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """Positions of the 1 and the N (element constraints), the lower and upper of the
        two, one Boolean per cell 'strictly between', and the sum of the cells it keeps."""
        box = self.shorter(n)
        if box:
            box.cpsat(m, x, n)
            return
        cells = [x[c] for c in self.line]
        where = []
        for digit in (1, n):
            pos = m.NewIntVar(0, n - 1, "")
            m.AddElement(pos, cells, digit)
            where.append(pos)
        lo, hi = m.NewIntVar(0, n - 1, ""), m.NewIntVar(0, n - 1, "")
        m.AddMinEquality(lo, where)
        m.AddMaxEquality(hi, where)
        kept = []
        for k, cell in enumerate(cells):
            after, before, inside = (m.NewBoolVar("") for _ in range(3))
            m.Add(lo < k).OnlyEnforceIf(after)
            m.Add(lo >= k).OnlyEnforceIf(after.Not())
            m.Add(hi > k).OnlyEnforceIf(before)
            m.Add(hi <= k).OnlyEnforceIf(before.Not())
            m.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
            m.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
            y = m.NewIntVar(0, n, "")
            m.Add(y == cell + self.low - 1).OnlyEnforceIf(inside)
            m.Add(y == 0).OnlyEnforceIf(inside.Not())
            kept.append(y)
        m.Add(sum(kept) == self.value)

    def holds(self, grid: Grid, n: int) -> bool:
        box = self.shorter(n)
        if box:
            return box.holds(grid, n)
        digits = [grid[c] for c in self.line]
        if 1 not in digits or n not in digits:
            return False
        i, j = sorted((digits.index(1), digits.index(n)))
        return sum(d + self.low - 1 for d in digits[i + 1 : j]) == self.value

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        """The sum between the 1 and the N; -1 when the line lacks one of them."""
        if 1 not in digits or n not in digits:
            return -1
        i, j = sorted((digits.index(1), digits.index(n)))
        return sum(digits[i + 1 : j])

    @classmethod
    def places(cls, n: int) -> list[tuple[int, int]]:
        """Above the columns and left of the rows: the other side reads the same sum."""
        return super().places(n)[: 2 * n]

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".Sandwich~{self.value}~{self.sigh_place()[0]}"

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Sandwich~SUM~R3``: the clue on the left or top (the other side's is the
        same sum)."""
        if len(args) != 2:
            raise reader.error("expected a sum, then a row or column")
        clues = cls.clue_at(args[1], True, args[0], reader)
        return [replace(c, low=reader.low) for c in clues if isinstance(c, Sandwich)]


FAMILY = (Sandwich,)
