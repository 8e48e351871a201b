"""Large-order emptying (the rules, then one small SAT question per clue): unique, minimal,
a witness per clue; the logic at 9x9 and 16x16 against PySAT on the full formula."""

from __future__ import annotations

import functools
import random

import pytest

from sudoku_sat.grid import Grid, clue_count, empty_grid, is_solution
from sudoku_sat.puzzles import emptying_large
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.emptying_large import empty_large
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.maker import MakeOptions, large_path
from sudoku_sat.puzzles.orbits import without


def full(n: int, seed: int) -> Grid:
    grid = fill_backtrack(empty_grid(n), n, random.Random(seed)).grid
    assert grid is not None
    return grid


@functools.cache
def alone(n: int, seed: int) -> emptying_large.LargeEmptied:
    """The puzzle of one process from full(n, seed) and seed, made once per test process
    (two tests read it; nothing changes it)."""
    solution = full(n, seed)
    return empty_large(solution, solution, n, random.Random(seed))


@pytest.mark.parametrize(
    ("n", "seed", "solver"), [(3, 1, "m22"), (3, 2, "cadical195"), (4, 3, None)]
)
def test_the_puzzle_is_unique_and_minimal_by_pysat_on_the_full_formula(
    n: int, seed: int, solver: str | None
) -> None:
    solution = full(n, seed)
    made = empty_large(solution, solution, n, random.Random(seed), solver)
    puzzle = made.grid
    assert is_solution(solution, n, puzzle) and clue_count(puzzle) < n**4
    judge = PysatChecker(n)
    assert judge.count(puzzle) == 1
    clues = [c for c, v in enumerate(puzzle) if v]
    assert all(judge.count(without(puzzle, [c])) == 2 for c in clues)  # minimal
    judge.close()
    assert sorted(made.witnesses.orbits) == [(c,) for c in clues]
    assert made.witnesses.valid(puzzle, solution, n) == {(c,) for c in clues}
    assert made.stats["rules_clues"] >= clue_count(puzzle)


def test_a_first_pass_cut_short_by_its_budget_still_makes_a_unique_minimal_puzzle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One conflict per first-pass question: most are unfinished, their clues loose, asked
    again with no limit; the puzzle is still unique and minimal (PySAT, full formula)."""
    monkeypatch.setitem(emptying_large.FIRST_BUDGET, 4, 1)
    solution = full(4, 8)
    made = empty_large(solution, solution, 4, random.Random(8), workers=2)
    assert made.stats["unfinished"] > 0
    judge = PysatChecker(4)
    assert judge.count(made.grid) == 1
    clues = [c for c, v in enumerate(made.grid) if v]
    assert all(judge.count(without(made.grid, [c])) == 2 for c in clues)
    judge.close()
    assert made.witnesses.valid(made.grid, solution, 4) == {(c,) for c in clues}


def test_the_same_seed_gives_the_same_puzzle() -> None:
    solution = full(3, 4)
    first = empty_large(solution, solution, 3, random.Random(9)).grid
    assert empty_large(solution, solution, 3, random.Random(9)).grid == first


@pytest.mark.parametrize(("n", "seed", "workers"), [(3, 7, 3), (4, 5, 2)])
def test_workers_sharing_the_questions_make_the_same_puzzle(
    n: int, seed: int, workers: int
) -> None:
    """The first pass shared, the second asked in batches: the puzzle is that of one
    process (a "no" after a removal in a batch is asked again), a valid witness per clue."""
    solution, one = full(n, seed), alone(n, seed)
    shared = empty_large(solution, solution, n, random.Random(seed), workers=workers)
    assert shared.grid == one.grid
    assert sorted(shared.witnesses.orbits) == sorted(one.witnesses.orbits)
    clues = {(c,) for c, v in enumerate(shared.grid) if v}
    assert shared.witnesses.valid(shared.grid, solution, n) == clues
    assert shared.stats["second_pass"] == one.stats["second_pass"]
    assert shared.stats["workers"] == workers


def test_a_second_pass_removes_clues_the_rules_alone_kept() -> None:
    made = alone(4, 5)
    assert made.stats["second_pass"] + made.stats["refuted_by_rules"] > 0
    assert made.stats["rules_clues"] > clue_count(made.grid)


def test_the_large_path_is_greedy_pysat_from_25x25_up() -> None:
    assert large_path(MakeOptions(n=5), "pysat") and large_path(MakeOptions(n=6), "pysat")
    assert not large_path(MakeOptions(n=4), "pysat")
    assert not large_path(MakeOptions(n=5, symmetric=True), "pysat")
    assert not large_path(MakeOptions(n=5, empty="anneal"), "pysat")
    assert not large_path(MakeOptions(n=5), "eup")


def test_the_rules_pass_keeps_the_sparsest_of_its_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    import sudoku_sat.puzzles.emptying_large as module

    solution = full(4, 8)
    # only the rules pass is looked at (its clue count): the SAT passes after it are not run
    monkeypatch.setattr(module, "_phase2", lambda *args: ([], []))
    monkeypatch.setattr(module, "RULES_TRIES", {4: 8})
    many = empty_large(solution, solution, 4, random.Random(8)).stats["rules_clues"]
    monkeypatch.setattr(module, "RULES_TRIES", {})
    one = [empty_large(solution, solution, 4, random.Random(s)).stats["rules_clues"] for s in (8,)]
    assert many <= one[0]
