"""Annealing: the kernel's iteration rate, and Sirdey's results table reproduced.

Run: .venv/bin/python benchmarks/bench_annealing.py [--quick] [--runs R] [--cap K]
Prints two Markdown tables.

1. Iterations per second of the numba kernel and of the pure-Python reference, after a
   warm-up call (JIT compile or cache load, timed separately and excluded). Rates are given
   against wall time and against this process's CPU time: the machine is shared, so wall
   rates fall when other jobs run; the CPU rate is what the kernel does on one core.
2. Tries needed and time per try, both variants, on the seed report's three grids and on
   puzzles of puzzles3_magictour_top1465. A *run* anneals with one seed until a try solves,
   at most ``cap`` tries; "mean tries" averages the solved runs, and "tries / solve" pools
   every try made (censored runs included), the estimate 1/p of the paper's footnote 2.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from sudoku_sat.anneal.driver import anneal
from sudoku_sat.anneal.results import AnnealResult, TryResult
from sudoku_sat.grid import Grid
from sudoku_sat.gridio import parse_puzzles

EASY = "002370900007568402080090000100040800204000706006020001000050010501932600003086200"
TRES_DIFFICILE = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
TOP1465 = DATASETS / "puzzles3_magictour_top1465"


def grid_of(line: str) -> Grid:
    """The grid of one 81-char line."""
    return parse_puzzles(line)[0].grid


class Rate(NamedTuple):
    """One iteration-rate measurement."""

    case: str
    iterations: int
    wall: float
    cpu: float


def timed(case: str, job: Callable[[], AnnealResult]) -> Rate:
    """Run job once, timing wall and CPU."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = job()
    return Rate(case, result.iterations, time.perf_counter() - wall, time.process_time() - cpu)


def rates(quick: bool) -> tuple[float, list[Rate]]:
    """Warm-up (compile or cache load) seconds, then the rate measurements."""
    td, s17 = grid_of(TRES_DIFFICILE), grid_of(SEVENTEEN)
    start = time.perf_counter()
    anneal(td, 3, "sirdey", 1, 0, backend="numba", max_iterations=100)
    anneal(td, 3, "swap", 1, 0, backend="numba", max_iterations=100)
    warmup = time.perf_counter() - start
    full = 10_000_000 if quick else 0
    py = 20_000 if quick else 300_000
    k = 1 if quick else 10
    cap = 2_000_000 if quick else 20_000_000
    cases = [
        ("sirdey, numba: one full paper try to T_f (no stall rule), très difficile"
         + (" (quick: first 10M)" if quick else ""),
         lambda: anneal(td, 3, "sirdey", 1, 1, stall_levels=0, max_iterations=full)),
        (f"sirdey, numba: {k} tr{'y' if k == 1 else 'ies'} with the stall rule (hot phase "
         "dominates), 17 clues",
         lambda: anneal(s17, 3, "sirdey", k, 1, backend="numba")),
        (f"sirdey, pure Python: {py:,} iterations, très difficile",
         lambda: anneal(td, 3, "sirdey", 1, 1, backend="python", max_iterations=py)),
        (f"swap, numba, focus 0: one try capped at {cap:,} iterations, 17 clues",
         lambda: anneal(s17, 3, "swap", 1, 1, backend="numba", focus=0, max_iterations=cap)),
        (f"swap, numba, focus 30 (default): until solved, at most {k} tries of 2M, 17 clues",
         lambda: anneal(s17, 3, "swap", k, 2, backend="numba", max_iterations=2_000_000)),
        (f"swap, pure Python, focus 0: {py:,} iterations, 17 clues",
         lambda: anneal(s17, 3, "swap", 1, 1, backend="python", focus=0, max_iterations=py)),
    ]  # fmt: skip
    return warmup, [timed(case, job) for case, job in cases]


class Tally:
    """What the runs of one (grid set, variant) row did.

    A plain class: benchmarks are loaded by path in the tests, where dataclasses cannot
    look their module up.
    """

    def __init__(self) -> None:
        self.runs = self.solved_runs = self.total_tries = self.iterations = 0
        self.seconds = self.cpu = 0.0
        self.tries: list[int] = []
        self.failed_costs: list[int] = []

    def add(self, result: AnnealResult, costs: list[int], cpu: float) -> None:
        """Count one run, its CPU seconds and the best costs of its failed tries."""
        self.runs += 1
        self.cpu += cpu
        self.total_tries += result.tries
        self.seconds += result.seconds
        self.iterations += result.iterations
        self.failed_costs.extend(c for c in costs if c > 0)
        if result.solution is not None:
            self.solved_runs += 1
            self.tries.append(result.tries)


