"""Encodings laboratory: formula sizes, CDCL per encoding, large orders.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_encodings.py [--quick]
     [--part sizes,cdcl,large] [--limit K] [--seed S] [--orders 4,5,6,7,8]
     [--encodings extended,reduced,probed] [--binary-args=--sat] [--pysat m22|none]
     [--seeds 0,1,2] [--amo sequential,product] [--restarts]
Prints Markdown tables:
- sizes: clauses and variables of each encoding and at-most-one method for 9x9 (reduced:
  the mean over the puzzles of the sample);
- cdcl: per dataset sample and encoding, puzzles/s and mean conflicts of PySAT minisat
  2.2 (m22, rules loaded once, clues as assumptions, solve call timed) and of the
  cadical binary (whole formula as DIMACS, process wall time);
- large: per order, encoding (--encodings extended,reduced) and at-most-one method, the
  formula of a seeded half-blank puzzle (made by encodings.large, grid found by m22 with
  random phases on the product rules): clauses, variables, the grid search's time, encode
  time, a PySAT solver's load + solve time (--pysat, none to skip) and the binary's wall
  time with its options (--binary-args=--sat: cadical's configuration for satisfiable
  instances), each capped by --timeout; every model found is decoded and checked against
  the puzzle. Extended pairwise is built only up to MAX_PAIRWISE clauses, reduced
  pairwise (built from the extended rules) up to MAX_PAIRWISE_RULES; above, the row gives
  the count alone. Encoding ``probed``: reduced after the compiled EUP rules and failed
  values (its encode time includes the probing); --restarts adds the compiled EUP restart
  search per puzzle; --seeds runs several puzzles per order.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from sudoku_sat.dimacs import write_cnf_file
from sudoku_sat.encodings import (
    AMO_METHODS,
    ENCODINGS,
    Formula,
    clear_cache,
    decode_model,
    encode,
    rules,
)
from sudoku_sat.encodings.counts import clause_count, variable_count
from sudoku_sat.encodings.large import LargePuzzle, make_large, probed_formula
from sudoku_sat.grid import Grid, is_solution
from sudoku_sat.gridio import Puzzle, read_puzzles
from sudoku_sat.lab.cdcl import Plan, run_all, summarize
from sudoku_sat.lab.compare import pick

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SAMPLES = (
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
)
MAX_PAIRWISE = 6_000_000
MAX_PAIRWISE_RULES = 12_000_000
"""Reduced pairwise formulas are small, but built from the extended rules: up to this."""


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


def _timed_solve(clauses: list[list[int]], timeout: float, name: str = "m22") -> str:
    """A PySAT solver's load + solve time on clauses, or '> T' when it runs past timeout."""
    import threading

    from pysat.solvers import Solver

    start = time.perf_counter()
    with Solver(name=name, bootstrap_with=clauses) as solver:
        timer = threading.Timer(timeout, solver.interrupt)
        timer.start()
        ok = solver.solve_limited(expect_interrupt=True)
        timer.cancel()
    seconds = time.perf_counter() - start
    if ok is None:
        return f"> {timeout:.0f}"
    if not ok:
        raise RuntimeError(f"{name} found a large puzzle UNSAT")
    return f"{seconds:.2f}"


