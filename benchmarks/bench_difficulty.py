"""Difficulty: the ladder against qqwing's ratings, and generation per level against qqwing.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_difficulty.py [--quick]
     [--qqwing K] [--k K] [--jobs J] [--seed S]
Prints Markdown, all measured in this one run:

1. Cross-check on qqwing-generated puzzles (``qqwing --generate K --one-line``, any
   difficulty) and dataset samples: the contingency table of our level against qqwing's
   four (``qqwing --solve --csv --stats``), per source and in total, and the number of
   puzzles breaking "singles iff Simple or Easy" (goal: 0).
2. Generation per level: ``generate --difficulty LEVEL`` puzzles/s (verified minimal,
   unique, rated exactly LEVEL; one process) for the levels the generator reaches,
   beside ``qqwing --generate K --difficulty D --one-line`` puzzles/s for each of
   qqwing's levels, timed in the same run.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from pathlib import Path

from sudoku_sat.batch import Executor, open_executor
from sudoku_sat.difficulty.making import LevelOptions, make_many_at_level
from sudoku_sat.difficulty.qqwing import (
    QQWING_LEVELS,
    contingency,
    qqwing_generate,
    qqwing_levels,
    singles_mismatches,
)
from sudoku_sat.difficulty.rating import LEVELS, rate_many
from sudoku_sat.gridio import format_line, parse_puzzles
from sudoku_sat.puzzles.maker import MakeOptions

DATASETS = Path(__file__).resolve().parents[2] / "shared" / "datasets"
SAMPLES = {  # dataset: puzzles drawn (all when larger than the file)
    "puzzles2_17_clue": 3000,
    "puzzles3_magictour_top1465": 1465,
    "puzzles6_forum_hardest_1106": 375,
    "puzzles5_forum_hardest_1905_11+": 300,
}
GENERATED = ("singles", "locked", "fl")
"""Levels timed for generation (fl2 and above were not reached: see docs/difficulty.md)."""
QQ_DIFFICULTY = ("simple", "easy", "intermediate", "expert")


def dataset_lines(name: str, k: int, seed: int) -> list[str]:
    puzzles = parse_puzzles((DATASETS / name).read_text(encoding="utf-8"), name)
    chosen = random.Random(seed).sample(puzzles, min(k, len(puzzles)))
    return [format_line(p.grid, 3) for p in chosen]


def table(rows: dict[str, dict[str, int]], title: str) -> str:
    head = f"| {title} | " + " | ".join(QQWING_LEVELS) + " | total |"
    out = [head, "|---" * (len(QQWING_LEVELS) + 2) + "|"]
    for level in [*LEVELS, "unsat", "multiple"]:
        if level in rows:
            counts = [rows[level].get(q, 0) for q in QQWING_LEVELS]
            out.append(
                f"| {level} | " + " | ".join(f"{c:,}" for c in counts) + f" | {sum(counts):,} |"
            )
    totals = [sum(r.get(q, 0) for r in rows.values()) for q in QQWING_LEVELS]
    out.append("| total | " + " | ".join(f"{c:,}" for c in totals) + f" | {sum(totals):,} |")
    return "\n".join(out)


def crosscheck(sources: dict[str, list[str]], jobs: int) -> str:
    with open_executor(jobs) as executor:
        return crosscheck_on(sources, jobs, executor)


def crosscheck_on(sources: dict[str, list[str]], jobs: int, executor: Executor) -> str:
    out = ["## Our level against qqwing's difficulty", ""]
    everything: dict[str, dict[str, int]] = {}
    broken = total = 0
    start = time.perf_counter()
    for name, lines in sources.items():
        theirs = qqwing_levels(lines)
        ratings = list(rate_many([(3, parse_puzzles(line)[0].grid) for line in lines], executor))
        ours = [r.level or r.status for r in ratings]
        rows = contingency(ours, theirs)
        mismatches = singles_mismatches(ours, theirs)
        broken += len(mismatches)
        total += len(lines)
        for level, row in rows.items():
            for qq, count in row.items():
                everything.setdefault(level, {})[qq] = everything.get(level, {}).get(qq, 0) + count
        out += [f"### {name} ({len(lines):,} puzzles)", "", table(rows, "ours \\ qqwing"), ""]
        out.append(f"singles-iff-Simple/Easy mismatches: {len(mismatches)}")
        out.append("")
    seconds = time.perf_counter() - start
    out += [f"### all sources ({total:,} puzzles)", "", table(everything, "ours \\ qqwing"), ""]
    verdict = "met" if broken == 0 else "NOT met"
    out.append(
        f"Equivalence singles iff Simple/Easy: {broken} mismatches in {total:,} puzzles "
        f"(goal 0: {verdict}); rated and cross-checked in {seconds:.0f} s with {jobs} job(s)."
    )
    return "\n".join(out)


def generation(k: int, seed: int) -> str:
    out = [
        "## Generation per level (one process, puzzles/s)",
        "",
        "| generator | level | puzzles | seconds | puzzles/s | full grids tried per puzzle |",
        "|---|---|---|---|---|---|",
    ]
    for level in GENERATED:
        options = MakeOptions(n=3, seed=seed)
        start = time.perf_counter()
        made = list(make_many_at_level(options, LevelOptions(level), k))
        seconds = time.perf_counter() - start
        ok = [m for m in made if m.ok]
        tries = sum(int(m.stats.get("tries", 0)) for m in ok) / max(1, len(ok))
        out.append(
            f"| sudoku-sat generate --difficulty | {level} | {len(ok)}/{k} | {seconds:.1f} | "
            f"{len(ok) / seconds:.2f} | {tries:.1f} |"
        )
    for difficulty in QQ_DIFFICULTY:
        lines, seconds = qqwing_generate(k, difficulty)
        out.append(
            f"| qqwing --generate --difficulty | {difficulty} | {len(lines)}/{k} | "
            f"{seconds:.1f} | {len(lines) / seconds:.2f} | (rejection) |"
        )
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="Tiny sizes (the test suite's).")
    parser.add_argument("--qqwing", type=int, default=6000, help="qqwing-generated puzzles.")
    parser.add_argument("--k", type=int, default=20, help="Puzzles generated per level.")
    parser.add_argument("--jobs", type=int, default=2, help="Worker processes for rating.")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    scale = 0.005 if args.quick else 1.0
    qq_count = 15 if args.quick else args.qqwing
    k = 2 if args.quick else args.k
    sources = {"qqwing --generate (any)": qqwing_generate(qq_count, "any")[0]}
    for name, size in SAMPLES.items():
        sources[name] = dataset_lines(name, max(3, int(size * scale)), args.seed)
    text = crosscheck(sources, 1 if args.quick else args.jobs) + "\n\n" + generation(k, args.seed)
    print(text)
    return text


if __name__ == "__main__":
    main()
