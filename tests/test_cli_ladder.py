"""CLI: ladder (rows and --depth), its JSON output and its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app

from .conftest import TRES_DIFFICILE, dataset_path

runner = CliRunner()
UNSAT = "77" + TRES_DIFFICILE[2:]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def puzzles(tmp_path: Path) -> Path:
    path = tmp_path / "p.txt"
    path.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    return path


def test_rows_as_a_markdown_table(puzzles: Path) -> None:
    code, out, _ = run("ladder", "--dataset", str(puzzles), "--methods", "up,fl2", "-q")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"{puzzles}: 2 puzzles"
    assert lines[1].startswith("| encoding | level | puzzles | solved | solved % |")
    up, fl2 = (line.split("|")[1:-1] for line in lines[3:5])
    assert [v.strip() for v in up[:3]] == ["extended", "up", "2"]
    assert [v.strip() for v in fl2[:4]] == ["extended", "fl2", "2", "1"]  # the UNSAT one is not


def test_json_file_and_stdout(puzzles: Path, tmp_path: Path) -> None:
    out_file = tmp_path / "out.json"
    code, out, _ = run("ladder", "--dataset", str(puzzles), "--methods", "fl", "-o", str(out_file))
    assert code == 0 and "| extended | fl " in out
    data = json.loads(out_file.read_text())
    [row] = data["rows"]
    assert (row["level"], row["puzzles"], row["conflicts"]) == ("fl", 2, 1)
    code, out, _ = run("ladder", "--dataset", str(puzzles), "--depth", "--json")
    [depth] = json.loads(out)["depth"]
    assert depth["conflicts"] == 1 and depth["needed"] is None
    assert "1 UNSAT" in depth["statement"]


def test_depth_on_a_dataset_sample() -> None:
    path = dataset_path("puzzles3_magictour_top1465")
    code, out, _ = run("ladder", "--dataset", str(path), "--depth", "--limit", "40", "--seed", "1",
                       "-q")  # fmt: skip
    assert code == 0, out
    assert "40 puzzles (random sample of 1465, seed 1)" in out
    assert "| smallest level | puzzles | %" in out
    assert "solves every one of the 40 puzzles of puzzles3_magictour_top1465" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--methods", "fl2,dpll"], "--methods 'dpll': unknown method"),
        (["--encodings", "nope"], "unknown encoding 'nope'"),
    ],
)
def test_bad_options_are_one_line(puzzles: Path, args: list[str], message: str) -> None:
    code, out, err = run("ladder", "--dataset", str(puzzles), *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_bad_grid_and_json_over_the_dataset(tmp_path: Path, puzzles: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("12x\n")
    code, out, err = run("ladder", "--dataset", str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1 and "bad.txt" in err
    code, _, err = run("ladder", "--dataset", str(puzzles), "--output", str(puzzles))
    assert code == 2 and "overwrite" in err
    assert puzzles.read_text().startswith(TRES_DIFFICILE)


def test_no_bar_and_no_empty_line_when_stderr_is_not_a_terminal(puzzles: Path) -> None:
    """The bar's console wrote an empty line on a stderr that is a pipe or a file."""
    import os
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "sudoku_sat", "ladder", "--dataset", str(puzzles)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    assert run.returncode == 0 and run.stdout.startswith(f"{puzzles}: 2 puzzles")
    assert run.stderr == ""
