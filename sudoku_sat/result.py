"""What every solving path returns: a :class:`SolveResult` (UNSAT is a result, not an error),
and :class:`Candidates`, the true candidates of a puzzle, whichever engine found them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .grid import Grid

Status = Literal["solved", "unsat", "partial", "unknown", "crashed"]
"""solved; unsat (no solution); partial (an engine stopped with cells open); unknown
(timeout); crashed (a solver binary crashed or answered nonsense on this puzzle)."""


@dataclass(frozen=True)
class SolveResult:
    """What a solver made of one puzzle: status, the grid as far as filled, time, stats."""

    status: Status
    grid: Grid
    seconds: float
    solver: str
    stats: dict[str, Any] = field(default_factory=dict)
    detail: str = ""


@dataclass(frozen=True)
class Candidates:
    """True candidates: per cell the digits of some solution; counts when asked for.

    ``digits[cell]``: the digits that some solution puts in the cell (all empty when the
    puzzle has no solution, ``solvable`` False); ``counts[(cell, digit)]``: how many
    solutions (up to ``cap``) put the digit there, when asked for; ``calls``: how many
    questions a SAT solver was asked."""

    size: int
    digits: tuple[tuple[int, ...], ...]
    counts: dict[tuple[int, int], int] | None
    cap: int | None
    solvable: bool
    calls: int
