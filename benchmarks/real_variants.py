"""Real published variant puzzles for ``bench_variants.py``: read from
``tests/data/constraints/*.jsonl`` (every line whose origin does not start with "made"),
converted to sigh's constraint strings, timed three ways on the same puzzles:

- sudoku-sat: ``sudoku-sat unique FILE`` on the file of a row's puzzles, whole processes
  (wall, the median of :data:`ROUNDS` runs in turn with sigh's), and the CPU per puzzle
  of what ``unique`` runs (``methods.auto``: the killer search or a new ``Session``;
  until 2026-12-03 the session alone, also on the rows ``auto`` sends to the kernel)
  over the row's puzzles, each once, after a first session has warmed the process
  (marginal: what a file of new puzzles
  costs a puzzle once start-up is out; until 2026-12-02 the same session solved the
  puzzles a second time, its skeletons open, which a file of new puzzles never sees);
  ``sudoku-sat unique ONE`` on each puzzle alone (wall, start-up included): median, worst;
- sigh: ``node count.mjs FILE 2`` (``/work/shared/peers/sigh``) on the same puzzles, one
  Node process a run (wall, start-up included; the median as above);
- CP-SAT: CPU per puzzle of a count to 2 (a fresh model per puzzle, one worker).

The verdicts column counts the puzzles said unique with the published solution (the
sudoku-sat session, and sigh's count of 1). A row whose puzzles sigh's strings cannot
state (a dot of another value than sigh's: difference 1, ratio 2, sum 5 or 10) shows "-"
for sigh.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from sudoku_sat.errors import InputError, SolverError
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat, methods
from sudoku_sat.variants.constraints import sum_defaults
from sudoku_sat.variants.constraints.arrow import Arrow
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import NotForSigh, to_sigh
from sudoku_sat.variants.solve import Session

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "constraints"
EXTRA = ROOT / "tests" / "data" / "extra"
"""Real puzzles with cells beyond the grid (sigh's Var, chaos construction), as sigh's
strings with their published grids: rows ``var`` and ``chaos``."""
DIGITS = ROOT / "tests" / "data" / "digits"
SHAPES = ROOT / "tests" / "data" / "shapes"
"""Real puzzles on the digits 0..N-1 (sigh's ``~0-8``) and on grids that are no N x N
square of N digits (``~9x8``, ``~6x6~9``), the same way: rows ``zero`` and ``shapes`` (the
ones a rule of which does not read such grids yet are left out, said on stderr)."""
HARD = ROOT / "benchmarks" / "data" / "hard_variants"
"""Real puzzles too slow for the test suite (past 10 s here), measured all the same."""
SIGH = Path(os.environ.get("SIGH", ROOT.parent / "shared" / "peers" / "sigh"))
CPSAT_SECONDS = 900.0
"""CP-SAT's bound a puzzle (its own default, 60 s, is passed by "Wecoc #1" on a loaded
machine, which stopped the whole table)."""
TIMEOUT = 120.0
"""Seconds a single whole process may take before it counts as this long."""
ROUNDS, ROUNDS_BELOW = 5, 10.0
"""A row's batch under ROUNDS_BELOW seconds runs ROUNDS times, sudoku-sat's and sigh's in
turn, each figure the median of its runs (one run each before 2026-12-02)."""


COVERED = {
    "diagonal+": "diagonal",
    "diagonal-": "diagonal",
    "even": "odd",
    "ratio": "difference",
    "chaosarrow": "chaos",
    "chaoscount": "chaos",
    "chaosconstruction": "chaos",
}
"""Registry keys whose puzzles are the row of another name (their family's file)."""
MADE_ONLY = ("cage", "searchpriority")
"""Keys of which no published puzzle was found (their files say so): their rows are the
files' made unique puzzles, each solved by CP-SAT for the solution to compare."""


def real_puzzles(stems: list[str] | None = None) -> dict[str, list[Puzzle]]:
    """Row -> its real puzzles with one published solution (expect 1): a file's stem; for
    a registry key with no file of its own and no row of its family (:data:`COVERED`),
    "KEY (other files)": every real puzzle of the other rows that has that rule, and for
    :data:`MADE_ONLY`, "KEY (made)". A stem filters the rows by their first word."""
    rows = _file_rows()
    rows.update(_rule_rows(rows))
    return {stem: ps for stem, ps in rows.items() if not stems or stem.split()[0] in stems}


def _rule_rows(rows: dict[str, list[Puzzle]]) -> dict[str, list[Puzzle]]:
    from sudoku_sat.variants.constraints import registry

    out: dict[str, list[Puzzle]] = {}
    for key in sorted(registry()):
        if key in rows or key in COVERED:
            continue
        if key in MADE_ONLY:
            out[f"{key} (made)"] = _made_unique(DATA / f"{key}.jsonl")
            continue
        seen: dict[str, Puzzle] = {}
        for ps in rows.values():
            for p in ps:
                if any((c.key or c.cell_key) == key for c in p.constraints):
                    seen.setdefault(p.origin, p)
        if seen:
            out[f"{key} (other files)"] = list(seen.values())
    return out


def _made_unique(path: Path) -> list[Puzzle]:
    """A file's made unique puzzles, each with the solution CP-SAT finds."""
    out = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("{") and json.loads(line)["expect"] == 1:
            case = json.loads(line)
            (p,) = parse_variants(json.dumps(case["puzzle"]), f"{path.stem}:{number}")
            out.append(replace(p, solution=cpsat.solutions(p, 1)[0]))
    return out


def _file_rows() -> dict[str, list[Puzzle]]:
    """File stem -> its real puzzles with one published solution (expect 1)."""
    out: dict[str, list[Puzzle]] = {}
    for path in sorted([*DATA.glob("*.jsonl"), *HARD.glob("*.jsonl")], key=lambda p: p.stem):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            case = json.loads(line)
            if case["origin"].startswith("made") or case["expect"] != 1:
                continue
            (p,) = parse_variants(json.dumps(case["puzzle"]), f"{path.stem}:{number}")
            out.setdefault(path.stem, []).append(p)
    for path in sorted([*EXTRA.glob("*.jsonl"), *DIGITS.glob("*.jsonl"), *SHAPES.glob("*.jsonl")]):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.startswith("{"):
                continue
            case = json.loads(line)
            try:
                (p,) = parse_sigh(case["sigh"], f"{path.stem}:{number}")
            except InputError as e:
                print(f"left out: {e}", file=sys.stderr)
                continue
            wide = p.size + p.low > 10  # sigh's short form: letters A.. past 9
            digits = [
                ord(ch.upper()) - 64 if wide else int(ch) + 1 - p.low for ch in case["solution"]
            ]
            grid = p.framed(tuple(digits))
            out.setdefault(path.stem, []).append(replace(p, solution=grid))
    return out


def sigh_batch(puzzles: list[Puzzle], folder: Path) -> tuple[list[int], float] | None:
    """sigh's counts (to 2) and the wall time of one Node process over the puzzles; None
    when Node or sigh's checkout is missing."""
    script = SIGH / "count.mjs"
    if shutil.which("node") is None or not script.exists():
        return None
    path = folder / "sigh.txt"
    try:
        path.write_text("".join(to_sigh(p) + "\n" for p in puzzles))
    except NotForSigh as e:
        print(f"sigh left out: {e}", file=sys.stderr)
        return None
    start = time.perf_counter()
    done = subprocess.run(["node", str(script), str(path), "2"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    counts = [
        int(line.split("\t")[0]) if line[:1].isdigit() else -1 for line in done.stdout.splitlines()
    ]
    return counts, wall


def puzzle_line(p: Puzzle) -> str:
    """A puzzle as the row's files hold it: f-puzzles JSON, or sigh's string when its
    digits start at 0 or its grid is no N x N square of N digits (f-puzzles holds
    neither)."""
    return dumps(p) if p.low == 1 and not p.shaped else to_sigh(p)


def whole(args: list[str], cli: list[str]) -> float:
    """Wall time of one sudoku-sat process (TIMEOUT when it runs past it)."""
    start = time.perf_counter()
    try:
        subprocess.run([*cli, *args], capture_output=True, check=False, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return TIMEOUT
    return time.perf_counter() - start


def cpu_per_puzzle(
    run: Callable[[Puzzle], object], puzzles: list[Puzzle], warm: bool = True
) -> float:
    """CPU seconds per puzzle (after one warming call when warm)."""
    if warm:
        run(puzzles[0])
    start = time.process_time()
    for p in puzzles:
        run(p)
    return (time.process_time() - start) / len(puzzles)


HEAD = (
    "| constraint (file) | puzzles | unique + published solution: sudoku-sat / sigh | "
    "sudoku-sat batch, whole process (s) | sudoku-sat CPU ms/puzzle (batch, marginal) | "
    "sigh batch, whole process (s) | CP-SAT CPU ms/puzzle | ratio CP-SAT / sudoku-sat | "
    "`unique` one puzzle, whole process: median / worst (s) | goals: >= sigh, >= 5x, "
    "<= 1 s, <= 5 s |\n|---|---:|---|---:|---:|---:|---:|---:|---|---|\n"
)


def real_row(stem: str, puzzles: list[Puzzle], cli: list[str], folder: Path) -> str:
    """One table row: a file's real puzzles timed by sudoku-sat, sigh and CP-SAT."""
    with Session() as session:
        verdicts = [session.unique(p) for p in puzzles]  # and the process warmed
    with Session() as session:  # the kernel loaded as the first session warmed the SAT path
        methods.auto(lambda: session, puzzles[0], 2)
    with Session() as session:
        marginal = cpu_per_puzzle(
            lambda p: methods.auto(lambda: session, p, 2), puzzles, warm=False
        )
    ours = sum(
        v.verdict == "unique"
        and p.solution is not None
        and p.grid_part(v.solutions[0]) == p.grid_part(p.solution)
        for v, p in zip(verdicts, puzzles, strict=True)
    )
    batch = folder / f"{stem.split()[0]}.jsonl"
    batch.write_text("".join(puzzle_line(p) + "\n" for p in puzzles))
    sigh = sigh_batch(puzzles, folder)
    ours_batch = whole(["unique", str(batch)], cli)
    if ours_batch < ROUNDS_BELOW:  # the batches in turn, ours then sigh's: medians
        ours_runs, sigh_runs = [ours_batch], [] if sigh is None else [sigh[1]]
        for _ in range(ROUNDS - 1):
            ours_runs.append(whole(["unique", str(batch)], cli))
            again = sigh_batch(puzzles, folder)
            if sigh is not None and again is not None:
                sigh_runs.append(again[1])
        ours_batch = statistics.median(ours_runs)
        if sigh is not None:
            sigh = (sigh[0], statistics.median(sigh_runs))
    singles = []
    for k, p in enumerate(puzzles):
        one = folder / f"{stem.split()[0]}-{k}.json"
        one.write_text(puzzle_line(p) + "\n")
        singles.append(whole(["unique", str(one)], cli))
    cp, unfinished = cp_cpu(puzzles, CPSAT_SECONDS if stem not in EXTRA_STEMS else EXTRA_SECONDS)
    theirs = "-" if sigh is None else str(sum(c == 1 for c in sigh[0]))
    sigh_s = "-" if sigh is None else f"{sigh[1]:.2f}"
    median, worst = statistics.median(singles), max(singles)
    past = f" (CP-SAT past {EXTRA_SECONDS:.0f} s on {unfinished})" if unfinished else ""
    cut = ours_batch >= TIMEOUT  # the batch ran past the bound: its time is a floor
    goals = [
        "-"
        if sigh is None
        else (
            "not known (cut)"
            if cut and sigh[1] > ours_batch
            else "met"
            if ours_batch <= sigh[1]
            else "NOT met"
        ),
        ("met" if cp / marginal >= 5 else "NOT met") + past,
        "met" if median <= 1 else "NOT met",
        "met" if worst <= 5 else "NOT met",
    ]
    return (
        f"| {stem} | {len(puzzles)} | {ours} / {theirs} | {'>= ' if cut else ''}{ours_batch:.2f} | "
        f"{marginal * 1000:.1f} | {sigh_s} | {'>= ' if unfinished else ''}{cp * 1000:.1f} | "
        f"{'>= ' if unfinished else ''}{cp / marginal:.1f}x | "
        f"{median:.2f} / {worst:.2f} | {', '.join(goals)} |\n"
    )


EXTRA_STEMS = frozenset(
    path.stem for folder in (EXTRA, DIGITS, SHAPES) for path in folder.glob("*.jsonl")
)
EXTRA_SECONDS = 120.0
"""CP-SAT's bound a puzzle on the rows of cells beyond the grid: it states a chaos
construction's connection by distances and takes minutes on some."""


def cp_cpu(puzzles: list[Puzzle], seconds: float) -> tuple[float, int]:
    """CP-SAT's CPU per puzzle counting to 2 (after one warming call), and how many
    puzzles it left unfinished at seconds each (their time then a lower bound)."""

    def finished(p: Puzzle) -> bool:
        try:
            cpsat.solutions(p, 2, seconds)
        except SolverError:
            return False
        return True

    finished(puzzles[0])
    start = time.process_time()
    unfinished = sum(not finished(p) for p in puzzles)
    return (time.process_time() - start) / len(puzzles), unfinished


def real_table(cli: list[str], stems: list[str] | None, limit: int | None) -> str:
    """The table over every file's real puzzles (at most limit a file)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for stem, puzzles in real_puzzles(stems).items():
            row = real_row(stem, puzzles[:limit], cli, Path(tmp))
            rows.append(row)
            print(row, end="", flush=True, file=sys.stderr)
    return HEAD + "".join(rows)


BUDGET = 20.0
"""CPU seconds an encoding may spend on one row of the sum-encoding table."""


def encoding_cell(sums: str, puzzles: list[Puzzle]) -> str:
    """CPU ms per puzzle of ``unique`` in one session with the sum encoding (no warming
    call: the first puzzle's encoding is part of the cost), or how far it got in BUDGET."""
    spent = 0.0
    with Session(sums=sums) as session:
        for k, p in enumerate(puzzles):
            start = time.process_time()
            v = session.unique(p)
            spent += time.process_time() - start
            if v.solutions != (p.solution,):
                return "WRONG"
            if spent > BUDGET:
                return f"past {BUDGET:.0f} s at puzzle {k + 1}/{len(puzzles)}"
    return f"{spent / len(puzzles) * 1000:.1f}"


def sums_lab(encodings: tuple[str, ...], stems: list[str], limit: int | None) -> str:
    """The sum-encoding table: each encoding's CPU per puzzle on each file's real puzzles,
    and the family's default (``constraints.sum_defaults()``; cages and arrows: ``combos``)."""
    head = "| real puzzles | " + " | ".join(f"`{s}` CPU ms/puzzle" for s in encodings)
    head += " | default |\n|---|" + "---:|" * len(encodings) + "---|\n"
    rows = []
    for stem, puzzles in real_puzzles(stems).items():
        cells = [encoding_cell(s, puzzles[:limit]) for s in encodings]
        cells.append(f"`{sum_defaults().get(stem, 'combos')}`")
        rows.append(f"| {stem} ({len(puzzles[:limit])}) | " + " | ".join(cells) + " |\n")
        print(rows[-1], end="", flush=True, file=sys.stderr)
    return head + "".join(rows)


SHARED = 10**9
"""A session budget no puzzle reaches: every puzzle stays on the shared solver."""
PILLS = (
    ("combos", "g4", True, Session.BUDGET),
    ("combos", "g4", False, Session.BUDGET),
    ("combos", "g4", False, SHARED),
    ("running", "g4", True, Session.BUDGET),
    ("running", "g4", False, Session.BUDGET),
    ("pb-dd", "g4", True, Session.BUDGET),
    ("pb-dd", "g4", False, Session.BUDGET),
    ("pb-totalizer", "g4", True, Session.BUDGET),
    ("pb-totalizer", "g4", False, Session.BUDGET),
    ("pb-sorting", "g4", True, Session.BUDGET),
    ("pb-sorting", "g4", False, Session.BUDGET),
    ("combos", "cd15", True, Session.BUDGET),
    ("combos", "cd19", True, Session.BUDGET),
    ("combos", "m22", True, Session.BUDGET),
    ("combos", "mcb", True, Session.BUDGET),
    ("cpsat", "CP-SAT", True, 0),
)
"""The pill table's rows: sum encoding, PySAT solver, sums rewritten by the houses
(``sums.HOUSES``), conflicts a puzzle may spend on the session's shared solver
(``Session.BUDGET``); the last row is the CP-SAT oracle."""
MARKS = (
    ("combos", "g4", True, Session.BUDGET),
    ("combos", "cd15", True, Session.BUDGET),
    ("combos", "m22", True, Session.BUDGET),
    ("combos", "g4", True, SHARED),
    ("combos", "cd15", True, SHARED),
    ("combos", "m22", True, SHARED),
    ("cpsat", "CP-SAT", True, 0),
)
"""The pencil-mark table's rows (as :data:`PILLS`)."""


def lab_cell(row: tuple[str, str, bool, int], puzzles: list[Puzzle]) -> tuple[str, str, str]:
    """(CPU ms per puzzle, CPU s of the slowest, right answers) of ``unique`` in one
    session as the row sets it (no warming call), or how far it got when BUDGET was
    spent; CP-SAT's count to 2 on the cpsat row."""
    from sudoku_sat.variants import sums

    encoding, solver, houses, budget = row
    spent, slowest, right = 0.0, 0.0, 0
    sums.HOUSES = houses
    try:
        oracle = encoding == "cpsat"
        with Session(None if oracle else solver, "combos" if oracle else encoding) as session:
            session.BUDGET = budget
            for k, p in enumerate(puzzles):
                if spent > BUDGET:
                    return f"past {BUDGET:.0f} s before puzzle {k + 1}", "-", f"{right} of {k}"
                start = time.process_time()
                found = tuple(cpsat.solutions(p, 2)) if oracle else session.unique(p).solutions
                took = time.process_time() - start
                spent, slowest = spent + took, max(slowest, took)
                right += found == (p.solution,)
    finally:
        sums.HOUSES = True
    return f"{spent / len(puzzles) * 1000:.1f}", f"{slowest:.2f}", f"{right}/{len(puzzles)}"


def session_lab(
    stem: str, rows: tuple[tuple[str, str, bool, int], ...], limit: int | None = None
) -> str:
    """A table of the rows (encoding, solver, houses, session budget) on one file's real
    puzzles: CPU per puzzle and of the slowest, right answers."""
    puzzles = real_puzzles([stem])[stem][:limit]
    pills = sum(any(len(a.circle) > 1 for a in p.of(Arrow)) for p in puzzles)  # type: ignore[attr-defined]
    what = f"{len(puzzles)} {stem}" + (f", {pills} with pills" if pills else "")
    head = (
        "| sum encoding | solver | rewritten by the houses | conflicts on the shared solver "
        f"| CPU ms/puzzle ({what}) | slowest puzzle CPU (s) | unique with the published "
        "solution |\n|---|---|---|---:|---:|---:|---|\n"
    )
    out = []
    for row in rows:
        ms, worst, right = lab_cell(row, puzzles)
        encoding, solver, houses, budget = row
        shown = "-" if encoding == "cpsat" else "all" if budget >= SHARED else f"{budget:,}"
        name = "-" if encoding == "cpsat" else f"`{encoding}`"
        rewritten = "-" if encoding == "cpsat" else "yes" if houses else "no"
        line = f"| {name} | {solver} | {rewritten} | {shown} | {ms} | {worst} | {right} |\n"
        out.append(line)
        print(line, end="", flush=True, file=sys.stderr)
    return head + "".join(out)
