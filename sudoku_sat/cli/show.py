"""``show``: read puzzles in any format and print them in another."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..grid import clue_count
from ..model.puzzle import Puzzle
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    guarded,
    load,
    show_grid,
)
from .variant_batch import honour
from .variants import RuleOption, show_variants, variant_input


@app.command("show")
@guarded
def show_command(
    puzzles: PuzzlesArg,
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="grid, line, numbers or fpuzzles.")
    ] = GridFormat.grid,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    rule: RuleOption = None,
    svg: Annotated[
        Path | None, typer.Option(help="Variant puzzles: write an SVG drawing to this file.")
    ] = None,
    quiet: QuietOption = False,
) -> None:
    """Print puzzles drawn with block separators, or convert them to another format."""
    variants = variant_input(puzzles, rule, alphabet, order)
    if variants is not None:
        honour({"fmt", "alphabet", "svg"}, rule)
    if variants is not None or svg is not None:
        if variants is None:
            variants = [
                Puzzle(p.n * p.n, p.grid, p.origin) for p in load(puzzles, alphabet, order)
            ]
        return show_variants(variants, fmt.value, svg, alphabet)
    for puzzle in load(puzzles, alphabet, order):
        if fmt is GridFormat.grid:
            typer.echo(
                f"# {puzzle.origin}: {puzzle.n**2}x{puzzle.n**2}, {clue_count(puzzle.grid)} clues"
            )
        typer.echo(show_grid(puzzle.grid, puzzle.n, fmt, alphabet))
