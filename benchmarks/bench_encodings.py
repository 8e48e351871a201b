"""Encodings laboratory: formula sizes, CDCL per encoding, large orders.

Run: PYTHONPATH=. /work/venv/bin/python benchmarks/bench_encodings.py [--quick]
     [--part sizes,cdcl,large] [--limit K] [--seed S] [--orders 4,5,6,7,8]
Prints Markdown tables:
- sizes: clauses and variables of each encoding and at-most-one method for 9x9 (reduced:
  the mean over the puzzles of the sample);
- cdcl: per dataset sample and encoding, puzzles/s and mean conflicts of PySAT minisat
  2.2 (m22, rules loaded once, clues as assumptions, solve call timed) and of the
  cadical binary (whole formula as DIMACS, process wall time);
- large: per order and at-most-one method, the extended formula of a seeded half-blank
  puzzle (made by encodings.large, grid found by m22 with random phases on the product
  rules): clauses, variables, the grid search's time, encode time, m22 load + solve time
  and cadical's wall time, each capped by --timeout. Pairwise is built only up to
  MAX_PAIRWISE clauses (more would not fit a laptop's memory as Python lists); above it
  the row gives its count alone. ``--encoding reduced`` runs the same puzzles on the
  reduced formula instead (the clues simplified away at encoding time).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from sudoku_sat.dimacs import write_cnf_file
from sudoku_sat.encodings import AMO_METHODS, ENCODINGS, clear_cache, encode, rules
from sudoku_sat.encodings.cdcl import Plan, run_all, summarize
from sudoku_sat.encodings.counts import clause_count, variable_count
from sudoku_sat.encodings.large import make_large
from sudoku_sat.gridio import Puzzle, read_puzzles
from sudoku_sat.lab.compare import pick

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SAMPLES = (
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
)
MAX_PAIRWISE = 6_000_000


def sizes(sample: list[Puzzle]) -> str:
    lines = ["| encoding | amo | clauses (9x9) | variables (9x9) |", "|---|---|---:|---:|"]
    for encoding in ENCODINGS:
        for amo in AMO_METHODS:
            if encoding == "reduced":
                counts = [len(encode(p.grid, 3, encoding, amo)) for p in sample]
                clauses = f"{sum(counts) / len(counts):,.1f} (mean of {len(counts)} puzzles)"
            else:
                clauses = f"{len(rules(3, encoding, amo)):,}"
            lines.append(f"| {encoding} | {amo} | {clauses} | {rules(3, encoding, amo).nvars:,} |")
    return "\n".join(lines)


def cdcl(datasets: Path, limit: int, seed: int, binary: str) -> str:
    plan = Plan(ENCODINGS, "pairwise", ("m22",), (binary,))
    lines = [
        f"| dataset (sample) | encoding | m22 puzzles/s | m22 conflicts | {binary} puzzles/s "
        f"| {binary} conflicts | disagreements |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name in SAMPLES:
        path = datasets / name
        if not path.exists():
            continue
        puzzles = pick(read_puzzles(str(path)), limit, seed)
        summaries = summarize(list(run_all(puzzles, plan)), puzzles, plan.amo)
        by = {(s.encoding, s.solver): s for s in summaries}
        for encoding in ENCODINGS:
            p, b = by[(encoding, "m22")], by[(encoding, binary)]
            lines.append(
                f"| {name} ({len(puzzles)}) | {encoding} | {p.puzzles_per_second:,.0f} "
                f"| {p.mean_conflicts or 0:.1f} | {b.puzzles_per_second:,.1f} "
                f"| {b.mean_conflicts or 0:.1f} | {p.disagreements + b.disagreements} |"
            )
    return "\n".join(lines)


def _timed_solve(clauses: list[list[int]], timeout: float) -> str:
    """m22's load + solve time on clauses, or '> T' when it runs past timeout."""
    import threading

    from pysat.solvers import Solver

    start = time.perf_counter()
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        timer = threading.Timer(timeout, solver.interrupt)
        timer.start()
        ok = solver.solve_limited(expect_interrupt=True)
        timer.cancel()
    seconds = time.perf_counter() - start
    if ok is None:
        return f"> {timeout:.0f}"
    if not ok:
        raise RuntimeError("m22 found a large puzzle UNSAT")
    return f"{seconds:.2f}"


def _binary(nvars: int, clauses: list[list[int]], binary: str, timeout: float) -> str:
    """The binary's wall time on the formula written as DIMACS, or '> T'."""
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        cnf = Path(tmp) / "large.cnf"
        write_cnf_file(cnf, nvars, clauses)
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                [binary, "-q", str(cnf)], capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return f"> {timeout:.0f}"
        seconds = time.perf_counter() - start
    if proc.returncode != 10:
        raise RuntimeError(f"{binary} did not find the puzzle SAT (exit {proc.returncode})")
    return f"{seconds:.2f}"


def large(
    orders: list[int], seed: int, binary: str, timeout: float, encoding: str = "extended"
) -> Iterator[str]:
    """The large-orders table, row by row (a row can take minutes)."""
    yield (
        "| order | amo | clauses | variables | grid found (s) | encode (s) "
        f"| m22 load+solve (s) | {binary} (s) |"
    )
    yield "|---|---|---:|---:|---:|---:|---:|---:|"
    for n in orders:
        made = make_large(n, seed)
        side = f"{n * n}x{n * n}"
        for amo in AMO_METHODS:
            count = clause_count(n, "extended", amo)
            if amo == "pairwise" and count > MAX_PAIRWISE:
                variables = variable_count(n, "extended", amo)
                cells = f"{count:,} (rules alone) | {variables:,} | - | not built | - | -"
                yield f"| {side} | {amo} | {cells} |"
                continue
            clear_cache()  # time the building of the rules too
            start = time.perf_counter()
            formula = encode(made.puzzle, n, encoding, amo)
            clauses = formula.clauses
            built = time.perf_counter() - start
            pysat = _timed_solve(clauses, timeout)
            cad = _binary(formula.nvars, clauses, binary, timeout)
            yield (
                f"| {side} | {amo} | {len(clauses):,} | {formula.nvars:,} | {made.seconds:.1f} "
                f"| {built:.2f} | {pysat} | {cad} |"
            )
            del formula, clauses


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny samples, orders 2-3")
    parser.add_argument("--part", default="sizes,cdcl,large")
    parser.add_argument("--limit", type=int, default=200, help="puzzles per dataset sample")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--orders", default="4,5,6,7,8")
    parser.add_argument("--binary", default="cadical")
    parser.add_argument("--datasets", type=Path, default=DATASETS)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per large solve")
    parser.add_argument("--encoding", default="extended", choices=("extended", "reduced"))
    args = parser.parse_args(argv)
    limit = 3 if args.quick else args.limit
    orders = [2, 3] if args.quick else [int(x) for x in args.orders.split(",")]
    parts = args.part.split(",")
    out = []
    if "sizes" in parts:
        sample = pick(read_puzzles(str(args.datasets / SAMPLES[1])), limit, args.seed)
        out.append(sizes(sample))
    if "cdcl" in parts:
        out.append(cdcl(args.datasets, limit, args.seed, args.binary))
    text = "\n\n".join(out)
    print(text, flush=True)
    if "large" in parts:
        rows = []
        for row in large(orders, args.seed, args.binary, args.timeout, args.encoding):
            print(row, flush=True)
            rows.append(row)
        text += "\n\n" + "\n".join(rows)
    return text


if __name__ == "__main__":
    main()
