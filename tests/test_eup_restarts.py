"""Restart search and failed-value probing over the compiled EUP rules, against their twins:
the plain EUP search (satisfiability, solution counts) and PySAT on the probed formulas."""

from __future__ import annotations

import pytest

from sudoku_sat.encodings import decode_model
from sudoku_sat.encodings.large import make_large, probed_formula
from sudoku_sat.grid import Grid, is_solution

from .test_eup_numba import random_puzzles

pytest.importorskip("numba")

from sudoku_sat.deadline import Deadline, TimedOut  # noqa: E402
from sudoku_sat.engines.eup import reference as eup  # noqa: E402
from sudoku_sat.engines.eup.probe import candidates, probed_state  # noqa: E402
from sudoku_sat.engines.eup.restarts import (  # noqa: E402
    _within,
    cutoffs,
    luby,
    solve_engine,
    solve_restarts,
)


def test_luby_sequence_and_cutoffs() -> None:
    assert [luby(i) for i in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    luby_cuts, geometric = cutoffs(10), cutoffs(10, "geometric", 2.0)
    assert [next(luby_cuts) for _ in range(7)] == [10, 10, 20, 10, 10, 20, 40]
    assert [next(geometric) for _ in range(4)] == [10, 20, 40, 80]


@pytest.mark.parametrize("n,count", [(2, 60), (3, 40), (4, 12)])
@pytest.mark.parametrize("unit", (1, 64))
def test_restarts_agree_with_the_plain_search(n: int, count: int, unit: int) -> None:
    for k, puzzle in enumerate(random_puzzles(n, count, seed=200 + n)):
        solution, decided, stats = solve_restarts(puzzle, n, seed=k, unit=unit)
        assert decided
        assert (solution is not None) == (eup.count_eup(puzzle, n, 1) == 1)
        assert solution is None or is_solution(solution, n, puzzle)


@pytest.mark.parametrize("n,count", [(2, 40), (3, 30)])
def test_lookahead_restarts_agree_with_the_plain_search(n: int, count: int) -> None:
    for k, puzzle in enumerate(random_puzzles(n, count, seed=400 + n)):
        solution, decided, _ = solve_restarts(puzzle, n, seed=k, unit=2, look=2)
        assert decided
        assert (solution is not None) == (eup.count_eup(puzzle, n, 1) == 1)
        assert solution is None or is_solution(solution, n, puzzle)


def test_unit_one_restarts_many_times_and_still_solves(hard: object) -> None:
    grid: Grid = hard.grid  # type: ignore[attr-defined]
    solution, decided, stats = solve_restarts(grid, 3, seed=1, unit=1)
    assert decided and solution is not None and is_solution(solution, 3, grid)
    assert stats.runs >= 1 and stats.nodes >= stats.last_nodes


def test_seeds_change_the_solution_of_an_open_grid() -> None:
    empty: Grid = (0,) * 81
    found = {solve_restarts(empty, 3, seed=s)[0] for s in range(4)}
    assert len(found) > 1 and all(g is not None and is_solution(g, 3) for g in found)


def test_max_runs_and_deadline_stop_the_search() -> None:
    puzzle = make_large(4, seed=0).puzzle
    solution, decided, stats = solve_restarts(puzzle, 4, unit=1, max_runs=0)
    assert (solution, decided, stats.runs) == (None, False, 0)
    past = Deadline(1e-9)
    with pytest.raises(TimedOut):
        solve_restarts(puzzle, 4, deadline=past)


def test_a_run_is_cut_to_end_near_the_deadline() -> None:
    import time

    started = time.monotonic() - 1.0  # 1,000 nodes took a second
    assert _within(10**9, 1000, started, None) == 10**9
    assert _within(10**9, 0, started, Deadline(5)) == 10**9
    assert 4_000 <= _within(10**9, 1000, started, Deadline(5)) <= 5_100
    assert _within(100, 1000, started, Deadline(5)) == 100


def test_solve_engine_statuses(hard: object, hard_solution: Grid) -> None:
    grid: Grid = hard.grid  # type: ignore[attr-defined]
    result = solve_engine(grid, 3, timeout=10)
    assert (result.status, result.grid) == ("solved", hard_solution)
    clash = (1, 1) + (0,) * 14
    assert solve_engine(clash, 2).status == "unsat"


@pytest.mark.parametrize("n,count", [(2, 40), (3, 30), (4, 8)])
def test_probing_removes_no_value_of_any_solution(n: int, count: int) -> None:
    for puzzle in random_puzzles(n, count, seed=300 + n):
        solutions = [eup.to_grid(s) for s in eup.run(puzzle, n, 50)[1]]
        state, ok, _ = probed_state(puzzle, n)
        assert ok == bool(solutions)
        if ok:
            givens, removed = candidates(state, n)
            gone = set(removed)
            for s in solutions:
                assert all(g in (0, v) for g, v in zip(givens, s, strict=True))
                assert not any((c, v) in gone for c, v in enumerate(s))


@pytest.mark.parametrize("amo", ("sequential", "product"))
def test_probed_formula_solves_to_the_puzzle_with_pysat(amo: str) -> None:
    from pysat.solvers import Solver

    made = make_large(4, seed=5)
    formula, counters = probed_formula(made.puzzle, 4, amo)
    assert counters["probes"] > 0 and counters["fixed"] >= 0
    with Solver(name="m22", bootstrap_with=formula.clauses) as sat:
        assert sat.solve()
        grid, clashes = decode_model(sat.get_model() or [], 4, formula.givens)
    assert not clashes and is_solution(grid, 4, made.puzzle)


def test_probed_formula_of_a_contradiction_is_unsat() -> None:
    from pysat.solvers import Solver

    clash = (1, 1) + (0,) * 14
    formula, _ = probed_formula(clash, 2)
    with Solver(name="m22", bootstrap_with=formula.clauses) as sat:
        assert not sat.solve()
