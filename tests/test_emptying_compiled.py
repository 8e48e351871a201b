"""The compiled greedy emptying and its witnesses, checked by PySAT and the rules."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.engines.eup.batch import random_solution
from sudoku_sat.grid import empty_grid, is_solution
from sudoku_sat.puzzles.checkers import EupChecker
from sudoku_sat.puzzles.counting import PysatCounter
from sudoku_sat.puzzles.emptying import empty_greedy_witnessed
from sudoku_sat.puzzles.emptying_compiled import greedy_with_witnesses
from sudoku_sat.puzzles.orbits import filled_orbits, without

pytest.importorskip("numba")


@pytest.mark.parametrize("n,symmetric", [(2, False), (3, False), (3, True), (4, False)])
def test_greedy_gives_a_minimal_puzzle_with_a_valid_witness_per_clue(
    n: int, symmetric: bool
) -> None:
    full = random_solution(empty_grid(n), n, seed=3 * n)
    assert full is not None
    order = filled_orbits(full, n, symmetric)
    random.Random(n).shuffle(order)
    puzzle, witnesses = greedy_with_witnesses(full, full, n, order)
    kept = filled_orbits(puzzle, n, symmetric)
    assert set(witnesses.orbits) == set(kept)
    assert witnesses.valid(puzzle, full, n) == set(kept)
    for orbit in kept:
        other = witnesses.get(orbit)
        assert other is not None and other != full
        assert is_solution(other, n, without(puzzle, orbit))
    with PysatCounter(n) as sat:
        assert sat.count(puzzle) == 1
        assert all(sat.count(without(puzzle, orbit)) == 2 for orbit in kept)


def test_a_corrupted_witness_is_refused() -> None:
    full = random_solution(empty_grid(3), 3, seed=1)
    assert full is not None
    order = filled_orbits(full, 3)
    puzzle, witnesses = greedy_with_witnesses(full, full, 3, order)
    first = witnesses.orbits[0]
    witnesses.grids[0, :] = full  # the solution itself is no witness
    witnesses.grids[1, 0] = witnesses.grids[1, 1]  # breaks a row
    valid = witnesses.valid(puzzle, full, 3)
    assert first not in valid and witnesses.orbits[1] not in valid
    assert witnesses.orbits[2] in valid


def test_the_python_checker_reaches_the_same_puzzle_from_the_same_stream() -> None:
    full = random_solution(empty_grid(3), 3, seed=8)
    assert full is not None
    fast, witnesses = empty_greedy_witnessed(full, full, 3, EupChecker(3), random.Random(5))
    slow, none = empty_greedy_witnessed(
        full, full, 3, EupChecker(3, backend="python"), random.Random(5)
    )
    assert fast == slow and witnesses.orbits and not none.orbits


@pytest.mark.parametrize("symmetric", [False, True])
def test_the_compiled_witness_check_agrees_with_numpy(symmetric: bool) -> None:
    full = random_solution(empty_grid(3), 3, seed=2)
    assert full is not None
    order = filled_orbits(full, 3, symmetric)
    random.Random(4).shuffle(order)
    puzzle, witnesses = greedy_with_witnesses(full, full, 3, order)
    grids = witnesses.grids
    grids[0, :] = full  # the solution itself
    grids[1, 0], grids[1, 1] = grids[1, 1], grids[1, 0]  # a row still fine, columns broken
    grids[2, 5] = 0  # an empty cell
    grids[3, 7] = 10  # a value out of range
    grids[4, :] = grids[5, :]  # a solution, but it drops another orbit's clue
    valid = witnesses.valid(puzzle, full, 3)
    assert valid == witnesses.valid_numpy(puzzle, full, 3)
    assert not valid & set(witnesses.orbits[:5]) and witnesses.orbits[5] in valid
