"""``candidates``: the true candidates of every cell (classic puzzles and every variant)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..variants.model import Variant, cell_name, classic
from . import app
from ._common import (
    AlphabetOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    emit_json,
    guarded,
    load,
)
from .variants import RuleOption, title, variant_input


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
    from ..variants.solve import candidates
    from ..variants.text import render_pencil

    items = variant_input(puzzles, rule, alphabet, order)
    if items is not None:
        from .variant_batch import honour

        why = "variant pencil marks print digits 1-9 and A-G"
        honour({"counts", "cap", "as_json"}, rule, {"alphabet": why})
    if items is None:
        items = [classic(p.n * p.n, p.grid, p.origin) for p in load(puzzles, alphabet, order)]
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


def count_lines(puzzle: Variant, counts: dict[tuple[int, int], int], cap: int) -> list[str]:
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
    puzzle: Variant,
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
