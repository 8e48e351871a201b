"""generate --difficulty: every puzzle rated exactly the level, unique and minimal."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.difficulty.rating import rate
from sudoku_sat.gridio import parse_puzzles
from tests.test_difficulty import pysat_minimal_unique

runner = CliRunner()


def test_generate_fl_puzzles_rated_fl() -> None:
    result = runner.invoke(
        app, ["generate", "--difficulty", "fl", "-k", "3", "--seed", "4", "-q", "--json"]
    )
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert len(records) == 3
    for record in records:
        grid = parse_puzzles(record["puzzle"])[0].grid
        assert rate(grid, 3).level == "fl" and record["stats"]["level"] == "fl"
        assert record["unique"] and record["minimal"] and pysat_minimal_unique(grid, 3)


def test_the_seed_replays() -> None:
    args = ["generate", "--difficulty", "singles", "-k", "2", "--seed", "9", "-q"]
    first, again = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0 and first.stdout == again.stdout


def test_difficulty_refuses_symmetric() -> None:
    result = runner.invoke(app, ["generate", "--difficulty", "fl", "--symmetric"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and not result.stdout


def test_an_unknown_level_is_a_usage_error() -> None:
    result = runner.invoke(app, ["generate", "--difficulty", "medium"])
    assert result.exit_code == 2
