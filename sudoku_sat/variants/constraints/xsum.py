"""X-sums (f-puzzles ``xsum``): a number outside the grid beside a row or column is the
sum of the first X cells of that row or column read from the clue's side, X being the
digit in the first of them (so the first cell counts itself).

Shape: ``"xsum": [{"cell": "R0C3", "value": "20"}, ...]``, the cell one step outside the
grid on any side (row 0 or N+1 for a column, column 0 or N+1 for a row); an empty value
is passed over. Sources: f-puzzles' constraint list and its solver add-on (rangsk's
SudokuSolver, ``XSumConstraint``: the line reversed for a clue below or on the right),
SudokuPad's f-puzzles import (``xsum`` among the outside clues) and sigh's solver
(``.XSum~R3~FROM_LEFT~FROM_RIGHT``). Any size: X runs over 1..N; on a shaped grid
(``Puzzle.rows``) over the cells of the row or column, as sigh's branches do (an X past a
shorter line counts no cells: the first cell cannot hold it).

Clauses. The first cell's digit d selects the sum of the first d cells: x(first, d)
guards "the next d-1 cells hold one of the sets of d-1 digits other than d that sum to
value-d" (``outside.guarded_sets``; the cells of a line all differ). A digit d with no
such set is ruled out of the first cell by one unit clause (a clue of 1 or of N(N+1)/2
fixes the first cell at once). No other encoding was measured: the X-sum puzzles of the
tests take 2 to 12 ms each (CPU, counting to 3 in one session).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..outside import LineClue, sigh_line
from ..sum_forms import encoding, total_is

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.reading import Reader


@dataclass(frozen=True)
class XSum(LineClue):
    """The first X cells from the clue sum to value, X the first cell's digit."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): X and the sum are the digits', so from
    0 the first cell is not 0 (sigh's rule: no cell counted) and X cells sum X-1 more on
    the indexes."""
    key = "xsum"

    sum_encoding = "combos"
    rule = "x-sum"
    sigh_names = ("XSum",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        clues = super().read_sigh(name, args, reader)
        return [replace(c, low=reader.low) for c in clues if isinstance(c, XSum)]

    def clauses(self, b: Builder) -> list[Clause]:
        return list(self._clauses(b))

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        first, how, s = self.line[0], encoding(b, self.sum_encoding), self.low - 1
        for d in b.digits():
            count = d + s  # X, the first cell's digit
            if not 1 <= count <= len(self.line):  # past a shape's shorter line: no X cells
                yield [-b.x(first, d)]
                continue
            pool = tuple(e for e in b.digits() if e != d)
            total = self.value - count - (count - 1) * s  # of the next X-1, on the indexes
            yield from total_is(b, self.line[1:count], total, how, b.x(first, d), pool, True)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """One Boolean per digit d of the first cell, enforcing the sum of d cells."""
        first, s = x[self.line[0]], self.low - 1
        for d in range(1, n + 1):
            if not 1 <= d + s <= len(self.line):
                m.Add(first != d)
                continue
            is_d = m.NewBoolVar("")
            m.Add(first == d).OnlyEnforceIf(is_d)
            m.Add(first != d).OnlyEnforceIf(is_d.Not())
            total = sum(x[c] + s for c in self.line[: d + s])
            m.Add(total == self.value).OnlyEnforceIf(is_d)

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        return sum(digits[: digits[0]])

    def holds(self, grid: Grid, n: int) -> bool:
        digits = [grid[c] + self.low - 1 for c in self.line]
        return 1 <= digits[0] <= len(digits) and sum(digits[: digits[0]]) == self.value

    def sigh(self, name: Callable[[int], str]) -> str:
        return sigh_line("XSum", self)


FAMILY = (XSum,)
