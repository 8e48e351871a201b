"""The compiled EUP engine against its peers, side by side in one run (issue 10's goals).

    python benchmarks/bench_eup.py                 # every table of docs/engines.md
    python benchmarks/bench_eup.py --quick         # a smoke run (small samples)
    python benchmarks/bench_eup.py --only unique   # one section: unique, qqwing, large, jobs

Sections (each prints a Markdown table; goals are marked met or not with the measured
value, never rounded up):

- unique: uniqueness checks/s (count up to 2) of the compiled EUP engine (one batch
  call per sample), incremental PySAT (one solver, a guarded blocking clause per model)
  and the pure-Python EUP reference, on the same random samples of the 17-clue,
  top1465 and forum-hardest sets; best of 3 runs for the first two (the machine is
  shared), one run for the reference. Goals: >= 10x PySAT on 17-clue, >= 5x on the hardest.
- qqwing: verified minimal 9x9 puzzles/s of ``generate`` (library call, one process)
  against ``qqwing --generate K --one-line``. Goal: >= 5x qqwing.
- large: mean seconds per verified minimal 16x16 puzzle (10 puzzles of seed 5) and
  25x25 puzzle (one each of seeds 1, 2, 3) and the peak memory of the process that
  made them (a child process per order, so peaks do not mix). Goals: <= 1 s (16x16),
  <= 60 s (25x25). A 25x25 run past --timeout is reported as not met.
- jobs: ``make_many`` with 2 worker processes against 1 (``--jobs-puzzles``, 20,000 by
  default: the workers' start, about half a second of CPU each, is timed, so a batch of
  a few seconds cannot show the speed-up of a long one). Goal: >= 1.8x.

The compile time of the numba kernels is paid before any clock starts (warm-up calls).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sudoku_sat.batch import open_executor
from sudoku_sat.engines.eup.batch import count_many, random_solution
from sudoku_sat.engines.eup.reference import count_eup
from sudoku_sat.grid import Grid, empty_grid
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.counting import PysatCounter
from sudoku_sat.puzzles.maker import MakeOptions, make_many

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SETS = (
    ("puzzles2_17_clue", 10.0),
    ("puzzles3_magictour_top1465", None),
    ("puzzles5_forum_hardest_1905_11+", 5.0),
    ("puzzles6_forum_hardest_1106", 5.0),
)


def sample(name: str, k: int, seed: int = 1) -> list[Grid]:
    """k puzzles of a dataset drawn with a fixed seed."""
    path = DATASETS / name
    puzzles = parse_puzzles(path.read_text(), str(path))
    return [p.grid for p in random.Random(seed).sample(puzzles, min(k, len(puzzles)))]


def timed(run: object, repeats: int = 1) -> tuple[float, object]:
    """The best wall-clock time of repeats runs (the machine is shared) and the value."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        value = run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best, value


def goal(value: float, target: float, larger: bool = True) -> str:
    met = value >= target if larger else value <= target
    sign = ">=" if larger else "<="
    return f"{'met' if met else 'NOT met'} ({value:.2f} vs goal {sign} {target:g})"


