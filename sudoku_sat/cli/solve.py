"""``solve``: puzzles through a PySAT solver, a solver binary or an in-house engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated

import typer

from ..engines import describe_engines, get_engine
from ..errors import SudokuSatError
from ..gridio import Puzzle, format_line
from ..solvers import PysatSudoku, SolveResult, check_pysat_name, find_binary, solve_external
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    emit_json,
    exit_if_any,
    guarded,
    load,
    progress,
    show_grid,
)


def pysat_results(items: list[Puzzle], name: str, timeout: float | None) -> Iterator[SolveResult]:
    """Solve each puzzle with one PySAT solver per order, clues as assumptions."""
    solvers: dict[int, PysatSudoku] = {}
    try:
        for puzzle in items:
            if puzzle.n not in solvers:
                solvers[puzzle.n] = PysatSudoku(puzzle.n, name)
            yield solvers[puzzle.n].solve(puzzle.grid, timeout)
    finally:
        for solver in solvers.values():
            solver.close()


def choose_solver(
    solver: str, external: str | None, engine: str | None, timeout: float | None
) -> Callable[[list[Puzzle]], Iterator[SolveResult]]:
    """The function that turns puzzles into results, from the mutually exclusive options."""
    if external is not None and engine is not None:
        raise SudokuSatError("--external and --engine are mutually exclusive")
    if external is not None:
        find_binary(external)
        return lambda items: (solve_external(p.grid, p.n, external, timeout) for p in items)
    if engine is not None:
        run = get_engine(engine)
        return lambda items: (run(p.grid, p.n) for p in items)
    check_pysat_name(solver)
    return lambda items: pysat_results(items, solver, timeout)


def result_json(index: int, puzzle: Puzzle, result: SolveResult) -> dict[str, object]:
    """One puzzle's result for --json."""
    return {
        "index": index,
        "origin": puzzle.origin,
        "status": result.status,
        "solution": format_line(result.grid, puzzle.n) if result.status != "unsat" else None,
        "solver": result.solver,
        "seconds": round(result.seconds, 6),
        "stats": result.stats,
        "detail": result.detail,
    }


@app.command("solve")
@guarded
def solve_command(
    puzzles: PuzzlesArg,
    solver: Annotated[
        str, typer.Option(help="PySAT solver by its PySAT name: m22, g3, g4, cd19, mc, lgl, ...")
    ] = "m22",
    external: Annotated[
        str | None,
        typer.Option(
            help="Solver binary on PATH instead: minisat, cadical, picosat, "
            "cryptominisat5, kissat, or any with SAT-competition output."
        ),
    ] = None,
    engine: Annotated[
        str | None, typer.Option(help="In-house engine instead. " + describe_engines())
    ] = None,
    timeout: Annotated[
        float | None, typer.Option(min=0.001, help="Seconds per puzzle before giving up.")
    ] = None,
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="grid: drawn; line: one N*N line per puzzle.")
    ] = GridFormat.grid,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of results.")] = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Solve every puzzle of a file and print the grids.

    UNSAT puzzles are reported as UNSAT, not as errors. Exit code 1 when some puzzle is
    UNSAT, timed out or left open by an engine; 3 for an unknown, missing or crashed solver.
    """
    items = load(puzzles, alphabet, order)
    run = choose_solver(solver, external, engine, timeout)
    records: list[dict[str, object]] = []
    unsolved = 0
    for k, (puzzle, result) in enumerate(
        zip(
            items,
            progress(run(items), len(items), "solving", quiet or len(items) < 20),
            strict=False,
        ),
        start=1,
    ):
        unsolved += result.status != "solved"
        if as_json:
            records.append(result_json(k, puzzle, result))
        else:
            typer.echo(render_result(k, puzzle, result, fmt, alphabet, len(items)))
    if as_json:
        emit_json(records)
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
    if fmt is GridFormat.line:
        if result.status == "unsat":
            return "UNSAT"
        return format_line(result.grid, puzzle.n, alphabet)
    title = f"# {k}/{total} {puzzle.origin}: {result.status.upper()} by {result.solver}"
    title += f" in {result.seconds:.4f} s" + (f" ({result.detail})" if result.detail else "")
    if result.status == "unsat":
        return title + "\nUNSAT: this puzzle has no solution"
    return title + "\n" + show_grid(result.grid, puzzle.n, fmt, alphabet)
