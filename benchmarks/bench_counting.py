"""Uniqueness checks per second (count with cap 2) for each counting method, in one run.

    python benchmarks/bench_counting.py            # the README table
    python benchmarks/bench_counting.py --quick    # a smoke run

Every method sees the same random sample of each dataset (fixed seed) in the same
process, so the ratios to PySAT are fair on a noisy machine. Counts are checked: every
puzzle of both sets has exactly one solution, so any other answer aborts the run.
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sudoku_sat.grid import Grid
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.counting import PysatCounter, available_methods, count_eup, count_ganak

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SETS = ("puzzles2_17_clue", "puzzles5_forum_hardest_1905_11+")


def load_sample(folder: Path, name: str, k: int, seed: int) -> list[Grid]:
    """k puzzles of a dataset drawn at random with a fixed seed."""
    path = folder / name
    puzzles = parse_puzzles(path.read_text(), str(path))
    return [p.grid for p in random.Random(seed).sample(puzzles, min(k, len(puzzles)))]


def rate(check: Callable[[Grid], int], grids: list[Grid]) -> float:
    """Checks per second of check over grids; raises if a puzzle is not unique."""
    start = time.perf_counter()
    counts = [check(g) for g in grids]
    seconds = time.perf_counter() - start
    if any(c != 1 for c in counts):
        raise SystemExit(f"a method found a count other than 1: {sorted(set(counts))}")
    return len(grids) / seconds


def measure(grids: list[Grid], ganak_grids: list[Grid]) -> dict[str, tuple[int, float]]:
    """Method -> (puzzles, checks per second) on one dataset sample."""
    out: dict[str, tuple[int, float]] = {}
    with PysatCounter(3) as pysat:
        out["pysat"] = (len(grids), rate(lambda g: pysat.count(g, 2), grids))
    out["eup"] = (len(grids), rate(lambda g: count_eup(g, 3, 2), grids))
    if "ganak" in available_methods() and ganak_grids:
        out["ganak"] = (len(ganak_grids), rate(lambda g: count_ganak(g, 3), ganak_grids))
    return out


def table(results: dict[str, dict[str, tuple[int, float]]]) -> str:
    """The Markdown table: one row per dataset and method."""
    lines = [
        "| dataset | method | puzzles | checks/s | x PySAT |",
        "|---|---|---:|---:|---:|",
    ]
    for name, by_method in results.items():
        base = by_method["pysat"][1]
        for method, (k, per_second) in by_method.items():
            ratio = per_second / base
            lines.append(f"| {name} | {method} | {k} | {per_second:,.0f} | {ratio:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> str:
    """Run the benchmark, print the table and return it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few puzzles only")
    parser.add_argument("-k", type=int, default=2000, help="puzzles per dataset")
    parser.add_argument("--ganak", type=int, default=30, help="puzzles per dataset for ganak")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--datasets", type=Path, default=DATASETS)
    args = parser.parse_args(argv)
    k, kg = (20, 2) if args.quick else (args.k, args.ganak)
    results: dict[str, dict[str, tuple[int, float]]] = {}
    for name in SETS:
        grids = load_sample(args.datasets, name, k, args.seed)
        results[name] = measure(grids, grids[:kg])
    text = table(results)
    print(text)
    return text


if __name__ == "__main__":
    main(sys.argv[1:])
