"""Non-consecutive (f-puzzles ``nonconsecutive``): orthogonal neighbours never hold
consecutive digits. f-puzzles stores "all white dots given" as this rule plus the dots,
so the pairs carrying a white dot are exempt (the f-puzzles solver add-on reads it as the
negative constraint for the difference of 1); ``settle`` finds them. Clauses: the banned
digit pairs of every other pair, in the skeleton. Its puzzles spend their time in the
search (``search``). sigh: ``.AntiConsecutive``. Nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Pair, orthogonal_pairs
from ._global import GlobalRule
from .kropki import WhiteDot


@dataclass(frozen=True)
class NonConsecutive(GlobalRule):
    """Orthogonal neighbours differ by more than 1, but for the pairs in ``exempt``."""

    exempt: frozenset[Pair] = frozenset()
    key = "nonconsecutive"
    rule = "non-consecutive"
    search = True
    sigh_name = "AntiConsecutive"
    sigh_names = ("AntiConsecutive",)
    from_zero = True

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        return NonConsecutive(frozenset(c.cells for c in others if isinstance(c, WhiteDot)))

    def pairs(self, n: int) -> list[Pair]:
        return [p for p in orthogonal_pairs(n) if p not in self.exempt]

    def clauses(self, b: Builder) -> list[Clause]:
        x, near = b.x, range(1, b.n)
        out: list[Clause] = []
        for a, c in self.pairs(b.n):
            out += [[-x(a, d), -x(c, d + 1)] for d in near]
            out += [[-x(a, d + 1), -x(c, d)] for d in near]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        digits = range(1, n + 1)
        banned = [(d, e) for d in digits for e in digits if abs(d - e) == 1]
        for a, c in self.pairs(n):
            m.AddForbiddenAssignments([x[a], x[c]], banned)

    def holds(self, grid: Grid, n: int) -> bool:
        return all(abs(grid[a] - grid[c]) != 1 for a, c in self.pairs(n))

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (NonConsecutive,)
