"""``candidates`` on classic grids past 16x16: the candidate-only CNF, drawn and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from sudoku_sat.gridio import format_any_line
from sudoku_sat.puzzles.candidates_large import candidates_large
from sudoku_sat.puzzles.pattern import as_grid, blanked, mixed, random_grid

from .test_cli import run


def puzzle_file(tmp_path: Path, n: int, blank: float) -> tuple[Path, tuple[int, ...]]:
    grid = as_grid(blanked(mixed(random_grid(n, 2), n, 30, 2), blank, 2))
    path = tmp_path / f"p{n}.txt"
    path.write_text(format_any_line(grid, n) + "\n")
    return path, grid


def test_candidates_of_a_25x25_grid_are_drawn(tmp_path: Path) -> None:
    """Every grid past 16x16 was refused ("go up to 16x16")."""
    path, grid = puzzle_file(tmp_path, 5, 0.5)
    code, out, err = run("candidates", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"# 1/1 {path}:1: 25x25 classic: true candidates (")
    assert len(lines) == 1 + 25 * 5 + 24
    found = candidates_large(grid, 5)
    first = "".join(line.split(" | ")[0].split()[0] for line in lines[1:6])
    assert {c for c in first if c != "."} == {
        "123456789ABCDEFGHIJKLMNOP"[d - 1] for d in found.digits[0]
    }


def test_candidates_json_and_counts_past_16x16(tmp_path: Path) -> None:
    path, grid = puzzle_file(tmp_path, 5, 0.5)
    code, out, err = run("candidates", str(path), "--json", "--counts", "--cap", "2")
    assert code == 0, err
    (record,) = json.loads(out)
    found = candidates_large(grid, 5, 2)
    assert record["solvable"] and record["candidates"]["R1C1"] == list(found.digits[0])
    assert found.counts is not None
    assert record["counts"]["R25C25"] == {str(d): found.counts[(624, d)] for d in found.digits[624]}


def test_candidates_of_a_36x36_grid_and_of_one_without_solution(tmp_path: Path) -> None:
    path, grid = puzzle_file(tmp_path, 6, 0.4)
    code, out, err = run("candidates", str(path))
    assert code == 0 and out.startswith(f"# 1/1 {path}:1: 36x36 classic: true candidates"), err
    wrong = list(grid)
    wrong[wrong.index(0)] = next(v for v in grid[:36] if v)  # a value its row holds
    path.write_text(format_any_line(tuple(wrong), 6) + "\n")
    code, out, err = run("candidates", str(path))
    assert code == 1 and "36x36 classic: no solution" in out
    assert "1 of 1 puzzle(s) have no solution" in err
