"""PySAT and real solver binaries on encoded puzzles; failures of binaries reported clearly."""

from __future__ import annotations

import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_sat.errors import SolverError
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.sat.external import run_in_group, solve_external
from sudoku_sat.sat.pysat import SUPPORTED, PysatSudoku, built_in, check_pysat_name, pysat_names

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
    crashed = solve_external(grid, 2, fake_solver(tmp_path, "echo boom >&2; exit 3"))
    assert crashed.status == "crashed" and "crashed (exit code 3): boom" in crashed.detail
    slow = fake_solver(tmp_path, "sleep 5")
    result = solve_external(grid, 2, slow, timeout=0.3)
    assert result.status == "unknown" and "timeout" in result.detail
    wrong = solve_external(
        grid, 2, fake_solver(tmp_path, "echo 's SATISFIABLE'; echo 'v 1 0'; exit 10")
    )
    assert wrong.status == "crashed" and "not a solution" in wrong.detail
    unreadable = solve_external(grid, 2, fake_solver(tmp_path, "echo 's PERHAPS'; exit 0"))
    assert unreadable.status == "crashed" and "cannot be read" in unreadable.detail


PROBE = """
import sys, threading
from pysat.solvers import Solver
from sudoku_sat.encoding import clue_assumptions, decode, rules
from sudoku_sat.grid import is_solution
name, interruptible = sys.argv[1], sys.argv[2] == "1"
hard = tuple(int(c) for c in sys.argv[3])
clash = (7, 7) + hard[2:]
solver = Solver(name=name, bootstrap_with=rules(3))
for _ in range(3):  # incremental: the same solver, again and again
    assert solver.solve(assumptions=clue_assumptions(hard, 3))
    grid, clashes = decode(solver.get_model(), 3)
    assert not clashes and is_solution(grid, 3, hard)  # assumptions honoured
    assert not solver.solve(assumptions=clue_assumptions(clash, 3))
stats = solver.accum_stats()
assert {"decisions", "conflicts"} <= set(stats), stats
if interruptible:  # pigeonhole 12 -> 11: unsatisfiable, and hard for every CDCL solver
    hole = lambda p, h: p * 11 + h + 1
    pigeons = [[hole(p, h) for h in range(11)] for p in range(12)]
    apart = [[-hole(p, h), -hole(q, h)] for h in range(11) for p in range(12) for q in range(p)]
    big = Solver(name=name, bootstrap_with=pigeons + apart)
    timer = threading.Timer(0.01, big.interrupt)
    timer.start()
    assert big.solve_limited(expect_interrupt=True) is None  # interrupted, not finished
    big.clear_interrupt()
print("ok")
"""


@pytest.mark.parametrize("canonical", sorted(SUPPORTED))
def test_every_supported_pysat_solver_honours_assumptions_incrementally(canonical: str) -> None:
    if not built_in(canonical):
        pytest.skip(f"{canonical} is not built into this PySAT")
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, canonical, str(int(SUPPORTED[canonical])), TRES_DIFFICILE],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-500:]


def test_every_other_pysat_name_is_refused_in_one_line() -> None:
    for alias, canonical in pysat_names().items():
        if canonical in SUPPORTED and built_in(canonical):
            assert check_pysat_name(alias) == canonical
            continue
        with pytest.raises(SolverError, match="use one of: .*m22") as caught:
            check_pysat_name(alias)
        assert "\n" not in str(caught.value)


def test_timeouts_need_an_interruptible_solver() -> None:
    assert check_pysat_name("cd19") == "cadical195"
    with pytest.raises(SolverError, match="cannot be interrupted"):
        check_pysat_name("cd19", timeout=5)
    assert check_pysat_name("cd19", timeout=float("inf")) == "cadical195"
    assert check_pysat_name("m22", timeout=5) == "minisat22"


def test_a_binary_runs_in_its_own_process_group(tmp_path: Path) -> None:
    script = tmp_path / "fakesat"
    script.write_text('#!/bin/sh\nsleep 30 &\necho $! > "$0.child"\nsleep 30\n')
    script.chmod(0o755)
    with pytest.raises(subprocess.TimeoutExpired):
        run_in_group([str(script)], timeout=0.5)
    child = int(Path(f"{script}.child").read_text())
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and alive(child):
        time.sleep(0.05)
    assert not alive(child)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"
