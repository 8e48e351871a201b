"""The real 9x9 pencil-mark puzzles (``givenPencilMarks`` in every cell) beside the peers,
one puzzle a whole process each: ``sudoku-sat unique FILE``, tdoku's ``run_benchmark -p``
(its 729-character pencil-mark lines: a cell's nine candidates, ``.`` for a struck one;
tdoku counts to 2 and prints its guesses), and sigh's ``node count.mjs FILE 2``.

    python benchmarks/bench_pencilmarks.py --tdoku PATH/run_benchmark [--write]

``PATH`` is what ``../shared/peers/build-tdoku.sh`` prints (tdoku is a peer for side-by-side
timings, never part of the project). tdoku's figure is its own per-puzzle time (its
start-up left out), so it flatters tdoku a little beside two whole processes. With
``--write``, the table replaces the ``pencilmark_peers`` block of docs/variants.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from real_variants import SIGH, to_sigh  # noqa: E402

from sudoku_sat.variants.fpuzzles import parse_variants  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FILES = (
    ROOT / "tests" / "data" / "constraints" / "pencilmarks.jsonl",
    ROOT / "benchmarks" / "data" / "hard_variants" / "pencilmarks.jsonl",
)
DOC = ROOT / "docs" / "variants.md"
BEGIN, END = "<!-- pencilmark_peers:begin -->", "<!-- pencilmark_peers:end -->"
LIMIT = 300.0
"""Seconds a process may take before it is stopped (the cell then reads "past")."""


def cases() -> list[tuple[str, dict[str, object]]]:
    """(name, f-puzzles object) of every real 9x9 puzzle of the files (the made ones left out)."""
    out = []
    for path in FILES:
        for line in path.read_text().splitlines():
            if line.startswith("{"):
                case = json.loads(line)
                if case["puzzle"].get("size") == 9 and not case["origin"].startswith("made"):
                    out.append((case["origin"].split(":")[0], case["puzzle"]))
    return out


def tdoku_line(puzzle: dict[str, object]) -> str:
    """The puzzle as tdoku's 729-character pencil-mark line."""
    out = []
    for row in puzzle["grid"]:  # type: ignore[attr-defined]
        for cell in row:
            marks = cell.get("givenPencilMarks", range(1, 10))
            allowed = {cell["value"]} if "value" in cell else set(marks)
            out.append("".join(str(d) if d in allowed else "." for d in range(1, 10)))
    return "".join(out)


def wall(cmd: list[str]) -> tuple[float | None, str]:
    """Wall seconds of one whole process and what it printed; None past LIMIT."""
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        return None, ""
    return time.perf_counter() - start, done.stdout


def timed(cmd: list[str]) -> tuple[str, str]:
    """ "WALL (CPU)" seconds of one whole process (CPU: user + system), and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent, out = wall(cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (f"past {LIMIT:.0f}" if spent is None else f"{spent:.2f} ({cpu:.2f})"), out


def tdoku(binary: str, path: Path) -> tuple[float | None, str]:
    """tdoku's own seconds for the one puzzle of path, and its guesses."""
    options = ["-p", "-s", "tdoku", "-t", "1", "-w", "0", "-r", "0", "-n", "1"]
    _, out = wall([binary, *options, str(path)])
    row = [line for line in out.splitlines() if line.startswith("|tdoku")]
    if not row:
        return None, "-"
    cells = [c.strip() for c in row[0].split("|")]
    return float(cells[3]) / 1e6, re.sub(r"\.0+$", "", cells[5])


def seconds(value: float | None) -> str:
    return f"past {LIMIT:.0f}" if value is None else f"{value:.4f}"


def table(binary: str) -> str:
    rows = [
        "| puzzle | `sudoku-sat unique`: wall (CPU) s | tdoku `run_benchmark -p` (s, its own) "
        "| tdoku guesses | sigh `count.mjs`: wall (CPU) s |",
        "|---|---:|---:|---:|---:|",
    ]
    ours = [str(Path(sys.executable).parent / "sudoku-sat"), "unique"]
    with tempfile.TemporaryDirectory() as folder:
        for number, (name, p) in enumerate(cases(), 1):
            base = Path(folder) / f"p{number}"
            base.with_suffix(".json").write_text(json.dumps(p) + "\n")
            base.with_suffix(".txt").write_text(tdoku_line(p) + "\n")
            (puzzle,) = parse_variants(json.dumps(p), name)
            base.with_suffix(".sigh").write_text(to_sigh(puzzle) + "\n")
            t_ours, out = timed([*ours, str(base.with_suffix(".json"))])
            assert t_ours.startswith("past") or out.startswith("unique"), out
            t_tdoku, guesses = tdoku(binary, base.with_suffix(".txt"))
            sigh = base.with_suffix(".sigh")
            t_sigh, _ = timed(["node", str(SIGH / "count.mjs"), str(sigh), "2"])
            cells = (name, t_ours, seconds(t_tdoku), guesses, t_sigh)
            rows.append("| " + " | ".join(cells) + " |")
            print(rows[-1], flush=True)
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tdoku", required=True, help="tdoku's run_benchmark (build-tdoku.sh)")
    parser.add_argument("--write", action="store_true", help="rewrite docs/variants.md")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    body = table(args.tdoku)
    caption = (
        f"Made by `python benchmarks/bench_pencilmarks.py --tdoku PATH --write` ({when}; load "
        f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on the 2 cores):"
    )
    print(body)
    if args.write:
        text = DOC.read_text()
        start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
        DOC.write_text(text[:start] + "\n" + caption + "\n\n" + body + "\n" + text[end:])


if __name__ == "__main__":
    main()
