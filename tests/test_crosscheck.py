"""The cross-checks themselves: they pass on true results and fail on forged ones."""

from __future__ import annotations

from dataclasses import replace

from sudoku_sat.engines.completion import complete, grid_units
from sudoku_sat.engines.propagation import propagate_cnf
from sudoku_sat.gridio import Puzzle, parse_puzzles
from sudoku_sat.lab.crosscheck import (
    PysatOracle,
    cdcl_model,
    check_completion,
    check_entailed,
    check_fl,
    check_propagation,
    check_up,
    sudoku_oracle,
)

CLAUSES = [[-1, 3], [-1, -3], [1, 2, 4], [4, 5], [-5, 6]]


def test_oracle_reports_units_given_as_clauses() -> None:
    with PysatOracle(6, [*CLAUSES, [-4]]) as oracle:
        assert oracle.propagate().literals == {-4, 5, 6}
        assert oracle.failed_literals().literals == {-4, 5, 6, -1, 2}


def test_checks_hold_on_true_results_and_fail_on_forged_ones() -> None:
    with PysatOracle(6, CLAUSES) as oracle:
        up = propagate_cnf(6, CLAUSES, "up")
        fl = propagate_cnf(6, CLAUSES, "fl")
        assert check_up(oracle, up).ok and check_fl(oracle, fl).ok
        assert check_entailed(oracle, fl).ok
        forged = replace(fl, literals=(*fl.literals, 4))
        assert not check_fl(oracle, forged).ok
        bad = check_entailed(oracle, forged)
        assert not bad.ok and "4" in bad.detail
        assert not check_up(oracle, replace(up, status="conflict")).ok
        assert not check_entailed(oracle, replace(up, status="conflict")).ok


def test_up_check_compares_literals_not_just_counts(hard: Puzzle) -> None:
    units = grid_units(hard.grid, 3)
    up = complete(hard.grid, 3, "up").propagation
    assert check_up(sudoku_oracle(3), up, units).ok
    swapped = replace(
        up, literals=tuple(-lit if k == 0 else lit for k, lit in enumerate(up.literals))
    )
    assert not check_up(sudoku_oracle(3), swapped, units).ok


def test_completion_check_against_the_model(easy: Puzzle) -> None:
    done = complete(easy.grid, 3, "up")
    model = cdcl_model(easy.grid, 3)
    assert check_completion(done, model).ok
    wrong = replace(done, grid=(done.grid[1], done.grid[0], *done.grid[2:]))
    assert not check_completion(wrong, model).ok
    assert not check_completion(done, None).ok


def test_cdcl_model_of_an_unsat_grid_is_none() -> None:
    grid = parse_puzzles("11" + "." * 79)[0].grid
    assert cdcl_model(grid, 3) is None
    assert check_completion(complete(grid, 3, "up"), None).ok


def test_check_propagation_picks_the_checks_of_the_engine() -> None:
    up = check_propagation(6, CLAUSES, "up", propagate_cnf(6, CLAUSES, "up"))
    assert [c.name for c in up] == ["UP == PySAT propagate"] and up[0].ok
    fl = propagate_cnf(6, CLAUSES, "fl")
    assert [c.ok for c in check_propagation(6, CLAUSES, "fl", fl)] == [True, True]
    forged = check_propagation(6, CLAUSES, "fl", replace(fl, literals=(*fl.literals, 4)))
    assert [c.ok for c in forged] == [False, False]
    assert forged[1].line().startswith("derived literals entailed: FAILED not entailed: [4]")
    assert up[0].line() == "UP == PySAT propagate: ok"
