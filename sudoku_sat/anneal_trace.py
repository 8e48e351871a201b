"""Annealing traces to files: cost and temperature per level as CSV, and a cost-level plot.

Both files are written atomically (temp file beside the target, then rename). matplotlib
is the optional ``plot`` extra: imported only here, only when a plot is asked for, with the
non-interactive Agg backend so no display is needed.
"""

from __future__ import annotations

import csv
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from .annealing import Trace
from .errors import SolverError
from .files import atomic_path, atomic_write

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


def check_plotting() -> None:
    """Raise SolverError now, before any long run, if matplotlib is not installed."""
    if importlib.util.find_spec("matplotlib") is None:
        raise SolverError("matplotlib not installed: pip install 'sudoku-sat[plot]'")


def plot_trace(path: str | Path, trace: Trace, title: str, log_levels: bool = True) -> None:
    """Draw cost (left axis) and temperature (right, log) against level, one line per try.

    Levels on a log axis suit Sirdey's law (T ~ 1/level); a linear one shows reheats.
    """
    check_plotting()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 5), dpi=110)
    temp_ax = ax.twinx()
    for k, (levels, costs, temps) in sorted(split_tries(trace).items()):
        x = [level + 1 for level in levels]
        (line,) = ax.plot(x, costs, linewidth=0.8, label=f"try {k}: cost")
        temp_ax.plot(x, temps, linewidth=0.8, linestyle=":", alpha=0.6, color=line.get_color())
    if log_levels:
        ax.set_xscale("log")
    temp_ax.set_yscale("log")
    ax.set_xlabel("temperature level" + (" (log scale)" if log_levels else ""))
    ax.set_ylabel("cost c(w) (solid)")
    temp_ax.set_ylabel("temperature T (dotted, log scale)")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    save_figure(fig, Path(path))
    plt.close(fig)


def save_figure(fig: object, target: Path) -> None:
    """savefig to a temp file beside target, then rename it over target."""
    with atomic_path(target) as tmp:
        fig.savefig(tmp, format=target.suffix.lstrip(".") or "png")  # type: ignore[attr-defined]
