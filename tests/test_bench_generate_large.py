"""benchmarks/bench_generate_large.py: its independent check tells unique, minimal and not."""

from __future__ import annotations

import random

from sudoku_sat.grid import empty_grid
from sudoku_sat.puzzles.emptying_large import empty_large
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.orbits import without

from .conftest import load_benchmark


def test_check_finds_every_clue_needed_and_sees_extra_or_missing_clues() -> None:
    bench = load_benchmark("bench_generate_large")
    solution = fill_backtrack(empty_grid(3), 3, random.Random(7)).grid
    assert solution is not None
    puzzle = empty_large(solution, solution, 3, random.Random(7)).grid
    clues = sum(1 for v in puzzle if v)
    assert bench.check(puzzle, solution, 3, 0, 1) == f"unique, {clues}/{clues} clues needed"
    extra = next(c for c, v in enumerate(puzzle) if not v)
    fuller = puzzle[:extra] + (solution[extra],) + puzzle[extra + 1 :]
    assert bench.check(fuller, solution, 3, 0, 1).startswith("unique, ")
    assert not bench.check(fuller, solution, 3, 0, 1).endswith(
        f"{clues + 1}/{clues + 1} clues needed"
    )
    loose = without(puzzle, [next(c for c, v in enumerate(puzzle) if v)])
    assert bench.check(loose, solution, 3, 0, 1) == "NOT unique"
    assert bench.seeds("1-3") == [1, 2, 3] and bench.seeds("4,9") == [4, 9]
