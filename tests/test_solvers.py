"""PySAT and real solver binaries on encoded puzzles; failures of binaries reported clearly."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from sudoku_sat.errors import SolverError
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.solvers import PysatSudoku, check_pysat_name, solve_external

from .conftest import TRES_DIFFICILE, need_binary, sample

BINARIES = ["minisat", "cadical", "picosat", "cryptominisat5"]


@pytest.mark.parametrize("binary", BINARIES)
def test_binaries_solve_magictour_sample(binary: str) -> None:
    need_binary(binary)
    for puzzle in sample("puzzles3_magictour_top1465", 3, seed=7):
        result = solve_external(puzzle.grid, puzzle.n, binary, timeout=60)
        assert result.status == "solved"
        assert is_solution(result.grid, 3, puzzle.grid)


@pytest.mark.parametrize("binary", BINARIES)
def test_binaries_report_unsat(binary: str) -> None:
    need_binary(binary)
    grid = list(parse_puzzles(TRES_DIFFICILE)[0].grid)
    grid[1] = 7
    assert solve_external(tuple(grid), 3, binary, timeout=60).status == "unsat"


@pytest.mark.parametrize("name", ["m22", "g3", "g4", "cd19", "mc", "lgl"])
def test_pysat_solvers_share_one_loaded_formula(name: str) -> None:
    puzzles = sample("puzzles3_magictour_top1465", 5, seed=3)
    with PysatSudoku(3, name) as solver:
        for puzzle in puzzles:
            result = solver.solve(puzzle.grid)
            assert result.status == "solved" and is_solution(result.grid, 3, puzzle.grid)


def test_pysat_unsat_then_sat_again(hard_solution: tuple[int, ...]) -> None:
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    bad = (7, 7) + grid[2:]
    with PysatSudoku(3) as solver:
        assert solver.solve(bad).status == "unsat"
        assert solver.solve(grid).grid == hard_solution
        assert solver.solve(grid, timeout=30).grid == hard_solution


def test_4x4_and_16x16_with_pysat() -> None:
    for n in (2, 4):
        with PysatSudoku(n) as solver:
            result = solver.solve((0,) * n**4)
            assert result.status == "solved" and is_solution(result.grid, n)


def test_unknown_pysat_name() -> None:
    with pytest.raises(SolverError, match="unknown PySAT solver 'nope'.*m22"):
        check_pysat_name("nope")


def fake_solver(tmp_path: Path, body: str) -> str:
    script = tmp_path / "fakesat"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_missing_binary() -> None:
    with pytest.raises(SolverError, match="not found on PATH"):
        solve_external((0,) * 16, 2, "no-such-solver-xyz")


def test_crash_timeout_and_bad_model(tmp_path: Path) -> None:
    grid = (0,) * 16
    with pytest.raises(SolverError, match="crashed \\(exit code 3\\): boom"):
        solve_external(grid, 2, fake_solver(tmp_path, "echo boom >&2; exit 3"))
    slow = fake_solver(tmp_path, "sleep 5")
    result = solve_external(grid, 2, slow, timeout=0.3)
    assert result.status == "unknown" and "timeout" in result.detail
    with pytest.raises(SolverError, match="not a solution"):
        solve_external(
            grid, 2, fake_solver(tmp_path, "echo 's SATISFIABLE'; echo 'v 1 0'; exit 10")
        )
    with pytest.raises(SolverError, match="cannot be read"):
        solve_external(grid, 2, fake_solver(tmp_path, "echo 's PERHAPS'; exit 0"))
