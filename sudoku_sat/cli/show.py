"""``show``: read puzzles in any format and print them in another, or draw one."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from ..files import atomic_write, check_writable
from ..grid import clue_count
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    guarded,
    load,
)
from ._shown import puzzle_text, title, writable_in


@app.command("show")
@guarded
def show_command(
    puzzles: PuzzlesArg,
    fmt: Annotated[
        GridFormat,
        typer.Option(
            "--format",
            help="grid, line, numbers, fpuzzles or sigh (a sigh constraint string a puzzle, "
            "its rules and givens).",
        ),
    ] = GridFormat.grid,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    rule: RuleOption = None,
    svg: Annotated[
        Path | None,
        typer.Option(
            help="Write an SVG drawing of the puzzle (one) to this file, its rules "
            "drawn as setters draw them; any order."
        ),
    ] = None,
    quiet: QuietOption = False,
) -> None:
    """Print puzzles drawn with block separators, or convert them to another format."""
    items = load(puzzles, alphabet, order, rule, prints=True)
    if svg is not None:
        if len(items) > 1:
            raise InputError(f"{len(items)} puzzles: --svg draws one", str(svg))
        check_writable(svg)
        drawing = items[0].svg()
        atomic_write(svg, lambda fp: fp.write(drawing))
        return
    writable_in(fmt, ((p.size, p.origin) for p in items))
    for k, p in enumerate(items, 1):
        if fmt is GridFormat.grid:
            typer.echo(title(k, len(items), p, f"{clue_count(p.grid)} givens"))
        typer.echo(puzzle_text(p, fmt, alphabet))
