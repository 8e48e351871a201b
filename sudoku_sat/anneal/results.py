"""What a try and a run of tries return, and the cost/temperature trace they record."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..grid import Grid

TRACE_ROWS = 4_000_000
"""Trace rows kept per try at most (a full 16x16 paper try has ~75 M levels)."""


@dataclass(frozen=True)
class Trace:
    """Cost and temperature at the end of every ``every``-th level of every try."""

    tries: tuple[int, ...]
    levels: tuple[int, ...]
    costs: tuple[int, ...]
    temperatures: tuple[float, ...]
    every: int = 1


@dataclass
class TraceRows:
    """One try's trace being recorded: every ``every``-th level, TRACE_ROWS at most."""

    every: int
    levels: list[int] = field(default_factory=list)
    costs: list[int] = field(default_factory=list)
    temps: list[float] = field(default_factory=list)

    def add(self, level: int, c: int, temp: float) -> None:
        """Record the level's cost and temperature if it is one to keep."""
        if self.every and level % self.every == 0 and len(self.levels) < TRACE_ROWS:
            self.levels.append(level)
            self.costs.append(c)
            self.temps.append(temp)

    def rows(self) -> tuple[list[int], list[int], list[float]]:
        """Levels, costs and temperatures, as TryResult takes them."""
        return self.levels, self.costs, self.temps


@dataclass(frozen=True)
class TryResult:
    """One try: final cost, best cost and grid, moves and levels made, its trace."""

    cost: int
    best_cost: int
    best_grid: Grid
    iterations: int
    levels: int
    trace_levels: list[int] = field(default_factory=list)
    trace_costs: list[int] = field(default_factory=list)
    trace_temps: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class AnnealResult:
    """A run of tries: the solution (None when every try failed) and what it cost."""

    solution: Grid | None
    tries: int
    iterations: int
    seconds: float
    best_cost: int
    best_grid: Grid
    variant: str = "swap"
    backend: str = "python"
    seed: int = 0
    levels: int = 0
    trace: Trace | None = None


def make_trace(results: list[TryResult], every: int) -> Trace:
    """The traces of tries 1, 2, ... as one Trace."""
    rows = [
        (k, level, c, temp)
        for k, r in enumerate(results, start=1)
        for level, c, temp in zip(r.trace_levels, r.trace_costs, r.trace_temps, strict=True)
    ]
    if not rows:
        return Trace((), (), (), (), every)
    tries, levels, costs, temps = zip(*rows, strict=True)
    return Trace(tries, levels, costs, temps, every)
