"""``candidates``: the true candidates of every cell (classic puzzles and every variant)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..model.geometry import cell_name
from ..result import Candidates
from . import app
from ._common import (
    AlphabetOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    emit_json,
    guarded,
    load,
)
from ._shown import show_pencil, title


@app.command("candidates")
@guarded
def candidates_command(
    puzzles: PuzzlesArg,
    counts: Annotated[
        bool, typer.Option("--counts", help="Also count the solutions using each candidate.")
    ] = False,
    cap: Annotated[
        int, typer.Option(min=1, help="With --counts: stop counting at K.", metavar="K")
    ] = 100,
    as_json: JsonOption = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    rule: RuleOption = None,
    quiet: QuietOption = False,
) -> None:
    """The true candidates of every cell: the digits it holds in at least one solution.

    Drawn as pencil marks, one small box of digits per cell ('.' for a digit no solution
    puts there). With --counts, how many solutions (up to --cap) use each candidate. A
    puzzle with no solution prints so and makes the exit code 1. Reads classic grids and
    f-puzzles JSON or links, like unique.
    """
    from ..jobs.candidates import candidates

    items = load(puzzles, alphabet, order, rule)
    records, unsolvable = [], 0
    for k, puzzle in enumerate(items, 1):
        found = candidates(puzzle, cap if counts else None)
        unsolvable += not found.solvable
        if as_json:
            records.append(record(k, puzzle.origin, found))
            continue
        what = f"true candidates ({found.calls} solver calls)" if found.solvable else "no solution"
        typer.echo(title(k, len(items), puzzle, what))
        if found.solvable:
            typer.echo(show_pencil(puzzle, found.digits, alphabet))
        if found.counts is not None:
            for line in count_lines(found, cap):
                typer.echo(line)
    finish(records, unsolvable, len(items), as_json)


def finish(records: list[dict[str, Any]], unsolvable: int, total: int, as_json: bool) -> None:
    """The JSON array when asked for; exit code 1 when a puzzle has no solution."""
    if as_json:
        emit_json(records)
    if unsolvable:
        typer.echo(f"{unsolvable} of {total} puzzle(s) have no solution", err=True)
        raise typer.Exit(1)


def count_lines(found: Candidates, cap: int) -> list[str]:
    """One line per unfilled cell: R1C1: 1x3 2x>=100 ..."""
    lines = []
    for cell, digits in enumerate(found.digits):
        mine = [(d, (found.counts or {}).get((cell, d), 0)) for d in digits]
        if len(mine) > 1:
            shown = " ".join(f"{d}x{'>=' if n >= cap else ''}{n}" for d, n in mine)
            lines.append(f"{cell_name(found.size, cell)}: {shown}")
    return lines


def record(k: int, origin: str, found: Candidates) -> dict[str, Any]:
    """One puzzle's candidates for --json: per cell name its digits (and counts)."""
    out: dict[str, Any] = {"index": k, "origin": origin, "solvable": found.solvable}
    names = [cell_name(found.size, c) for c in range(found.size * found.size)]
    out["candidates"] = {name: list(d) for name, d in zip(names, found.digits, strict=True)}
    if found.counts is not None:
        out["counts"] = {name: {} for name in names}
        for (cell, d), n in sorted(found.counts.items()):
            out["counts"][names[cell]][str(d)] = n
    return out
