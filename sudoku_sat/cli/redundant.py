"""``redundant``: the givens and constraints a unique puzzle does not need
(``sudoku_sat.setting.redundant``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..files import atomic_write, check_writable
from . import app
from ._common import (
    AlphabetOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    guarded,
)
from .why import CheckOption, SvgOption, answer_all, exit_code, setting_input

if TYPE_CHECKING:
    from ..model.puzzle import Puzzle


@app.command("redundant")
@guarded
def redundant_command(
    puzzles: PuzzlesArg,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write each unique puzzle reduced to its minimal set as f-puzzles JSON, one "
            "line a puzzle (SudokuPad and f-puzzles open it). Written atomically.",
            metavar="FILE",
        ),
    ] = None,
    check: CheckOption = "auto",
    as_json: JsonOption = False,
    svg: SvgOption = None,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    rule: RuleOption = None,
    quiet: QuietOption = False,
) -> None:
    """Name the givens and constraints a unique puzzle can do without.

    Lists the members (givens and constraint instances) each of which can be removed
    alone with exactly one solution left, then one minimal set to keep: removing any
    one more member of it gives several solutions (givens are dropped first, then
    constraints in the puzzle's order). Every answer is confirmed by a second method before it
    is printed (exit 3 if they disagree). Exit codes are those of unique: 0 unique, 1
    several, 4 none, 2 bad input.
    """
    from ..setting.check import method_name
    from ..setting.redundant import redundant
    from ..variants.fpuzzles_write import dumps

    check_writable(svg)
    check_writable(output)
    items = setting_input(puzzles, rule, alphabet, order)
    method_name(items[0], check)

    def answer(puzzle: Puzzle) -> Any:
        return redundant(puzzle, check)

    answers = answer_all(items, answer, as_json, svg, quiet, "redundant")
    if output is not None:
        lines = [dumps(a.reduced) + "\n" for a in answers if a.reduced is not None]
        atomic_write(output, lambda fp: fp.writelines(lines))
    raise typer.Exit(exit_code(answers))
