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

Clauses, on the cells' order literals ge(c,k) "c ≥ k" (``b.ge``: in a session the
skeleton's, else made for the line's cells; lines in a session are a few dozen short
clauses, where the direct encoding's thousands of long ones cost 3.2 ms a real puzzle):
- between: low(k) ⇐ ge(a,k) ∧ ge(z,k) (the smaller end ≥ k) and high(k) ⇒ ge(a,k) ∨
  ge(z,k) (the larger end ≥ k), and per middle cell low(k) → ge(m,k+1), ge(m,k) →
  high(k+1), and 1 and N never in the middle (assumed in a session): no direction to
  guess, and a middle digit bounds both ends at once (m = 5 gives ¬low(5): an end ≤ 4,
  and high(6): an end ≥ 6); 3.2 -> 0.75 ms a real puzzle (CPU, session).
- lockout: a direction literal u (first end < last end), the ends' distance under u and
  ¬u (lo ≥ k → hi ≥ k + v), and per middle cell, under u, x(m,e) → ge(a,e+1) ∨
  ¬ge(z,e) (a digit in the ends' range is out), and the same under ¬u; the distance
  pair by pair too (binary clauses), and a middle cell never equal to an end. With both
  ends placed, unit propagation strikes the whole range between them at once (the
  former N³/6 ternary clauses a middle cell did it too): 6.3 -> 1.9 ms a real puzzle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.drawing import Canvas
from ._line import DifferenceLine, Line, end_circles, end_diamonds

if TYPE_CHECKING:
    from ...model.builder import Builder


def _at_least(b: Builder, unless: int, lo: int, hi: int, gap: int) -> list[Clause]:
    """Unless the literal ``unless`` holds: hi's digit ≥ lo's digit + gap, on the order
    literals (``b.ge``): lo ≥ k → hi ≥ k + gap for each k, N - gap + 1 clauses of at most
    three literals, which carry both cells' bounds either way."""
    n = b.n
    if gap >= n:
        return [[unless]]
    low, high = b.orders_of(lo), b.orders_of(hi)
    out = [[unless, high[1 + gap]]]
    out += [[unless, -low[k], high[k + gap]] for k in range(2, n - gap + 1)]
    return [*out, [unless, -low[n - gap + 1]]]


def _apart(b: Builder, a: int, z: int, gap: int) -> list[Clause]:
    """The two ends' digits at least gap apart, pair by pair (so that one end's digit
    strikes the other's near digits at once, whichever end is the larger)."""
    return [[-b.x(a, d), -b.x(z, e)] for d in b.digits() for e in b.digits() if abs(d - e) < gap]


def _not_ends(b: Builder, m: int, ends: tuple[int, int]) -> list[Clause]:
    """A middle cell never holds an end's digit."""
    return [[-b.x(end, d), -b.x(m, d)] for end in ends for d in b.digits()]


def _outside(b: Builder, guard: int, m: int, lo: int, hi: int) -> list[Clause]:
    """Under guard (lo's digit below hi's): m's digit e is below lo's or above hi's,
    x(m,e) → lo ≥ e + 1 ∨ hi ≤ e - 1: with both ends placed, unit propagation strikes
    the whole range between them at once."""
    n, out = b.n, []
    for e in b.digits():
        clause = [-guard, -b.x(m, e)]
        if e < n:
            clause.append(b.ge(lo, e + 1))
        if e > 1:
            clause.append(-b.ge(hi, e))
        out.append(clause)
    return out


@dataclass(frozen=True)
class Between(Line):
    """Middle digits strictly between the ends' digits."""

    key = "betweenline"
    rule = "between"
    orders = True
    colour = "#aaa"
    sigh_name = "Between"
    sigh_names = ("Between",)
    any_shape = True
    from_zero = True

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """Every later digit on one side of the first end."""
        first, rest = digits[0], digits[1:]
        return all(d > first for d in rest) or all(d < first for d in rest)

    def clauses(self, b: Builder) -> list[Clause]:
        a, z, middle = self.line[0], self.line[-1], self.line[1:-1]
        if not middle:
            return []
        n, first, last = b.n, b.orders_of(a), b.orders_of(z)
        low = [0, 0, *(b.fresh() for _ in range(2, n + 1))]  # the smaller end ≥ k
        high = [0, 0, *(b.fresh() for _ in range(2, n + 1))]  # the larger end ≥ k
        out = [[-first[k], -last[k], low[k]] for k in range(2, n + 1)]
        out += [[-high[k], first[k], last[k]] for k in range(2, n + 1)]
        out.append([-low[n]])
        for m in middle:
            mid = b.orders_of(m)
            out += b.facts([-b.x(m, 1), -b.x(m, n)])
            out += [[-low[k], mid[k + 1]] for k in range(2, n)]
            out += [[-mid[k], high[k + 1]] for k in range(2, n)]
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
    orders = True
    colour = "#9DB8E0"
    sigh_name = "Lockout"
    sigh_names = ("Lockout",)
    any_shape = True
    from_zero = True

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """Some digit for the far end leaves the middle digits so far outside the ends."""
        a, middle, v = digits[0], digits[1:-1], cls.default(n)
        return any(
            abs(a - z) >= v and not any(min(a, z) <= d <= max(a, z) for d in middle)
            for z in range(1, n + 1)
        )

    @classmethod
    def default(cls, size: int) -> int:
        return size // 2

    def clauses(self, b: Builder) -> list[Clause]:
        a, z, v = self.line[0], self.line[-1], self.difference
        u = b.fresh()
        out = _at_least(b, -u, a, z, v) + _at_least(b, u, z, a, v) + _apart(b, a, z, v)
        for m in self.line[1:-1]:
            out += _not_ends(b, m, (a, z)) + _outside(b, u, m, a, z) + _outside(b, -u, m, z, a)
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
