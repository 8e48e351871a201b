"""``solve --method eup`` at 49x49 and 64x64: every output format works past 36x36, and
the engine there is the compiled restart search."""

from __future__ import annotations

import json

import pytest

from sudoku_sat.grid import Grid, is_solution
from sudoku_sat.gridio import format_numbers, parse_puzzles

from .test_cli import run


def pattern_grid(n: int) -> Grid:
    """The full grid of order n whose row r is row 0 shifted by n*(r % n) + r // n."""
    size = n * n
    return tuple((n * (r % n) + r // n + c) % size + 1 for r in range(size) for c in range(size))


@pytest.mark.parametrize("n", (7, 8))
@pytest.mark.parametrize("fmt", ("grid", "line", "numbers", "json"))
def test_every_format_of_a_large_solution_reads_back(n: int, fmt: str) -> None:
    full = pattern_grid(n)
    assert is_solution(full, n)
    puzzle = tuple(0 if c % 97 == 0 else v for c, v in enumerate(full))
    options = ["--json"] if fmt == "json" else ["--format", fmt]
    code, out, err = run("solve", "-", "--method", "eup", *options, stdin=format_numbers(puzzle, n))
    assert code == 0, err
    if fmt == "json":  # from 36x36 on, eup is the restart search
        assert "runs" in json.loads(out)[0]["stats"]
    text = json.loads(out)[0]["solution"] if fmt == "json" else out
    (solved,) = parse_puzzles(text, "out")
    assert (solved.n, solved.grid) == (n, full)


def test_solve_engine_gac_at_order_seven() -> None:
    full = pattern_grid(7)
    puzzle = tuple(0 if c % 5 == 0 else v for c, v in enumerate(full))
    code, out, err = run("solve", "-", "--method", "gac", "--json", stdin=format_numbers(puzzle, 7))
    assert code == 0, err
    (result,) = json.loads(out)
    assert result["solver"] == "gac" and result["stats"]["runs"] >= 1
    (solved,) = parse_puzzles(result["solution"], "out")
    assert is_solution(solved.grid, 7, puzzle)


def test_solve_format_fpuzzles_past_16x16_refuses_before_solving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """It solved the whole file first, then refused on writing the first grid."""
    import sudoku_sat.jobs.solving as solving

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved before refusing")

    monkeypatch.setattr(solving, "plan", no_solving)
    full = pattern_grid(6)
    puzzle = tuple(0 if c % 7 == 0 else v for c, v in enumerate(full))
    code, out, err = run("solve", "-", "--format", "fpuzzles", stdin=format_numbers(puzzle, 6))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "<stdin>:1: a 36x36 grid: f-puzzles holds grids of 4x4 to 16x16" in err
