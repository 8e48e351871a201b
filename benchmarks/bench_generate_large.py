"""Generation at 25x25 and 36x36, whole processes: ``sudoku-sat generate --order N -k 1
--seed S --json`` for several seeds, timed under ``/usr/bin/time -v`` (wall clock, peak
resident memory), each printed puzzle re-checked here by a third method.

Run: .venv/bin/python benchmarks/bench_generate_large.py [--orders 5,6] [--seeds 1-10]
     [--timeout 300] [--sample 10] [--out FILE]

The check shares nothing with ``generate`` (the compiled EUP rules and minisat 2.2 or
CaDiCaL 1.9.5 on small candidate CNFs, then the cadical binary and the witnesses): one
PySAT Glucose 4 holding the whole rule formula (extended encoding, product at-most-one,
no propagation in Python) answers with the clues as assumptions:

- **unique**: no model other than the printed solution (a blocking clause under a
  selector): UNSAT;
- **minimal**: for ``--sample`` clues drawn from the seed (every clue with ``--sample 0``),
  a model of the puzzle without that clue that puts another value there, checked a
  solution (numpy): a removal check per clue.

Prints a Markdown table (and writes it to --out): per run the wall time, the peak
memory, the clues, the verdicts; then the median and the worst per order beside the
goals (25x25 <= 10 s, 36x36 <= 120 s, for the worst seed).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_large import emit, timed  # noqa: E402

from sudoku_sat.encoding import var  # noqa: E402
from sudoku_sat.encodings import rules  # noqa: E402
from sudoku_sat.encodings.candidates import is_valid  # noqa: E402
from sudoku_sat.gridio import parse_puzzles  # noqa: E402

CLI = [sys.executable, "-m", "sudoku_sat"]
GOALS = {5: 10.0, 6: 120.0}


def seeds(text: str) -> list[int]:
    """'1-10' or '1,4,7'."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(s) for s in text.split(",")]


def check(
    puzzle: tuple[int, ...], solution: tuple[int, ...], n: int, sample: int, seed: int
) -> str:
    """'unique, k/k clues need' or what failed, by Glucose 4 on the whole formula."""
    from pysat.solvers import Solver

    size = n * n
    if not is_valid(solution, n, puzzle):
        return "solution NOT valid"
    formula = rules(n, "extended", "product")
    selector = formula.nvars + 1
    lits = {c: var(n, c // size, c % size, v) for c, v in enumerate(puzzle) if v}
    block = [-var(n, c // size, c % size, v) for c, v in enumerate(solution)]
    with Solver(name="g4", bootstrap_with=formula.clauses) as sat:
        sat.add_clause([-selector, *block])
        if sat.solve(assumptions=[*lits.values(), selector]):
            return "NOT unique"
        clues = sorted(lits)
        asked = clues if sample <= 0 else random.Random(seed).sample(clues, min(sample, len(clues)))
        needed = 0
        for c in asked:
            others = [lit for d, lit in lits.items() if d != c]
            if not sat.solve(assumptions=[*others, -lits[c]]):
                continue
            model = set(sat.get_model() or [])
            grid = [
                next(v for v in range(1, size + 1) if var(n, c2 // size, c2 % size, v) in model)
                for c2 in range(size * size)
            ]
            loose = list(puzzle)
            loose[c] = 0
            needed += is_valid(grid, n, loose) and grid[c] != solution[c]
    return f"unique, {needed}/{len(asked)} clues needed"


def run(n: int, seed: int, timeout: float, sample: int) -> dict[str, Any]:
    """One generate process and its check."""
    command = [*CLI, "generate", "--order", str(n), "-k", "1", "--seed", str(seed), "--json", "-q"]
    seconds, peak, out, code = timed(command, timeout)
    result: dict[str, Any] = {"n": n, "seed": seed, "seconds": seconds, "mb": peak, "code": code}
    if seconds is None or code != 0:
        return result | {"clues": "-", "said": "-", "check": "-"}
    (record,) = json.loads(out)
    puzzle = parse_puzzles(record["puzzle"], "generate", order=n)[0].grid
    solution = parse_puzzles(record["solution"], "generate", order=n)[0].grid
    said = "unique" if record["unique"] else "NOT unique"
    said += ", minimal" if record["minimal"] else ", NOT minimal"
    verdict = check(puzzle, solution, n, sample, seed)
    return result | {"clues": record["clues"], "said": said, "check": verdict}


def show(seconds: float | None, timeout: float) -> str:
    return f"> {timeout:g} s" if seconds is None else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", default="5,6")
    parser.add_argument("--seeds", default="1-10")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--sample", type=int, default=10, help="clues checked needed (0: all)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    lines = [
        f"load average at start: {os.getloadavg()[0]:.1f} (2 cores)",
        "",
        "| grid | seed | generate (wall) | peak RSS | clues | generate said | checked here |",
        "|---|---|---|---|---|---|---|",
    ]
    summary = [
        "",
        "| grid | runs | median | worst | goal (worst) | met |",
        "|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="bench-generate-"):
        for n in (int(o) for o in args.orders.split(",")):
            times: list[float | None] = []
            for seed in seeds(args.seeds):
                r = run(n, seed, args.timeout, args.sample)
                times.append(r["seconds"])
                side = n * n
                line = (
                    f"| {side}x{side} | {seed} | {show(r['seconds'], args.timeout)} | {r['mb']} MB "
                    f"| {r['clues']} | {r['said']} | {r['check']} |"
                )
                print(line, flush=True)
                lines.append(line)
            done = [t for t in times if t is not None]
            worst = show(None if len(done) < len(times) else max(done), args.timeout)
            # a run past the timeout counts as slower than every other (inf)
            middle = statistics.median([math.inf if t is None else t for t in times])
            median = show(None if middle == math.inf else middle, args.timeout)
            goal = GOALS.get(n, 0.0)
            met = "yes" if len(done) == len(times) and max(done) <= goal else "NO"
            summary.append(
                f"| {side}x{side} | {len(times)} | {median} | {worst} | <= {goal:g} s | {met} |"
            )
    emit(lines + summary, args.out)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
