"""The independent check of large puzzles: CaDiCaL on the candidate-only CNF, and witnesses."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sudoku_sat.grid import Grid, empty_grid
from sudoku_sat.puzzles import verify_large
from sudoku_sat.puzzles.emptying_compiled import Witnesses
from sudoku_sat.puzzles.emptying_large import empty_large
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.orbits import without


def full(n: int, seed: int) -> Grid:
    grid = fill_backtrack(empty_grid(n), n, random.Random(seed)).grid
    assert grid is not None
    return grid


@pytest.fixture(params=["binary", "pysat"])
def method(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "pysat":
        monkeypatch.setattr(verify_large.shutil, "which", lambda name: None)
    elif verify_large.shutil.which("cadical") is None:
        pytest.skip("the cadical binary is not installed")
    return str(request.param)


def test_a_made_puzzle_passes_and_a_weaker_one_fails(method: str) -> None:
    solution = full(4, 2)
    made = empty_large(solution, solution, 4, random.Random(2))
    verdict = verify_large.verify_large(made.grid, solution, 4, made.witnesses)
    assert verdict.unique and verdict.minimal
    assert ("binary" in verdict.method) == (method == "binary")
    clue = next(c for c, v in enumerate(made.grid) if v)
    loose = without(made.grid, [clue])  # its witness is a second solution
    assert not verify_large.verify_large(loose, solution, 4, made.witnesses).unique


def test_a_clue_without_a_witness_is_not_minimal(method: str) -> None:
    solution = full(3, 3)
    made = empty_large(solution, solution, 3, random.Random(3))
    fewer = Witnesses(made.witnesses.orbits[1:], made.witnesses.grids[1:])
    verdict = verify_large.verify_large(made.grid, solution, 3, fewer)
    assert verdict.unique and not verdict.minimal
    wrong = Witnesses(
        made.witnesses.orbits, np.repeat(np.array([solution]), len(fewer.orbits) + 1, 0)
    )
    assert not verify_large.verify_large(made.grid, solution, 3, wrong).minimal


def test_a_full_grid_is_unique_by_propagation_and_a_wrong_solution_is_not() -> None:
    solution = full(3, 4)
    assert verify_large.only_solution(solution, solution, 3) == (True, "propagation")
    other = full(3, 5)
    assert not verify_large.only_solution(empty_grid(3), other, 3)[0]
    assert not verify_large.only_solution(solution, other, 3)[0]
