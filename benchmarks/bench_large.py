"""Large orders, whole processes: ``solve`` and ``unique`` with their defaults beside the
CaDiCaL binary on the candidate-only CNF that ``encode --encoding candidates`` writes (the
floor: what is left is start-up, reading, propagation, encoding and checking).

Run: .venv/bin/python benchmarks/bench_large.py [--orders 5,8,10,15] [--blanks 0.2,0.3,0.4]
     [--timeout 20] [--half] [--out FILE]

Instances are made here, a function of (order, blank fraction, seed): the pattern grid of
the order in a random symmetry, mixed by 10·N·n cycle swaps (:mod:`sudoku_sat.puzzles.pattern`),
with that fraction of its cells blanked (the same seed). Each command runs once under
``/usr/bin/time -v`` (wall clock and peak resident memory) with a timeout; every solution
printed is checked valid and agreeing with the clues (numpy, :func:`candidates.is_valid`).
``--half`` measures the half-blank regime instead (the hardness peak: no goal there).
Prints a Markdown table (and writes it to --out).
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

from sudoku_sat.encodings.candidates import is_valid
from sudoku_sat.gridio import format_numbers, parse_puzzles
from sudoku_sat.puzzles.pattern import as_grid, blanked, mixed, random_grid

CLI = [sys.executable, "-m", "sudoku_sat"]
GOALS = {5: (1.0, 500), 8: (1.5, 1000), 9: (2.0, 1000), 10: (2.0, 1000), 12: (3.0, 1500)}
GOALS[15] = (5.0, 2000)
HALF = 0.5


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", default="5,8,10,15")
    parser.add_argument("--blanks", default="0.2,0.3,0.4")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--half", action="store_true", help="the half-blank table (orders 5-8)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    orders = [int(o) for o in args.orders.split(",")]
    blanks = [float(b) for b in args.blanks.split(",")]
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
