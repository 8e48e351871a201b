"""What the constraints that pair cells holding equal digits share (not a family: no
``FAMILY``): palindromes and clones. A subclass says which pairs (``pairs``); the clauses
x(a,d) ↔ x(c,d) for every digit d, the CP-SAT statement and the direct check are here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint

if TYPE_CHECKING:
    from ...model.builder import Builder


class EqualPairs(Constraint):
    """Pairs of cells that hold the same digit."""

    def pairs(self) -> Iterator[tuple[int, int]]:
        raise NotImplementedError

    def clauses(self, b: Builder) -> list[Clause]:
        n, out = b.n, []
        for a, c in self.pairs():  # x(a,d) = N*a + d, as b.x numbers it
            out += [[-a * n - d, c * n + d] for d in range(1, n + 1)]
            out += [[a * n + d, -c * n - d] for d in range(1, n + 1)]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c in self.pairs():
            m.Add(x[a] == x[c])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(grid[a] == grid[c] for a, c in self.pairs())
