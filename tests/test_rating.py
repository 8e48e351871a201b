"""The rating ladder: levels, scores, unrated puzzles, and its rungs checked independently."""

from __future__ import annotations

import pickle

import pytest
from pysat.solvers import Solver

from sudoku_sat.batch.items import pack
from sudoku_sat.difficulty.explain import locked_closure
from sudoku_sat.difficulty.rating import (
    LEVELS,
    RUNGS,
    RateTask,
    Rating,
    rate,
    rate_many,
    rate_upto,
)
from sudoku_sat.difficulty.rungs import (
    clue_literals,
    deep_rung,
    fixpoint,
    locked_rung,
    python_propagator,
)
from sudoku_sat.encoding import rules
from sudoku_sat.engines.completion import grid_units
from sudoku_sat.gridio import parse_puzzles
from tests.conftest import EASY, TRES_DIFFICILE, sample
from tests.shared_pool import shared_pool


def grid_of(text: str) -> tuple[int, ...]:
    return parse_puzzles(text)[0].grid


def test_the_seed_grids_get_their_levels() -> None:
    assert rate(grid_of(EASY), 3) == Rating("rated", "singles", grid_of(EASY).count(0))
    hard = rate(grid_of(TRES_DIFFICILE), 3)
    assert hard.status == "rated" and hard.level == "fl2" and hard.score > 0


def test_unrated_puzzles_say_why() -> None:
    assert rate((1, 1) + (0,) * 79, 3).status == "unsat"
    assert rate((0,) * 81, 3).status == "multiple"
    assert rate((0,) * 16, 2).status == "multiple"
    one_gone = list(grid_of(EASY))
    # a puzzle with a clue whose removal leaves it unique stays rated
    one_gone[2] = 0
    assert rate(tuple(one_gone), 3).status == "rated"


def test_rate_upto_stops_at_the_highest_rung() -> None:
    assert rate_upto(grid_of(TRES_DIFFICILE), 3, "fl") is None
    rated = rate_upto(grid_of(TRES_DIFFICILE), 3, "fl2")
    assert rated is not None and rated.level == "fl2"


def test_the_ladder_is_ordered_and_documented() -> None:
    assert LEVELS[-1] == "search" and LEVELS[:-1] == RUNGS
    assert [Rating("rated", level).rank for level in LEVELS] == list(range(len(LEVELS)))


def test_rate_many_gives_the_same_ratings_in_two_processes() -> None:
    items = [(p.n, p.grid) for p in sample("puzzles3_magictour_top1465", 6, seed=2)]
    assert list(rate_many(items, shared_pool())) == list(rate_many(items))


def test_the_rate_task_pickles_and_rates_a_chunk_in_order() -> None:
    task = pickle.loads(pickle.dumps(RateTask()))
    assert task == RateTask()
    grids = [grid_of(EASY), grid_of(TRES_DIFFICILE), (1, 1) + (0,) * 79]
    assert task([pack(g, 3) for g in grids]) == [rate(g, 3) for g in grids]


def pysat_up_solves(solver: Solver, grid: tuple[int, ...], n: int) -> bool:
    ok, literals = solver.propagate(assumptions=grid_units(grid, n))
    return ok and sum(1 for x in literals if x > 0) == n**4


@pytest.mark.parametrize("name", ["puzzles2_17_clue", "puzzles3_magictour_top1465"])
def test_singles_is_exactly_pysat_unit_propagation(name: str) -> None:
    """Independent check of the first rung: PySAT's propagate on the same formula."""
    with Solver(name="m22", bootstrap_with=rules(3)) as solver:
        for puzzle in sample(name, 40, seed=3):
            rated = rate(puzzle.grid, 3)
            assert (rated.level == "singles") == pysat_up_solves(solver, puzzle.grid, 3)


def test_locked_is_between_singles_and_fl() -> None:
    for puzzle in sample("puzzles2_17_clue", 40, seed=5):
        status, left = locked_closure(puzzle.grid, 3)
        rated = rate(puzzle.grid, 3)
        assert (status == "solved") == (rated.rank <= LEVELS.index("locked"))
        assert left == 0 or rated.rank > LEVELS.index("locked")


def pysat_failed_literals(solver: Solver, grid: tuple[int, ...], n: int, depth: int) -> int:
    """Cells fixed by flK, computed independently on PySAT's propagate (recursively)."""
    known = list(grid_units(grid, n))

    def fails(assumed: list[int], d: int) -> bool:
        ok, implied = solver.propagate(assumptions=assumed)
        if not ok:
            return True
        if d == 1:
            return False
        inner = list(assumed)
        changed = True
        while changed:
            changed = False
            ok, implied = solver.propagate(assumptions=inner)
            if not ok:
                return True
            fixed = {abs(x) for x in implied}
            for x in range(1, n**6 + 1):
                if x in fixed:
                    continue
                for literal in (x, -x):
                    if fails([*inner, literal], d - 1):
                        inner.append(-literal)
                        changed = True
                        break
                if changed:
                    break
        return False

    changed = True
    while changed:
        changed = False
        ok, implied = solver.propagate(assumptions=known)
        assert ok
        fixed = {abs(x) for x in implied}
        for x in range(1, n**6 + 1):
            if x not in fixed:
                for literal in (x, -x):
                    if fails([*known, literal], depth):
                        known.append(-literal)
                        changed = True
                        break
            if changed:
                break
    ok, implied = solver.propagate(assumptions=known)
    return sum(1 for x in implied if x > 0)


def test_fl2_fixes_what_an_independent_pysat_version_fixes() -> None:
    grid = grid_of(TRES_DIFFICILE)
    with Solver(name="m22", bootstrap_with=rules(3)) as solver:
        assert pysat_failed_literals(solver, grid, 3, 1) == 81 - deep_rung(grid, 3, 1)[1]
        assert deep_rung(grid, 3, 2) == ("solved", 0)
        assert pysat_failed_literals(solver, grid, 3, 2) == 81


def test_explains_recursion_reaches_the_ladders_fixpoints() -> None:
    """The recursion explain records its failed literals with (lab.rungs.fixpoint) against
    the ladder's flK engine, at depths 1 and 2."""
    grids = [grid_of(TRES_DIFFICILE)] + [p.grid for p in sample("puzzles2_17_clue", 4, seed=9)]
    for grid in grids:
        for depth in (1, 2):
            prop = python_propagator(3)
            assert prop.root(clue_literals(grid, 3)) is None
            assert fixpoint(prop, depth, []) is None
            left = 81 - sum(1 for lit in prop.trail if lit > 0)
            assert left == deep_rung(grid, 3, depth)[1]


@pytest.mark.parametrize("name", ["puzzles2_17_clue", "puzzles3_magictour_top1465"])
def test_augmented_unit_propagation_is_singles_plus_locked_candidates(name: str) -> None:
    """The locked rung (UP on the triad encoding) against the grid-level rules of explain."""
    for puzzle in sample(name, 60, seed=8):
        assert locked_rung(puzzle.grid, 3) == locked_closure(puzzle.grid, 3)
