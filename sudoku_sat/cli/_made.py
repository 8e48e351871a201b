"""How ``generate`` and ``minimize`` print the puzzles they make: one line that reads back
(a grid, or f-puzzles JSON when the puzzle has rules), a drawn grid, a ``--stats`` line,
or a ``--json`` record."""

from __future__ import annotations

from collections.abc import Iterator

import typer

from ..grid import Grid
from ..model.puzzle import Puzzle
from ..puzzles.maker import Made
from ._common import GridFormat, emit_json
from ._shown import puzzle_text, show_solution


def verdict_text(made: Made) -> str:
    """How the independent check went, in words."""
    if made.verdict is None:
        return "not made"
    unique = "unique" if made.verdict.unique else "NOT UNIQUE"
    minimal = "minimal" if made.verdict.minimal else "NOT MINIMAL"
    return f"{unique} and {minimal} (checked by {made.verdict.method})"


def stats_line(made: Made, total: int) -> str:
    """The --stats comment line of one puzzle."""
    head = f"# {made.index + 1}/{total}:"
    if made.puzzle is None:
        return f"{head} failed: {made.detail}"
    return f"{head} {made.clues} clues, {made.seconds:.3f} s, {verdict_text(made)}"


def record(made: Made, seed: int, origins: list[str] | None = None) -> dict[str, object]:
    """One puzzle for --json (index from 1; minimize: the origin of the puzzle given):
    the puzzle as a line, or as an f-puzzles object when it has rules."""
    from ..variants.text import puzzle_value

    verdict = made.verdict
    where = {"origin": origins[made.index]} if origins is not None else {}
    p = made.made()
    return {
        "index": made.index + 1,
        **where,
        "seed": seed,
        "puzzle": None if p is None else puzzle_value(p),
        "solution": None if p is None or p.solution is None else format_any(p.solution, p),
        "clues": made.clues,
        "seconds": round(made.seconds, 6),
        "unique": verdict.unique if verdict else None,
        "minimal": verdict.minimal if verdict else None,
        "verified_by": verdict.method if verdict else None,
        "detail": made.detail,
        "stats": made.stats,
    }


def emit(
    results: Iterator[Made],
    total: int,
    seed: int,
    fmt: GridFormat,
    stats: bool,
    as_json: bool,
    alphabet: str | None,
    origins: list[str] | None = None,
) -> int:
    """Print every result; the number of failures."""
    failures, records = 0, []
    for made in results:
        failures += not made.ok
        if as_json:
            records.append(record(made, seed, origins))
            continue
        if stats or made.puzzle is None:
            typer.echo(stats_line(made, total), err=made.puzzle is None)
        p = made.made(origins[made.index] if origins else "generated")
        if p is not None:
            typer.echo(shown(p, fmt, alphabet))
    if as_json:
        emit_json(records)
    return failures


def shown(p: Puzzle, fmt: GridFormat, alphabet: str | None) -> str:
    """A puzzle made: one line that reads back (its grid, or f-puzzles JSON when it has
    rules; a sigh string, ``--format sigh``), or drawn with a blank line after it."""
    from ..variants.text import puzzle_line

    if fmt is GridFormat.line:
        return puzzle_line(p, alphabet)
    if fmt is GridFormat.sigh:
        return puzzle_text(p, fmt)
    return show_solution(p, p.grid, fmt, alphabet) + "\n"


def format_any(grid: Grid, p: Puzzle) -> str:
    """A solution as one line."""
    return show_solution(p, grid, GridFormat.line)
