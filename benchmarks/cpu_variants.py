"""The real puzzles' CPU table (``bench_variants.py --cpu``): per row of the real-puzzle
table, sudoku-sat's CPU per puzzle in one process (what ``unique`` runs: ``methods.auto``,
the killer search or the session) beside CP-SAT's counting to 2, with no whole process
and no sigh: the ">= 5x CP-SAT" column of issue 40's goal 2 alone, quick enough to run
again after a change to the session.

Each row is measured in ``ROUNDS`` passes and the median is kept. A pass starts with the
caches a process fills cleared (the killer search's tables, ``Builder.less``'s pairs),
warms them with the row's first puzzle, as a file of puzzles would, then times one fresh
``Session`` over every puzzle of the row once. CP-SAT is bounded at ``seconds`` a puzzle;
a row where it ran past that says so, its figure a lower bound.
"""

from __future__ import annotations

import statistics
import sys
import time

from real_variants import cp_cpu, real_puzzles

from sudoku_sat.model import builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import killer_search, methods
from sudoku_sat.variants.solve import Session

ROUNDS = 3
HEAD = (
    "| constraint (file) | puzzles | sudoku-sat CPU ms/puzzle (median of 3 passes) | "
    "CP-SAT CPU ms/puzzle | ratio CP-SAT / sudoku-sat | >= 5x |\n"
    "|---|---:|---:|---:|---:|---|\n"
)


def marginal(puzzles: list[Puzzle]) -> float:
    """CPU seconds per puzzle of one pass (the caches warmed by the first puzzle only)."""
    killer_search._tables.cache_clear()
    builder._less.cache_clear()
    with Session() as session:
        methods.auto(lambda: session, puzzles[0], 2)
    with Session() as session:
        start = time.process_time()
        for p in puzzles:
            methods.auto(lambda: session, p, 2)
        return (time.process_time() - start) / len(puzzles)


def cpu_row(stem: str, puzzles: list[Puzzle], seconds: float) -> tuple[str, bool]:
    """One row, and whether it meets 5x."""
    ours = statistics.median(marginal(puzzles) for _ in range(ROUNDS))
    cp, unfinished = cp_cpu(puzzles, seconds)
    met = cp / ours >= 5
    floor = ">= " if unfinished else ""
    past = f" (CP-SAT past {seconds:.0f} s on {unfinished})" if unfinished else ""
    row = (
        f"| {stem} | {len(puzzles)} | {ours * 1000:.2f} | {floor}{cp * 1000:.2f} | "
        f"{floor}{cp / ours:.1f}x | {'met' if met else 'NOT met'}{past} |\n"
    )
    return row, met


def cpu_table(stems: list[str] | None, seconds: float) -> str:
    """The table over every row's real puzzles, and a last line counting the rows met."""
    rows, met = [], 0
    for stem, puzzles in real_puzzles(stems).items():
        row, ok = cpu_row(stem, puzzles, seconds)
        rows.append(row)
        met += ok
        print(row, end="", flush=True, file=sys.stderr)
    return HEAD + "".join(rows) + f"\n>= 5x CP-SAT on {met} of {len(rows)} rows.\n"
