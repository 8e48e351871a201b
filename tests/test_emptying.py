"""Emptying: greedy, annealing and exhaustive puzzles are unique and minimal, checked by EUP."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from sudoku_sat.errors import SudokuSatError
from sudoku_sat.grid import Grid, clue_count, empty_grid, is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.checkers import (
    EupChecker,
    PysatChecker,
    forced,
    independent_of,
    make_checker,
)
from sudoku_sat.puzzles.counting import count_eup
from sudoku_sat.puzzles.emptying import Schedule, empty, empty_anneal, empty_greedy
from sudoku_sat.puzzles.exhaustive import empty_exhaustive
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.orbits import orbits, without
from sudoku_sat.puzzles.verify import verify
from tests.conftest import EASY

SHORT = Schedule(1.0, 0.5, 0.001)


def full(n: int, seed: int) -> Grid:
    grid = fill_backtrack(empty_grid(n), n, random.Random(seed)).grid
    assert grid is not None
    return grid


@pytest.fixture(scope="module")
def pysat9() -> Iterator[PysatChecker]:
    checker = PysatChecker(3)
    yield checker
    checker.close()


def eup_unique_and_minimal(puzzle: Grid, n: int, symmetric: bool = False) -> bool:
    """The independent check, written out: EUP counts 1, and 2+ once any orbit goes."""
    if count_eup(puzzle, n, cap=2) != 1:
        return False
    filled = [o for o in orbits(n, symmetric) if any(puzzle[c] for c in o)]
    return all(count_eup(without(puzzle, o), n, cap=2) == 2 for o in filled)


def test_orbits_cover_every_cell_once() -> None:
    for n in (2, 3):
        for symmetric in (False, True):
            cells = sorted(c for o in orbits(n, symmetric) for c in o)
            assert cells == list(range(n**4))
    assert len(orbits(3, True)) == 41 and (40,) in orbits(3, True)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_puzzles_are_unique_and_minimal(seed: int, pysat9: PysatChecker) -> None:
    solution = full(3, seed)
    puzzle = empty_greedy(solution, solution, 3, pysat9, random.Random(seed))
    assert is_solution(solution, 3, puzzle)
    assert 17 <= clue_count(puzzle) <= 35
    assert eup_unique_and_minimal(puzzle, 3)


@pytest.mark.parametrize("verifier", ["independent", "pysat"])
def test_greedy_with_the_eup_checker_verified_independently(
    verifier: str, pysat9: PysatChecker
) -> None:
    solution = full(3, 11)
    puzzle = empty_greedy(solution, solution, 3, EupChecker(3), random.Random(1))
    name = independent_of("eup", 3) if verifier == "independent" else "pysat"
    assert name != "eup"
    judge = make_checker(name, 3)
    assert not isinstance(judge, EupChecker)
    verdict = verify(puzzle, solution, 3, judge, pysat9)  # witnesses of minimality by PySAT
    judge.close()
    assert verdict.ok and verdict.method == name


def test_symmetric_greedy_keeps_the_rotation(pysat9: PysatChecker) -> None:
    solution = full(3, 3)
    puzzle = empty_greedy(solution, solution, 3, pysat9, random.Random(3), symmetric=True)
    assert all(bool(puzzle[c]) == bool(puzzle[80 - c]) for c in range(81))
    assert eup_unique_and_minimal(puzzle, 3, symmetric=True)


def test_greedy_from_a_puzzle_keeps_a_subset_of_its_clues(pysat9: PysatChecker) -> None:
    puzzle = parse_puzzles(EASY)[0].grid
    solution = fill_backtrack(puzzle, 3, random.Random(0)).grid
    assert solution is not None
    smaller = empty_greedy(puzzle, solution, 3, pysat9, random.Random(0))
    assert all(s in (0, p) for s, p in zip(smaller, puzzle, strict=True))
    assert clue_count(smaller) < clue_count(puzzle)
    assert eup_unique_and_minimal(smaller, 3)


def test_annealing_gives_a_unique_minimal_puzzle(pysat9: PysatChecker) -> None:
    solution = full(3, 7)
    puzzle, stats = empty_anneal(solution, solution, 3, pysat9, random.Random(7), False, SHORT)
    assert stats["iterations"] == 500 and stats["best"] >= clue_count(puzzle)
    assert eup_unique_and_minimal(puzzle, 3)


def test_symmetric_annealing_keeps_the_rotation(pysat9: PysatChecker) -> None:
    solution = full(3, 8)
    puzzle, _ = empty_anneal(solution, solution, 3, pysat9, random.Random(8), True, SHORT)
    assert all(bool(puzzle[c]) == bool(puzzle[80 - c]) for c in range(81))
    assert eup_unique_and_minimal(puzzle, 3, symmetric=True)


@pytest.mark.parametrize(
    "bad",
    [
        (0.1, 0.5, 0.01),
        (1.0, 0.0, 0.01),
        (1.0, 0.5, 0.0),
        (math.inf, 0.5, 0.01),
        (math.nan, 0.5, 1),
    ],
)
def test_schedule_is_checked(bad: tuple[float, float, float]) -> None:
    with pytest.raises(SudokuSatError, match="finite --t0 > --t-final > 0"):
        Schedule(*bad)


@pytest.mark.parametrize("seed", range(3))
def test_exhaustive_finds_the_4x4_minimum_of_four(seed: int) -> None:
    solution = full(2, seed)
    puzzle, stats = empty_exhaustive(solution, solution, 2)
    assert clue_count(puzzle) == 4 and stats["checks"] >= 1
    assert eup_unique_and_minimal(puzzle, 2)
    # No 3 clues of this grid make a unique puzzle: checked by EUP over all 560 subsets.
    for cells in combinations(range(16), 3):
        assert count_eup(tuple(solution[c] if c in cells else 0 for c in range(16)), 2) == 2


def test_exhaustive_symmetric_is_symmetric_and_minimal() -> None:
    solution = full(2, 4)
    puzzle, _ = empty_exhaustive(solution, solution, 2, symmetric=True)
    assert all(bool(puzzle[c]) == bool(puzzle[15 - c]) for c in range(16))
    assert eup_unique_and_minimal(puzzle, 2, symmetric=True)


def test_exhaustive_refuses_9x9(pysat9: PysatChecker) -> None:
    solution = full(3, 0)
    with pytest.raises(SudokuSatError, match="4x4"):
        empty(solution, solution, 3, "exhaustive", pysat9, random.Random(0))


def test_naked_single_shortcut_is_sound(pysat9: PysatChecker) -> None:
    solution = full(3, 2)
    rng = random.Random(2)
    for _ in range(200):
        cell = rng.randrange(81)
        puzzle = tuple(v if rng.random() < 0.6 or c == cell else 0 for c, v in enumerate(solution))
        emptied = without(puzzle, [cell])
        if forced(emptied, cell, 3):
            assert pysat9.count(puzzle) != 1 or pysat9.count(emptied) == 1


def test_checkers_agree_on_counts(pysat9: PysatChecker) -> None:
    solution = full(3, 9)
    rng = random.Random(9)
    for keep in (0.2, 0.3, 0.5):
        puzzle = tuple(v if rng.random() < keep else 0 for v in solution)
        assert pysat9.count(puzzle) == count_eup(puzzle, 3, cap=2)


def test_verify_spots_a_non_minimal_and_a_non_unique_puzzle(pysat9: PysatChecker) -> None:
    solution = full(3, 5)
    verdict = verify(solution, solution, 3, EupChecker(3), pysat9)
    assert verdict.unique and not verdict.minimal
    sparse = tuple(v if c < 9 else 0 for c, v in enumerate(solution))
    verdict = verify(sparse, solution, 3, EupChecker(3), pysat9)
    assert not verdict.unique and not verdict.ok


def test_verify_accepts_a_minimal_puzzle(pysat9: PysatChecker) -> None:
    solution = full(3, 6)
    puzzle = empty_greedy(solution, solution, 3, pysat9, random.Random(6))
    verdict = verify(puzzle, solution, 3, EupChecker(3), pysat9)
    assert verdict.ok and verdict.method == "eup"


def test_eup_checker_both_ways_agree(pysat9: PysatChecker) -> None:
    solution = full(3, 12)
    by_values = empty_greedy(solution, solution, 3, EupChecker(3, True), random.Random(5))
    by_count = empty_greedy(solution, solution, 3, EupChecker(3, False), random.Random(5))
    assert by_values == by_count == empty_greedy(solution, solution, 3, pysat9, random.Random(5))


def test_the_verifier_is_never_the_emptier_even_for_auto() -> None:
    from sudoku_sat.puzzles.checkers import independent_of, resolve_checker

    for n in (2, 3, 4, 5):
        for name in ("auto", "eup", "pysat"):
            assert independent_of(name, n) != resolve_checker(name, n)


@pytest.mark.parametrize("schedule", [(1e308, 0.1, 0.001), (0.3, 0.1, 1e-300)])
def test_a_schedule_of_too_many_iterations_is_refused(schedule: tuple[float, ...]) -> None:
    """--t0 1e308 ended in an OverflowError, --step 1e-300 ran for ever."""
    with pytest.raises(SudokuSatError, match="more than 1,000,000,000 iterations"):
        Schedule(*schedule)
