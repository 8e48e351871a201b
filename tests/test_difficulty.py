"""Guided emptying to a level: the puzzles are minimal, unique and rated exactly the level."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.difficulty.making import (
    LevelOptions,
    guided_empty,
    make_at_level,
    make_many_at_level,
)
from sudoku_sat.difficulty.rating import rate
from sudoku_sat.grid import Grid, is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.checkers import PysatChecker, make_checker
from sudoku_sat.puzzles.maker import MakeOptions
from sudoku_sat.puzzles.orbits import without
from tests.conftest import TRES_DIFFICILE_SOLUTION
from tests.shared_pool import shared_pool

SOLUTION = parse_puzzles(TRES_DIFFICILE_SOLUTION)[0].grid


def pysat_minimal_unique(puzzle: Grid, n: int) -> bool:
    """A fresh PySAT count, independent of the checker the generator used."""
    checker = PysatChecker(n)
    try:
        clues = [c for c, v in enumerate(puzzle) if v]
        return checker.count(puzzle) == 1 and all(
            checker.count(without(puzzle, (c,))) == 2 for c in clues
        )
    finally:
        checker.close()


@pytest.mark.parametrize("level", ["singles", "locked", "fl"])
def test_make_at_level_hits_the_level(level: str) -> None:
    checker = make_checker("eup", 3)
    for seed in range(40):
        made = make_at_level(SOLUTION, 3, level, checker, random.Random(seed), climbs=4)
        if made.ok:
            break
    assert made.ok, made.reason
    assert rate(made.puzzle, 3).level == level
    assert is_solution(SOLUTION, 3, made.puzzle) and pysat_minimal_unique(made.puzzle, 3)


def test_a_failed_try_says_why() -> None:
    """From the full grid, a fl target reached only at a lower level is not kept."""
    checker = make_checker("pysat", 3)
    reasons = set()
    for seed in range(6):
        made = guided_empty(SOLUTION, SOLUTION, 3, "fl", checker, random.Random(seed), width=1)
        rated = rate(made.puzzle, 3)
        assert made.ok == (rated.level == "fl" and not made.reason)
        reasons.add(made.reason.split(" ")[0] if made.reason else "ok")
    assert reasons <= {"ok", "rated", "not"}


def test_make_many_is_reproducible_and_verified() -> None:
    options = MakeOptions(n=3, seed=11)
    first = list(make_many_at_level(options, LevelOptions("locked"), 2))
    again = list(make_many_at_level(options, LevelOptions("locked"), 2, shared_pool()))
    assert [m.puzzle for m in first] == [m.puzzle for m in again]
    for made in first:
        assert made.ok and made.puzzle is not None
        assert rate(made.puzzle, 3).level == "locked"
        assert made.stats["level"] == "locked" and made.stats["tries"] >= 1


def test_4x4_singles() -> None:
    made = list(make_many_at_level(MakeOptions(n=2, seed=1), LevelOptions("singles"), 2))
    assert all(m.ok and m.puzzle and rate(m.puzzle, 2).level == "singles" for m in made)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        guided_empty(SOLUTION, SOLUTION, 3, "easy", make_checker("pysat", 3), random.Random(0))
