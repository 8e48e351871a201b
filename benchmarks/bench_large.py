"""Large orders, whole processes: ``solve`` and ``unique`` with their defaults beside the
CaDiCaL binary on the candidate-only CNF that ``encode --encoding candidates`` writes (the
floor: what is left is start-up, reading, propagation, encoding and checking).

Run: .venv/bin/python benchmarks/bench_large.py [--orders 5,8,10,15] [--blanks 0.2,0.3,0.4]
     [--timeout 20] [--half] [--sweep] [--out FILE]

Instances are made here, a function of (order, blank fraction, seed): the pattern grid of
the order in a random symmetry, mixed by 10·N·n cycle swaps (:mod:`sudoku_sat.puzzles.pattern`),
with that fraction of its cells blanked (the same seed). Each command runs once under
``/usr/bin/time -v`` (wall clock and peak resident memory) with a timeout; every solution
printed is checked valid and agreeing with the clues (numpy, :func:`candidates.is_valid`).
``--half`` measures the half-blank regime instead (no goal there). ``--sweep`` finds the
hardness peak: for each order, the CaDiCaL binary alone on the candidate-only CNF of the
instance at every blank fraction of ``SWEEP`` (or --blanks when given), with the cells
and candidates left open by propagation and the answer (SAT/UNSAT). Prints a Markdown
table (and writes it to --out), the command that regenerates it above it.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from sudoku_sat.encodings.candidates import is_valid, write_dimacs
from sudoku_sat.gridio import format_numbers, parse_puzzles
from sudoku_sat.puzzles.large import candidate_cnf
from sudoku_sat.puzzles.pattern import as_grid, blanked, mixed, random_grid

CLI = [sys.executable, "-m", "sudoku_sat"]
GOALS = {5: (1.0, 500), 8: (1.5, 1000), 9: (2.0, 1000), 10: (2.0, 1000), 12: (3.0, 1500)}
GOALS[15] = (5.0, 2000)
HALF = 0.5
SWEEP = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7)


def instance(n: int, blank: float, seed: int) -> tuple[int, ...]:
    """The benchmark's puzzle of order n with that fraction blank."""
    grid = mixed(random_grid(n, seed), n, 10 * n * n * n, seed + 1)
    return as_grid(blanked(grid, blank, seed))


