"""The reduced encoding: no fixed variable left, same solutions, decoding by the givens."""

from __future__ import annotations

import random

import pytest
from pysat.solvers import Solver

from sudoku_sat.encoding import var
from sudoku_sat.encodings import AMO_METHODS, encode, rules
from sudoku_sat.encodings.reduced import candidates, decode_reduced, fixed_literals
from sudoku_sat.grid import Grid, is_solution

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION
from .test_encodings_variants import all_order_two_grids

PUZZLE: Grid = tuple(int(c) for c in TRES_DIFFICILE)
SOLUTION: Grid = tuple(int(c) for c in TRES_DIFFICILE_SOLUTION)


def test_no_clause_mentions_a_fixed_variable() -> None:
    formula = encode(PUZZLE, 3, "reduced")
    fixed = {abs(lit) for lit in fixed_literals(PUZZLE, 3)}
    assert all(abs(lit) not in fixed for clause in formula.clauses for lit in clause)
    assert formula.nvars == rules(3).nvars and formula.givens == PUZZLE
    assert 0 < len(formula) < len(rules(3)) // 2


def test_free_variables_are_the_candidates() -> None:
    formula = encode(PUZZLE, 3, "reduced")
    used = {abs(lit) for clause in formula.clauses for lit in clause}
    free = {
        var(3, c // 9, c % 9, k)
        for c, values in enumerate(candidates(PUZZLE, 3))
        if not PUZZLE[c]
        for k in values
    }
    assert used == free


@pytest.mark.parametrize("amo", AMO_METHODS)
def test_reduced_solves_to_the_unique_solution(amo: str) -> None:
    formula = encode(PUZZLE, 3, "reduced", amo)
    with Solver(name="g4", bootstrap_with=formula.clauses) as solver:
        assert solver.solve()
        grid, clashes = decode_reduced(solver.get_model() or [], 3, PUZZLE)
    assert not clashes and grid == SOLUTION


def test_decoding_ignores_whatever_a_solver_gives_fixed_variables() -> None:
    free_true = [var(3, c // 9, c % 9, v) for c, v in enumerate(SOLUTION) if not PUZZLE[c]]
    junk = [var(3, c // 9, c % 9, 1 + v % 9) for c, v in enumerate(SOLUTION) if PUZZLE[c]]
    grid, clashes = decode_reduced(free_true + junk, 3, PUZZLE)
    assert grid == SOLUTION and not clashes


def test_a_contradictory_grid_leaves_an_empty_clause() -> None:
    clash = (5, 5) + (0,) * 79
    formula = encode(clash, 3, "reduced")
    assert [] in formula.clauses
    with Solver(name="m22", bootstrap_with=formula.clauses) as solver:
        assert not solver.solve()


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("seed", range(4))
def test_models_on_order_two_are_the_grids_keeping_the_givens(amo: str, seed: int) -> None:
    rng = random.Random(seed)
    full = sorted(all_order_two_grids())[rng.randrange(288)]
    givens = tuple(v if rng.random() < 0.3 else 0 for v in full)
    expected = {g for g in all_order_two_grids() if is_solution(g, 2, givens)}
    formula = encode(givens, 2, "reduced", amo)
    found: set[Grid] = set()
    with Solver(name="m22", bootstrap_with=formula.clauses) as solver:
        while solver.solve():
            grid, clashes = decode_reduced(solver.get_model() or [], 2, givens)
            assert not clashes and is_solution(grid, 2, givens) and grid not in found
            found.add(grid)
            block = [-var(2, c // 4, c % 4, v) for c, v in enumerate(grid) if not givens[c]]
            if not block:
                break
            solver.add_clause(block)
    assert found == expected
