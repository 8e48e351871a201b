"""The commands users type, as whole processes with their defaults, beside tdoku and qqwing.

    python benchmarks/bench_cli.py                   # the table of docs/speed.md and README
    python benchmarks/bench_cli.py --quick           # small sets, one round: a smoke run
    python benchmarks/bench_cli.py --write           # also rewrite docs/speed.md and the
                                                     # README block between the markers

Every figure is a whole ``sudoku-sat`` process (the console script next to this Python)
with its default options, timed from start to exit, on puzzles written for this run as
random symmetries (relabelled digits, permuted bands, rows, stacks and columns, maybe
transposed) of ``../shared/datasets``, so no figure comes from puzzles a test has seen:

- start-up: ``--version``, ``--help``, and ``unique`` on a one-puzzle file (after one
  warming run, so the compiled kernels are in the cache);
- ``unique`` on 17-clue and forum-hardest puzzles: the *marginal* rate, puzzles per
  second once start-up is removed, (N - N/10) / (time(N) - time(N/10)), beside tdoku's
  ``run_benchmark`` rate on the same files (tdoku counts up to 2 solutions, as ``unique``
  does; its rate excludes its own start-up, so it is a marginal rate too). tdoku is built
  by ``../shared/peers/build-tdoku.sh`` (pass its binary with ``--tdoku``); never copied;
- ``generate -k K`` (9x9, each puzzle unique and minimal, verified by an independent
  engine) beside ``qqwing --generate K --one-line``, both marginal over K and K/10;
- 16x16 and 25x25 ``generate`` (one process each), seconds per verified puzzle;
- the first run after installing: ``generate -k 100000`` until its first line and
  ``generate -k 20`` to its exit, each with an empty kernel cache (``NUMBA_CACHE_DIR``
  pointing at a new empty folder: the compiled kernels are built in the background
  while pure Python answers; the background warm-up is stopped after each run), beside
  the same with the cache warm;
- a check, not a speed: the verdicts of the default ``unique`` equal those of
  ``unique --method pysat`` on the 17-clue file (20,000 puzzles by default).

Runs are repeated ``--rounds`` times, ours and the peer's interleaved, so load on the
machine hits both alike: start-up times are the best round; a marginal rate uses the
median over the rounds of time(N) - time(N/10), by wall clock and by CPU time (user +
system, from ``wait4``). On a shared, loaded machine the CPU figures are the steadier
ones; tdoku's CPU rate is its reported rate divided by the share of a core its process
had. These figures are comparable only within one run.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATASETS = Path(os.environ.get("SUDOKU_SAT_DATASETS") or ROOT.parent / "shared" / "datasets")
"""The shared datasets (``SUDOKU_SAT_DATASETS`` overrides: a git worktree sits elsewhere)."""
SEVENTEEN = "puzzles2_17_clue"
HARDEST = "puzzles5_forum_hardest_1905_11+"
DOC = ROOT / "docs" / "speed.md"
README = ROOT / "README.md"
BEGIN, END = "<!-- bench_cli:begin -->", "<!-- bench_cli:end -->"
COMMAND = "python benchmarks/bench_cli.py --write --tdoku PATH/run_benchmark"


def cli() -> list[str]:
    """The sudoku-sat console script of this Python's environment."""
    script = Path(sys.executable).parent / "sudoku-sat"
    return [str(script)] if script.exists() else [sys.executable, "-m", "sudoku_sat"]


