"""Full grids: backtracking, permutations and annealing give valid grids or say why not."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.grid import empty_grid, is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.fill import (
    FILL_METHODS,
    clue_clash,
    fill,
    fill_anneal,
    fill_backtrack,
    fill_permute,
    random_phases,
)
from tests.conftest import EASY, TRES_DIFFICILE

CLASH = "11" + "." * 79
# No two clues clash, but r1c9 cannot hold any value: 1..8 in its row, 9 in its column.
DEAD_END = "12345678." + "........9" + "." * 63


def grid_of(text: str) -> tuple[int, ...]:
    return parse_puzzles(text)[0].grid


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("engine", ["pysat", "eup"])
def test_backtrack_fills_every_order(n: int, engine: str) -> None:
    result = fill_backtrack(empty_grid(n), n, random.Random(n), engine=engine)
    assert result.ok and result.grid is not None
    assert is_solution(result.grid, n)


@pytest.mark.parametrize("text", [EASY, TRES_DIFFICILE])
def test_backtrack_keeps_the_clues(text: str) -> None:
    puzzle = grid_of(text)
    result = fill_backtrack(puzzle, 3, random.Random(0))
    assert result.grid is not None and is_solution(result.grid, 3, puzzle)


@pytest.mark.parametrize("engine", ["pysat", "eup"])
def test_backtrack_depends_on_the_seed_only(engine: str) -> None:
    grids = [fill_backtrack(empty_grid(3), 3, random.Random(s), engine).grid for s in (5, 5, 6)]
    assert grids[0] == grids[1] != grids[2]


def test_random_phases_prefer_one_value_per_cell() -> None:
    phases = random_phases(3, random.Random(1))
    assert len(phases) == 729 and sum(lit > 0 for lit in phases) == 81


@pytest.mark.parametrize("method", FILL_METHODS)
def test_clashing_clues_fail_with_a_reason(method: str) -> None:
    result = fill(grid_of(CLASH), 3, method, random.Random(0))
    assert result.grid is None and "r1c1 and r1c2 both hold 1" in result.detail
    assert clue_clash(grid_of(EASY), 3) == ""


def test_unsolvable_clues_fail_as_unsat() -> None:
    result = fill_backtrack(grid_of(DEAD_END), 3, random.Random(0))
    assert result.grid is None and "UNSAT" in result.detail


@pytest.mark.parametrize("n", [2, 3, 4])
def test_permute_fills_every_order(n: int) -> None:
    result = fill_permute(empty_grid(n), n, random.Random(n))
    assert result.grid is not None and is_solution(result.grid, n)
    assert result.stats["restarts"] >= 1 and result.stats["moves"] > 0


def test_permute_keeps_the_clues() -> None:
    puzzle = grid_of(EASY)
    result = fill_permute(puzzle, 3, random.Random(3))
    assert result.grid is not None and is_solution(result.grid, 3, puzzle)


def test_strict_permute_reports_its_failure_honestly() -> None:
    """Strict descent (the report's rule) sticks in local minima; it must say so."""
    results = [
        fill_permute(empty_grid(3), 3, random.Random(s), restarts=1, sideways=False)
        for s in range(12)
    ]
    failed = [r for r in results if r.grid is None]
    assert failed, "strict descent is expected to fail sometimes with one restart"
    assert all("no valid grid after 1 restarts" in r.detail for r in failed)
    assert all(is_solution(r.grid, 3) for r in results if r.grid is not None)


@pytest.mark.parametrize("n", [2, 3])
def test_anneal_fill_gives_a_valid_grid(n: int) -> None:
    result = fill(empty_grid(n), n, "anneal", random.Random(1))
    assert result.grid is not None and is_solution(result.grid, n)


def test_anneal_fill_keeps_the_clues() -> None:
    puzzle = grid_of(EASY)
    result = fill(puzzle, 3, "anneal", random.Random(2))
    assert result.grid is not None and is_solution(result.grid, 3, puzzle)
    assert result.stats["tries"] >= 1 and result.stats["best_cost"] == 0


def test_unknown_method_is_an_error() -> None:
    from sudoku_sat.errors import SolverError

    with pytest.raises(SolverError, match="unknown fill method"):
        fill(empty_grid(2), 2, "magic", random.Random(0))


def test_anneal_fill_failure_is_reported_with_its_best_cost() -> None:
    """Ten moves cannot solve a hard puzzle: the fill must say so, not return a bad grid."""
    puzzle = grid_of(TRES_DIFFICILE)
    result = fill_anneal(puzzle, 3, random.Random(0), tries=1, max_iterations=10)
    assert result.grid is None
    assert "annealing found no valid grid in 1 tries (best cost" in result.detail
