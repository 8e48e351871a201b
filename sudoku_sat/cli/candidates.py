"""``candidates``: the true candidates of every cell (classic puzzles and every variant)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..model.geometry import cell_name
from ..model.puzzle import Puzzle
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
    title,
)


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
    from ..variants.text import render_pencil

    items = load(puzzles, alphabet, order, rule)
    records, unsolvable = [], 0
    for k, puzzle in enumerate(items, 1):
        found = candidates(puzzle, cap if counts else None)
        unsolvable += not found.solvable
        if as_json:
            records.append(record(k, puzzle, found.digits, found.counts, found.solvable))
            continue
        what = f"true candidates ({found.calls} solver calls)" if found.solvable else "no solution"
        typer.echo(title(k, len(items), puzzle, what))
        if found.solvable:
            typer.echo(render_pencil(puzzle, found.digits))
        if found.counts is not None:
            for line in count_lines(puzzle, found.counts, cap):
                typer.echo(line)
    if as_json:
        emit_json(records)
    if unsolvable:
        typer.echo(f"{unsolvable} of {len(items)} puzzle(s) have no solution", err=True)
        raise typer.Exit(1)


def count_lines(puzzle: Puzzle, counts: dict[tuple[int, int], int], cap: int) -> list[str]:
    """One line per unfilled cell: R1C1: 1x3 2x>=100 ..."""
    lines = []
    for cell in range(puzzle.ncells):
        mine = sorted((d, n) for (c, d), n in counts.items() if c == cell)
        if len(mine) > 1:
            shown = " ".join(f"{d}x{'>=' if n >= cap else ''}{n}" for d, n in mine)
            lines.append(f"{cell_name(puzzle.size, cell)}: {shown}")
    return lines


def record(
    k: int,
    puzzle: Puzzle,
    digits: tuple[tuple[int, ...], ...],
    counts: dict[tuple[int, int], int] | None,
    solvable: bool,
) -> dict[str, Any]:
    """One puzzle's candidates for --json: per cell name its digits (and counts)."""
    out: dict[str, Any] = {"index": k, "origin": puzzle.origin, "solvable": solvable}
    out["candidates"] = {cell_name(puzzle.size, c): list(d) for c, d in enumerate(digits)}
    if counts is not None:
        out["counts"] = {
            cell_name(puzzle.size, c): {str(d): n for (cc, d), n in counts.items() if cc == c}
            for c in range(puzzle.ncells)
        }
    return out
