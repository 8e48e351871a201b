"""sigh's constraint strings on the command line and in the API: read from a file or
stdin by every grid-reading command, written by ``show --format sigh`` (the puzzle) and
``solve --format sigh`` (the solution as sigh writes it); bad input one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sudoku_sat as ss
from sudoku_sat.cli import app
from sudoku_sat.errors import GridError
from sudoku_sat.variants.constraints import SIGH_NAMES
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.sigh import parse_sigh

RUNNER = CliRunner()
DATA = Path(__file__).parent / "data"


def _cases(count: int) -> list[dict[str, str]]:
    lines = (DATA / "sigh" / "examples.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line and not line.startswith("#")][:count]


def test_unique_and_solve_on_a_file_of_sigh_strings(tmp_path: Path) -> None:
    cases = _cases(8)
    path = tmp_path / "p.txt"
    path.write_text("# sigh's examples\n" + "".join(c["sigh"] + "\n" for c in cases))
    unique = RUNNER.invoke(app, ["unique", str(path)])
    assert unique.exit_code == 0, unique.output
    assert unique.output.split() == ["unique"] * len(cases)
    solved = RUNNER.invoke(app, ["solve", "--format", "sigh", str(path)])
    assert solved.exit_code == 0, solved.output
    assert solved.output.split() == [c["solution"] for c in cases]


def test_stdin_and_the_api_read_sigh_strings() -> None:
    text = _cases(1)[0]["sigh"]
    result = RUNNER.invoke(app, ["solve", "--format", "sigh", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == _cases(1)[0]["solution"]
    assert ss.parse(text).grid == parse_sigh(text)[0].grid
    with pytest.raises(GridError, match="found 2"):
        ss.parse(text + "\n" + text)


def test_show_format_sigh_writes_the_puzzle_and_reads_back(tmp_path: Path) -> None:
    """Real f-puzzles puzzles of several rule families, written as sigh strings, read
    back as the same puzzles (their givens and rules)."""
    puzzles = []
    for name in ("thermometer", "killercage", "arrow", "xv", "whispers", "renban"):
        first = next(
            line
            for line in (DATA / "constraints" / f"{name}.jsonl").read_text().splitlines()
            if line.startswith("{") and json.loads(line)["expect"] == 1
        )
        puzzles += parse_variants(json.dumps(json.loads(first)["puzzle"]), name)
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(json.loads(_fp(p))) + "\n" for p in puzzles))
    result = RUNNER.invoke(app, ["show", "--format", "sigh", str(path)])
    assert result.exit_code == 0, result.output
    read = parse_sigh(result.output, "out")
    assert [q.grid for q in read] == [p.grid for p in puzzles]
    assert [set(q.constraints) for q in read] == [set(p.constraints) for p in puzzles]


def _fp(p: ss.Puzzle) -> str:
    from sudoku_sat.variants.fpuzzles_write import dumps

    return dumps(p)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (".Cage~10~R1C1~R1C2\n.Bogus~3\n", "p.txt:2:1: sigh's 'Bogus': no rule"),
        (".Or.Cage~3~R1C1~R1C2.End", "p.txt:1:1: sigh's 'Or': no composite"),
        (".Shape~6x9~17", "p.txt:1:1: 'Shape': 6x9~17 is not supported"),
        (".Thermo~R1C1~R9C9", "p.txt:1:1: 'Thermo': R1C1 and R9C9 are consecutive"),
        (".Cage~3~R1C1.Or", "p.txt:1:13: 'Or' is never closed by '.End'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, text: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(SIGH_NAMES, "Or", raising=False)  # a composite no class reads
    path = tmp_path / "p.txt"
    path.write_text(text)
    for command in (["solve"], ["show", "--format", "sigh"], ["count"]):
        result = RUNNER.invoke(app, [*command, str(path)])
        assert result.exit_code == 2, result.output
        (line,) = result.output.strip().splitlines()
        assert line.startswith(f"sudoku-sat: error: {path}:{says[6:]}"), line


def test_what_sigh_cannot_say_is_refused_in_one_line(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("0" * 625 + "\n")
    result = RUNNER.invoke(app, ["show", "--format", "sigh", str(big)])
    assert result.exit_code == 2 and "sigh holds grids up to 16x16" in result.output
    dot = tmp_path / "dot.json"
    grid = [[{} for _ in range(9)] for _ in range(9)]
    dot.write_text(json.dumps({"size": 9, "grid": grid, "difference": [_dot()]}))
    result = RUNNER.invoke(app, ["show", "--format", "sigh", str(dot)])
    assert result.exit_code == 2
    assert "sigh cannot state the white dot at r1c1-r1c2" in result.output


def _dot() -> dict[str, object]:
    return {"cells": ["R1C1", "R1C2"], "value": "3"}


def test_order_and_alphabet_are_refused_on_sigh_input(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(".Cage~3~R1C1~R1C2\n")
    result = RUNNER.invoke(app, ["solve", "--order", "2", str(path)])
    assert result.exit_code == 2 and "carries its own size" in result.output


def test_a_sigh_string_given_for_a_file_says_how_to_give_it() -> None:
    result = RUNNER.invoke(app, ["solve", ".Cage~3~R1C1~R1C2"])
    assert result.exit_code == 2
    assert "no such file; to give a puzzle itself, pass it on stdin with '-'" in result.output


def test_generate_format_sigh_writes_strings_that_read_back_unique() -> None:
    result = RUNNER.invoke(
        app,
        [
            "generate",
            "--rule",
            "killer",
            "-n",
            "2",
            "--count",
            "2",
            "--format",
            "sigh",
            "--seed",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    made = parse_sigh(result.output, "made")
    assert len(made) == 2 and all(ss.count(p, 2) == 1 for p in made)
