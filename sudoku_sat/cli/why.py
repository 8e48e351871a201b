"""``why``: after "none", "several" or "unique", what the setter asks next
(``sudoku_sat.setting.why``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..files import atomic_write, check_writable, read_text
from ..methods import CONFIRM
from . import app
from ._common import (
    AlphabetOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    emit_json,
    fail,
    guarded,
    method_option,
    progress,
)

if TYPE_CHECKING:
    from ..model.puzzle import Puzzle

EXIT = {"unique": 0, "several": 1, "none": 4}
"""The exit codes of ``unique``: several 1, none 4 (4 wins over 1)."""
CHECK_HELP = (
    "the second method, which confirms every answer on a variant: auto (the production "
    "CNF on MiniSat 2.2; a classic grid's answers are confirmed by the in-house "
    "exact-cover search) or cpsat (OR-tools CP-SAT, the 'variants' extra; 1-2 s to load)."
)
CheckOption = Annotated[str, method_option(CONFIRM, CHECK_HELP)]
SvgOption = Annotated[
    Path | None,
    typer.Option(
        help="Also draw the answer on the puzzle as SVG (one puzzle only). Written atomically."
    ),
]


def setting_input(
    path: str, rule: list[str] | None, alphabet: str | None, order: int | None
) -> list[Puzzle]:
    """Every puzzle of path (grids in every format, f-puzzles JSON and links)."""
    from ..jobs.reading import parse_puzzles

    text, source = read_text(path)
    return parse_puzzles(text, source, alphabet, order, rule)


def answer_all(
    puzzles: list[Puzzle],
    answer: Callable[[Puzzle], Any],
    as_json: bool,
    svg: Path | None,
    quiet: bool,
    label: str,
) -> list[Any]:
    """Answer every puzzle, print each answer (text as it comes, or one JSON array at the
    end), draw the one puzzle's answer to svg; the answers."""
    if svg is not None and len(puzzles) != 1:
        raise fail(f"--svg draws one puzzle; the input holds {len(puzzles)}")
    answers = []
    for k, puzzle in enumerate(progress(puzzles, len(puzzles), label, quiet), 1):
        answers.append(answer(puzzle))
        if not as_json:
            if len(puzzles) > 1:
                typer.echo(f"puzzle {k} ({puzzle.origin})")
            typer.echo("\n".join(answers[-1].lines()))
    if as_json:
        emit_json(
            [
                {"index": k, "origin": p.origin, **a.record()}
                for k, (p, a) in enumerate(zip(puzzles, answers, strict=True), 1)
            ]
        )
    if svg is not None:
        text = answers[0].svg()
        atomic_write(svg, lambda fp: fp.write(text))
    return answers


def exit_code(answers: list[Any]) -> int:
    """unique's exit code for the verdicts: 4 if one has none, else 1 if several, else 0."""
    return max(EXIT[a.verdict] for a in answers)


@app.command("why")
@guarded
def why_command(
    puzzles: PuzzlesArg,
    smallest: Annotated[
        bool,
        typer.Option(
            "--smallest",
            help="none: the smallest set with no solution, when proved so within --timeout; "
            "otherwise a minimal one (the answer says which).",
        ),
    ] = False,
    timeout: Annotated[
        float, typer.Option(min=0.001, help="Seconds --smallest may search.", metavar="SECONDS")
    ] = 10.0,
    needed: Annotated[
        bool,
        typer.Option(
            "--needed", help="unique: also name the members without which it has several solutions."
        ),
    ] = False,
    limit: Annotated[
        int | None,
        typer.Option(
            min=1, help="several: list the first K givens that would make it unique.", metavar="K"
        ),
    ] = None,
    equal: Annotated[
        bool,
        typer.Option("--equal", help="several: also the pairs of cells equal in every solution."),
    ] = False,
    equal_cap: Annotated[
        int, typer.Option(min=1, help="At most K pairs of equal cells.", metavar="K")
    ] = 100,
    check: CheckOption = "auto",
    as_json: JsonOption = False,
    svg: SvgOption = None,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    rule: RuleOption = None,
    quiet: QuietOption = False,
) -> None:
    """Say why a puzzle has no solution, several, or one.

    none: a minimal set of givens and constraints with no solution of its own, every
    member needed, each named as a setter reads it ("killer cage 21 at r1c1-r1c3",
    "given 7 at r4c5", "anti-knight"). several: two solutions, the cells where they
    differ, and every given (cell and digit) that alone would make the puzzle unique.
    unique: says so (--needed: the givens and constraints it needs). Every answer is
    confirmed by a second method before it is printed (exit 3 if they disagree). Exit
    codes are those of unique: 0 unique, 1 several, 4 none, 2 bad input.
    """
    from ..setting.check import method_name
    from ..setting.why import why

    check_writable(svg)
    items = setting_input(puzzles, rule, alphabet, order)
    method_name(items[0], check)

    def answer(puzzle: Puzzle) -> Any:
        return why(puzzle, smallest, timeout, needed, limit, equal, equal_cap, check)

    answers = answer_all(items, answer, as_json, svg, quiet, "why")
    raise typer.Exit(exit_code(answers))
