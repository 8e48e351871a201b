"""Markdown tables: the one renderer every command's tables go through, and compare's two
tables (per puzzle, per dataset). Rendering lives in the CLI; the library returns data."""

from __future__ import annotations

from collections.abc import Sequence

from ..lab.compare import EngineSummary, PuzzleComparison


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An aligned Markdown table."""
    cells = [[str(h) for h in headers], *[[str(v) for v in row] for row in rows]]
    widths = [max(len(r[k]) for r in cells) for k in range(len(headers))]
    lines = [
        "| " + " | ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) + " |" for r in cells
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _opt(value: float | int | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def puzzle_table(comparison: PuzzleComparison) -> str:
    """The per-puzzle table."""
    headers = ("engine", "status", "filled", "literals", "ms", "decisions", "conflicts", "agrees")
    rows = [
        (
            r.engine,
            r.status,
            r.filled,
            r.literals,
            f"{1000 * r.seconds:.3f}",
            _opt(r.decisions, "d"),
            _opt(r.conflicts, "d"),
            "yes" if r.agrees else "NO",
        )
        for r in comparison.rows
    ]
    return markdown_table(headers, rows)


def summary_table(summaries: Sequence[EngineSummary]) -> str:
    """The dataset summary as a Markdown table."""
    headers = (
        "engine",
        "puzzles",
        "solved",
        "solved %",
        "partial",
        "unsat",
        "mean ms",
        "p95 ms",
        "mean filled",
        "mean decisions",
        "mean conflicts",
        "disagree",
    )
    rows = [
        (
            s.engine,
            s.puzzles,
            s.solved,
            f"{s.solved_pct:.2f}",
            s.partial,
            s.unsat,
            f"{1000 * s.mean_seconds:.3f}",
            f"{1000 * s.p95_seconds:.3f}",
            f"{s.mean_filled:.1f}",
            _opt(s.mean_decisions, ".1f"),
            _opt(s.mean_conflicts, ".1f"),
            s.disagreements,
        )
        for s in summaries
    ]
    return markdown_table(headers, rows)
