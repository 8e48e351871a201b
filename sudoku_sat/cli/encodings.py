"""``encodings``: CDCL per encoding, the same puzzles through PySAT solvers and solver
binaries once per encoding (time, conflicts, agreement), optionally beside the in-house
ladder levels."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

import typer

from ..errors import SudokuSatError
from ..gridio import Puzzle
from ..lab.cdcl import EncodingSummary, Plan, run_all, split_methods, summarize
from ..lab.compare import pick
from . import app
from ._common import (
    PUZZLES_HELP,
    AlphabetOption,
    JsonOption,
    OrderOption,
    QuietOption,
    SampleSeedOption,
    emit_json,
    guarded,
    load,
    progress,
)
from ._encoding_options import AmoName, AmoOption, encoding_list
from ._tables import markdown_table

METHODS_HELP = (
    "Who runs on each encoding, comma-separated: pysat:NAME (a PySAT solver, which holds "
    "the rules and takes the clues as assumptions), bin:NAME (a solver binary, given the "
    "whole formula), up, fl, fl2 ... fl9 (in-house ladder levels; a fixpoint with open "
    "cells counts as unknown)."
)


@app.command("encodings")
@guarded
def encodings_command(
    puzzles: Annotated[str | None, typer.Argument(help=PUZZLES_HELP + " Or use --dataset.")] = None,
    dataset: Annotated[
        str | None, typer.Option(help="Puzzle file to sample with --limit and --seed.")
    ] = None,
    encodings: Annotated[
        str, typer.Option(help="Encodings, comma-separated.")
    ] = "minimal,natural,extended,augmented,reduced",
    amo: AmoOption = AmoName.pairwise,
    methods: Annotated[
        str, typer.Option("--methods", metavar="METHODS", help=METHODS_HELP)
    ] = "pysat:m22,bin:cadical",
    limit: Annotated[
        int | None, typer.Option(min=1, help="With --dataset: a random sample of K puzzles.")
    ] = None,
    seed: SampleSeedOption = 0,
    timeout: Annotated[
        float | None, typer.Option(min=0.001, help="Seconds per solver call.")
    ] = None,
    as_json: JsonOption = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """CDCL per encoding: puzzles/s, mean conflicts and disagreements of each PySAT
    solver and solver binary on each encoding (docs/encodings.md).

    PySAT solvers hold an encoding's rules once and take the clues as assumptions (the
    solve call is timed; reduced loads a fresh solver per puzzle); binaries get the
    whole formula as DIMACS (process wall time). Exit 1 when a run disagrees with the
    reference (minisat 2.2 on the extended encoding). Levels in --methods add in-house rows
    (propagation time; solved, unsat, or unknown for a fixpoint with open cells).
    """
    solvers, binaries, levels = split_methods(methods)
    plan = Plan(encoding_list(encodings, amo.value), amo.value, solvers, binaries, timeout, levels)
    plan.check()
    source = dataset if dataset is not None else puzzles
    if source is None or (dataset is not None and puzzles is not None):
        raise SudokuSatError("give either a PUZZLES file or --dataset FILE")
    from ._lab import classic_only

    classic_only(source, "encodings")
    everything = load(source, alphabet, order)
    items = pick(everything, limit, seed) if dataset is not None else everything
    report(items, plan, source, quiet, as_json)


def report(items: list[Puzzle], plan: Plan, source: str, quiet: bool, as_json: bool) -> None:
    """Run the plan and print one row per (encoding, solver), as a table or JSON."""
    runs = list(progress(run_all(items, plan), len(items) * plan.runs(), "solving", quiet))
    summaries = summarize(runs, items, plan.amo)
    if as_json:
        data = {
            "source": source,
            "puzzles": len(items),
            "summaries": [asdict(s) for s in summaries],
        }
        emit_json(data)
    else:
        typer.echo(f"{source}: {len(items)} puzzles, at-most-one {plan.amo}")
        typer.echo(encoding_table(summaries))
    wrong = sum(s.disagreements for s in summaries)
    if wrong:
        typer.echo(f"{wrong} run(s) disagree with the reference", err=True)
        raise typer.Exit(1)


def encoding_table(summaries: list[EncodingSummary]) -> str:
    """The summaries as a Markdown table."""
    headers = (
        "encoding",
        "solver",
        "clauses",
        "variables",
        "puzzles",
        "solved",
        "unsat",
        "unknown",
        "mean ms",
        "puzzles/s",
        "mean conflicts",
        "disagree",
    )
    rows = [
        (
            s.encoding,
            s.solver,
            f"{s.clauses:,.1f}",
            f"{s.variables:,}",
            s.puzzles,
            s.solved,
            s.unsat,
            s.unknown,
            f"{1000 * s.mean_seconds:.3f}",
            f"{s.puzzles_per_second:,.1f}",
            "-" if s.mean_conflicts is None else f"{s.mean_conflicts:.1f}",
            s.disagreements,
        )
        for s in summaries
    ]
    return markdown_table(headers, rows)
