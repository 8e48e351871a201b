"""``census``: every grid and every clue set of 4x4 Sudoku, counted by the EUP engine."""

from __future__ import annotations

from typing import Annotated

import typer

from ..accel import numba_installed
from ..puzzles.census import Census, census
from . import app
from ._common import JsonOption, QuietOption, emit_json, guarded, stderr


def census_record(result: Census) -> dict[str, object]:
    """The census as one JSON object."""
    return {
        "order": result.order,
        "grids": result.grids,
        "unique_clue_sets": result.unique_clue_sets,
        "minimal_puzzles": result.minimal,
        "minimal_by_clues": {str(k): v for k, v in result.minimal_by_clues.items()},
        "classes": result.classes,
        "grids_per_class": result.per_class,
        "backend": result.backend,
        "seconds": round(result.seconds, 3),
    }


def census_lines(result: Census) -> list[str]:
    """The census as text."""
    size = result.order**2
    lines = [
        f"{size}x{size} census (EUP engine, {result.backend}, {result.seconds:.1f} s)",
        f"grids: {result.grids}",
        f"uniquely solvable clue sets: {result.unique_clue_sets}",
        f"minimal puzzles: {result.minimal}",
    ]
    lines += [f"  with {k} clues: {v}" for k, v in result.minimal_by_clues.items()]
    return lines


@app.command("census")
@guarded
def census_command(
    order: Annotated[
        int, typer.Option("--order", "-n", min=2, max=2, help="Box side n: only 2 (4x4).")
    ] = 2,
    as_json: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Count every 4x4 grid, its uniquely solvable clue sets and its minimal puzzles.

    Computed, not looked up: the engine lists the grids, then counts the solutions of
    all 65,536 clue sets of one grid per value relabeling class (x 24). Takes seconds
    with numba (the 'fast' extra), a few minutes in pure Python.
    """
    if not numba_installed() and not quiet:
        stderr.print("numba not installed: the census runs in pure Python (minutes)")
    result = census(order)
    if as_json:
        emit_json(census_record(result))
        return
    for line in census_lines(result):
        typer.echo(line)
