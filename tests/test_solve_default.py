"""`solve`'s default at 9x9 and 16x16: the compiled EUP engine (numba installed), its first
9x9 puzzles in pure Python; cross-checked against PySAT (minisat 2.2, `--method pysat:m22`)."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.grid import Grid, is_solution
from sudoku_sat.puzzles import solving
from sudoku_sat.puzzles.solving import plan_solve, solve_all

from .conftest import TRES_DIFFICILE, sample

pytest.importorskip("numba")
runner = CliRunner()


def full16() -> Grid:
    """A solved 16x16 grid (the shifted-pattern construction)."""
    return tuple(((r % 4) * 4 + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16))


def puzzles16(k: int, seed: int = 0) -> list[Grid]:
    """k 16x16 puzzles: the solved grid with 40-60% of its cells blanked, and one clash."""
    rng = random.Random(seed)
    out: list[Grid] = []
    for _ in range(k):
        keep = rng.uniform(0.4, 0.6)
        out.append(tuple(v if rng.random() < keep else 0 for v in full16()))
    clash = list(out[0])
    clash[0], clash[1] = 1, 1
    return [*out, tuple(clash)]


def check_against_pysat(pairs: list[tuple[Grid, int]]) -> None:
    fast = list(solve_all(pairs))
    slow = list(solve_all(pairs, solver="m22"))
    assert {r.solver for r in fast} == {"eup"} and {r.solver for r in slow} == {"m22"}
    for (grid, n), a, b in zip(pairs, fast, slow, strict=True):
        assert a.status == b.status
        if a.status == "solved":
            assert is_solution(a.grid, n, grid) and is_solution(b.grid, n, grid)


@pytest.mark.parametrize(
    ("name", "k"),
    [
        ("puzzles2_17_clue", 100),
        ("puzzles5_forum_hardest_1905_11+", 40),
        ("puzzles7_serg_benchmark", 60),
    ],
)
def test_default_solve_at_9x9_agrees_with_pysat(name: str, k: int) -> None:
    puzzles = sample(name, k)
    pairs = [(p.grid, p.n) for p in puzzles]
    clash = (1, 1, *pairs[0][0][2:])
    check_against_pysat([*pairs, (clash, 3), ((0,) * 81, 3)])
    unique = [r.grid for r in solve_all(pairs[:20])]  # 17-clue and forum: one solution
    if name != "puzzles7_serg_benchmark":
        assert unique == [r.grid for r in solve_all(pairs[:20], solver="m22")]


def test_default_solve_at_16x16_agrees_with_pysat() -> None:
    check_against_pysat([(grid, 4) for grid in puzzles16(12)])


def test_the_default_is_pysat_with_a_timeout_or_past_16x16() -> None:
    task = plan_solve()
    assert task.auto_eup(3) and task.auto_eup(4) and not task.auto_eup(2)
    assert not task.auto_eup(5)
    assert not plan_solve(timeout=5).auto_eup(3)
    assert not plan_solve(solver="m22").auto_eup(3)
    assert not plan_solve(encoding="minimal").auto_eup(3)


def test_the_first_puzzles_are_solved_in_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solving, "_pure", {"puzzles": 0, "seconds": 0.0})
    monkeypatch.setattr(solving, "PURE_SMALL", 3)
    pairs = [(p.grid, p.n) for p in sample("puzzles2_17_clue", 5)]
    results = solving.warm_eup_results(pairs)
    loaded = "sudoku_sat.engines.eup.compiled" in sys.modules
    backends = [r.stats["backend"] for r in results]
    assert backends[3:] == ["numba", "numba"]
    assert backends[:3] == (["numba"] * 3 if loaded else ["python"] * 3)
    assert all(is_solution(r.grid, 3, g) for r, (g, _) in zip(results, pairs, strict=True))


PROBE = """
import atexit, sys
atexit.register(lambda: print("NUMBA", "numba" in sys.modules, file=sys.stderr))
from sudoku_sat.cli import app
app(sys.argv[1:], prog_name="sudoku-sat")
"""


def test_one_puzzle_does_not_load_numba() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, "solve", "-", "--json"],
        input=TRES_DIFFICILE + "\n",
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    (record,) = json.loads(proc.stdout)
    assert record["solver"] == "eup" and record["stats"] == {"backend": "python"}
    assert proc.stderr.splitlines()[-1] == "NUMBA False"


def test_cli_default_and_pysat_flag() -> None:
    default = runner.invoke(app, ["solve", "-"], input=TRES_DIFFICILE + "\n")
    pysat = runner.invoke(app, ["solve", "-", "--method", "pysat:m22"], input=TRES_DIFFICILE + "\n")
    assert default.exit_code == pysat.exit_code == 0
    assert "SOLVED by eup in" in default.stdout and "SOLVED by m22 in" in pysat.stdout
    assert default.stdout.splitlines()[1:] == pysat.stdout.splitlines()[1:]