def _binary(
    nvars: int, clauses: list[list[int]], command: list[str], timeout: float
) -> tuple[str, list[int]]:
    """The binary's wall time on the formula written as DIMACS, or '> T', and its model."""
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        cnf = Path(tmp) / "large.cnf"
        write_cnf_file(cnf, nvars, clauses)
        start = time.perf_counter()
        try:
            proc = subprocess.run(
                [*command, str(cnf)], capture_output=True, text=True, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            return f"> {timeout:.0f}", []
        seconds = time.perf_counter() - start
    if proc.returncode != 10:
        raise RuntimeError(f"{command[0]} did not find the puzzle SAT (exit {proc.returncode})")
    model = [
        int(t) for line in proc.stdout.splitlines() if line[:2] == "v " for t in line[2:].split()
    ]
    return f"{seconds:.2f}", model


def _checked(model: list[int], formula: Formula, puzzle: Grid) -> None:
    """RuntimeError unless a solver's model decodes to a solution of puzzle."""
    grid, _ = decode_model(model, formula.n, formula.givens)
    if not is_solution(grid, formula.n, puzzle):
        raise RuntimeError(f"a model of the order-{formula.n} puzzle is not its solution")


def _built(n: int, encoding: str, amo: str) -> bool:
    """Whether this formula is built (pairwise rules stop at the MAX_PAIRWISE bounds)."""
    bound = MAX_PAIRWISE if encoding == "extended" else MAX_PAIRWISE_RULES
    return amo != "pairwise" or clause_count(n, "extended", amo) <= bound


def large(
    orders: list[int],
    seed: int | list[int],
    command: list[str],
    timeout: float,
    encodings: tuple[str, ...] = ("extended",),
    pysat: str | None = "m22",
    amos: tuple[str, ...] = AMO_METHODS,
    restarts: bool = False,
    blanks: tuple[float, ...] = (0.5,),
) -> Iterator[str]:
    """The large-orders table, row by row (a row can take minutes). command: the solver
    binary and its options; pysat: the PySAT solver of the load+solve column (None: -);
    encodings may hold ``probed`` (reduced after the EUP rules and failed values, see
    encodings.large.probed_formula); restarts adds a row per puzzle for the compiled EUP
    restart search (engines.eup.restarts) under the same cap; blanks: the fractions of
    blank cells (each seed's grid blanked at each, as make_large does)."""
    seeds = [seed] if isinstance(seed, int) else seed
    yield (
        "| order | seed | blank | encoding | amo | clauses | variables | grid found (s) "
        f"| encode (s) | {pysat or 'PySAT'} load+solve (s) | {' '.join(command)} (s) |"
    )
    yield "|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|"
    for n, s, blank in itertools.product(orders, seeds, blanks):
        made = make_large(n, s, blank=blank)
        side = f"{n * n}x{n * n} | {s} | {blank:.0%}"
        for encoding in encodings:
            for amo in amos:
                yield f"| {side} | {encoding} | {amo} | " + _large_row(
                    made, encoding, amo, command, timeout, pysat
                )
        if restarts:
            yield f"| {side} | EUP restarts | - | - | - | {made.seconds:.1f} | - | - | " + (
                _restarts(made, timeout) + " |"
            )


def _restarts(made: LargePuzzle, timeout: float) -> str:
    """The compiled EUP restart search's time on the puzzle (solution checked), or '> T'."""
    from sudoku_sat.engines.eup.restarts import solve_engine

    solve_engine((0,) * 16, 2)  # compile outside the timing
    result = solve_engine(made.puzzle, made.n, timeout, seed=made.seed)
    if result.status == "unknown":
        return f"> {timeout:.0f}"
    if result.status != "solved" or not is_solution(result.grid, made.n, made.puzzle):
        raise RuntimeError(f"the restart search failed on the order-{made.n} puzzle")
    return f"{result.seconds:.2f} ({result.stats['runs']} runs, {result.stats['nodes']:,} nodes)"


def _large_row(
    made: LargePuzzle,
    encoding: str,
    amo: str,
    command: list[str],
    timeout: float,
    pysat: str | None,
) -> str:
    n = made.n
    if encoding != "probed" and not _built(n, encoding, amo):
        count, variables = clause_count(n, "extended", amo), variable_count(n, "extended", amo)
        return f"{count:,} (extended rules alone) | {variables:,} | - | not built | - | - |"
    clear_cache()  # time the building of the rules too
    start = time.perf_counter()
    if encoding == "probed":
        formula, _ = probed_formula(made.puzzle, n, amo)
    else:
        formula = encode(made.puzzle, n, encoding, amo)
    clauses = formula.clauses
    built = time.perf_counter() - start
    clear_cache()
    in_process = _timed_solve(clauses, timeout, pysat) if pysat else "-"
    wall, model = _binary(formula.nvars, clauses, command, timeout)
    if model:
        _checked(model, formula, made.puzzle)
    return (
        f"{len(clauses):,} | {formula.nvars:,} | {made.seconds:.1f} | {built:.2f} "
        f"| {in_process} | {wall} |"
    )


def _fractions(text: str) -> tuple[float, ...]:
    """--blanks: comma-separated fractions between 0 and 1."""
    try:
        values = tuple(float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of numbers") from None
    if not all(0.0 <= v <= 1.0 for v in values):
        raise argparse.ArgumentTypeError(f"{text!r}: every fraction must be between 0 and 1")
    return values


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
    parser.add_argument("--encodings", default="extended", help="extended,reduced or one")
    parser.add_argument("--binary-args", default="", help="options, e.g. --binary-args=--sat")
    parser.add_argument("--pysat", default="m22", help="PySAT solver of the large table; none")
    parser.add_argument("--seeds", default="", help="large puzzles' seeds, e.g. 0,1,2 (--seed)")
    parser.add_argument("--amo", default=",".join(AMO_METHODS), help="AMO methods of large")
    parser.add_argument(
        "--restarts", action="store_true", help="large: add the EUP restart search's row"
    )
    parser.add_argument(
        "--blanks",
        type=_fractions,
        default=(0.5,),
        help="large: fractions of blank cells, e.g. 0.3,0.4,0.5",
    )
    args = parser.parse_args(argv)
    limit = 2 if args.quick else args.limit
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
        command = [args.binary, "-q", *args.binary_args.split()]
        encodings = tuple(args.encodings.split(","))
        pysat = None if args.pysat == "none" else args.pysat
        seeds = [int(x) for x in args.seeds.split(",")] if args.seeds else [args.seed]
        amos = tuple(args.amo.split(","))
        for row in large(
            orders,
            seeds,
            command,
            args.timeout,
            encodings,
            pysat,
            amos,
            args.restarts,
            args.blanks,
        ):
            print(row, flush=True)
            rows.append(row)
        text += "\n\n" + "\n".join(rows)
    return text


if __name__ == "__main__":
    main()
