"""``show``: read puzzles in any format and print them in another."""

from __future__ import annotations

from typing import Annotated

import typer

from ..grid import clue_count
from . import app
from ._common import AlphabetOption, GridFormat, OrderOption, PuzzlesArg, guarded, load, show_grid


@app.command("show")
@guarded
def show_command(
    puzzles: PuzzlesArg,
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="grid, line or numbers.")
    ] = GridFormat.grid,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
) -> None:
    """Print puzzles drawn with block separators, or convert them to another format."""
    for puzzle in load(puzzles, alphabet, order):
        if fmt is GridFormat.grid:
            typer.echo(
                f"# {puzzle.origin}: {puzzle.n**2}x{puzzle.n**2}, {clue_count(puzzle.grid)} clues"
            )
        typer.echo(show_grid(puzzle.grid, puzzle.n, fmt, alphabet))
