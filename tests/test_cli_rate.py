"""The rate command: one line per puzzle, a summary, JSON, unrated puzzles."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sudoku_sat.cli import app
from tests.conftest import EASY, TRES_DIFFICILE

runner = CliRunner()


def test_rates_each_puzzle_and_sums_up() -> None:
    result = runner.invoke(app, ["rate", "-", "-q"], input=f"{EASY}\n{TRES_DIFFICILE}\n")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].endswith("singles (47 empty cells)")
    assert " fl2 (" in lines[1] and lines[2] == "# singles 1, fl2 1"


def test_json_and_unrated_puzzles() -> None:
    several = "1" + "." * 80
    none = "11" + "." * 79
    result = runner.invoke(app, ["rate", "-", "--json", "-q"], input=f"{EASY}\n{several}\n{none}\n")
    assert result.exit_code == 1
    records = json.loads(result.stdout)
    assert result.stderr.count("\n") == 1
    assert [r["status"] for r in records] == ["rated", "multiple", "unsat"]
    assert records[0]["level"] == "singles" and records[1]["level"] is None


def test_bad_input_is_one_line() -> None:
    result = runner.invoke(app, ["rate", "missing-file.txt"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and not result.stdout
