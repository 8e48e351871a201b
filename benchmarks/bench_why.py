"""Speed of ``sudoku-sat why`` and ``sudoku-sat redundant`` as whole processes, against
the goals of issue 39 (docs/why.md).

The puzzles are real and published (``tests/data/constraints/*.jsonl``, read by
``real_variants.real_puzzles``: the first ``--per-stem`` of each rule's file) made wrong
in one place:

- **none, wrong given**: one given changed to another digit (the first change, in a
  seeded order, that leaves no solution); a puzzle without givens gets one given that
  its solution does not have;
- **none, wrong cage total**: a killer cage's total one more (or less) than it is;
- **several**: one member (a given or a constraint) the puzzle needs dropped, chosen
  in a seeded order;
- **redundant**: the puzzle itself;
- **classic**: 17-clue puzzles (``../shared/datasets/puzzles2_17_clue``, a seeded
  sample) with one clue changed to another digit (none or several).

Each file is answered by ``python -m sudoku_sat why FILE`` (or ``redundant FILE``), one
process timed from start to exit, beside ``sudoku-sat unique FILE`` on the same file
(the start-up every command pays, for scale). Each answer is read back (``--json``) and
checked: the core names the member changed, the fixes of a several-solution puzzle
include the member dropped when it was a given, the reduced puzzle's verdict.

Run: PYTHONPATH=. .venv/bin/python benchmarks/bench_why.py [--quick] [--write]
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
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from real_variants import real_puzzles  # noqa: E402

from sudoku_sat.model.puzzle import Puzzle  # noqa: E402
from sudoku_sat.setting.members import reduced, selectable  # noqa: E402
from sudoku_sat.setting.oracle import Oracle  # noqa: E402
from sudoku_sat.setting.questions import Pool  # noqa: E402
from sudoku_sat.variants.constraints.killer import Cage  # noqa: E402
from sudoku_sat.variants.fpuzzles_write import dumps  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "why.md"
BEGIN, END = "<!-- bench_why:begin -->", "<!-- bench_why:end -->"
DATASETS = Path(os.environ.get("DATASETS", ROOT.parent / "shared" / "datasets"))
TIMEOUT = 60.0
"""Seconds one process may run; a longer one counts as this long (and as not answered)."""
GOALS = {
    "none, wrong given": ("median", 1.0, 10.0),
    "none, wrong cage total": ("median", 1.0, 10.0),
    "several, one member dropped": ("median", 2.0, None),
    "redundant": ("median", 5.0, None),
    "classic 17-clue, one clue changed": ("worst", 0.5, None),
}


def verdict(p: Puzzle) -> int:
    """The number of solutions, up to 2."""
    s = selectable(p)
    with Oracle(s) as o:
        return len(Pool(o, list(range(len(s.members)))).first(2))


def wrong_given(p: Puzzle, rng: random.Random) -> tuple[Puzzle, int] | None:
    """p with one given changed (or added) so that it has no solution; the cell."""
    n = p.size
    cells = [c for c, d in enumerate(p.grid) if d]
    rng.shuffle(cells)
    for c in cells[:6]:
        for d in rng.sample(range(1, n + 1), n):
            if d != p.grid[c]:
                q = p.with_givens(tuple(d if k == c else g for k, g in enumerate(p.grid)))
                if verdict(replace(q, solution=None)) == 0:
                    return replace(q, solution=None), c
                break
    s = selectable(p)
    with Oracle(s) as o:
        (solution,) = Pool(o, list(range(len(s.members)))).first(2)
    empty = [c for c, d in enumerate(p.grid) if not d]
    c = rng.choice(empty)
    d = rng.choice([k for k in range(1, n + 1) if k != solution[c]])
    return replace(
        p.with_givens(tuple(d if k == c else g for k, g in enumerate(p.grid))), solution=None
    ), c


def cages(p: Puzzle) -> list[Cage]:
    """The puzzle's killer cages, in the order of its instances of ``killercage``."""
    return [c for c in p.constraints if isinstance(c, Cage) and c.key == "killercage"]


def wrong_cage(p: Puzzle, rng: random.Random) -> tuple[Puzzle, int] | None:
    """p with one cage total off by one so that it has no solution; the cage's index."""
    every = cages(p)
    order = [k for k, cage in enumerate(every) if cage.total is not None]
    rng.shuffle(order)
    for k in order[:4]:
        for step in (1, -1):
            cage = every[k]
            assert cage.total is not None
            wrong = replace(cage, total=cage.total + step)
            ruled = tuple(wrong if c is cage else c for c in p.constraints)
            q = replace(p.with_constraints(ruled), solution=None)
            if verdict(q) == 0:
                return q, k
    return None


def dropped(p: Puzzle, rng: random.Random) -> tuple[Puzzle, str] | None:
    """p without one member it needs (several solutions), the first in a seeded order;
    the member's name."""
    s = selectable(p)
    everyone = list(range(len(s.members)))
    with Oracle(s) as o:
        grids = Pool(o, everyone).first(2)
        if len(grids) != 1:
            return None
        guard = o.block(grids[0])
        for m in rng.sample(everyone, len(everyone)):
            if o.sat([k for k in everyone if k != m], [guard]):
                q = reduced(s, [k for k in everyone if k != m])
                return replace(q, origin=p.origin, solution=None), s.members[m].name
    return None


