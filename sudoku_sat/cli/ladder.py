"""``ladder``: what each encoding and inference level solves over a dataset, or the
smallest level each puzzle needs (``--depth``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from ..errors import SudokuSatError
from ..files import atomic_write, check_writable
from ..lab.compare import pick
from ..lab.ladder import (
    DEFAULT_LEVELS,
    DepthSummary,
    LadderRow,
    depth_run,
    ladder_rows,
    parse_encodings,
    parse_levels,
)
from . import app
from ._common import (
    CONNECT_TIMEOUT,
    PUZZLES_HELP,
    AlphabetOption,
    ConnectTimeoutOption,
    JobsOption,
    JsonOption,
    OrderOption,
    QuietOption,
    SampleSeedOption,
    SchedulerOption,
    bars,
    guarded,
    load,
    open_batch,
    stderr,
)
from ._tables import markdown_table


def rows_table(rows: Sequence[LadderRow]) -> str:
    """The ladder as a Markdown table."""
    headers = ("encoding", "level", "puzzles", "solved", "solved %", "mean cells fixed",
               "mean probes", "ms/puzzle")  # fmt: skip
    body = [
        (
            r.encoding,
            r.level,
            r.puzzles,
            r.solved,
            f"{r.solved_pct:.1f}",
            f"{r.mean_cells:.1f}",
            f"{r.mean_probes:.0f}",
            f"{r.ms_per_puzzle:.3f}",
        )  # fmt: skip
        for r in rows
    ]
    return markdown_table(headers, body)


def depth_table(summary: DepthSummary) -> str:
    """The depth distribution as a Markdown table: one row per smallest level."""
    total = max(1, summary.puzzles)
    body: list[tuple[object, ...]] = [
        (("up" if k == 0 else "fl" if k == 1 else f"fl{k}"), v, f"{100 * v / total:.1f}")
        for k, v in summary.by_level.items()
    ]
    if summary.unsolved:
        body.append((f"> fl{summary.cap}" if summary.cap > 1 else "> fl", summary.unsolved,
                     f"{100 * summary.unsolved / total:.1f}"))  # fmt: skip
    if summary.conflicts:
        body.append(("UNSAT", summary.conflicts, f"{100 * summary.conflicts / total:.1f}"))
    return markdown_table(("smallest level", "puzzles", "%"), body)


def _bar(total: int, quiet: bool) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress callback over total puzzle runs (one bar across every (encoding, level)
    batch, advanced as chunks complete), and its closer; none when stderr is not a
    terminal (rich's console wrote an empty line there)."""
    if quiet or total <= 1 or not bars():
        return None, lambda: None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    bar = Progress("ladder", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=stderr, transient=True)  # fmt: skip
    task = bar.add_task("ladder", total=total)
    bar.start()
    return (lambda k: bar.advance(task, k)), bar.stop


@app.command("ladder")
@guarded
def ladder_command(
    dataset: Annotated[str, typer.Option(help=PUZZLES_HELP)],
    encodings: Annotated[
        str, typer.Option(help="Encodings, comma-separated (the rule formula of each).")
    ] = "extended",
    methods: Annotated[
        str,
        typer.Option(
            "--methods",
            metavar="METHODS",
            help="The levels, comma-separated: up, fl, fl2, fl3, ... (each compiled with "
            "numba when installed; add ':python' to every one for the pure-Python engines).",
        ),
    ] = DEFAULT_LEVELS,
    depth: Annotated[
        bool,
        typer.Option(
            "--depth", help="The smallest level that solves each puzzle, as a distribution."
        ),
    ] = False,
    cap: Annotated[
        int,
        typer.Option(
            "--max-level",
            min=0,
            max=9,
            metavar="K",
            help="With --depth: the highest level tried, flK (0 is up, 1 is fl).",
        ),
    ] = 3,
    limit: Annotated[int | None, typer.Option(min=1, help="A random sample of K puzzles.")] = None,
    seed: SampleSeedOption = 0,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    as_json: JsonOption = False,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Also write the results as JSON to FILE (atomically).",
        ),
    ] = None,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """The inference ladder over a dataset, without guessing.

    Rows, one per (encoding, level): puzzles solved (count and %), mean cells holding a
    value at the fixpoint (clues included), mean probes, ms per puzzle. Levels: 'up'
    (unit propagation), 'fl' (failed literals), 'flK' (a probe fails when fl(K-1)
    under it reaches a conflict). The clues are assumptions on each encoding's rules,
    run in compiled batches. '--depth': each puzzle climbs up, fl, fl2, ... to the
    first level that fills its grid (at most --max-level): the distribution of that level,
    and whether one level solves them all.
    """
    if output is not None and Path(output).resolve() == Path(dataset).resolve():
        raise SudokuSatError(f"{output}: the JSON output would overwrite the --dataset file")
    check_writable(output)
    names = parse_encodings(encodings)
    ks, backend = parse_levels(methods)
    from ._lab import classic_only

    classic_only(dataset, "ladder")
    everything = load(dataset, alphabet, order)
    if not everything:
        raise SudokuSatError(f"{dataset}: no puzzle")
    orders = {p.n for p in everything}
    if len(orders) > 1:
        raise SudokuSatError(f"{dataset}: puzzles of several orders {sorted(orders)}")
    n = orders.pop()
    items = pick(everything, limit, seed)
    grids = [p.grid for p in items]
    sample = (
        f" (random sample of {len(everything)}, seed {seed})"
        if len(items) < len(everything)
        else ""
    )
    heading = f"{dataset}: {len(items)} puzzles{sample}"
    runs = len(names) if depth else len(names) * len(ks)
    data: dict[str, Any] = {
        "dataset": dataset,
        "puzzles": len(items),
        "sampled_from": len(everything),
        "seed": seed,
    }
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        advance, stop = _bar(runs * len(grids), quiet)
        try:
            if depth:
                summaries = [depth_run(grids, n, e, cap, backend, executor, advance) for e in names]
                data["depth"] = [s.as_dict(Path(dataset).name) for s in summaries]
            else:
                rows = ladder_rows(grids, n, names, ks, backend, executor, advance)
                data["rows"] = [r.as_dict() for r in rows]
        finally:
            stop()
    if output is not None:
        atomic_write(output, lambda fp: fp.write(json.dumps(data, indent=2) + "\n"))
    if as_json:
        typer.echo(json.dumps(data, separators=(",", ":")))
        return
    typer.echo(heading)
    if depth:
        for s in summaries:
            cost = f"{s.ms_per_puzzle:.3f} ms/puzzle, mean probes {s.mean_probes:.0f}"
            typer.echo(f"\n{s.encoding}: cap {s.cap}, {cost}")
            typer.echo(depth_table(s))
            typer.echo(s.statement(Path(dataset).name))
    else:
        typer.echo(rows_table(rows))
