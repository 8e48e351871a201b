"""``rate``: each puzzle's level on the propagation ladder, and a score within it."""

from __future__ import annotations

from collections import Counter
from typing import Annotated

import typer

from ..difficulty.rating import LEVELS, SCORE_UNITS, Rating
from ..jobs.difficulty import RateJob, rate_items
from ..variants.text import puzzle_value
from . import app
from ._common import (
    CONNECT_TIMEOUT,
    AlphabetOption,
    ConnectTimeoutOption,
    GridFormat,
    JobsOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    SchedulerOption,
    batch_results,
    emit_json,
    exit_if_any,
    guarded,
    load,
    open_batch,
    show_solution,
)


def verdict(rating: Rating) -> str:
    """``fl (621 probes)``, or why the puzzle is not rated."""
    if rating.status == "unsat":
        return "not rated: no solution"
    if rating.status == "multiple":
        return "not rated: several solutions"
    assert rating.level is not None
    return f"{rating.level} ({rating.score} {SCORE_UNITS[rating.level]})"


def summary(ratings: list[Rating]) -> str:
    """One line: how many puzzles at each level, then the unrated ones."""
    counts = Counter(r.level or r.status for r in ratings)
    keys = [*LEVELS, "unsat", "multiple"]
    return "# " + ", ".join(f"{key} {counts[key]}" for key in keys if counts[key])


@app.command("rate")
@guarded
def rate_command(
    puzzles: PuzzlesArg,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON array: puzzle, status, level, score.")
    ] = False,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Rate puzzles by the weakest rung of the propagation ladder that solves them.

    Ladder, weakest first: singles (unit propagation on the Centrale encoding: naked
    and hidden singles), locked (plus locked candidates), fl, fl2, fl3 (the
    failed-literal rule at depth 1, 2, 3), search (none of them). The score orders
    puzzles within a level: the cells the rung below leaves open (for singles, the
    empty cells). Puzzles with no solution or several are reported, not rated
    (exit code 1). Prints one line per puzzle, then a '#' summary line. Variant puzzles
    (f-puzzles input) climb the same ladder on their own CNF (docs/variants.md).
    """
    items = load(puzzles, alphabet, order, rule)
    ratings: list[Rating] = []
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        rated = batch_results(executor, RateJob(), rate_items(items), "rating", quiet)
        for p, r in zip(items, rated, strict=True):
            ratings.append(r)
            if not as_json:  # streamed: each line as soon as it and those before are done
                typer.echo(f"{show_solution(p, p.grid, GridFormat.line, alphabet)}  {verdict(r)}")
    if as_json:
        emit_json(
            [
                {
                    "index": i,
                    "origin": p.origin,
                    "rules": p.rules,
                    "puzzle": puzzle_value(p),
                    **r.as_dict(),
                }
                for i, (p, r) in enumerate(zip(items, ratings, strict=True), 1)
            ]
        )
    else:
        typer.echo(summary(ratings))
    unrated = sum(1 for r in ratings if r.status != "rated")
    exit_if_any(unrated, len(ratings), "not rated (no solution or several)")
