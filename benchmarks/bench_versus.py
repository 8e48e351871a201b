"""Two installs of sudoku-sat side by side: the same commands, as whole processes, on the
same inputs, in turn (A B A B ...), so that a figure of the docs can be said "not worse"
than the code before a change with the machine's drift taken out.

    python benchmarks/bench_versus.py --old OLD/.venv/bin/sudoku-sat           # the table
    python benchmarks/bench_versus.py --old OLD/.venv/bin/sudoku-sat --write   # and docs/speed.md

``--new`` defaults to the console script of this Python's environment. The jobs are the
commands behind the tables of docs/speed.md and docs/variants.md, at sizes that fit a few
minutes a round: start-up (``--version``, ``--help``, a one-puzzle ``unique``), ``unique``
on random symmetries of 17-clue and forum-hardest puzzles, ``generate`` at 9x9, 16x16 and
25x25, and ``unique`` on every file of real published variant puzzles that both installs
read (``tests/data/constraints``: the puzzles with a published solution, one file a rule,
written as f-puzzles JSON lines) and on the 36 real killers of ``benchmarks/data``, and
``generate --rule`` of two rule sets, and ``unique`` on 30 puzzles made (by this
install) for each rule set of the made-puzzle table of docs/variants.md. Each command's
exit code and standard output must be the same for both installs (``generate`` and
``--help`` aside: their output is the code's choice), or the row says so.

A row gives each install's median wall clock and CPU time (user + system, from ``wait4``)
over the rounds, and the median of the per-round ratios new / old: under 1 is faster.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench_cli import DATASETS, HARDEST, SEVENTEEN, cli, dataset, user_environment, write

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "speed.md"
BEGIN, END = "<!-- bench_versus:begin -->", "<!-- bench_versus:end -->"
REAL = ROOT / "tests" / "data" / "constraints"
KILLERS = ROOT / "benchmarks" / "data" / "killers.jsonl"
TIMEOUT = 300.0


@dataclass(frozen=True)
class Job:
    name: str
    args: tuple[str, ...]
    same_output: bool = True


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    code: int
    out: bytes


def timed(script: str, args: Sequence[str], folder: Path) -> Run:
    """One whole process of script with args, in folder, timed (CPU from wait4); its
    output kept."""
    t0 = time.perf_counter()
    child = subprocess.Popen(
        [script, *args],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=user_environment(),
    )
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    child.stdout.close()
    return Run(time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, child.returncode, out)


def published(path: Path, real_only: bool = True) -> list[str]:
    """The puzzles of a file of cases ({origin, expect, puzzle} a line) with one
    solution, as f-puzzles JSON lines: with real_only, those with a published solution
    and not made by the project."""
    from sudoku_sat.variants.fpuzzles import parse_variants
    from sudoku_sat.variants.fpuzzles_write import dumps

    lines = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        case = json.loads(line)
        if case.get("expect") != 1:
            continue
        made = str(case.get("origin", "")).startswith("made")
        if real_only and (made or "solution" not in case["puzzle"]):
            continue
        (puzzle,) = parse_variants(json.dumps(case["puzzle"]), f"{path.name}:{number}")
        lines.append(dumps(puzzle).replace("\n", ""))
    return lines


def real_files(folder: Path, old: str, stems: Sequence[str] = ()) -> list[tuple[str, Path]]:
    """(stem, file) for every rule file of real puzzles (those of stems, when given), as
    f-puzzles JSON lines, that the old install reads."""
    out = []
    for path in sorted(REAL.glob("*.jsonl")):
        if stems and path.stem not in stems:
            continue
        lines = published(path)
        if not lines:
            continue
        target = write(folder, f"real-{path.stem}.jsonl", lines)
        if timed(old, ["show", target.name], folder).code == 0:
            out.append((path.stem, target))
    return out


def made_files(folder: Path, count: int, kinds: Sequence[str]) -> list[tuple[str, Path]]:
    """(rule set, file) of count puzzles made by this install for each rule set of the
    made-puzzle table of docs/variants.md (9x9, seeded by the rule's name), as f-puzzles
    JSON lines: both installs answer the same puzzles (each install's own maker would
    give each its own, as ``bench_variants.py`` run by each does)."""
    from sudoku_sat.variants.fpuzzles_write import dumps
    from sudoku_sat.variants.make import make

    out = []
    for kind in kinds:
        rng = random.Random(f"{kind}:versus")
        lines = [dumps(make(kind, 9, rng)[0]).replace("\n", "") for _ in range(count)]
        out.append((kind, write(folder, f"made-{kind}.jsonl", lines)))
    return out


def jobs(folder: Path, old: str, rng: random.Random, quick: bool) -> list[Job]:
    one = write(folder, "one.txt", dataset(SEVENTEEN, 1, rng))
    s17 = write(folder, "s17.txt", dataset(SEVENTEEN, 200 if quick else 5000, rng))
    hard = write(folder, "hard.txt", dataset(HARDEST, 50 if quick else 1000, rng))
    out = [
        Job("`sudoku-sat --version`", ("--version",)),
        Job("`sudoku-sat --help`", ("--help",), same_output=False),
        Job("`unique` one 17-clue puzzle", ("unique", one.name)),
        Job(f"`unique` {s17.read_text().count(chr(10)):,} 17-clue", ("unique", s17.name)),
        Job(f"`unique` {hard.read_text().count(chr(10)):,} forum-hardest", ("unique", hard.name)),
        Job(
            "`generate -k 300 --seed 1`",
            ("generate", "-k", "30" if quick else "300", "--seed", "1"),
            same_output=False,
        ),  # fmt: skip
        Job(
            "`generate -n 4 -k 5 --seed 1` (16x16)",
            ("generate", "-n", "4", "-k", "1" if quick else "5", "--seed", "1"),
            same_output=False,
        ),  # fmt: skip
    ]
    if not quick:
        out.append(Job("`generate -n 5 --seed 3` (25x25)", ("generate", "-n", "5", "--seed", "3"),
                       same_output=False))  # fmt: skip
    if not quick:
        killers = write(folder, "killers.jsonl", published(KILLERS, real_only=False))
        out.append(Job("`unique` 36 real killers (benchmarks/data)", ("unique", killers.name)))
    for stem, path in real_files(folder, old, ("thermometer",) if quick else ()):
        out.append(Job(f"`unique` real {stem}", ("unique", path.name)))
    from bench_variants import KINDS

    count = 3 if quick else 30
    for kind, path in made_files(folder, count, ("killer",) if quick else KINDS):
        out.append(Job(f"`unique` {count} made {kind}", ("unique", path.name)))
    for rule in ("killer", "anti-knight"):
        k = "1" if quick else "3"
        made = ("generate", "--rule", rule, "-k", k, "--seed", "1")
        out.append(Job(f"`generate --rule {rule} -k {k} --seed 1`", made, same_output=False))
    return out


def row(job: Job, olds: list[Run], news: list[Run]) -> str:
    def med(runs: list[Run], field: str) -> float:
        return float(statistics.median(getattr(r, field) for r in runs))

    wall = statistics.median(n.wall / o.wall for o, n in zip(olds, news, strict=True))
    cpu = statistics.median(n.cpu / o.cpu for o, n in zip(olds, news, strict=True))
    codes = {r.code for r in olds} | {r.code for r in news}
    same = "yes" if len(codes) == 1 and codes <= {0, 1} else f"exit {sorted(codes)}"
    if job.same_output and same == "yes":
        same = "yes" if {r.out for r in olds} == {r.out for r in news} else "NO: output differs"
    elif not job.same_output and same == "yes":
        same = "- (its own output)"
    return (
        f"| {job.name} | {med(olds, 'wall'):.2f} | {med(news, 'wall'):.2f} | {wall:.2f} "
        f"| {med(olds, 'cpu'):.2f} | {med(news, 'cpu'):.2f} | {cpu:.2f} | {same} |"
    )


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the other install's sudoku-sat script")
    parser.add_argument("--new", default=None, help="this install's (default: beside python)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each command each")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="small sets, one round")
    parser.add_argument("--match", default="", help="only the jobs whose name holds this")
    parser.add_argument("--write", action="store_true", help="rewrite docs/speed.md's block")
    args = parser.parse_args(argv)
    new = args.new or cli()[0]
    rounds = 1 if args.quick else args.rounds
    if not DATASETS.exists():
        sys.exit(f"bench_versus: datasets not found at {DATASETS}")
    started, load_start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), load()
    lines = [
        "| job | old wall (s) | new wall (s) | new / old wall | old CPU (s) | new CPU (s) "
        "| new / old CPU | same answers |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    with tempfile.TemporaryDirectory(prefix="bench-versus-") as name:
        folder = Path(name)
        for job in jobs(folder, args.old, random.Random(args.seed), args.quick):
            if args.match not in job.name:
                continue
            timed(new, job.args, folder)  # one warming run each (kernel caches, page cache)
            timed(args.old, job.args, folder)
            olds, news = [], []
            for _ in range(rounds):
                olds.append(timed(args.old, job.args, folder))
                news.append(timed(new, job.args, folder))
            lines.append(row(job, olds, news))
            print(lines[-1], flush=True)
    table = "\n".join(lines)
    caption = (
        f"\n\nMeasured {started} by `python benchmarks/bench_versus.py --old OLD/.venv/bin/"
        f"sudoku-sat{' --quick' if args.quick else ''} --rounds {rounds}`; load average (1 min) "
        f"on the 2 cores {load_start} at the start, {load()} at the end. Medians over the "
        "rounds; the ratios are the medians of each round's new / old.\n"
    )
    print(caption)
    if args.write:
        text = DOC.read_text()
        start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
        DOC.write_text(text[:start] + "\n" + table + caption + text[end:])


if __name__ == "__main__":
    main()
