"""Renban lines (f-puzzles ``renban``): the digits on a line are all different and form a
set of consecutive digits, in any order.

Shape: ``"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]``, one or more paths of
neighbouring cells per item, as f-puzzles writes it (the f-puzzles solver add-on's
``FPuzzlesLines`` interface, dclamage/SudokuVariantSolverJS, reads ``renban`` this way;
SudokuPad's f-puzzles import draws it as a purple line). sigh: ``.Renban~R1C1~R1C2``.

Clauses, for a line of L cells on N digits: the window of L consecutive digits the line
holds (lo..lo+L-1, lo = 1..N-L+1) in the order encoding, at(v) "lo >= v" for v = 2..N-L+1
(at(v+1) -> at(v)); a cell's digit d bounds it, d-L+1 <= lo <= d (two binary clauses);
each digit of window v is on some line cell when lo = v (at(v), not at(v+1)); the line's
cells all different where they share no row, column or region (the units say it
elsewhere). Unit propagation narrows the window as digits are placed or removed, as the
window selectors did (one selector per window, its digits' exclusions): 2,512 clauses a
real puzzle then, 908 now, 3.5 -> 1.9 ms a puzzle (CPU, ``Session.unique``). Any size: a
line longer than N has no window and no solution.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..sum_forms import distinct
from ._line import Line, never

if TYPE_CHECKING:
    from ...model.builder import Builder


@dataclass(frozen=True)
class Renban(Line):
    """A line of different, consecutive digits."""

    key = "renban"
    rule = "renban"
    colour = "#F067F0"
    sigh_name = "Renban"
    sigh_names = ("Renban",)
    any_shape = True
    from_zero = True

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """Different and consecutive at every step (a made line grows by one more)."""
        return len(set(digits)) == len(digits) == max(digits) - min(digits) + 1

    def clauses(self, b: Builder) -> list[Clause]:
        k, n = len(self.line), b.n
        if k > n:
            return never(b)
        # at[v]: the window starts at v or later (v = 2..N-k+1); at[1] true, at[N-k+2] false
        at = {v: b.fresh() for v in range(2, n - k + 2)}
        out: list[Clause] = [[-at[v + 1], at[v]] for v in range(2, n - k + 1)]

        for c in self.line:
            for d in b.digits():
                if d - k + 1 in at:  # the window starts at d-k+1 or later
                    out.append([-b.x(c, d), at[d - k + 1]])
                if d + 1 in at:  # and at d at the latest
                    out.append([-b.x(c, d), -at[d + 1]])
        for v in range(1, n - k + 2):  # the window v..v+k-1: each of its digits on the line
            chosen = ([-at[v]] if v in at else []) + ([at[v + 1]] if v + 1 in at else [])
            out += [[*chosen, *(b.x(c, d) for c in self.line)] for d in range(v, v + k)]
        for a, c in combinations(self.line, 2):
            if not distinct(b, (a, c)):  # cells sharing a unit differ anyway
                out += [[-b.x(a, d), -b.x(c, d)] for d in b.digits()]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        cells = [x[c] for c in self.line]
        m.AddAllDifferent(cells)
        hi, lo = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
        m.AddMaxEquality(hi, cells)
        m.AddMinEquality(lo, cells)
        m.Add(hi - lo == len(cells) - 1)

    def holds(self, grid: Grid, n: int) -> bool:
        digits = sorted(grid[c] for c in self.line)
        return digits == list(range(digits[0], digits[0] + len(digits)))


FAMILY = (Renban,)
