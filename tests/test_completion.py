"""The Sudoku layer: completing grids, candidates, the rule behind each cell, engines."""

from __future__ import annotations

import pytest

from sudoku_sat.encoding import f1, f2
from sudoku_sat.engines.completion import complete, fl_engine, grid_units, up_engine
from sudoku_sat.engines.registry import engine_names, get_engine
from sudoku_sat.grid import empty_grid, is_solution
from sudoku_sat.gridio import Puzzle, parse_puzzles
from sudoku_sat.lab.crosscheck import cdcl_model, check_sudoku

from .conftest import sample

DATASETS = (
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
)


def test_the_easy_seed_grid_falls_to_unit_propagation(easy: Puzzle) -> None:
    done = complete(easy.grid, 3, "up")
    assert done.status == "solved"
    assert is_solution(done.grid, 3, easy.grid)
    assert set(done.filled_by) == {"clue", "up"}
    assert done.filled == 81 - sum(1 for v in easy.grid if v)


def test_filled_by_names_the_rule(hard: Puzzle) -> None:
    up = complete(hard.grid, 3, "up")
    fl = complete(hard.grid, 3, "fl")
    assert "fl" not in up.filled_by
    for cell, how in enumerate(up.filled_by):
        if how == "up":
            assert fl.filled_by[cell] == "up" and fl.grid[cell] == up.grid[cell]
    for cell, how in enumerate(fl.filled_by):
        assert (how == "clue") == bool(hard.grid[cell])
        assert (how == "") == (fl.grid[cell] == 0)


def test_candidates_keep_the_solution_and_shrink_with_fl(hard: Puzzle) -> None:
    model = cdcl_model(hard.grid, 3)
    assert model is not None
    up = complete(hard.grid, 3, "up")
    fl = complete(hard.grid, 3, "fl")
    for cell in range(81):
        assert model[cell] in up.candidates[cell]
        assert set(fl.candidates[cell]) <= set(up.candidates[cell])
        if up.grid[cell]:
            assert up.candidates[cell] == (up.grid[cell],)


def test_a_clash_is_unsat_not_an_error() -> None:
    grid = parse_puzzles("11" + "." * 79)[0].grid
    for engine in ("up", "fl"):
        done = complete(grid, 3, engine)
        assert done.status == "unsat"
        assert done.grid == grid


def test_a_cell_with_no_value_left_is_unsat_by_up() -> None:
    # Row 0 holds 1..8 beside cell 0, and column 0 holds 9: cell 0 has no value.
    grid = parse_puzzles("." + "12345678" + "." * 9 + "9" + "." * 62)[0].grid
    assert complete(grid, 3, "up").status == "unsat"


def test_grid_units_are_f1_and_f2(easy: Puzzle) -> None:
    units = grid_units(easy.grid, 3)
    assert units == [c[0] for c in f1(easy.grid, 3) + f2(easy.grid, 3)]


def test_order_two_grids() -> None:
    grid = parse_puzzles("1.....2..3.....4")[0].grid  # one solution, reached by UP alone
    for engine in ("up", "fl"):
        done = complete(grid, 2, engine)
        assert done.status == "solved" and is_solution(done.grid, 2, grid)
    empty = complete(empty_grid(2), 2, "fl")
    assert empty.status == "partial" and empty.candidates == ((1, 2, 3, 4),) * 16


def test_engines_are_registered_and_return_solve_results(hard: Puzzle) -> None:
    assert {"up", "fl"} <= set(engine_names())
    result = get_engine("up")(hard.grid, 3)
    assert result.solver == "up" and result.status == "partial"
    assert result.stats["open"] == sum(1 for v in result.grid if not v)
    assert "left open" in result.detail
    fl = fl_engine(hard.grid, 3)
    assert fl.stats["probes"] > 0
    rules = str(fl.stats["rules"])
    assert len(rules) == 81 and rules.count("c") == sum(1 for v in hard.grid if v)
    assert rules.count(".") == fl.stats["open"]
    candidates = fl.stats["candidates"]
    assert isinstance(candidates, list) and all(c != "" for c in candidates)
    assert up_engine(hard.grid, 3).stats["probes"] == 0


@pytest.mark.parametrize("name", DATASETS)
def test_dataset_samples_give_pysat_fixpoints(name: str) -> None:
    for puzzle in sample(name, 4, seed=7):
        up = complete(puzzle.grid, 3, "up")
        fl = complete(puzzle.grid, 3, "fl")
        for check in check_sudoku(puzzle.grid, 3, up, fl):
            assert check.ok, f"{puzzle.origin}: {check.name}: {check.detail}"


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_fl_fixpoint_of_a_grid_does_not_depend_on_probe_order(hard: Puzzle, backend: str) -> None:
    import random

    from sudoku_sat.engines.completion import rules_propagator

    prop = rules_propagator(3, backend)
    units = grid_units(hard.grid, 3)
    first = prop.failed_literals(units)
    assert first.stats.failed > 0
    for seed in range(3):
        order = random.Random(seed).sample(range(1, 730), 729)
        other = prop.failed_literals(units, order)
        assert other.status == first.status and set(other.literals) == set(first.literals)
