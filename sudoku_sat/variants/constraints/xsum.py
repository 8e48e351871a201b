"""X-sums (f-puzzles ``xsum``): a number outside the grid beside a row or column is the
sum of the first X cells of that row or column read from the clue's side, X being the
digit in the first of them (so the first cell counts itself).

Shape: ``"xsum": [{"cell": "R0C3", "value": "20"}, ...]``, the cell one step outside the
grid on any side (row 0 or N+1 for a column, column 0 or N+1 for a row); an empty value
is passed over. Sources: f-puzzles' constraint list and its solver add-on (rangsk's
SudokuSolver, ``XSumConstraint``: the line reversed for a clue below or on the right),
SudokuPad's f-puzzles import (``xsum`` among the outside clues) and sigh's solver
(``.XSum~R3~FROM_LEFT~FROM_RIGHT``). Any size: X runs over 1..N.

Clauses. The first cell's digit d selects the sum of the first d cells: x(first, d)
guards "the next d-1 cells hold one of the sets of d-1 digits other than d that sum to
value-d" (``outside.guarded_sets``; the cells of a line all differ). A digit d with no
such set is ruled out of the first cell by one unit clause (a clue of 1 or of N(N+1)/2
fixes the first cell at once). No other encoding was measured: the X-sum puzzles of the
tests take 2 to 12 ms each (CPU, counting to 3 in one session).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause
from ..outside import LineClue, sigh_line
from ..sum_forms import encoding, total_is

if TYPE_CHECKING:
    from ...model.builder import Builder


@dataclass(frozen=True)
class XSum(LineClue):
    """The first X cells from the clue sum to value, X the first cell's digit."""

    key = "xsum"

    sum_encoding = "combos"
    rule = "x-sum"
    sigh_names = ("XSum",)

    def clauses(self, b: Builder) -> list[Clause]:
        return list(self._clauses(b))

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        first, how = self.line[0], encoding(b, self.sum_encoding)
        for d in b.digits():
            pool = tuple(e for e in b.digits() if e != d)
            yield from total_is(b, self.line[1:d], self.value - d, how, b.x(first, d), pool, True)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """One Boolean per digit d of the first cell, enforcing the sum of d cells."""
        first = x[self.line[0]]
        for d in range(1, n + 1):
            is_d = m.NewBoolVar("")
            m.Add(first == d).OnlyEnforceIf(is_d)
            m.Add(first != d).OnlyEnforceIf(is_d.Not())
            m.Add(sum(x[c] for c in self.line[:d]) == self.value).OnlyEnforceIf(is_d)

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        return sum(digits[: digits[0]])

    def sigh(self, name: Callable[[int], str]) -> str:
        return sigh_line("XSum", self)


FAMILY = (XSum,)
