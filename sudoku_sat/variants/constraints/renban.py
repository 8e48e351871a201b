"""Renban lines (f-puzzles ``renban``): the digits on a line are all different and form a
set of consecutive digits, in any order.

Shape: ``"renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]``, one or more paths of
neighbouring cells per item, as f-puzzles writes it (the f-puzzles solver add-on's
``FPuzzlesLines`` interface, dclamage/SudokuVariantSolverJS, reads ``renban`` this way;
SudokuPad's f-puzzles import draws it as a purple line). sigh: ``.Renban~R1C1~R1C2``.

Clauses, for a line of L cells on N digits: one selector per window of L consecutive
digits (lo..lo+L-1, lo = 1..N-L+1), at least one window; a window excludes every digit
outside it from every line cell and puts each of its digits on some line cell; a cell's
digit needs a window holding it; the line's cells all different. Unit propagation then
narrows the windows as digits are placed or removed. Any size: a line longer than N has
no window and no solution.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ._line import Line, never

if TYPE_CHECKING:
    from ..builder import Builder


@dataclass(frozen=True)
class Renban(Line):
    """A line of different, consecutive digits."""

    key = "renban"
    rule = "renban"
    colour = "#F067F0"
    sigh_name = "Renban"

    def clauses(self, b: Builder) -> list[Clause]:
        k = len(self.line)
        lows = range(1, b.n - k + 2)
        if not lows:
            return never(b)
        sel = {lo: b.fresh() for lo in lows}
        out: list[Clause] = [list(sel.values())]
        out += [[-u, -v] for u, v in combinations(sel.values(), 2)]
        for lo, s in sel.items():
            window = range(lo, lo + k)
            for d in b.digits():
                if d in window:
                    out.append([-s] + [b.x(c, d) for c in self.line])
                else:
                    out += [[-s, -b.x(c, d)] for c in self.line]
        for c in self.line:
            for d in b.digits():
                out.append([-b.x(c, d)] + [s for lo, s in sel.items() if lo <= d < lo + k])
        for a, c in combinations(self.line, 2):
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