def symmetric(line: str, rng: random.Random) -> str:
    """A random symmetry of a 9x9 puzzle line (the same number of solutions)."""
    digits = rng.sample("123456789", 9)
    relabel = {str(d): digits[d - 1] for d in range(1, 10)} | {".": ".", "0": "."}
    rows = [3 * b + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [3 * b + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    cells = [relabel[line[9 * r + c]] for r in rows for c in cols]
    if rng.random() < 0.5:
        cells = [cells[9 * c + r] for r in range(9) for c in range(9)]
    return "".join(cells)


def dataset(name: str, k: int, rng: random.Random) -> list[str]:
    """k random symmetries of puzzles drawn from a dataset."""
    text = (DATASETS / name).read_text()
    lines = [s.strip()[:81] for s in text.splitlines() if s.strip() and s[0] != "#"]
    return [symmetric(line, rng) for line in rng.sample(lines, min(k, len(lines)))]


def write(folder: Path, name: str, lines: Sequence[str]) -> Path:
    path = folder / name
    path.write_text("".join(line + "\n" for line in lines))
    return path


def user_environment() -> dict[str, str]:
    """This environment as a user's shell has it: Python may write its bytecode caches
    (a sandbox that sets PYTHONDONTWRITEBYTECODE recompiles every module at every start),
    and a cold kernel cache is compiled in the background (no SUDOKU_SAT_COMPILE, which
    the tests set)."""
    dropped = ("PYTHONDONTWRITEBYTECODE", "SUDOKU_SAT_COMPILE")
    return {k: v for k, v in os.environ.items() if k not in dropped}


@dataclass(frozen=True)
class Timed:
    """One process: wall-clock seconds, and the CPU seconds it used (user + system)."""

    wall: float
    cpu: float


def run(
    command: Sequence[str], timeout: float = 900.0, codes: tuple[int, ...] = (0, 1, 4)
) -> Timed:
    """One process run to its end (its output thrown away), timed; raises when its exit
    code is not one of codes (unique: 1 and 4 are results, not failures)."""
    t0 = time.perf_counter()
    with subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=user_environment()
    ) as child:
        try:
            _, status, usage = os.wait4(child.pid, 0)
        except BaseException:
            child.kill()
            raise
        child.returncode = os.waitstatus_to_exitcode(status)
        stderr = child.stderr.read() if child.stderr is not None else b""
    elapsed = time.perf_counter() - t0
    if elapsed > timeout:
        raise RuntimeError(f"{' '.join(command)}: over {timeout} s")
    if child.returncode not in codes:
        raise RuntimeError(f"{' '.join(command)}: exit {child.returncode}: {stderr[-300:]!r}")
    return Timed(elapsed, usage.ru_utime + usage.ru_stime)


def seconds(
    command: Sequence[str], timeout: float = 900.0, codes: tuple[int, ...] = (0, 1, 4)
) -> float:
    """Wall-clock seconds of one process (see :func:`run`)."""
    return run(command, timeout, codes).wall


def marginal(count: int, small: list[Timed], full: list[Timed]) -> tuple[float, float]:
    """Puzzles per second beyond start-up, by wall clock and by CPU time: count extra
    puzzles over the median of the rounds' differences (full - small)."""
    wall = statistics.median(f.wall - s.wall for s, f in zip(small, full, strict=True))
    cpu = statistics.median(f.cpu - s.cpu for s, f in zip(small, full, strict=True))
    return rate(count, wall), rate(count, cpu)


def best(runs: list[list[float]]) -> list[float]:
    """The best time of each command over the rounds."""
    return [min(column) for column in zip(*runs, strict=True)]


def tdoku_rate(binary: str, path: Path, target: float) -> tuple[float, float]:
    """tdoku's puzzles per second on path (its run_benchmark, uniqueness checks): as it
    reports it (wall clock inside its loop), and per CPU second (that rate divided by
    the share of a core the process had over its whole run)."""
    command = [binary, "-t", str(target), "-w", "1", "-s", "tdoku", str(path)]
    t0 = time.perf_counter()
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        out = child.stdout.read() if child.stdout is not None else ""
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    match = re.search(r"\|tdoku[^|]*\|\s*([\d.]+)", out)
    if child.returncode or match is None:
        raise RuntimeError(f"cannot read tdoku's rate in {out!r}")
    share = (usage.ru_utime + usage.ru_stime) / wall
    return float(match.group(1)), float(match.group(1)) / max(share, 1e-9)


@dataclass
class Row:
    """One line of the table: a job, ours, the peer's, and the goal."""

    job: str
    ours: str
    peer: str = "-"
    ratio: str = "-"
    goal: str = "-"


def rate(count: int, elapsed: float) -> float:
    """count per second of elapsed; infinite when elapsed is not positive (noise)."""
    return count / elapsed if elapsed > 0 else float("inf")


def fmt_rate(value: float) -> str:
    """A rate as printed; a difference lost in the noise (N/10 took as long as N) says so."""
    return f"{value:,.0f}/s" if value != float("inf") else "(below noise)"


def startup(rounds: int, folder: Path, one: str) -> list[Row]:
    """--version, --help and one-puzzle unique (warm cache), best of rounds."""
    path = write(folder, "one.txt", [one])
    seconds([*cli(), "unique", str(path)])  # warm the kernel cache
    commands = [[*cli(), "--version"], [*cli(), "--help"], [*cli(), "unique", str(path)]]
    times = best([[seconds(c) for c in commands] for _ in range(rounds)])
    names = ["`sudoku-sat --version`", "`sudoku-sat --help`", "one-puzzle `unique` (warm)"]
    goals = ["<= 0.3 s", "<= 0.3 s", "<= 0.6 s"]
    return [Row(n, f"{t:.2f} s", goal=g) for n, t, g in zip(names, times, goals, strict=True)]


def unique_rows(
    rounds: int, folder: Path, tdoku: str | None, sets: list[tuple[str, str, list[str]]]
) -> list[Row]:
    """Marginal unique rates beside tdoku's, per set: wall clock, and per CPU second."""
    rows = []
    for label, name, lines in sets:
        tenth = len(lines) // 10
        small_path = write(folder, f"{name}-small.txt", lines[:tenth])
        full_path = write(folder, f"{name}.txt", lines)
        small, full, peer = [], [], []
        for _ in range(rounds):
            small.append(run([*cli(), "unique", str(small_path)]))
            full.append(run([*cli(), "unique", str(full_path)]))
            if tdoku:
                peer.append(tdoku_rate(tdoku, full_path, 2.0))
        wall, cpu = marginal(len(lines) - tenth, small, full)
        row = Row(
            f"`unique` {label}, {len(lines):,} (marginal)",
            f"{fmt_rate(wall)} ({fmt_rate(cpu)} CPU)",
            goal=">= 0.3x tdoku",
        )
        if peer:
            peer_wall = statistics.median(p[0] for p in peer)
            peer_cpu = statistics.median(p[1] for p in peer)
            row.peer = f"tdoku {fmt_rate(peer_wall)} ({fmt_rate(peer_cpu)} CPU)"
            row.ratio = f"{wall / peer_wall:.3f}x ({cpu / peer_cpu:.3f}x CPU)"
        rows.append(row)
    return rows


def generate_row(rounds: int, k: int) -> Row:
    """Marginal generate -k rates beside qqwing --generate, both over k and k/10."""
    tenth = max(1, k // 10)
    ours: tuple[list[Timed], list[Timed]] = ([], [])
    peer: tuple[list[Timed], list[Timed]] = ([], [])
    for _ in range(rounds):
        for j, size in enumerate((tenth, k)):
            ours[j].append(run([*cli(), "generate", "-k", str(size), "-q"], codes=(0,)))
            peer[j].append(run(["qqwing", "--generate", str(size), "--one-line"], codes=(0,)))
    ours_wall, ours_cpu = marginal(k - tenth, *ours)
    peer_wall, peer_cpu = marginal(k - tenth, *peer)
    return Row(
        f"`generate -k {k:,}` (9x9, verified unique and minimal; marginal)",
        f"{fmt_rate(ours_wall)} ({fmt_rate(ours_cpu)} CPU)",
        f"qqwing {fmt_rate(peer_wall)} ({fmt_rate(peer_cpu)} CPU)",
        f"{ours_wall / peer_wall:.2f}x ({ours_cpu / peer_cpu:.2f}x CPU)",
        ">= 5x qqwing",
    )


def first_line(command: Sequence[str], env: dict[str, str]) -> float:
    """Seconds from the start of a process to its first line on stdout (then stopped)."""
    t0 = time.perf_counter()
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    ) as child:
        assert child.stdout is not None
        line = child.stdout.readline()
        elapsed = time.perf_counter() - t0
        child.kill()
    if not line:
        raise RuntimeError(f"{' '.join(command)}: no output")
    return elapsed


def stop_warmups(folder: Path) -> None:
    """Stop the background warm-ups that runs on the cache under folder started."""
    for lock in folder.rglob("warming"):
        with contextlib.suppress(OSError, ValueError):
            pid = int(lock.read_text().strip() or 0)
            if pid > 0:  # 0 would be this process group
                os.kill(pid, 15)


def cold_rows(rounds: int) -> list[Row]:
    """The first run after installing (an empty kernel cache) against a warm cache: the
    first line of ``generate -k 100000``, and ``generate -k 20`` whole; best of rounds."""
    many = [*cli(), "generate", "-k", "100000", "-q"]
    few = [*cli(), "generate", "-k", "20", "--seed", "1", "-q"]
    cold: tuple[list[float], list[float]] = ([], [])
    measures: list[Callable[[dict[str, str]], float]] = [
        lambda e: first_line(many, e),
        lambda e: timed(few, e),
    ]
    for _ in range(rounds):
        for k, measure in enumerate(measures):
            with tempfile.TemporaryDirectory() as empty:
                try:
                    cold[k].append(measure(user_environment() | {"NUMBA_CACHE_DIR": empty}))
                finally:
                    stop_warmups(Path(empty))
    timed(few, user_environment())  # the user's cache warm
    warm = ([first_line(many, user_environment()) for _ in range(rounds)],
            [timed(few, user_environment()) for _ in range(rounds)])  # fmt: skip
    return [
        Row(
            "`generate -k 100,000`: first line, cold kernel cache (first run after installing)",
            f"{min(cold[0]):.2f} s (warm: {min(warm[0]):.2f} s)",
            goal="<= 2 s",
        ),
        Row(
            "`generate -k 20 --seed 1`: whole process, cold kernel cache",
            f"{min(cold[1]):.2f} s (warm: {min(warm[1]):.2f} s)",
        ),
    ]


def timed(command: Sequence[str], env: dict[str, str]) -> float:
    """Wall-clock seconds of one whole process run in env."""
    t0 = time.perf_counter()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True
    )
    return time.perf_counter() - t0


