"""``solve``: puzzles through the method ``--method`` names, each on the engine that
answers it (``jobs.route``): the compiled EUP engine (the default at 9x9 and 16x16), a
PySAT solver, a solver binary, an in-house engine, or a puzzle's session."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engines.registry import describe_engines
from ..errors import SolverError
from ..gridio import Puzzle
from ..jobs.solving import plan
from ..methods import SOLVE
from ..result import SolveResult
from . import app
from ._common import (
    CONNECT_TIMEOUT,
    AlphabetOption,
    ConnectTimeoutOption,
    GridFormat,
    JobsOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    SchedulerOption,
    batch_results,
    emit_json,
    exit_if_any,
    given_options,
    guarded,
    load,
    method_option,
    open_batch,
)
from ._encoding_options import AmoName, AmoOption, EncodingName, EncodingOption
from ._shown import show_solution, title, writable_in


def result_json(index: int, puzzle: Puzzle, result: SolveResult) -> dict[str, object]:
    """One puzzle's result for --json."""
    solved = result.status in ("solved", "partial")
    out: dict[str, object] = {
        "index": index,
        "origin": puzzle.origin,
        "status": result.status,
        "solution": show_solution(puzzle, result.grid, GridFormat.line) if solved else None,
        "solver": result.solver,
        "seconds": round(result.seconds, 6),
        "stats": result.stats,
        "detail": result.detail or None,
    }
    if puzzle.extra:  # the cells beyond the grid, by name (model/extra.py)
        digits = result.grid[puzzle.ncells :] if solved else ()
        out["extra"] = dict(zip(puzzle.extra_names, digits, strict=False)) or None
    return out


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
            "(docs/large.md), and for a puzzle with constraints its session (Glucose 4); "
            "pysat:NAME: a PySAT solver by its short name (m22, g4, cd19, mc, lgl, ...; "
            "pysat alone is m22); bin:NAME: a solver binary on PATH (minisat, cadical, "
            "picosat, cryptominisat5, kissat, or any with SAT-competition output); "
            "in-house engines (classic grids): " + describe_engines() + ".",
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
            "(space-separated numbers past 36x36); numbers: N lines of N numbers; "
            "fpuzzles: f-puzzles JSON, one a line, the puzzle's rules kept; sigh: the "
            "solution as sigh writes it, one symbol a cell.",
        ),
    ] = GridFormat.grid,
    as_json: JsonOption = False,
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
    items = load(puzzles, alphabet, order, rule, prints=True)
    writable_in(fmt, ((p.size, p.origin) for p in items))
    job, work = plan(items, method, timeout, encoding.value, amo.value, given_options())
    records: list[dict[str, object]] = []
    unsolved = 0
    crashed: list[str] = []
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        results = batch_results(executor, job, work, "solving", quiet or len(items) < 20)
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
    if fmt is not GridFormat.grid:
        if result.status == "solved":
            return show_solution(puzzle, result.grid, fmt, alphabet)
        detail = f" ({result.detail})" if result.detail else ""
        line = show_solution(puzzle, result.grid, GridFormat.line, alphabet)
        return f"# {result.status.upper()} {puzzle.origin}{detail}: {line}"
    what = f"{result.status.upper()} by {result.solver} in {result.seconds:.4f} s"
    what += f" ({result.detail})" if result.detail else ""
    head = title(k, total, puzzle, what)
    if result.status == "unsat":
        return head + "\n# UNSAT: this puzzle has no solution"
    if result.status == "crashed":
        return head + "\n# CRASHED: no grid"
    return head + "\n" + show_solution(puzzle, result.grid, fmt, alphabet)
