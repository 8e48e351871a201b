"""Puzzle puzzles: ``unique`` beside OR-tools CP-SAT on every rule set, in the same run.

    python benchmarks/bench_variants.py --write     # the three tables of docs/variants.md
    python benchmarks/bench_variants.py --no-made --write   # the real puzzles' table only
    python benchmarks/bench_variants.py --no-real --write   # the made puzzles' tables only
    python benchmarks/bench_variants.py --sums --write      # the sum-encoding table only
    python benchmarks/bench_variants.py --quick     # 6x6, two puzzles a rule: a smoke run

For each of the 13 rule sets the script makes its own puzzles (seeded: a random grid
under the rules, clues drawn from it, givens and cage sums removed while unique, so each
is unique and minimal), plus as many "several" puzzles (the same with one more given
removed, or none left: two solutions or more) and "contradictory" ones (one given changed).

- verdicts: ``Session.unique`` (the library behind ``unique``) against CP-SAT's count
  to 2 on every puzzle; a difference is printed and makes the exit code 1;
- batch marginal: CPU milliseconds per puzzle of one ``Session`` over the rule's unique
  puzzles after a first warming puzzle, beside CP-SAT (a fresh model per puzzle, one
  worker), and the ratio;
- whole process: ``sudoku-sat unique FILE`` on one puzzle of the rule, start to exit,
  best of ``--rounds``;
- ``candidates`` on a blank-ish 9x9 variant (whole process) and ``generate --rule killer`` /
  ``generate --rule anti-knight`` (whole process, per puzzle, each checked by CP-SAT);
- ``--sums``: unique per puzzle in each sum encoding on made killers and arrows and on
  the real puzzles of every sum constraint's file, beside each family's default.
- ``--pills``: unique per puzzle on the real arrow puzzles (pills among them) in each sum
  encoding, with and without the rewriting by the houses, under other PySAT solvers, and
  CP-SAT; ``--marks``: the real pencil-mark puzzles under three PySAT solvers, with the
  session's budget of conflicts and without it (every puzzle on the shared solver), and
  CP-SAT.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cpu_variants import cpu_table  # noqa: E402
from real_variants import MARKS, PILLS, encoding_cell, real_table, session_lab, sums_lab  # noqa: E402

from sudoku_sat.model.builder import SUM_ENCODINGS  # noqa: E402
from sudoku_sat.model.puzzle import Puzzle  # noqa: E402
from sudoku_sat.variants import cpsat  # noqa: E402
from sudoku_sat.variants.constraints._marks import Negative  # noqa: E402
from sudoku_sat.variants.constraints.killer import Cage  # noqa: E402
from sudoku_sat.variants.fpuzzles_write import dumps  # noqa: E402
from sudoku_sat.variants.make import kinds as make_kinds  # noqa: E402
from sudoku_sat.variants.make import make  # noqa: E402
from sudoku_sat.variants.solve import Session  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "variants.md"
MADE_BEGIN, MADE_END = "<!-- bench_variants_made:begin -->", "<!-- bench_variants_made:end -->"
GENERATE_GOALS = {"killer": 1.0}
"""Seconds a puzzle the generate rows must keep to (issue 40, goal 5: a verified minimal
unique killer in at most 1 s); the others have none."""
SUMS_BEGIN, SUMS_END = "<!-- sum-encodings:begin -->", "<!-- sum-encodings:end -->"
PILLS_BEGIN, PILLS_END = "<!-- pills:begin -->", "<!-- pills:end -->"
MARKS_BEGIN, MARKS_END = "<!-- pencilmarks:begin -->", "<!-- pencilmarks:end -->"
REAL_BEGIN, REAL_END = "<!-- bench_variants_real:begin -->", "<!-- bench_variants_real:end -->"
CPU_BEGIN, CPU_END = "<!-- bench_variants_cpu:begin -->", "<!-- bench_variants_cpu:end -->"
KINDS = (
    *("x", "windoku", "anti-knight", "anti-king", "non-consecutive", "disjoint-groups"),
    *("jigsaw", "killer", "thermometer", "arrow", "kropki", "xv", "odd-even"),
)
"""The rows of the made-puzzle table (the 13 rule sets it has always measured);
``--rules all`` takes every rule of the registry (``make.kinds()``)."""


def cli() -> list[str]:
    """The sudoku-sat console script of this Python's environment."""
    script = Path(sys.executable).parent / "sudoku-sat"
    return [str(script)] if script.exists() else [sys.executable, "-m", "sudoku_sat"]


