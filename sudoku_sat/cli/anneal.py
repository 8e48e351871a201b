"""``anneal``: solve puzzles by simulated annealing, Sirdey's way or by block swaps."""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..accel import numba_installed
from ..anneal.driver import anneal
from ..anneal.params import SirdeyParams, SwapParams
from ..anneal.results import AnnealResult, TryResult
from ..anneal.trace import TraceStream
from ..errors import SudokuSatError
from ..files import check_writable
from ..gridio import Puzzle, format_line
from ..methods import ANNEAL, parse_method
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    SeedOption,
    emit_json,
    exit_if_any,
    guarded,
    load,
    method_option,
    stderr,
)
from ._shown import show_grid

SIRDEY = "Sirdey only: "
SWAP = "swap only: "


def tries_bar(total: int, quiet: bool) -> Progress:
    """A progress bar over tries on stderr (transient; disabled by --quiet)."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    return Progress(
        *columns,
        TimeElapsedColumn(),
        console=stderr,
        transient=True,
        disable=quiet or total < 2 or not stderr.is_terminal,  # a log file gets no bar
    )


def result_json(k: int, puzzle: Puzzle, result: AnnealResult) -> dict[str, Any]:
    """One puzzle's result: the issue's five keys first, then how it was obtained."""
    solution = None if result.solution is None else format_line(result.solution, puzzle.n)
    return {
        "solution": solution,
        "tries": result.tries,
        "iterations": result.iterations,
        "seconds": round(result.seconds, 6),
        "best_cost": result.best_cost,
        "index": k,
        "origin": puzzle.origin,
        "method": result.variant,
        "backend": result.backend,
        "seed": result.seed,
        "levels": result.levels,
    }


def result_text(
    k: int, total: int, puzzle: Puzzle, result: AnnealResult, fmt: GridFormat, alpha: str | None
) -> str:
    """A titled grid: the solution, or the best grid found and its cost.

    In line format a failed puzzle's best grid is a ``#`` comment line, so a pipeline
    reading the output as puzzles never takes it for a solution.
    """
    grid = result.solution if result.solution is not None else result.best_grid
    if fmt is GridFormat.line:
        line = format_line(grid, puzzle.n, alpha)
        return line if result.solution is not None else f"# NOT SOLVED {result.best_cost}: {line}"
    status = (
        "SOLVED" if result.solution is not None else f"NOT SOLVED (best cost {result.best_cost})"
    )
    title = (
        f"# {k}/{total} {puzzle.origin}: {status} by {result.variant} annealing in "
        f"{result.tries} tr{'y' if result.tries == 1 else 'ies'}, {result.iterations:,} "
        f"iterations, {result.seconds:.3f} s ({result.backend}, seed {result.seed})"
    )
    return title + "\n" + show_grid(grid, puzzle.n, fmt, alpha)


def variant_params(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options the user set, refusing those of the other annealer."""
    mine = {"sirdey": SIRDEY_OPTIONS, "swap": SWAP_OPTIONS}[variant]
    given = {k: v for k, v in options.items() if v is not None}
    foreign = sorted(k for k in given if k not in mine)
    if foreign:
        names = ", ".join("--" + k.replace("_", "-") for k in foreign)
        raise SudokuSatError(f"{names} do(es) not apply to --method {variant}")
    return given


SIRDEY_OPTIONS = {f.name for f in fields(SirdeyParams)}
SWAP_OPTIONS = {f.name for f in fields(SwapParams)}


def write_plot(
    results: list[tuple[Puzzle, AnnealResult]],
    stream: TraceStream,
    plot_path: str | None,
    variant: str,
) -> None:
    """The --plot image of the first puzzle, from the tries the trace stream kept."""
    from ..anneal.plot import plot_trace

    first = stream.first_trace()
    drawn = [(p, r) for p, r in results if p.origin == stream.first_label]
    if plot_path and first is not None and drawn:
        puzzle, result = drawn[0]
        plot_trace(plot_path, first, plot_title(puzzle, result), log_levels=variant == "sirdey")
        typer.echo(f"plot written to {plot_path}", err=True)