def timed(command: list[str], timeout: float) -> tuple[float | None, int, str, int]:
    """(seconds or None on timeout, peak RSS in MB, stdout, exit code) of a whole process."""
    full = ["/usr/bin/time", "-v", *command]
    proc = subprocess.Popen(
        full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)  # the CLI stops the solver it started, then exits
        try:
            proc.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
        return None, 0, "", -1
    done = subprocess.CompletedProcess(full, proc.returncode, stdout, stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    seconds = None
    if wall:
        parts = [float(p) for p in wall.group(1).split(":")]
        seconds = sum(p * 60**k for k, p in enumerate(reversed(parts)))
    peak = int(rss.group(1)) // 1024 if rss else 0
    return seconds, peak, done.stdout, done.returncode


def show(seconds: float | None, mb: int, timeout: float) -> str:
    return f"> {timeout:g} s" if seconds is None else f"{seconds:.2f} s, {mb} MB"


def row(n: int, blank: float, seed: int, timeout: float, folder: Path) -> str:
    """One table row: solve, unique and the cadical floor on one instance."""
    puzzle = instance(n, blank, seed)
    path = folder / f"p{n}-{blank}.txt"
    path.write_text(format_numbers(puzzle, n) + "\n")
    solve_s, solve_mb, out, code = timed(
        [*CLI, "solve", str(path), "-q", "--format", "numbers"], timeout
    )
    checked = "-"
    if solve_s is not None:
        (solved,) = parse_puzzles(out, "solve") if code == 0 else [None]
        checked = "yes" if solved is not None and is_valid(solved.grid, n, puzzle) else "NO"
    uniq_s, uniq_mb, _, ucode = timed([*CLI, "unique", str(path), "-q"], timeout)
    verdict = {0: "unique", 1: "several", 4: "none"}.get(ucode, "-")
    cnf = folder / f"p{n}-{blank}.cnf"
    enc_s, _, _, _ = timed(
        [*CLI, "encode", str(path), "--encoding", "candidates", "-o", str(cnf)], timeout
    )
    floor = "-"
    if enc_s is not None:
        floor_s, floor_mb, _, _ = timed(["cadical", "-q", str(cnf)], timeout)
        floor = show(floor_s, floor_mb, timeout)
    side = n * n
    goal = GOALS.get(n) if blank < HALF else None  # the half-blank regime has no goal
    goal_text = f"<= {goal[0]:g} s, {goal[1]} MB" if goal else "-"
    return (
        f"| {side}x{side} | {blank:.0%} | {seed} | {show(solve_s, solve_mb, timeout)} | {checked} "
        f"| {show(uniq_s, uniq_mb, timeout)} ({verdict}) | {floor} | {goal_text} |"
    )


def sweep_row(n: int, blank: float, seed: int, timeout: float, folder: Path) -> str:
    """One row of the sweep: what propagation leaves open, and CaDiCaL's time on the rest."""
    cnf = candidate_cnf(instance(n, blank, seed), n)
    side, open_cells = n * n, int((cnf.givens == 0).sum())
    if cnf.primary == 0:
        answer = "UNSAT" if cnf.nclauses else "solved by propagation"
        return f"| {side}x{side} | {blank:.0%} | 0 | 0 | 0 | - | {answer} |"
    path = folder / f"sweep{n}-{blank}.cnf"
    with open(path, "wb") as fp:
        write_dimacs(fp, cnf)
    seconds, mb, _, code = timed(["cadical", "-q", str(path)], timeout)
    answer = {10: "SAT", 20: "UNSAT"}.get(code, "-")
    return (
        f"| {side}x{side} | {blank:.0%} | {open_cells} | {cnf.primary} | {cnf.nclauses} "
        f"| {show(seconds, mb, timeout)} | {answer} |"
    )


def sweep(orders: list[int], blanks: list[float], seed: int, timeout: float) -> list[str]:
    """The sweep's table (see the module docstring), one row printed as it is measured."""
    command = (
        f"benchmarks/bench_large.py --sweep --orders {','.join(map(str, orders))} "
        f"--blanks {','.join(f'{b:g}' for b in blanks)} --seed {seed} --timeout {timeout:g}"
    )
    lines = [
        f"`{command}`; load average at start: {os.getloadavg()[0]:.1f} (2 cores)",
        "",
        "| grid | blank | open cells | candidates | clauses | cadical binary on the CNF | answer |",
        "|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="bench-large-") as tmp:
        for n in orders:
            for blank in blanks:
                line = sweep_row(n, blank, seed, timeout, Path(tmp))
                print(line, flush=True)
                lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", default="5,8,10,15")
    parser.add_argument("--blanks", help="default 0.2,0.3,0.4 (the sweep: SWEEP)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--half", action="store_true", help="the half-blank table (orders 5-8)")
    parser.add_argument("--sweep", action="store_true", help="cadical alone over SWEEP")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    orders = [int(o) for o in args.orders.split(",")]
    default = SWEEP if args.sweep else (0.2, 0.3, 0.4)
    blanks = [float(b) for b in args.blanks.split(",")] if args.blanks else list(default)
    if args.sweep:
        emit(sweep(orders, blanks, args.seed, args.timeout), args.out)
        return
    if args.half:
        orders, blanks = [o for o in orders if o <= 8] or [5, 6, 7, 8], [HALF]
    lines = [
        f"load average at start: {os.getloadavg()[0]:.1f} (2 cores)",
        "",
        "| grid | blank | seed | solve (wall, peak RSS) | valid | unique (verdict) "
        "| cadical binary on the CNF | goal (solve) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="bench-large-") as tmp:
        for n in orders:
            for blank in blanks:
                line = row(n, blank, args.seed, args.timeout, Path(tmp))
                print(line, flush=True)
                lines.append(line)
    emit(lines, args.out)


def emit(lines: list[str], out: Path | None) -> None:
    """The table: written to out (when given), then printed whole."""
    text = "\n".join(lines) + "\n"
    if out:
        out.write_text(text)
    print(text)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
