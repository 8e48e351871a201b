"""Non-consecutive (f-puzzles ``nonconsecutive``): orthogonal neighbours never hold
consecutive digits. f-puzzles stores "all white dots given" as this rule plus the dots,
so the pairs carrying a white dot are exempt (the f-puzzles solver add-on reads it as the
negative constraint for the difference of 1); ``settle`` finds them. Clauses: the banned
digit pairs of every other pair, in the skeleton. Its puzzles spend their time in the
search (``search``). sigh: ``.AntiConsecutive``. Nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Pair, in_shape, orthogonal_pairs
from ...model.reading import Reader
from ._global import GlobalRule
from .kropki import WhiteDot


@dataclass(frozen=True)
class NonConsecutive(GlobalRule):
    """Orthogonal neighbours differ by more than 1, but for the pairs in ``exempt``."""

    exempt: frozenset[Pair] = frozenset()
    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``): its pairs only."""
    key = "nonconsecutive"
    rule = "non-consecutive"
    search = True
    sigh_name = "AntiConsecutive"
    sigh_names = ("AntiConsecutive",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        found = super().read_sigh(name, args, reader)
        return [replace(c, shape=reader.shape) for c in found if isinstance(c, NonConsecutive)]

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        dots = frozenset(c.cells for c in others if isinstance(c, WhiteDot))
        return NonConsecutive(dots, self.shape)

    def pairs(self, n: int) -> list[Pair]:
        return [
            p for p in orthogonal_pairs(n) if p not in self.exempt and in_shape(n, self.shape, *p)
        ]

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
