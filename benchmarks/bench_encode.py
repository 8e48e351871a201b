"""Encoding speed: 9x9 in-process, 16x16 and 25x25 written to a DIMACS file.

Run: .venv/bin/python benchmarks/bench_encode.py [--quick]
Prints a Markdown table (best of several repeats, seconds). Goal: 25x25 to a file <= 3 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from sudoku_sat.dimacs import dumps, write_cnf_file
from sudoku_sat.encoding import encode
from sudoku_sat.gridio import parse_puzzles

HARD = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"


def best_of(repeats: int, job: Callable[[], object]) -> float:
    """The fastest of repeats runs of job, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def to_file(n: int, folder: Path) -> Callable[[], object]:
    """A job that encodes the empty grid of order n (rules + clues) into a file."""

    def job() -> object:
        enc = encode((0,) * n**4, n)
        write_cnf_file(folder / f"order{n}.cnf", enc.nvars, enc.clauses)
        return enc

    return job


def run(quick: bool = False) -> list[tuple[str, int, float]]:
    """Rows of (case, clauses, seconds)."""
    grid = parse_puzzles(HARD)[0].grid
    repeats = 1 if quick else 5
    rows = []
    enc9 = encode(grid, 3)
    rows.append(("9x9 encode in-process", len(enc9), best_of(repeats * 4, lambda: encode(grid, 3))))
    rows.append(
        (
            "9x9 encode + DIMACS text",
            len(enc9),
            best_of(repeats * 4, lambda: dumps(enc9.nvars, encode(grid, 3).clauses)),
        )
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in (4,) if quick else (4, 5):
            clauses = len(encode((0,) * n**4, n))
            rows.append(
                (f"{n * n}x{n * n} to a file", clauses, best_of(repeats, to_file(n, Path(tmp))))
            )
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="one repeat, no 25x25")
    args = parser.parse_args(argv)
    print("| case | clauses | best time (s) |\n|---|---:|---:|")
    for case, clauses, seconds in run(args.quick):
        print(f"| {case} | {clauses:,} | {seconds:.4f} |")


if __name__ == "__main__":
    main()
