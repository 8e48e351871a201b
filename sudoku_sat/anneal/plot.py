"""The cost-level plot of an annealing trace (matplotlib, the optional ``plot`` extra).

matplotlib is imported only here, only when a plot is asked for, with the non-interactive
Agg backend so no display is needed; the file is written atomically.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ..errors import InputError, missing_extra
from ..files import atomic_path
from .results import Trace
from .trace import split_tries


def check_plotting(path: str | Path | None = None) -> None:
    """Raise now, before any long run, if matplotlib is missing (SolverError) or cannot
    write path's format (InputError: ``--plot p.txt`` would fail only after the run)."""
    if importlib.util.find_spec("matplotlib") is None:
        raise missing_extra("plotting (matplotlib)", "plot")
    if path is None:
        return
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    formats = FigureCanvasAgg.get_supported_filetypes()
    suffix = Path(path).suffix.lstrip(".").lower() or "png"
    if suffix not in formats:
        raise InputError(
            f"cannot draw a .{suffix} file; use one of: {', '.join(sorted(formats))}", str(path)
        )


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
