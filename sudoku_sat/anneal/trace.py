"""Annealing traces to CSV: cost and temperature per level, written atomically; and the
thinning of long traces for plots (:mod:`.plot` draws them).

:class:`TraceStream` writes the rows of each try as soon as it ends (the CLI's
``--trace``), so memory holds one try's trace, not the whole run's (the README's Sirdey
example kept 2.8 GB for a 577 MB CSV); it keeps only the first puzzle's tries, thinned
to MAX_POINTS each, for the plot.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from ..files import atomic_path, atomic_write
from .results import Trace, TryResult

MAX_POINTS = 20_000
"""Points drawn per try: longer traces are thinned evenly (the CSV keeps every row)."""


def write_trace_csv(path: str | Path, traces: Sequence[tuple[str, Trace]]) -> int:
    """Write ``puzzle,try,level,cost,temperature`` rows; returns the number of rows."""
    rows = [
        (label, k, level, c, temp)
        for label, trace in traces
        for k, level, c, temp in zip(
            trace.tries, trace.levels, trace.costs, trace.temperatures, strict=True
        )
    ]

    def writer(fp: IO[str]) -> None:
        out = csv.writer(fp, lineterminator="\n")
        out.writerow(["puzzle", "try", "level", "cost", "temperature"])
        out.writerows((label, k, level, c, repr(temp)) for label, k, level, c, temp in rows)

    atomic_write(path, writer)
    return len(rows)


def split_tries(trace: Trace) -> dict[int, tuple[list[int], list[int], list[float]]]:
    """Levels, costs and temperatures of each try, thinned to MAX_POINTS."""
    out: dict[int, tuple[list[int], list[int], list[float]]] = {}
    for k, level, c, temp in zip(
        trace.tries, trace.levels, trace.costs, trace.temperatures, strict=True
    ):
        levels, costs, temps = out.setdefault(k, ([], [], []))
        levels.append(level)
        costs.append(c)
        temps.append(temp)
    for k, (levels, costs, temps) in out.items():
        step = -(-len(levels) // MAX_POINTS)  # ceiling: at most MAX_POINTS points
        out[k] = (levels[::step], costs[::step], temps[::step])
    return out


class TraceStream:
    """Trace rows written try by try to a CSV (atomically: renamed into place at the end).

    ``path`` None writes nothing; ``keep_first`` keeps the first puzzle's tries, thinned,
    for the plot (:meth:`first_trace`).
    """

    HEADER = ("puzzle", "try", "level", "cost", "temperature")

    def __init__(self, path: str | Path | None, keep_first: bool = False, every: int = 1):
        self.path = path
        self.keep_first = keep_first
        self.every = every
        self.rows = 0
        self.first_label: str | None = None
        self._first: list[tuple[int, int, int, float]] = []
        self._stack = ExitStack()
        self._writer: Any = None

    def __enter__(self) -> TraceStream:
        if self.path is not None:
            tmp = self._stack.enter_context(atomic_path(self.path))
            fp = self._stack.enter_context(tmp.open("w", encoding="utf-8"))
            self._writer = csv.writer(fp, lineterminator="\n")
            self._writer.writerow(self.HEADER)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stack.__exit__(kind, exc, tb)

    def add(self, label: str, k: int, result: TryResult) -> None:
        """Write try k of the puzzle labelled label; keep it if it is the first puzzle's."""
        rows = zip(result.trace_levels, result.trace_costs, result.trace_temps, strict=True)
        if self._writer is not None:
            self._writer.writerows((label, k, level, c, repr(temp)) for level, c, temp in rows)
            self.rows += len(result.trace_levels)
        if self.first_label is None:
            self.first_label = label
        if self.keep_first and label == self.first_label:
            step = -(-len(result.trace_levels) // MAX_POINTS) or 1
            self._first += [
                (k, level, c, temp)
                for level, c, temp in list(
                    zip(result.trace_levels, result.trace_costs, result.trace_temps, strict=True)
                )[::step]
            ]

    def first_trace(self) -> Trace | None:
        """The first puzzle's tries (thinned), or None when none was kept."""
        if not self._first:
            return None
        tries, levels, costs, temps = zip(*self._first, strict=True)
        return Trace(tries, levels, costs, temps, self.every)