@app.command("anneal")
@guarded
def anneal_command(
    puzzles: PuzzlesArg,
    method: Annotated[
        str,
        method_option(
            ANNEAL,
            "swap: block swaps + reheats; sirdey: the paper's annealer verbatim. The inner "
            "loop is compiled with numba when installed; ':python' runs the pure-Python "
            "reference.",
        ),
    ] = "swap",
    tries: Annotated[int, typer.Option(min=1, help="Random restarts before giving up.")] = 10,
    seed: SeedOption = None,
    delta: Annotated[float | None, typer.Option(help=SIRDEY + "delta of the law [0.1].")] = None,
    t0: Annotated[float | None, typer.Option(help="Initial temperature [e_p; swap 0.5].")] = None,
    alpha: Annotated[float | None, typer.Option(help=SIRDEY + "alpha of T_f [0.99].")] = None,
    epsilon: Annotated[float | None, typer.Option(help=SIRDEY + "epsilon of T_f [0.5].")] = None,
    e_p: Annotated[
        float | None, typer.Option("--e-p", help=SIRDEY + "e_p, largest cost [n^4(3n^2-2n-1)/2].")
    ] = None,
    t_final: Annotated[
        float | None, typer.Option(help=SIRDEY + "final temperature [paper's T'_f formula].")
    ] = None,
    instance_t_final: Annotated[
        bool | None,
        typer.Option(
            "--instance-t-final/--paper-t-final",
            help=SIRDEY + "T_f of equation (3) over the free cells, or T'_f over all n^4 [T'_f].",
        ),
    ] = None,
    stall_levels: Annotated[
        int | None,
        typer.Option(
            help=SIRDEY + "stop after this many levels without a better best [10000; 0 = never]."
        ),
    ] = None,
    level_length: Annotated[
        int | None, typer.Option(help="Iterations per level [n^4; swap: free cells].")
    ] = None,
    max_iterations: Annotated[
        int | None, typer.Option(help="Iterations per try at most [sirdey 0 = no cap; swap 20M].")
    ] = None,
    cooling: Annotated[float | None, typer.Option(help=SWAP + "T factor per level [0.99].")] = None,
    reheat_levels: Annotated[
        int | None,
        typer.Option(
            help=SWAP + "reheat to T0 after this many levels without a better best [100]."
        ),
    ] = None,
    focus: Annotated[
        int | None, typer.Option(help=SWAP + "redraws to find a clashing first cell [30].")
    ] = None,
    trace: Annotated[
        str | None, typer.Option(help="Write puzzle,try,level,cost,temperature rows to this CSV.")
    ] = None,
    trace_every: Annotated[int, typer.Option(min=1, help="Trace every K-th level.")] = 1,
    plot: Annotated[
        str | None,
        typer.Option(help="Draw cost and temperature against level (first puzzle) to this PNG."),
    ] = None,
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="grid: drawn; line: one N*N line per puzzle.")
    ] = GridFormat.grid,
    as_json: JsonOption = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Solve every puzzle of a file by simulated annealing, restarting up to --tries times.

    sirdey is R. Sirdey's annealer as published (one cell changes value; T falls by the
    law T/(1 + log(1+delta)/(e_p+1) T) over levels of n^4 iterations down to T_f). swap
    keeps every block a permutation and swaps two free cells of one block. A run that does
    not reach cost 0 prints its best grid and cost and exits 1 (a result, not an error).
    With --seed S, puzzle k is annealed from seed S+k-1.
    """
    options = dict(
        t0=t0, delta=delta, alpha=alpha, epsilon=epsilon, e_p=e_p, t_final=t_final,
        stall_levels=stall_levels, instance_t_final=instance_t_final,
        level_length=level_length, max_iterations=max_iterations,
        cooling=cooling, reheat_levels=reheat_levels, focus=focus,
    )  # fmt: skip
    chosen = parse_method(method, ANNEAL)
    variant, backend = chosen.name, chosen.backend
    params = variant_params(variant, options)
    from ._lab import classic_only

    classic_only(puzzles, "anneal")
    items = load(puzzles, alphabet, order)
    check_writable(trace)
    check_writable(plot)
    if plot:
        from ..anneal.plot import check_plotting

        check_plotting(plot)
    if backend == "auto" and not numba_installed():
        typer.echo("numba not installed: pure Python, 60x to 350x slower", err=True)
    every = trace_every if trace or plot else 0
    results: list[tuple[Puzzle, AnnealResult]] = []
    current: list[Puzzle] = []
    stream = TraceStream(trace, keep_first=plot is not None, every=every)
    with stream:  # the trace is renamed into place once the plot is written too
        with tries_bar(tries * len(items), quiet) as bar:
            task = bar.add_task(f"{variant} tries", total=tries * len(items))

            def advance(k: int, result: TryResult) -> None:
                bar.update(
                    task, advance=1, description=f"{variant} try {k} best {result.best_cost}"
                )
                if every:
                    stream.add(current[-1].origin, k, result)

            for k, puzzle in enumerate(items, start=1):
                current.append(puzzle)
                result = run_one(puzzle, variant, tries, seed, k, backend, every, advance, params)
                bar.update(task, completed=k * tries)
                results.append((puzzle, result))
                if not as_json:
                    typer.echo(result_text(k, len(items), puzzle, result, fmt, alphabet))
        write_plot(results, stream, plot, variant)
    if as_json:
        emit_json([result_json(k, p, r) for k, (p, r) in enumerate(results, start=1)])
    if trace:
        typer.echo(f"trace: {stream.rows} rows written to {trace}", err=True)
    exit_if_any(sum(result.solution is None for _, result in results), len(items))


def run_one(
    puzzle: Puzzle,
    variant: str,
    tries: int,
    seed: int | None,
    k: int,
    backend: str,
    every: int,
    advance: Any,
    params: dict[str, Any],
) -> AnnealResult:
    """Anneal one puzzle, turning parameter mistakes into project errors."""
    try:
        return anneal(
            puzzle.grid, puzzle.n, variant, tries, None if seed is None else seed + k - 1,
            backend=backend, trace_every=every, on_try=advance, keep_trace=False, **params,
        )  # fmt: skip
    except ValueError as exc:
        raise SudokuSatError(str(exc)) from None


def plot_title(puzzle: Puzzle, result: AnnealResult) -> str:
    """The plot's title: the puzzle, the variant and its seed."""
    return f"{result.variant} annealing, seed {result.seed}: {format_line(puzzle.grid, puzzle.n)}"
