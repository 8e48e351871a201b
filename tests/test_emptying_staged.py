"""Staged greedy emptying (propagation first, then CDCL): minimal, unique, with witnesses.

The logic is tested at 9x9 and 16x16 by calling :func:`staged_greedy` directly (the
pipeline uses it from 25x25 up); one 25x25 puzzle goes through the whole pipeline.
"""

from __future__ import annotations

import random

import pytest

from sudoku_sat.grid import Grid, clue_count, empty_grid, is_solution
from sudoku_sat.puzzles.checkers import PysatChecker, independent_of, make_checker
from sudoku_sat.puzzles.counting import count_eup
from sudoku_sat.puzzles.emptying_staged import staged_greedy
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.maker import MakeOptions, make_one
from sudoku_sat.puzzles.orbits import filled_orbits, without


def full(n: int, seed: int) -> Grid:
    grid = fill_backtrack(empty_grid(n), n, random.Random(seed)).grid
    assert grid is not None
    return grid


@pytest.mark.parametrize(("n", "seed", "symmetric"), [(3, 1, False), (3, 2, True), (4, 3, False)])
def test_staged_greedy_is_minimal_with_a_witness_per_clue(
    n: int, seed: int, symmetric: bool
) -> None:
    solution = full(n, seed)
    order = filled_orbits(solution, n, symmetric)
    random.Random(seed).shuffle(order)
    checker = PysatChecker(n)
    # renewed every few CDCL questions (a 16x16 renewal reloads F_regle: 0.4 s, so rarer)
    renew_every = 7 if n == 3 else 28
    puzzle, witnesses = staged_greedy(
        solution, solution, n, order, checker, renew_every=renew_every
    )
    checker.close()
    assert is_solution(solution, n, puzzle)
    kept = filled_orbits(puzzle, n, symmetric)
    assert set(witnesses.orbits) == set(kept)
    assert witnesses.valid(puzzle, solution, n) == set(kept)
    if n == 3:
        assert count_eup(puzzle, n, cap=2) == 1
        assert all(count_eup(without(puzzle, o), n, cap=2) == 2 for o in kept)


def test_propagation_check_and_renewal() -> None:
    solution = full(3, 4)
    checker = PysatChecker(3)
    assert checker.propagates(solution)
    assert not checker.propagates(empty_grid(3))
    checker.renew()
    checker.prefer(solution)
    assert checker.only_solution(solution, solution)
    checker.close()


def test_order_five_is_verified_by_cadical_on_product_amo() -> None:
    assert independent_of("pysat", 5) == "cadical"
    assert independent_of("pysat", 4) == "eup" and independent_of("eup", 5) == "pysat"
    judge = make_checker("cadical", 3)
    assert isinstance(judge, PysatChecker) and judge.amo == "product"
    solution = full(3, 5)
    assert judge.count(empty_grid(3), cap=2) == 2 and judge.only_solution(solution, solution)
    assert judge.count(without(solution, [0, 40]), cap=2) == 1
    judge.close()


def test_a_25x25_puzzle_is_verified_minimal() -> None:
    made = make_one(MakeOptions(n=5, seed=1), 0)  # the large path (emptying_large) since 25x25
    assert made.ok and made.verdict is not None and "cadical" in made.verdict.method
    assert 200 < clue_count(made.puzzle or ()) < 400
