"""solve_all: every way of solving, as one library call, checked against the rules."""

from __future__ import annotations

import pytest

from sudoku_sat.batch import LocalProcesses
from sudoku_sat.errors import SolverError, UsageError
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.solving import plan_solve, solve_all

from .conftest import EASY, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, need_binary

UNSAT = "11" + "." * 79


def pairs(*lines: str) -> list[tuple[tuple[int, ...], int]]:
    return [(p.grid, p.n) for p in parse_puzzles("\n".join(lines))]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"solver": "g4"},
        {"engine": "eup"},
        {"engine": "eup", "timeout": 30.0},
        {"encoding": "minimal", "amo": "sequential"},
        {"encoding": "reduced"},
    ],
    ids=str,
)
def test_every_way_solves_and_refutes(options: dict[str, object]) -> None:
    results = list(solve_all(pairs(TRES_DIFFICILE, EASY, UNSAT), **options))  # type: ignore[arg-type]
    assert [r.status for r in results[:2]] == ["solved", "solved"]
    assert "".join(map(str, results[0].grid)) == TRES_DIFFICILE_SOLUTION
    given = pairs(TRES_DIFFICILE, EASY)
    assert all(is_solution(r.grid, 3, p) for r, (p, _) in zip(results[:2], given, strict=True))
    assert results[2].status == "unsat"


def test_a_binary_and_local_processes_give_the_same_answers() -> None:
    need_binary("minisat")
    puzzles = pairs(TRES_DIFFICILE, EASY, UNSAT) * 4
    here = [r.grid for r in solve_all(puzzles, external="minisat")]
    with LocalProcesses(2) as executor:
        there = [r.grid for r in solve_all(puzzles, executor=executor)]
    assert here == there


def test_options_are_checked_before_any_work() -> None:
    with pytest.raises(UsageError):
        plan_solve(external="minisat", engine="eup")
    with pytest.raises(UsageError):
        plan_solve(engine="eup", encoding="minimal")
    with pytest.raises(SolverError):
        plan_solve(solver="no-such-solver")
    with pytest.raises(SolverError):
        plan_solve(external="no-such-binary-here")
