"""Anti-taxicab (key ``antitaxicab``, a key of this project: f-puzzles has none and
ignores it): a digit d is never at taxicab distance exactly d from another d, the
distance of two cells being the steps between them through orthogonal neighbours
(|rows apart| + |columns apart|). The meaning is sigh's AntiTaxicab (its
``taxicabCells``: the cells at distance exactly d).

sigh: ``.AntiTaxicab``. Clauses: ¬x(a,d) ∨ ¬x(c,d) for d the distance of a and c, for
each pair at most N apart that shares no row, column or region (the units say it there:
a pair in one row d apart never holds two d's anyway): at 9x9, 2,010 of the 2,820 pairs
at most 9 apart, one binary clause each. Nothing is drawn. On a shaped grid
(``Puzzle.rows``) the pairs inside its rows x cols; digits from 1 only, as sigh ("Anti-
Taxicab is incompatible with 0-based values": ``from_zero`` is False).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import in_shape, shares_unit
from ...model.reading import Reader
from ._global import GlobalRule
from .global_entropy import read_flag


@cache
def taxicab_pairs(n: int) -> tuple[tuple[int, int, int], ...]:
    """(a, c, d): cells a < c at taxicab distance d, 1 ≤ d ≤ n."""
    out = []
    for a in range(n * n):
        for c in range(a + 1, n * n):
            d = abs(a // n - c // n) + abs(a % n - c % n)
            if d <= n:
                out.append((a, c, d))
    return tuple(out)


@dataclass(frozen=True)
class AntiTaxicab(GlobalRule):
    """No digit d at taxicab distance d from another d."""

    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``): its pairs only."""
    key = "antitaxicab"
    rule = "anti-taxicab"
    sigh_name = "AntiTaxicab"
    sigh_names = ("AntiTaxicab",)
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return [replace(cls(), shape=reader.shape) for _ in read_flag(cls, name, args, reader)]

    def pairs(self, n: int) -> list[tuple[int, int, int]]:
        """(a, c, d) of :func:`taxicab_pairs`, both cells in the grid."""
        return [p for p in taxicab_pairs(n) if in_shape(n, self.shape, p[0], p[1])]

    def clauses(self, b: Builder) -> list[Clause]:
        n, regions = b.n, b.p.regions
        return [
            [-b.x(a, d), -b.x(c, d)]
            for a, c, d in self.pairs(n)
            if not shares_unit(n, regions, a, c)
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c, d in self.pairs(n):
            m.AddForbiddenAssignments([x[a], x[c]], [(d, d)])

    def holds(self, grid: Grid, n: int) -> bool:
        """Each cell against the cells its own digit away, walked from it."""
        rows, cols = self.shape if self.shape[0] else (n, n)
        for a in (r * n + c for r in range(rows) for c in range(cols)):
            r, c, d = a // n, a % n, grid[a]
            for dr in range(-d, d + 1):
                for dc in {d - abs(dr), abs(dr) - d}:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < rows and 0 <= cc < cols and grid[rr * n + cc] == d:
                        return False
        return True

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (AntiTaxicab,)
