"""``show``: read puzzles in any format and print them in another."""

from __future__ import annotations

from typing import Annotated

import typer

from ..grid import clue_count
from . import app
from ._common import ALPHABET_HELP, ORDER_HELP, PUZZLES_HELP, GridFormat, guarded, load, show_grid


@app.command("show")
@guarded
def show_command(
    puzzles: Annotated[str, typer.Argument(help=PUZZLES_HELP)],
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="grid, line or numbers.")
    ] = GridFormat.grid,
    alphabet: Annotated[str | None, typer.Option(help=ALPHABET_HELP)] = None,
    order: Annotated[int | None, typer.Option(min=2, max=6, help=ORDER_HELP)] = None,
) -> None:
    """Print puzzles drawn with block separators, or convert them to another format."""
    for puzzle in load(puzzles, alphabet, order):
        if fmt is GridFormat.grid:
            typer.echo(
                f"# {puzzle.origin}: {puzzle.n**2}x{puzzle.n**2}, {clue_count(puzzle.grid)} clues"
            )
        typer.echo(show_grid(puzzle.grid, puzzle.n, fmt, alphabet))
