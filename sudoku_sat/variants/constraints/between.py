"""Between lines (f-puzzles ``betweenline``) and lockout lines (``lockout``): two ends,
drawn as circles (between) or diamonds (lockout), and the cells between them on the line.

- between: every middle cell's digit lies strictly between the two ends' digits (either
  end may be the larger). A line of two cells has no middle and says nothing, as in the
  f-puzzles solver add-on (BetweenLineConstraint.ts).
- lockout: the ends differ by at least the lockout difference, and no middle cell holds a
  digit between the ends' digits or equal to one: each lies below both or above both.
  The difference is the item's ``value`` when written, else ⌊N/2⌋ as the add-on does
  (LockoutConstraint.ts): 4 at 9x9, the usual rule, 3 at 6x6, 2 at 4x4.

Shape: ``"betweenline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]``, ``"lockout":
[{"lines": [[...]], "value": "4"}]`` (``value`` optional), as f-puzzles writes them (the
add-on's FPuzzlesInterfaces.ts, dclamage/SudokuVariantSolverJS, and SudokuPad's f-puzzles
import). sigh: ``.Between~R1C1~...``, ``.Lockout~4~R1C1~...``.

Clauses: a direction literal u (first end < last end) with the ends' order under u and
under ¬u, and per middle cell the bounds each end's digit puts on it (ternary clauses
u ∧ x(a,d) → ¬x(m,e)) plus their supports (a middle digit e under u needs a first end
below e and a last end above it). Lockout: per middle cell a literal "below both ends"
(else above both), each end's digit bounding the cell under it, no direction needed;
the ends' distance under u and ¬u with supports both ways. Both: the ends' distance also
pair by pair (binary clauses), and a middle cell never equal to an end. Lockout adds,
per middle cell, ¬x(a,d) ∨ ¬x(z,f) ∨ ¬x(m,e) for e strictly between d and f (about
N³/6 clauses a cell): with both ends placed, unit propagation strikes the whole range at
once, which the "below" literal alone would leave to a case split.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..drawing import Canvas
from ._line import DifferenceLine, Line, end_circles, end_diamonds

if TYPE_CHECKING:
    from ..builder import Builder


def _order(b: Builder, u: int, lo: int, hi: int, gap: int) -> list[Clause]:
    """Under u: hi's digit ≥ lo's digit + gap, with supports both ways."""
    out: list[Clause] = []
    for d in b.digits():
        out.append([-u, -b.x(lo, d)] + [b.x(hi, e) for e in b.digits() if e >= d + gap])
        out.append([-u, -b.x(hi, d)] + [b.x(lo, e) for e in b.digits() if e <= d - gap])
    return out


def _apart(b: Builder, a: int, z: int, gap: int) -> list[Clause]:
    """The two ends' digits at least gap apart, pair by pair (so that one end's digit
    strikes the other's near digits at once, whichever end is the larger)."""
    return [[-b.x(a, d), -b.x(z, e)] for d in b.digits() for e in b.digits() if abs(d - e) < gap]


def _not_ends(b: Builder, m: int, ends: tuple[int, int]) -> list[Clause]:
    """A middle cell never holds an end's digit."""
    return [[-b.x(end, d), -b.x(m, d)] for end in ends for d in b.digits()]


@dataclass(frozen=True)
class Between(Line):
    """Middle digits strictly between the ends' digits."""

    key = "betweenline"
    rule = "between"
    colour = "#aaa"
    sigh_name = "Between"

    def clauses(self, b: Builder) -> list[Clause]:
        a, z, middle = self.line[0], self.line[-1], self.line[1:-1]
        if not middle:
            return []
        u = b.fresh()
        out = _order(b, u, a, z, 2) + _order(b, -u, z, a, 2) + _apart(b, a, z, 2)
        for m in middle:
            out += [[-b.x(m, 1)], [-b.x(m, b.n)]] + _not_ends(b, m, (a, z))
            for s, lo, hi in ((u, a, z), (-u, z, a)):
                out += _order(b, s, lo, m, 1) + _order(b, s, m, hi, 1)
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        a, z = x[self.line[0]], x[self.line[-1]]
        if len(self.line) < 3:
            return
        u = m.NewBoolVar("")
        for c in self.line[1:-1]:
            m.Add(a < x[c]).OnlyEnforceIf(u)
            m.Add(x[c] < z).OnlyEnforceIf(u)
            m.Add(a > x[c]).OnlyEnforceIf(u.Not())
            m.Add(x[c] > z).OnlyEnforceIf(u.Not())

    def holds(self, grid: Grid, n: int) -> bool:
        lo, hi = sorted((grid[self.line[0]], grid[self.line[-1]]))
        return all(lo < grid[c] < hi for c in self.line[1:-1])

    def draw(self, canvas: Canvas) -> list[str]:
        return super().draw(canvas) + end_circles(canvas, self.line, "#888")


@dataclass(frozen=True)
class Lockout(DifferenceLine):
    """Ends at least the difference apart, middle digits outside the ends' range."""

    key = "lockout"
    rule = "lockout"
    colour = "#9DB8E0"
    sigh_name = "Lockout"

    @classmethod
    def default(cls, size: int) -> int:
        return size // 2

    def clauses(self, b: Builder) -> list[Clause]:
        a, z, v = self.line[0], self.line[-1], self.difference
        u = b.fresh()
        out = _order(b, u, a, z, v) + _order(b, -u, z, a, v) + _apart(b, a, z, v)
        for m in self.line[1:-1]:
            below = b.fresh()
            for end in (a, z):
                out += _order(b, below, m, end, 1) + _order(b, -below, end, m, 1)
            out += _not_ends(b, m, (a, z))
            out += [
                [-b.x(a, d), -b.x(z, f), -b.x(m, e)]
                for d in b.digits()
                for f in b.digits()
                if abs(d - f) >= v
                for e in range(min(d, f) + 1, max(d, f))
            ]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        a, z, v = x[self.line[0]], x[self.line[-1]], self.difference
        u = m.NewBoolVar("")
        m.Add(z - a >= v).OnlyEnforceIf(u)
        m.Add(a - z >= v).OnlyEnforceIf(u.Not())
        for c in self.line[1:-1]:
            below = m.NewBoolVar("")
            for end in (a, z):
                m.Add(x[c] < end).OnlyEnforceIf(below)
                m.Add(x[c] > end).OnlyEnforceIf(below.Not())

    def holds(self, grid: Grid, n: int) -> bool:
        lo, hi = sorted((grid[self.line[0]], grid[self.line[-1]]))
        middle = (grid[c] for c in self.line[1:-1])
        return hi - lo >= self.difference and all(not lo <= d <= hi for d in middle)

    def draw(self, canvas: Canvas) -> list[str]:
        return super().draw(canvas) + end_diamonds(canvas, self.line, "#667")

    def sigh(self, name: Callable[[int], str]) -> str:
        cells = "~".join(name(c) for c in self.line)
        return f".Lockout~{self.difference}~{cells}"


FAMILY = (Between, Lockout)
