"""``show``: read puzzles in any format and print them in another."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from ..files import atomic_write, check_writable
from ..grid import clue_count
from ..gridio import Puzzle
from ..gridsvg import draw_grid
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
    writable_in,
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
        return show_variants(variants, fmt.value, svg, alphabet)
    loaded = load(puzzles, alphabet, order)
    if svg is not None:
        return draw_classic(loaded, svg)
    writable_in(fmt, ((p.n, p.origin) for p in loaded))
    for puzzle in loaded:
        if fmt is GridFormat.grid:
            typer.echo(
                f"# {puzzle.origin}: {puzzle.n**2}x{puzzle.n**2}, {clue_count(puzzle.grid)} clues"
            )
        typer.echo(show_grid(puzzle.grid, puzzle.n, fmt, alphabet))


def draw_classic(puzzles: list[Puzzle], svg: Path) -> None:
    """``show --svg`` on a classic grid, at every order: the drawing the API shows
    (``Puzzle._repr_svg_``: ``gridsvg.draw_grid``)."""
    if len(puzzles) > 1:
        raise InputError(f"{len(puzzles)} puzzles: --svg draws one", str(svg))
    check_writable(svg)
    drawing = draw_grid(puzzles[0].grid, puzzles[0].n)
    atomic_write(svg, lambda fp: fp.write(drawing))
