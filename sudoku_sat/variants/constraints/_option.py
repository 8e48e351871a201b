"""What the items of sigh's strings that are no rule of their own share (not a family:
no ``FAMILY``): an option or a hint kept only so that the puzzle is written back as it
was read (a search priority, a region size). No clauses, no CP-SAT statement, it holds
on every grid, nothing is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint

if TYPE_CHECKING:
    from ...model.builder import Builder


class Option(Constraint):
    """An item that says nothing of the solutions by itself."""

    def clauses(self, b: Builder) -> list[Clause]:
        return []

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        return None

    def holds(self, grid: Grid, n: int) -> bool:
        return True

    def draw(self, canvas: Any) -> list[str]:
        return []