def unique_section(k: int, python_k: int, repeats: int = 3) -> list[str]:
    count_many([(sample(SETS[0][0], 5)[0], 3)], 2, "numba")  # compile
    lines = [
        "| dataset | puzzles | compiled EUP checks/s | PySAT checks/s | pure-Python EUP checks/s "
        "| compiled / PySAT | goal |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, target in SETS:
        grids = sample(name, k)
        t_fast, counts = timed(lambda g=grids: count_many([(x, 3) for x in g], 2, "numba"), repeats)
        with PysatCounter(3) as pysat:
            t_sat, sat_counts = timed(lambda g=grids, p=pysat: [p.count(x, 2) for x in g], repeats)
        few = grids[:python_k]
        t_py, py_counts = timed(lambda g=few: [count_eup(x, 3, 2) for x in g])
        if set(counts) | set(sat_counts) | set(py_counts) != {1}:  # type: ignore[arg-type]
            raise SystemExit(f"{name}: a method found a count other than 1")
        fast, sat, py = len(grids) / t_fast, len(grids) / t_sat, len(few) / t_py
        verdict = goal(fast / sat, target) if target else "-"
        lines.append(
            f"| {name} | {len(grids)} | {fast:,.0f} | {sat:,.0f} | {py:,.0f} "
            f"| {fast / sat:.1f}x | {verdict} |"
        )
    return lines


def qqwing_section(k: int) -> list[str]:
    if shutil.which("qqwing") is None:
        return ["qqwing not installed (apt-get install qqwing): section skipped"]
    options = MakeOptions(n=3, seed=1)
    list(make_many(options, 3))  # compile and load
    import resource

    cpu0 = time.process_time()
    t_ours, made = timed(lambda: list(make_many(MakeOptions(n=3, seed=2), k)))
    cpu_ours = time.process_time() - cpu0
    child0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    bad = sum(1 for m in made if not m.ok)  # type: ignore[attr-defined]
    if bad:
        raise SystemExit(f"{bad} puzzles failed their verification")
    command = ["qqwing", "--generate", str(k), "--one-line"]
    t_qq, _ = timed(lambda: subprocess.run(command, capture_output=True, check=True))
    cpu_qq = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - child0
    ours, theirs = k / t_ours, k / t_qq
    clues = sum(m.clues for m in made) / k  # type: ignore[attr-defined]
    return [
        "| generator | puzzles | wall s | puzzles/s (wall) | CPU s | puzzles/CPU s | mean clues |",
        "|---|---:|---:|---:|---:|---:|---:|",
        f"| sudoku-sat generate (verified minimal, 1 process) | {k} | {t_ours:.2f} "
        f"| {ours:,.1f} | {cpu_ours:.2f} | {k / cpu_ours:,.1f} | {clues:.1f} |",
        f"| qqwing --generate {k} --one-line | {k} | {t_qq:.2f} | {theirs:,.1f} "
        f"| {cpu_qq:.2f} | {k / cpu_qq:,.1f} | - |",
        "",
        f"Ratio (wall clock) {ours / theirs:.2f}x qqwing: goal >= 5x {goal(ours / theirs, 5.0)}; "
        f"by CPU time {cpu_qq / cpu_ours:.2f}x.",
    ]


def child(n: int, k: int) -> None:
    """Make k verified puzzles of order n (16x16: puzzles 0..k-1 of seed 5; 25x25: puzzle
    0 of seeds 1..k); print seconds, peak memory and verdicts as JSON."""
    import resource

    from sudoku_sat.puzzles.maker import make_one

    if n <= 4:
        list(make_many(MakeOptions(n=n, seed=99), 1))  # compile
    else:
        random_solution(empty_grid(n), n, 0)  # compile the fill kernel
    start = time.perf_counter()
    if n <= 4:
        made = list(make_many(MakeOptions(n=n, seed=5), k))
    else:
        made = [make_one(MakeOptions(n=n, seed=seed), 0) for seed in range(1, k + 1)]
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ok = sum(1 for m in made if m.ok)
    clues = sum(m.clues for m in made) / k
    print(json.dumps({"seconds": seconds / k, "peak_mb": peak, "ok": ok, "clues": clues}))


def large_section(k16: int, k25: int, timeout: float) -> list[str]:
    lines = [
        "| grid | puzzles | verified | mean clues | mean s/puzzle | peak memory | goal |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for n, k, target in ((4, k16, 1.0), (5, k25, 60.0)):
        if k == 0:
            continue
        size = n * n
        command = [sys.executable, __file__, "--child", str(n), str(k)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            lines.append(
                f"| {size}x{size} | {k} | - | - | > {timeout / k:.0f} (stopped) | - "
                f"| NOT met (no puzzle in {timeout:.0f} s) |"
            )
            continue
        if done.returncode:
            raise SystemExit(done.stderr)
        r = json.loads(done.stdout.strip().splitlines()[-1])
        lines.append(
            f"| {size}x{size} | {k} | {r['ok']} | {r['clues']:.1f} | {r['seconds']:.2f} "
            f"| {r['peak_mb']:.0f} MB | {goal(r['seconds'], target, larger=False)} |"
        )
    return lines


def made_on(jobs: int, k: int) -> list[object]:
    """k puzzles of seed 3 on a fresh executor of jobs processes (worker start timed too)."""
    with open_executor(jobs) as executor:
        return list(make_many(MakeOptions(n=3, seed=3), k, executor))


def jobs_section(k: int) -> list[str]:
    list(make_many(MakeOptions(n=3, seed=1), 2))
    t1, one = timed(lambda: made_on(1, k))
    t2, two = timed(lambda: made_on(2, k))
    same = [m.puzzle for m in one] == [m.puzzle for m in two]  # type: ignore[attr-defined]
    return [
        "| jobs | puzzles | seconds | puzzles/s |",
        "|---:|---:|---:|---:|",
        f"| 1 | {k} | {t1:.2f} | {k / t1:,.1f} |",
        f"| 2 | {k} | {t2:.2f} | {k / t2:,.1f} |",
        "",
        f"Speed-up {t1 / t2:.2f}x (same puzzles: {same}): goal >= 1.8x {goal(t1 / t2, 1.8)}.",
    ]


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--only", choices=["unique", "qqwing", "large", "jobs"])
    parser.add_argument("--timeout", type=float, default=900.0, help="25x25 budget (s)")
    parser.add_argument("--jobs-puzzles", type=int, default=20000, help="jobs batch size")
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child)
        return ""
    quick = args.quick
    sections = {
        "unique": lambda: unique_section(*((40, 5, 1) if quick else (2000, 200, 3))),
        "qqwing": lambda: qqwing_section(30 if quick else 300),
        "large": lambda: large_section(2 if quick else 10, 0 if quick else 3, args.timeout),
        "jobs": lambda: jobs_section(20 if quick else args.jobs_puzzles),
    }
    out = []
    for name, run in sections.items():
        if args.only in (None, name):
            text = f"\n## {name}\n\n" + "\n".join(run())
            print(text, flush=True)
            out.append(text)
    return "\n".join(out)


if __name__ == "__main__":
    main()