def run_row(grids: list[Grid], variant: str, runs: int, cap: int, **params: object) -> Tally:
    """``runs`` runs spread over grids (run r on grid r mod len), seeds 1..runs."""
    tally = Tally()
    for r in range(runs):
        costs: list[int] = []

        def note(_k: int, t: TryResult, costs: list[int] = costs) -> None:
            costs.append(t.best_cost)

        cpu = time.process_time()
        result = anneal(grids[r % len(grids)], 3, variant, cap, r + 1, on_try=note, **params)
        tally.add(result, costs, time.process_time() - cpu)
    return tally


def table_rows(
    quick: bool, runs: int, cap: int, top: int, full_runs: int
) -> list[tuple[str, str, Tally]]:
    """Every row of the reproduced table."""
    grids = {"easy (seed report)": [grid_of(EASY)], "très difficile": [grid_of(TRES_DIFFICILE)],
             "17 clues (seed report)": [grid_of(SEVENTEEN)]}  # fmt: skip
    if TOP1465.exists():
        puzzles = parse_puzzles(TOP1465.read_text(), str(TOP1465))
        grids[f"top1465, first {top}"] = [p.grid for p in puzzles[:top]]
    rows = []
    for name, gs in grids.items():
        n_runs = max(runs, len(gs))
        rows.append((name, "sirdey (stall 10,000)", run_row(gs, "sirdey", n_runs, cap)))
        rows.append((name, "swap", run_row(gs, "swap", n_runs, cap)))
    for name in ("très difficile", "17 clues (seed report)"):
        if full_runs:
            tally = run_row(grids[name], "sirdey", full_runs, 1, stall_levels=0)
            rows.append((name, "sirdey to T_f (no stall), 1 try per run", tally))
    return rows


def fmt_rates(warmup: float, measured: list[Rate]) -> str:
    """The rate table."""
    lines = [
        f"JIT warm-up (compile or cache load, excluded below): {warmup:.2f} s; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        "",
        "| case | iterations | wall s | M it/s (wall) | M it/s (CPU) |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in measured:
        lines.append(
            f"| {r.case} | {r.iterations:,} | {r.wall:.2f} | {r.iterations / r.wall / 1e6:.1f} "
            f"| {r.iterations / max(r.cpu, 1e-9) / 1e6:.1f} |"
        )
    return "\n".join(lines)


def fmt_table(rows: list[tuple[str, str, Tally]], cap: int) -> str:
    """The reproduced results table."""
    lines = [
        "| grid | variant | runs solved | mean tries (solved runs) | solves / tries made "
        "| tries per solve | wall s per try | CPU s per try | M it per try "
        "| best cost of failed tries (cost: tries) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for name, variant, t in rows:
        mean = f"{statistics.mean(t.tries):.2f}" if t.tries else "-"
        per_solve = (
            f"{t.total_tries / t.solved_runs:.2f}" if t.solved_runs else f"> {t.total_tries}"
        )
        costs = summary(t.failed_costs)
        per_try = (
            t.seconds / t.total_tries,
            t.cpu / t.total_tries,
            t.iterations / t.total_tries / 1e6,
        )
        lines.append(
            f"| {name} | {variant} | {t.solved_runs}/{t.runs} | {mean} "
            f"| {t.solved_runs}/{t.total_tries} | {per_solve} "
            f"| {per_try[0]:.3f} | {per_try[1]:.3f} | {per_try[2]:.2f} | {costs} |"
        )
    lines.append(f"\nAt most {cap} tries per run (1 for the no-stall rows); seeds 1..runs.")
    return "\n".join(lines)


def summary(costs: list[int]) -> str:
    """Best costs of failed tries as cost: count, most common first."""
    if not costs:
        return "-"
    counts: dict[int, int] = {}
    for c in costs:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{c}: {k}" for c, k in sorted(counts.items(), key=lambda x: -x[1])[:4])


def main(argv: list[str] | None = None) -> None:
    """Parse options, measure, print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run in seconds")
    parser.add_argument("--runs", type=int, default=20, help="runs per grid and variant")
    parser.add_argument("--cap", type=int, default=100, help="tries per run at most")
    parser.add_argument("--top", type=int, default=20, help="puzzles from top1465")
    parser.add_argument("--full-runs", type=int, default=10, help="sirdey tries to T_f")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.cap, args.top, args.full_runs = 1, 2, 1, 0
    warmup, measured = rates(args.quick)
    print("## Kernel iteration rate\n")
    print(fmt_rates(warmup, measured))
    print("\n## Tries needed and time per try\n")
    print(
        fmt_table(table_rows(args.quick, args.runs, args.cap, args.top, args.full_runs), args.cap)
    )


if __name__ == "__main__":
    main()
