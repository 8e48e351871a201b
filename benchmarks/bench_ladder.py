"""Batch unit propagation against PySAT's propagate, puzzle for puzzle, in the same run.

Each dataset sample (fixed seed) is turned into assumption lists once, before any
timing: the positive literal of every clue, on F_regle (extended encoding) loaded once
on each side. Timed per pass over the whole sample, sides alternating within the pass,
best of ``--repeat`` passes kept (the machine is shared and noisy):

- PySAT: ``Solver.propagate(assumptions=...)`` once per puzzle on a minisat22 solver
  holding the rules and never solved (a list of the fixpoint's literals per call);
- in-house, one call per puzzle: ``NumbaPropagator.unit_propagate`` (what the ladder
  cost before batching: a Python crossing per puzzle);
- in-house batch, one compiled call for the sample, three outputs: the per-puzzle
  table only (status, cells fixed, counters: what the ladder reads); that table plus
  every fixpoint's literals as one flat array with offsets (the same information as
  PySAT's lists; **the goal's measure**); and the literals turned into one Python tuple
  per puzzle.

Goal: the batch with literals >= 2x PySAT propagate per puzzle. Every batch fixpoint is
compared with PySAT's (the mismatch column must be 0). Prints Markdown.

    python benchmarks/bench_ladder.py [--per-dataset K] [--repeat R] [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from sudoku_sat.encoding import clue_assumptions, num_vars, rules
from sudoku_sat.engines.propagation.batch import BatchPropagator
from sudoku_sat.engines.propagation.numba_kernel import NumbaPropagator
from sudoku_sat.gridio import parse_puzzles

DATASETS_DIR = Path(__file__).resolve().parents[2] / "shared" / "datasets"
DATASETS = (
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
)
GOAL = 2.0
SIDES = ("PySAT propagate", "in-house per call", "batch: table", "batch: + literal arrays",
         "batch: + literal tuples")  # fmt: skip


def load_units(name: str, per_dataset: int, seed: int) -> list[list[int]]:
    """The clue literals of a fixed-seed sample of one dataset."""
    path = DATASETS_DIR / name
    puzzles = parse_puzzles(path.read_text(), str(path))
    chosen = random.Random(seed).sample(puzzles, min(per_dataset, len(puzzles)))
    return [clue_assumptions(p.grid, p.n) for p in chosen]


def best_totals(runs: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """Seconds of each run's fastest pass; the runs alternate within each pass."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for k, run in enumerate(runs):
            start = time.perf_counter()
            run()
            best[k] = min(best[k], time.perf_counter() - start)
    return best


def measure(units: list[list[int]], repeat: int) -> tuple[list[float], int]:
    """Per-puzzle seconds of each side, and the fixpoints differing from PySAT's."""
    from pysat.solvers import Solver

    solver = Solver(name="m22", bootstrap_with=rules(3))
    single = NumbaPropagator(num_vars(3), rules(3))
    batch = BatchPropagator(num_vars(3), rules(3), 9, "numba")
    runs: list[Callable[[], object]] = [
        lambda: [solver.propagate(assumptions=u) for u in units],
        lambda: [single.unit_propagate(u) for u in units],
        lambda: batch.run(units),
        lambda: batch.run_arrays(units, keep=True),
        lambda: batch.run(units, keep=True),
    ]
    for run in runs:  # warm: numba loaded, PySAT's first call made
        run()
    totals = best_totals(runs, repeat)
    theirs = [set(solver.propagate(assumptions=u)[1]) for u in units]
    ours = batch.run(units, keep=True).outcomes
    bad = sum(set(o.literals) != t for o, t in zip(ours, theirs, strict=True))
    solver.delete()
    return [t / len(units) for t in totals], bad


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-dataset", type=int, default=2000, help="puzzles per dataset")
    parser.add_argument("--repeat", type=int, default=5, help="timed passes, best kept")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few puzzles, one pass")
    args = parser.parse_args(argv)
    if args.quick:
        args.per_dataset, args.repeat = 20, 1
    rows: list[list[object]] = []
    met = True
    totals = [0.0] * len(SIDES)
    count = mismatches = 0
    for name in DATASETS:
        units = load_units(name, args.per_dataset, args.seed)
        per, bad = measure(units, args.repeat)
        totals = [t + p * len(units) for t, p in zip(totals, per, strict=True)]
        count += len(units)
        mismatches += bad
        rows.append(row(name, len(units), per, bad))
        met = met and per[0] / per[3] >= GOAL
    rows.append(row("all", count, [t / count for t in totals], mismatches))
    ratio = totals[0] / totals[3]
    verdict = "met" if met else "not met"
    headers = ["dataset", "puzzles", *(f"{s} µs" for s in SIDES),
               "ratio per call", "ratio table", "ratio literal arrays", "ratio literal tuples",
               "mismatches"]  # fmt: skip
    return "\n\n".join(
        [
            "UP fixpoint per puzzle, µs (ratio = PySAT time / in-house time; goal: batch with "
            f"literal arrays >= {GOAL:g}x on every dataset)",
            table(headers, rows),
            f"goal {verdict}: batch with literal arrays {ratio:.2f}x PySAT propagate overall",
        ]
    )


def row(name: str, puzzles: int, per: list[float], bad: int) -> list[object]:
    """A table row: µs per puzzle of each side, the ratios, the mismatches."""
    return [
        name, puzzles, *(f"{1e6 * p:.1f}" for p in per),
        *(f"{per[0] / p:.2f}x" for p in per[1:]), bad,
    ]  # fmt: skip


if __name__ == "__main__":
    sys.stdout.write(main() + "\n")