SEEDS_25 = 10
"""25x25 puzzles made, one whole process each (seeds 1 to SEEDS_25), as in
bench_generate_large.py: the goal holds for the worst."""


def large_rows(k16: int, big: bool) -> list[Row]:
    """16x16 (marginal over k16 and k16/5 puzzles, and whole processes) and 25x25 (one
    puzzle a process, with its defaults: every core) verified minimal puzzles."""
    small = max(1, k16 // 5)
    t16 = [
        seconds([*cli(), "generate", "-n", "4", "-k", str(j), "-q"], codes=(0,))
        for j in (small, k16)
    ]
    marginal = (t16[1] - t16[0]) / (k16 - small)
    whole = t16[1] / k16
    rows = [
        Row(
            f"`generate -n 4 -k {k16}` (16x16, verified unique and minimal)",
            f"{marginal:.2f} s a puzzle marginal, {whole:.2f} s with start-up",
            goal="<= 0.2 s",
        )
    ]
    if big:
        t25 = [
            seconds(
                [*cli(), "generate", "-n", "5", "--seed", str(s), "-q"], timeout=600, codes=(0,)
            )
            for s in range(1, SEEDS_25 + 1)
        ]
        rows.append(
            Row(
                f"`generate -n 5 --seed S` (25x25, one puzzle a process, S = 1-{SEEDS_25})",
                f"median {statistics.median(t25):.2f} s, worst {max(t25):.2f} s",
                goal="<= 10 s (worst)",
            )
        )
    return rows


def verdicts_agree(folder: Path, lines: list[str]) -> str:
    """Whether unique's default verdicts equal --method pysat's on lines."""
    path = write(folder, "check.txt", lines)
    outs = [
        subprocess.run(
            [*cli(), "unique", str(path), *extra],
            capture_output=True,
            text=True,
            env=user_environment(),
        )
        for extra in ([], ["--method", "pysat", "-q"])
    ]
    same = outs[0].stdout == outs[1].stdout and outs[0].returncode == outs[1].returncode
    counted = len(outs[0].stdout.splitlines())
    return f"{counted:,} verdicts, {'equal' if same else 'DIFFERENT'}"


def table(rows: list[Row]) -> str:
    head = "| job | `sudoku-sat` default | peer | ratio | goal |\n|---|---:|---:|---:|---|\n"
    return head + "".join(
        f"| {r.job} | {r.ours} | {r.peer} | {r.ratio} | {r.goal} |\n" for r in rows
    )


def rewrite(path: Path, block: str) -> None:
    """Replace the text between the markers of path by block."""
    text = path.read_text()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    path.write_text(text[:start] + "\n" + block + text[end:])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sets, one round")
    parser.add_argument("--rounds", type=int, default=3, help="runs per timing (best kept)")
    parser.add_argument("--seventeen", type=int, default=20000, help="17-clue puzzles")
    parser.add_argument("--hardest", type=int, default=5000, help="forum-hardest puzzles")
    parser.add_argument("--generate", type=int, default=3000, help="generate -k K")
    parser.add_argument("--tdoku", help="tdoku's run_benchmark binary (build-tdoku.sh)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-large", action="store_true", help="skip 16x16 and 25x25")
    parser.add_argument("--write", action="store_true", help="rewrite docs/speed.md, README")
    parser.add_argument(
        "--only-cold", action="store_true", help="the cold-cache rows alone (no --write)"
    )
    parser.add_argument(
        "--only-unique",
        action="store_true",
        help="the two unique rows beside tdoku and the check alone (no --write)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.seventeen, args.hardest, args.generate = 1, 2000, 300, 200
    if args.only_cold:
        print(table(cold_rows(args.rounds)))
        return
    load_before = os.getloadavg()[0]
    rng = random.Random(args.seed)
    seventeen = dataset(SEVENTEEN, args.seventeen, rng)
    hardest = dataset(HARDEST, args.hardest, rng)
    sets = [("17-clue", "seventeen", seventeen), ("forum-hardest", "hardest", hardest)]
    if args.only_unique:
        with tempfile.TemporaryDirectory() as tmp:
            seconds([*cli(), "unique", str(write(Path(tmp), "one.txt", seventeen[:1]))])
            rows = unique_rows(args.rounds, Path(tmp), args.tdoku, sets)
            check = verdicts_agree(Path(tmp), dataset(SEVENTEEN, args.seventeen, rng))
        loads = f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
        print(table(rows) + f"\nCheck: {check}. Load average (1 min): {loads}.")
        return
    if shutil.which("qqwing") is None:
        sys.exit("qqwing is not installed (apt-get install qqwing)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = startup(args.rounds, folder, seventeen[0])
        rows += unique_rows(args.rounds, folder, args.tdoku, sets)
        rows.append(generate_row(args.rounds, args.generate))
        rows += cold_rows(args.rounds)
        if not args.no_large:
            rows += large_rows(3 if args.quick else 10, not args.quick)
        check = verdicts_agree(folder, dataset(SEVENTEEN, args.seventeen, rng))
    loads = f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    text = (
        table(rows)
        + f"\nCheck: default `unique` against `--method pysat`: {check}.\n"
        + f"\nLoad average (1 min) on {os.cpu_count()} cores: {loads}.\n"
    )
    print(text)
    if args.write:
        stamp = time.strftime("%Y-%m-%d", time.gmtime())
        block = f"{text}\nMeasured {stamp} by `{COMMAND}`.\n"
        rewrite(DOC, block)
        rewrite(README, block)


if __name__ == "__main__":
    main()
