"""``compare``: in-house UP and FL against CDCL solvers, per puzzle or over a dataset."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from ..batch import Executor
from ..errors import SudokuSatError
from ..files import atomic_write, check_writable
from ..gridio import Puzzle
from ..lab.cdcl import Plan, split_methods
from ..lab.compare import (
    CompareTask,
    PuzzleComparison,
    compare_items,
    failed_checks,
    pick,
    summarize,
    summary_json,
)
from ..sat.pysat import check_pysat_name
from . import app
from ._common import (
    CONNECT_TIMEOUT,
    PUZZLES_HELP,
    AlphabetOption,
    ConnectTimeoutOption,
    JobsOption,
    OrderOption,
    QuietOption,
    SchedulerOption,
    batch_results,
    emit_json,
    guarded,
    load,
    open_batch,
)
from ._encoding_options import AmoName, AmoOption, encoding_list
from ._lab import classic_only
from ._tables import puzzle_table, summary_table
from .encodings import METHODS_HELP, report

COMPARE_HELP = (
    "The CDCL solvers set beside the in-house up and fl, comma-separated: pysat:NAME "
    "(m22, g4, cd19, mc, lgl, ...), or 'none' for the in-house engines alone. With "
    "--encodings, as the 'encodings' command: " + METHODS_HELP
)


@app.command("compare")
@guarded
def compare_command(
    puzzles: Annotated[
        str | None,
        typer.Argument(help=PUZZLES_HELP),
    ] = None,
    dataset: Annotated[
        str | None,
        typer.Option(help="Puzzle file to summarize instead of per-puzzle tables."),
    ] = None,
    methods: Annotated[
        str, typer.Option("--methods", metavar="METHODS", help=COMPARE_HELP)
    ] = "pysat:m22,pysat:g4,pysat:cd19",
    limit: Annotated[
        int | None, typer.Option(min=1, help="With --dataset: a random sample of K puzzles.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the --limit sample.")] = 0,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Cross-check every puzzle against PySAT (UP, FL, entailment, CDCL "
            "model); exit 1 when one fails.",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="JSON on stdout instead of tables (with --dataset: the summary).",
        ),
    ] = False,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="With --dataset: also write the summary as JSON to FILE (atomically).",
        ),
    ] = None,
    encodings: Annotated[
        str | None,
        typer.Option(
            help="CDCL per encoding instead (as the 'encodings' command): comma-separated "
            "encodings; each of --methods runs on each."
        ),
    ] = None,
    amo: AmoOption = AmoName.pairwise,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Compare the in-house UP and FL engines with CDCL solvers.

    'compare PUZZLES' prints one table per puzzle: rows up, fl and each solver;
    columns status, cells filled, literals assigned, time, CDCL decisions and
    conflicts (accum_stats), agreement with the reference solution.
    'compare --dataset FILE' prints the summary: % solved by each engine, mean and
    p95 time per puzzle, with a progress bar on stderr.
    """
    solvers, binaries, levels = split_methods(methods)
    if encodings is not None:
        plan = Plan(
            encoding_list(encodings, amo.value), amo.value, solvers, binaries, levels=levels
        )
        plan.check()
        source = dataset if dataset is not None else puzzles
        if source is None:
            raise SudokuSatError("give a PUZZLES file, or --dataset FILE")
        classic_only(source, "compare")
        everything = load(source, alphabet, order)
        items = pick(everything, limit, seed) if dataset is not None else everything
        report(items, plan, source, quiet, as_json)
        return
    if binaries or set(levels) - {"up", "fl"}:
        raise SudokuSatError(
            "--methods: without --encodings, compare sets PySAT solvers beside up and fl"
        )
    names = list(solvers)
    if dataset is None:
        if puzzles is None:
            raise SudokuSatError("give a PUZZLES file, or --dataset FILE")
        classic_only(puzzles, "compare")
        items = load(puzzles, alphabet, order)
        with open_batch(jobs, scheduler, connect_timeout) as executor:
            results = compared(executor, items, names, check, quiet or len(items) < 20)
            per_puzzle(items, results, as_json)
        return
    if puzzles is not None:
        raise SudokuSatError("give either PUZZLES or --dataset FILE, not both")
    out = output
    if out is not None and Path(out).resolve() == Path(dataset).resolve():
        raise SudokuSatError(f"{out}: the JSON output would overwrite the --dataset file")
    check_writable(out)
    classic_only(dataset, "compare")
    everything = load(dataset, alphabet, order)
    items = pick(everything, limit, seed)
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        comparisons = list(compared(executor, items, names, check, quiet))
    sampled = len(items) < len(everything)
    sample = f" (random sample of {len(everything)}, seed {seed})" if sampled else ""
    over_dataset(f"{dataset}: {len(items)} puzzles{sample}", dataset, comparisons, out, as_json)


def report_checks(comparisons: list[PuzzleComparison]) -> None:
    """Print the failed checks and rejected file solutions on stderr; exit 1 if any."""
    failed = failed_checks(comparisons)
    for origin, check in failed[:20]:
        typer.echo(f"check failed: {origin}: {check.name}: {check.detail}", err=True)
    rejected = [c for c in comparisons if c.rejected]
    for c in rejected[:20]:
        typer.echo(f"wrong solution in the file: {c.origin}: {c.rejected}", err=True)
    if failed or rejected:
        raise typer.Exit(1)
    ran = sum(len(c.checks) for c in comparisons)
    if ran:
        typer.echo(f"cross-checks: {ran} on {len(comparisons)} puzzle(s), all passed", err=True)


def compared(
    executor: Executor, items: list[Puzzle], names: list[str], check: bool, quiet: bool
) -> Iterator[PuzzleComparison]:
    """Every puzzle compared on executor, in order, with a progress bar unless quiet; the
    solver names are checked here, before any work."""
    for name in names:
        check_pysat_name(name)
    task = CompareTask(tuple(names), check)
    return batch_results(executor, task, compare_items(items), "comparing", quiet)


def per_puzzle(items: list[Puzzle], results: Iterator[PuzzleComparison], as_json: bool) -> None:
    """One table per puzzle as soon as it is done, or a JSON array at the end."""
    comparisons: list[PuzzleComparison] = []
    for c in results:
        comparisons.append(c)
        if not as_json:
            rejected = f" (the file's solution is wrong: {c.rejected})" if c.rejected else ""
            typer.echo(
                f"# {c.index}/{len(items)} {c.origin}: {c.clues} clues, "
                f"reference: {c.reference}{rejected}"
            )
            typer.echo(puzzle_table(c))
            for chk in c.checks:
                typer.echo(f"check {chk.line()}")
            typer.echo("")
    if as_json:
        emit_json([c.as_dict() for c in comparisons])
    report_checks(comparisons)


def over_dataset(
    heading: str, path: str, comparisons: list[PuzzleComparison], out: str | None, as_json: bool
) -> None:
    """The summary: written to out, printed as JSON, or printed as a table under heading."""
    summaries = summarize(comparisons)
    data = summary_json(summaries, path, len(failed_checks(comparisons)))
    if out is not None:
        atomic_write(out, lambda fp: fp.write(json.dumps(data, indent=2) + "\n"))
    if as_json:
        emit_json(data)
    else:
        typer.echo(heading)
        typer.echo(summary_table(summaries))
    report_checks(comparisons)
