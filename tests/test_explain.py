"""explain: every step of the "très difficile" grid replayed and checked with PySAT."""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from sudoku_sat.difficulty.explain import FAILED, HIDDEN, LOCKED, NAKED, Explanation, explain
from sudoku_sat.encoding import cell_var as lit
from sudoku_sat.encoding import rules
from sudoku_sat.grid import Grid
from sudoku_sat.gridio import parse_puzzles
from tests.conftest import EASY, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, sample


def replay(explanation: Explanation, solver: Solver) -> None:
    """Check every step: its premises are established (clues or earlier conclusions), the
    rules and its premises alone entail each conclusion, so do the puzzle, the rules and
    the previous steps, and a failed literal's probe propagates to a conflict (depth 1)
    or does after its inner failed literals, each failing by propagation (depth 2)."""
    n = explanation.n
    known = {lit(n, c, v) for c, v in enumerate(explanation.puzzle) if v}
    for index, step in enumerate(explanation.steps):
        missing = set(step.premises) - known
        assert not missing, f"step {index}: premises {missing} not established"
        for conclusion in step.conclusions:
            assert not solver.solve(assumptions=[*step.premises, -conclusion]), index
            assert not solver.solve(assumptions=[*sorted(known), -conclusion]), index
            assert -conclusion not in known and conclusion not in known, index
        if step.rule == FAILED:
            base = [*step.premises, step.probe]
            if step.depth == 2:
                for inner, _ in step.inner:
                    assert not solver.propagate(assumptions=[*base, inner])[0], index
                    base.append(-inner)
            if step.depth <= 2:
                assert not solver.propagate(assumptions=base)[0], index
        known.update(step.conclusions)


@pytest.fixture(scope="module")
def solver9() -> Solver:
    with Solver(name="m22", bootstrap_with=rules(3)) as solver:
        yield solver


def grid_of(text: str) -> Grid:
    return parse_puzzles(text)[0].grid


def test_tres_difficile_is_explained_and_every_step_checks(solver9: Solver) -> None:
    explanation = explain(grid_of(TRES_DIFFICILE), 3)
    assert explanation.status == "solved"
    assert explanation.grid == grid_of(TRES_DIFFICILE_SOLUTION)
    rules_used = {step.level for step in explanation.steps}
    assert {NAKED, HIDDEN, LOCKED, "failed literal (depth 1)", "failed literal (depth 2)"} <= (
        rules_used
    )
    replay(explanation, solver9)


def test_steps_use_the_weakest_rule(solver9: Solver) -> None:
    """The seed's easy grid needs naked singles only: no stronger rule appears."""
    explanation = explain(grid_of(EASY), 3)
    assert explanation.status == "solved"
    assert {step.rule for step in explanation.steps} == {NAKED}
    replay(explanation, solver9)


def test_filled_by_names_a_rule_for_every_cell() -> None:
    explanation = explain(grid_of(TRES_DIFFICILE), 3)
    puzzle = grid_of(TRES_DIFFICILE)
    for cell, how in enumerate(explanation.filled_by):
        assert (how == "clue") == bool(puzzle[cell])
        assert how


def test_depth_one_is_stuck_on_the_tres_difficile_grid() -> None:
    """fl alone does not solve it (the ladder rates it fl2): with depth 1 the steps stop."""
    explanation = explain(grid_of(TRES_DIFFICILE), 3, max_depth=1)
    assert explanation.status == "stuck" and 0 in explanation.grid


def test_no_solution_is_a_status() -> None:
    assert explain((1, 1) + (0,) * 79, 3).status == "no solution"
    # no rule is broken by the clues, yet the puzzle has no solution (PySAT counts 0)
    bad = list(parse_puzzles(TRES_DIFFICILE)[0].grid)
    bad[1] = 4
    assert explain(tuple(bad), 3).status == "no solution"


def test_dataset_samples_replay(solver9: Solver) -> None:
    for puzzle in sample("puzzles3_magictour_top1465", 3, seed=4):
        explanation = explain(puzzle.grid, puzzle.n)
        assert explanation.status == "solved"
        replay(explanation, solver9)


def test_a_4x4_puzzle_is_explained() -> None:
    grid = grid_of("1...\n..3.\n.4..\n...2")
    explanation = explain(grid, 2)
    with Solver(name="m22", bootstrap_with=rules(2)) as solver:
        replay(explanation, solver)
    assert explanation.status == "solved"


def test_several_solutions_are_not_explained() -> None:
    explanation = explain((1,) + (0,) * 80, 3)
    assert explanation.status == "several solutions" and not explanation.steps
