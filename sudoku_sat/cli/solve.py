"""``solve``: puzzles through the method ``--method`` names: the compiled EUP engine (the
default at 9x9 and 16x16), a PySAT solver, a solver binary or an in-house engine."""

from __future__ import annotations

from typing import Annotated

import typer

from ..batch.items import pack_all
from ..engines.registry import describe_engines
from ..errors import SolverError
from ..gridio import Puzzle, format_any_line
from ..methods import SOLVE
from ..puzzles.solving import plan_method
from ..result import SolveResult
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
    SchedulerOption,
    batch_results,
    emit_json,
    exit_if_any,
    guarded,
    load,
    method_option,
    open_batch,
    show_grid,
    writable_in,
)
from ._encoding_options import AmoName, AmoOption, EncodingName, EncodingOption
from .variant_batch import Batch, honour, solve_variants
from .variants import RuleOption, variant_input


def result_json(index: int, puzzle: Puzzle, result: SolveResult) -> dict[str, object]:
    """One puzzle's result for --json."""
    return {
        "index": index,
        "origin": puzzle.origin,
        "status": result.status,
        "solution": format_any_line(result.grid, puzzle.n) if result.status != "unsat" else None,
        "solver": result.solver,
        "seconds": round(result.seconds, 6),
        "stats": result.stats,
        "detail": result.detail,
    }


@app.command("solve")
@guarded
def solve_command(
    puzzles: PuzzlesArg,
    method: Annotated[
        str,
        method_option(
            SOLVE,
            "auto: at 9x9 and 16x16 the compiled EUP engine (numba installed, no "
            "--timeout; the first 9x9 puzzles of a run in pure Python), else pysat:m22 "
            "below 25x25, from 25x25 up propagation + candidate-only CNF + CaDiCaL "
            "(docs/large.md); pysat:NAME: a PySAT solver by its short name (m22, g4, "
            "cd19, mc, lgl, ...; pysat alone is m22); bin:NAME: a solver binary on PATH "
            "(minisat, cadical, picosat, cryptominisat5, kissat, or any with "
            "SAT-competition output); in-house engines: " + describe_engines() + ".",
        ),
    ] = "auto",
    timeout: Annotated[
        float | None, typer.Option(min=0.001, help="Seconds per puzzle before giving up.")
    ] = None,
    fmt: Annotated[
        GridFormat,
        typer.Option(
            "--format",
            help="grid: drawn (numbers past 36x36); line: one N*N line per puzzle "
            "(space-separated numbers past 36x36); fpuzzles: f-puzzles JSON, one a line.",
        ),
    ] = GridFormat.grid,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of results.")] = False,
    encoding: EncodingOption = EncodingName.extended,
    amo: AmoOption = AmoName.pairwise,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Solve every puzzle of a file and print the grids.

    UNSAT puzzles are reported as UNSAT, not as errors. In --format line, a puzzle not
    solved is a '# STATUS origin: grid' comment line, so the output reads back as the
    solutions alone. Exit code 1 when some puzzle is UNSAT, timed out or left open by an
    engine; 3 for an unknown, missing or unsupported solver, or a binary that crashed on
    some puzzle (the other puzzles are still solved and printed).
    """
    variants = variant_input(puzzles, rule, alphabet, order)
    if variants is not None:
        honour({"method", "timeout", "fmt", "as_json", "alphabet"}, rule)
        batch = Batch(jobs, scheduler, connect_timeout, quiet)
        return solve_variants(variants, method, timeout, fmt, as_json, alphabet, batch)
    items = load(puzzles, alphabet, order)
    writable_in(fmt, ((p.n, p.origin) for p in items))
    task = plan_method(method, timeout, encoding.value, amo.value)
    records: list[dict[str, object]] = []
    unsolved = 0
    crashed: list[str] = []
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        results = batch_results(
            executor, task, pack_all(items), "solving", quiet or len(items) < 20
        )
        for k, (puzzle, result) in enumerate(zip(items, results, strict=True), start=1):
            unsolved += result.status != "solved"
            if result.status == "crashed":
                crashed.append(f"puzzle {k} ({puzzle.origin}): {result.detail}")
            if as_json:
                records.append(result_json(k, puzzle, result))
            else:
                typer.echo(render_result(k, puzzle, result, fmt, alphabet, len(items)))
    if as_json:
        emit_json(records)
    if crashed:
        more = f" and {len(crashed) - 1} more" if len(crashed) > 1 else ""
        raise SolverError(f"{len(crashed)} of {len(items)} puzzle(s) crashed: {crashed[0]}{more}")
    exit_if_any(unsolved, len(items))


def render_result(
    k: int,
    puzzle: Puzzle,
    result: SolveResult,
    fmt: GridFormat,
    alphabet: str | None,
    total: int,
) -> str:
    """A result as text: a line, or a titled grid."""
    if fmt in (GridFormat.line, GridFormat.fpuzzles):
        line = format_any_line(result.grid, puzzle.n, alphabet)
        if fmt is GridFormat.fpuzzles and result.status == "solved":
            return show_grid(result.grid, puzzle.n, fmt)
        if result.status == "solved":
            return line
        detail = f" ({result.detail})" if result.detail else ""
        return f"# {result.status.upper()} {puzzle.origin}{detail}: {line}"
    title = f"# {k}/{total} {puzzle.origin}: {result.status.upper()} by {result.solver}"
    title += f" in {result.seconds:.4f} s" + (f" ({result.detail})" if result.detail else "")
    if result.status == "unsat":
        return title + "\n# UNSAT: this puzzle has no solution"
    if result.status == "crashed":
        return title + "\n# CRASHED: no grid"
    return title + "\n" + show_grid(result.grid, puzzle.n, fmt, alphabet)