def process(args: list[str], rounds: int) -> float:
    """Best wall time of a whole sudoku-sat process over rounds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run([*cli(), *args], capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def puzzles_for(kind: str, size: int, count: int, seed: int) -> list[Puzzle]:
    """count unique minimal puzzles of the rule set."""
    return list(_made(kind, size, count, seed))


@functools.cache
def _made(kind: str, size: int, count: int, seed: int) -> tuple[Puzzle, ...]:
    """The puzzles of puzzles_for, made once a run (the sum-encoding table and the rule
    rows take the same killers; a Puzzle is frozen)."""
    rng = random.Random(f"{kind}:{seed}")
    return tuple(make(kind, size, rng)[0] for _ in range(count))


def several(p: Puzzle) -> Puzzle:
    """One more given removed (with no given: the negative constraint dropped, and the
    first cage's sum): usually several solutions."""
    kept = [c for c, v in enumerate(p.grid) if v]
    if not kept:
        first = next((c for c in p.constraints if isinstance(c, Cage)), None)
        return p.with_constraints(
            tuple(
                Cage(c.cells, None) if c is first else c  # type: ignore[attr-defined]
                for c in p.constraints
                if not isinstance(c, Negative)
            )
        )
    return p.with_givens(tuple(0 if c == kept[0] else v for c, v in enumerate(p.grid)))


def contradictory(p: Puzzle) -> Puzzle:
    """One given changed to another digit (or one blank filled wrongly)."""
    assert p.solution is not None
    cell = next((c for c, v in enumerate(p.grid) if v), 0)
    wrong = list(p.grid)
    wrong[cell] = p.solution[cell] % p.size + 1
    return p.with_givens(tuple(wrong))


def per_puzzle(run: Callable[[Puzzle], object], puzzles: list[Puzzle]) -> float:
    """CPU seconds of this process per puzzle of run over puzzles, after one warming call
    (CPU time, not wall time: the machine is shared, and CP-SAT runs one worker)."""
    run(puzzles[0])
    start = time.process_time()
    for p in puzzles:
        run(p)
    return (time.process_time() - start) / len(puzzles)


def cp_verdict(p: Puzzle) -> str:
    return {0: "none", 1: "unique", 2: "several"}[cpsat.count(p, 2)]


def rule_row(
    kind: str, size: int, count: int, seed: int, rounds: int, folder: Path
) -> tuple[str, int]:
    """One table row for a rule set, and how many verdicts differ from CP-SAT's."""
    made = puzzles_for(kind, size, count, seed)
    every = made + [several(p) for p in made] + [contradictory(p) for p in made]
    with Session() as session:
        ours = [session.unique(p).verdict for p in every]
        theirs = [cp_verdict(p) for p in every]
        differ = sum(a != b for a, b in zip(ours, theirs, strict=True))
        sat = per_puzzle(session.unique, made)
    cp = per_puzzle(cp_verdict, made)
    path = folder / f"{kind}.json"
    path.write_text(dumps(made[0]) + "\n")
    whole = process(["unique", str(path)], rounds)
    tally = f"{ours.count('unique')}/{ours.count('several')}/{ours.count('none')}"
    givens = statistics.mean(sum(1 for v in p.grid if v) for p in made)
    goals = f"{'met' if cp / sat >= 5 else 'NOT met'}, {'met' if whole <= 1 else 'NOT met'}"
    row = (
        f"| {kind} | {size}x{size} | {len(made)} | {givens:.1f} | {tally} | "
        f"{'equal' if not differ else f'{differ} DIFFER'} | {sat * 1000:.2f} | "
        f"{cp * 1000:.2f} | {cp / sat:.1f}x | {whole:.2f} | {goals} |\n"
    )
    return row, differ


def rules_table(
    kinds: list[str], size: int, count: int, seed: int, rounds: int, folder: Path
) -> tuple[str, int]:
    head = (
        "| rule set | size | puzzles | givens (mean) | verdicts unique/several/none | "
        "vs CP-SAT | unique CPU ms/puzzle (batch) | CP-SAT CPU ms/puzzle | ratio | "
        "`unique` whole process (s) | goals >= 5x, <= 1 s |\n"
        "|---|---|---:|---:|---|---|---:|---:|---:|---:|---|\n"
    )
    rows, differ = [], 0
    for kind in kinds:
        row, d = rule_row(kind, 9 if kind == "windoku" else size, count, seed, rounds, folder)
        rows.append(row)
        differ += d
        print(row, end="", flush=True)
    return head + "".join(rows), differ


def sums_table(size: int, count: int, seed: int, limit: int | None) -> str:
    """Made puzzles (killer, arrow) and the real ones (killers, arrows with pills, and
    the files of the registry's sum constraints), each sum encoding in one session, with
    the default each row's family takes when no encoding is chosen."""
    head = "| puzzles | " + " | ".join(f"`{s}` CPU ms/puzzle" for s in SUM_ENCODINGS)
    head += " | default |\n|---|" + "---:|" * len(SUM_ENCODINGS) + "---|\n"
    rows = []
    for kind in ("killer", "arrow"):
        made = puzzles_for(kind, size, count, seed)
        cells = [encoding_cell(sums, made) for sums in SUM_ENCODINGS]
        rows.append(f"| {kind} {size}x{size} ({count}) | " + " | ".join(cells) + " | `combos` |\n")
    files = ["arrow"] if limit else SUMS_FILES  # --quick: the first arrow puzzle
    real = sums_lab(SUM_ENCODINGS, files, 1 if limit else None).split("\n", 2)[2]
    return head + "".join(rows) + real


SUMS_FILES = [
    "killercage",
    "arrow",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "regionsumline",
    "zipperline",
    "doublearrow",
]
"""The files of the sum-encoding table: cages, arrows and the registry's sum constraints
(renban and skyscraper clues are no sums: no encoding applies to them)."""


def tools_table(size: int, generate: int, seed: int, rounds: int, folder: Path) -> str:
    rng = random.Random(seed)
    blankish = make("anti-knight", size, rng)[0]
    kept = [c for c, v in enumerate(blankish.grid) if v][: max(1, size // 3)]
    blankish = blankish.with_givens(
        tuple(v if c in kept else 0 for c, v in enumerate(blankish.grid))
    )
    path = folder / "blankish.json"
    path.write_text(dumps(blankish) + "\n")
    seconds = process(["candidates", str(path)], rounds)
    job = f"`candidates` on an anti-knight {size}x{size} with {len(kept)} givens"
    rows = [f"| {job} | {seconds:.2f} s | <= 1 s: {'met' if seconds <= 1 else 'NOT met'} |\n"]
    for args in (["--rule", "killer"], ["--rule", "anti-knight"]) if generate else ():
        run = [
            "generate",
            *args,
            "--size",
            str(size),
            "-k",
            str(generate),
            "--seed",
            str(seed),
            "-q",
        ]
        each = process(run, 1) / generate
        job = f"`generate {' '.join(args)} -k {generate}` (each checked by CP-SAT)"
        goal = GENERATE_GOALS.get(args[1])
        verdict = "within seconds"
        if goal is not None:
            verdict = f"<= {goal:g} s: {'met' if each <= goal else 'NOT met'}"
        rows.append(f"| {job} | {each:.2f} s a puzzle | {verdict} |\n")
    return "| job (whole process) | time | goal |\n|---|---:|---|\n" + "".join(rows)


def rewrite(path: Path, block: str, begin: str, end_marker: str) -> None:
    """Replace the text between the markers of path by block."""
    text = path.read_text()
    start, end = text.index(begin) + len(begin), text.index(end_marker)
    path.write_text(text[:start] + "\n" + block + text[end:])


def stamp() -> str:
    """When and at what load a table was made (the start of its run)."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return f"{when}; load average {os.getloadavg()[0]:.1f} on the 2 cores at the start"


def main(argv: Sequence[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="6x6, 2 puzzles a rule (1 a real file), 1 round"
    )
    parser.add_argument("--count", type=int, default=10, help="unique puzzles per rule set")
    parser.add_argument("--size", type=int, default=9, help="grid side (windoku is 9x9)")
    parser.add_argument("--rounds", type=int, default=3, help="runs per whole-process timing")
    parser.add_argument("--generate", type=int, default=10, help="generate -k K (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--rules", default=",".join(KINDS), help="comma-separated rule sets, or all"
    )
    parser.add_argument("--write", action="store_true", help="rewrite docs/variants.md")
    parser.add_argument("--real", default="", help="comma-separated files of real puzzles")
    parser.add_argument("--no-made", action="store_true", help="only the real puzzles' table")
    parser.add_argument("--no-real", action="store_true", help="only the made puzzles' tables")
    parser.add_argument("--sums", action="store_true", help="only the sum-encoding table")
    parser.add_argument("--pills", action="store_true", help="only the pill-arrow table")
    parser.add_argument("--marks", action="store_true", help="only the pencil-mark table")
    parser.add_argument(
        "--cpu",
        type=float,
        metavar="SECONDS",
        help="only the real puzzles' CPU table (ours beside CP-SAT, bounded at SECONDS a puzzle)",
    )
    args = parser.parse_args(argv)
    if args.cpu is not None:
        when = stamp()
        table = cpu_table(args.real.split(",") if args.real else None, args.cpu)
        print(table)
        caption = (
            f"Made by `python benchmarks/bench_variants.py --cpu {args.cpu:g}"
            f"{' --real ' + args.real if args.real else ''} --write` ({when}):"
        )
        if args.write:
            rewrite(DOC, f"{caption}\n\n{table}", CPU_BEGIN, CPU_END)
        return table
    limit = real_limit = None
    if args.quick:  # no generate runs: the tests run those commands themselves
        args.count, args.size, args.rounds, args.generate = 2, 6, 1, 0
        args.real, limit = args.real or "xv", 2
        real_limit = 1  # the real table: one puzzle a file (its batch and single runs)
    if args.pills or args.marks:
        stem, rows, begin, end = (
            ("arrow", PILLS, PILLS_BEGIN, PILLS_END)
            if args.pills
            else ("pencilmarks", MARKS, MARKS_BEGIN, MARKS_END)
        )
        table = session_lab(stem, rows, limit)
        print(table)
        if args.write:
            rewrite(DOC, table, begin, end)
        return table
    out = []
    if args.sums or not (args.no_made or args.no_real):
        when = stamp()
        table = sums_table(args.size, args.count, args.seed, limit)
        out.append(table)
        caption = f"Made by `python benchmarks/bench_variants.py --sums --write` ({when}):"
        if args.write:
            rewrite(DOC, f"{caption}\n\n{table}", SUMS_BEGIN, SUMS_END)
        if args.sums:
            print(table)
            return table
    if not args.no_real:
        when = stamp()
        real = real_table(cli(), args.real.split(",") if args.real else None, real_limit)
        print(real)
        out.append(real)
        caption = (
            "Real published puzzles, made by `python benchmarks/bench_variants.py --no-made "
            f"--write` ({when}):"
        )
        if args.write:
            rewrite(DOC, f"{caption}\n\n{real}", REAL_BEGIN, REAL_END)
    differ = 0
    if not args.no_made:
        when = stamp()
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            kinds = list(make_kinds()) if args.rules == "all" else args.rules.split(",")
            rules, differ = rules_table(
                kinds, args.size, args.count, args.seed, args.rounds, folder
            )
            tools = tools_table(args.size, args.generate, args.seed, args.rounds, folder)
        config = {k: getattr(args, k) for k in ("count", "size", "rounds", "generate", "seed")}
        block = (
            f"Puzzles made by `make` (unique, several, none), made by `python "
            f"benchmarks/bench_variants.py --no-real --write` ({when}; {json.dumps(config)}):"
            f"\n\n{rules}\n{tools}"
        )
        print("\n" + block)
        out.append(block)
        if args.write:
            rewrite(DOC, block, MADE_BEGIN, MADE_END)
    if differ:
        print(f"{differ} verdict(s) differ from CP-SAT's", file=sys.stderr)
        raise SystemExit(1)
    return "\n".join(out)


if __name__ == "__main__":
    main()
