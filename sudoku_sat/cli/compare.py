"""``compare``: in-house UP and FL against CDCL solvers, per puzzle or over a dataset."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from ..compare import (
    PuzzleComparison,
    compare_all,
    failed_checks,
    pick,
    puzzle_table,
    summarize,
    summary_json,
    summary_table,
)
from ..errors import SudokuSatError
from ..files import atomic_write, check_writable
from ..gridio import Puzzle
from . import app
from ._common import (
    PUZZLES_HELP,
    AlphabetOption,
    OrderOption,
    QuietOption,
    emit_json,
    guarded,
    load,
    progress,
)

SOLVERS_HELP = (
    "PySAT solvers to compare, comma-separated (m22, g4, cd19, mc, lgl, ...); "
    "'none' for the in-house engines alone."
)


def solver_list(text: str) -> list[str]:
    """The names of a --solvers value."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    return [] if names == ["none"] else names


@app.command("compare")
@guarded
def compare_command(
    puzzles: Annotated[
        str | None,
        typer.Argument(
            help=PUZZLES_HELP + " With --dataset and --json: the JSON output file instead."
        ),
    ] = None,
    dataset: Annotated[
        str | None,
        typer.Option(help="Puzzle file to summarize instead of per-puzzle tables."),
    ] = None,
    solvers: Annotated[str, typer.Option(help=SOLVERS_HELP)] = "m22,g4,cd19",
    limit: Annotated[
        int | None, typer.Option(min=1, help="With --dataset: a random sample of K puzzles.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the --limit sample.")] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes.")] = 1,
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
            help="JSON instead of tables; with --dataset, '--json OUT' writes the "
            "summary to OUT (atomically) and '--json' alone prints it.",
        ),
    ] = False,
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
    names = solver_list(solvers)
    if dataset is None:
        if puzzles is None:
            raise SudokuSatError("give a PUZZLES file, or --dataset FILE")
        items = load(puzzles, alphabet, order)
        per_puzzle(items, compare_all(items, names, check, jobs), as_json, quiet)
        return
    if puzzles is not None and not as_json:
        raise SudokuSatError("give either PUZZLES or --dataset FILE, not both")
    out = puzzles  # with --dataset and --json, PUZZLES names the output file
    if out is not None and Path(out).resolve() == Path(dataset).resolve():
        raise SudokuSatError(f"{out}: the JSON output would overwrite the --dataset file")
    check_writable(out)
    everything = load(dataset, alphabet, order)
    items = pick(everything, limit, seed)
    results = compare_all(items, names, check, jobs)
    comparisons = list(progress(results, len(items), "comparing", quiet))
    sampled = len(items) < len(everything)
    sample = f" (random sample of {len(everything)}, seed {seed})" if sampled else ""
    over_dataset(f"{dataset}: {len(items)} puzzles{sample}", dataset, comparisons, out, as_json)


def report_checks(comparisons: list[PuzzleComparison]) -> None:
    """Print the failed checks on stderr and exit 1 if any."""
    failed = failed_checks(comparisons)
    for origin, check in failed[:20]:
        typer.echo(f"check failed: {origin}: {check.name}: {check.detail}", err=True)
    if failed:
        raise typer.Exit(1)
    ran = sum(len(c.checks) for c in comparisons)
    if ran:
        typer.echo(f"cross-checks: {ran} on {len(comparisons)} puzzle(s), all passed", err=True)


def per_puzzle(
    items: list[Puzzle], results: Iterator[PuzzleComparison], as_json: bool, quiet: bool
) -> None:
    """One table per puzzle as soon as it is done, or a JSON array at the end."""
    comparisons: list[PuzzleComparison] = []
    for c in progress(results, len(items), "comparing", quiet or len(items) < 20):
        comparisons.append(c)
        if not as_json:
            typer.echo(
                f"# {c.index}/{len(items)} {c.origin}: {c.clues} clues, reference: {c.reference}"
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
    elif as_json:
        emit_json(data)
    if not as_json or out is not None:
        typer.echo(heading)
        typer.echo(summary_table(summaries))
    report_checks(comparisons)