def run(args: list[str]) -> tuple[float, int, str]:
    """(seconds, exit code, stdout) of one whole process; TIMEOUT seconds and exit code
    -1 when it ran longer (killed)."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "sudoku_sat", *args],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        return TIMEOUT, -1, ""
    return time.perf_counter() - start, done.returncode, done.stdout


def classic_cases(k: int, rng: random.Random) -> list[str]:
    """k 17-clue puzzles, each with one clue changed to another digit."""
    path = DATASETS / "puzzles2_17_clue"
    lines = [
        x.strip() for x in path.read_text().splitlines() if x.strip() and not x.startswith("#")
    ]
    out = []
    for line in rng.sample(lines, k):
        cells = [c for c, ch in enumerate(line) if ch not in ".0"]
        c = rng.choice(cells)
        d = rng.choice([x for x in "123456789" if x != line[c]])
        out.append(line[:c] + d + line[c + 1 :])
    return out


def cases(
    per_stem: int, classic: int, seed: int, stems: list[str] | None = None
) -> dict[str, list[tuple[str, str, str]]]:
    """Per row: (file text, command, what the answer must name)."""
    rng = random.Random(seed)
    out: dict[str, list[tuple[str, str, str]]] = {name: [] for name in GOALS}
    for ps in real_puzzles(stems).values():
        for p in ps[:per_stem]:
            made = wrong_given(p, rng)
            if made is not None:
                out["none, wrong given"].append(
                    (dumps(made[0]), "why", f"r{made[1] // p.size + 1}c{made[1] % p.size + 1}")
                )
            cage = wrong_cage(p, rng) if cages(p) else None
            if cage is not None:
                out["none, wrong cage total"].append(
                    (dumps(cage[0]), "why", f"killercage:{cage[1] + 1}")
                )
            several = dropped(p, rng)
            if several is not None:
                out["several, one member dropped"].append((dumps(several[0]), "why", ""))
            out["redundant"].append((dumps(p), "redundant", ""))
    for line in classic_cases(classic, rng):
        out["classic 17-clue, one clue changed"].append((line, "why", ""))
    return out


def named(record: dict[str, object], want: str) -> bool:
    """Whether a why record's core names the member changed (want: a cell or key:index)."""
    core = record.get("core") or []
    assert isinstance(core, list)
    if ":" in want:
        key, index = want.split(":")
        return any(m.get("key") == key and m.get("index") == int(index) for m in core)
    return any(m.get("cell") == want for m in core)


def measure(rows: dict[str, list[tuple[str, str, str]]], folder: Path) -> list[str]:
    table = [
        "| case | puzzles | answered as expected | `why`/`redundant` median | worst "
        "| `unique` median (same files) | goal | met |",
        "|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for row, items in rows.items():
        if not items:
            continue
        seconds, base, good = [], [], 0
        for k, (text, command, want) in enumerate(items):
            path = folder / f"{k}.txt"
            path.write_text(text + "\n")
            t, code, out = run([command, str(path), "--json", "-q"])
            seconds.append(t)
            base.append(run(["unique", str(path)])[0])
            record = json.loads(out)[0] if code in (0, 1, 4) else {}
            if command == "redundant":
                good += record.get("verdict") == "unique"
            elif want:
                good += record.get("verdict") == "none" and named(record, want)
            else:
                good += record.get("verdict") in ("none", "several")
        kind, goal, worst_goal = GOALS[row]
        value = statistics.median(seconds) if kind == "median" else max(seconds)
        met = value <= goal and (worst_goal is None or max(seconds) <= worst_goal)
        goal_text = f"{kind} <= {goal:g} s" + (f", worst <= {worst_goal:g} s" if worst_goal else "")
        late = sum(t >= TIMEOUT for t in seconds)
        worst = f"> {TIMEOUT:g} s ({late})" if late else f"{max(seconds):.2f} s"
        table.append(
            f"| {row} | {len(items)} | {good}/{len(items)} | {statistics.median(seconds):.2f} s "
            f"| {worst} | {statistics.median(base):.2f} s | {goal_text} "
            f"| {'yes' if met else 'no'} |"
        )
    return table


def main(argv: Sequence[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="A few puzzles (the test suite's).")
    parser.add_argument("--per-stem", type=int, default=2, help="Real puzzles taken per rule file.")
    parser.add_argument("--classic", type=int, default=30, help="17-clue puzzles.")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--write", action="store_true", help=f"Put the table into {DOC.name}.")
    args = parser.parse_args(argv)
    if args.quick:  # one file a row: each file costs two processes of about a second
        rows = cases(1, 1, args.seed, ["thermometer"])
    else:
        rows = cases(args.per_stem, args.classic, args.seed)
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        table = measure(rows, Path(folder))
    text = "\n".join(
        [
            *table,
            "",
            f"Load average (1 min) on {os.cpu_count()} cores: {load:.1f} at the start, "
            f"{os.getloadavg()[0]:.1f} at the end.",
            "",
            f"Measured {time.strftime('%Y-%m-%d')} by `python benchmarks/bench_why.py --write`"
            f" (--per-stem {args.per_stem}, --classic {args.classic}, --seed {args.seed}).",
        ]
    )
    print(text)
    if args.write and not args.quick:
        doc = DOC.read_text()
        head, rest = doc.split(BEGIN)
        _, tail = rest.split(END)
        DOC.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")
    return text


if __name__ == "__main__":
    main()
