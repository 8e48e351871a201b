"""Batch executors: --jobs 2 and a two-worker Dask LocalCluster against --jobs 1, one run.

    python benchmarks/bench_batch.py            # the docs/cluster.md table
    python benchmarks/bench_batch.py --quick    # a smoke run

The batch is ``count --cap 2`` (uniqueness checks) over a fixed random sample of a
dataset (``--dataset``, the 17-clue set by default), cut into chunks exactly as the CLI
cuts it (``chunk_size``). Each executor
runs the same task on the same chunks in the same process run; its wall time includes
starting its worker processes (LocalProcesses) or connecting to the already running
cluster (Dask, whose workers are started before the clock, as a cluster would be).
Every executor's counts must equal the serial ones, else the run aborts.

The per-task overhead is measured apart: an empty task over one-item chunks, wall time
per task (the task does no work), on workers already warm.
``--scheduler ADDRESS`` times a cluster already running there instead of starting a
LocalCluster (the test suite passes its own, so that a smoke run starts no second one).
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sudoku_sat.batch import (
    DaskExecutor,
    Executor,
    LocalProcesses,
    Serial,
    batch_map,
    chunk_size,
    chunked,
)
from sudoku_sat.batch.items import Packed, pack_all
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.tasks import CountTask

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
DATASET = "puzzles2_17_clue"


def load(folder: Path, k: int, dataset: str = DATASET, seed: int = 0) -> list[Packed]:
    """k puzzles of dataset drawn with a fixed seed, packed as the CLI sends them."""
    path = folder / dataset
    puzzles = parse_puzzles(path.read_text(), str(path))
    return pack_all(random.Random(seed).sample(puzzles, min(k, len(puzzles))))


NOTHING = CountTask(2, ())
"""The empty task (counts by no method): what remains of its time is the executor's
overhead. A task of the package, so that worker processes can import it."""


def timed(run: Callable[[], list[object]]) -> tuple[float, list[object]]:
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, out


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (the local workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def overhead(executor: Executor, tasks: int) -> float:
    """Seconds per task of an empty one-item task on the executor's workers, warmed up
    first (50 tasks)."""
    items = [(3, "0" * 81)] * tasks
    list(executor.map_chunks(NOTHING, chunked(items[:50], 1)))  # warm up
    seconds, _ = timed(lambda: list(executor.map_chunks(NOTHING, chunked(items, 1))))
    return seconds / tasks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small batch, smoke run")
    parser.add_argument("--puzzles", type=int, default=16000)
    parser.add_argument("--method", default="eup", help="counting method (eup or pysat)")
    parser.add_argument("--datasets", type=Path, default=DATASETS)
    parser.add_argument("--dataset", default=DATASET, help="file name in --datasets")
    parser.add_argument("--scheduler", help="a running Dask cluster's address (default: start one)")
    args = parser.parse_args(argv)
    k = 128 if args.quick else args.puzzles  # quick: 64 chunks of 2, as the CLI cuts it
    items = load(args.datasets, k, args.dataset)
    task = CountTask(2, (args.method,))
    size = chunk_size(len(items))

    def run(executor: Executor) -> Callable[[], list[object]]:
        return lambda: list(batch_map(executor, task, items))

    busy = os.getloadavg()[0]
    cpu0 = cpu_seconds()
    serial_s, reference = timed(run(Serial()))
    serial_cpu = cpu_seconds() - cpu0
    if any(c != {args.method: 1} for c in reference):
        raise SystemExit(f"a puzzle of {args.dataset} was not counted unique")
    tasks = 20 if args.quick else 2000
    cpu0 = cpu_seconds()
    with LocalProcesses(2) as local:
        local_s, local_out = timed(run(local))
    local_cpu = cpu_seconds() - cpu0
    from distributed import LocalCluster

    with contextlib.ExitStack() as stack:
        if args.scheduler:
            address, cluster_name = args.scheduler, f"the cluster at {args.scheduler}"
        else:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=":0"
                )
            )
            address, cluster_name = str(cluster.scheduler_address), "LocalCluster"
        with DaskExecutor(address) as warm:  # import the task's modules in the workers
            list(batch_map(warm, task, items[:64]))
            workers = warm.workers
        start = time.perf_counter()
        with DaskExecutor(address) as dask:
            dask_out = list(batch_map(dask, task, items))
        dask_s = time.perf_counter() - start
        with DaskExecutor(address) as dask:
            dask_overhead = overhead(dask, tasks)
    with LocalProcesses(2) as local:
        local_overhead = overhead(local, tasks)
    if local_out != reference or dask_out != reference:
        raise SystemExit("an executor's counts differ from the serial ones")
    chunks = -(-len(items) // size)
    print(
        f"count --cap 2 --method {args.method}: {len(items)} puzzles of {args.dataset}, "
        f"{chunks} chunks of {size}; {os.cpu_count()} CPUs, load average {busy:.2f} "
        "(1 min) at the start"
    )
    print(
        f"CPU: --jobs 1 used {serial_cpu:.2f} s of CPU in {serial_s:.2f} s "
        f"({100 * serial_cpu / serial_s:.0f}% of one core); --jobs 2 used {local_cpu:.2f} s "
        f"in {local_s:.2f} s ({100 * local_cpu / local_s:.0f}% of one core)"
    )
    print()
    print("| executor | seconds | puzzles/s | speed-up vs --jobs 1 | goal | met | overhead/task |")
    print("|---|---|---|---|---|---|---|")
    rows = [
        ("--jobs 1 (this process)", serial_s, None, "-"),
        ("--jobs 2 (local processes)", local_s, 1.8, f"{1000 * local_overhead:.3f} ms"),
        (
            f"{cluster_name}, {workers} workers x 1 thread",
            dask_s,
            1.6,
            f"{1000 * dask_overhead:.3f} ms",
        ),
    ]
    for name, seconds, goal, cost in rows:
        speedup = serial_s / seconds
        goal_text = "-" if goal is None else f">= {goal}x"
        met = "-" if goal is None else ("met" if speedup >= goal else "NOT met")
        print(
            f"| {name} | {seconds:.3f} | {len(items) / seconds:.0f} | {speedup:.3f}x "
            f"| {goal_text} | {met} | {cost} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
