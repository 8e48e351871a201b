"""What every solving path returns: a :class:`SolveResult` (UNSAT is a result, not an error)."""

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
