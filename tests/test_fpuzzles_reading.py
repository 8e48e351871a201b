"""The f-puzzles reader refuses what it cannot read in one line (issue 33): nesting past
MAX_DEPTH (Python's decoder ran out of stack), values of the wrong type (``true`` read as
1, a row of numbers read as blanks), cages that list a cell twice or hold more cells than
digits (read, then reported as no solution), a solution that is not N*N digits (ignored);
every grid-reading command says so in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError
from sudoku_sat.model.reading import MAX_DEPTH, load_json
from sudoku_sat.variants.fpuzzles import parse_variants

from .conftest import TRES_DIFFICILE

RUNNER = CliRunner()
DEEP = '{"size":9,"grid":' + "[" * 100_000 + "]" * 100_000 + "}"


def puzzle(**changes: Any) -> dict[str, Any]:
    grid = [[{} for _ in range(9)] for _ in range(9)]
    for k, ch in enumerate(TRES_DIFFICILE):
        if ch != "0":
            grid[k // 9][k % 9] = {"value": int(ch)}
    return {"size": 9, "grid": grid, **changes}


def test_nesting_past_the_limit_names_line_and_column() -> None:
    text = '{"size": 9,\n "grid": ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "}"
    with pytest.raises(InputError) as caught:
        load_json(text, "p.json")
    assert (
        str(caught.value) == f"p.json:2:{9 + MAX_DEPTH}: JSON nested deeper than {MAX_DEPTH} levels"
    )
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "p.json") is not None
    assert load_json('{"a": "[[[[' + "[" * 100 + '"}', "p.json")  # brackets in a string


COMMANDS = [
    ["unique"], ["show"], ["encode"], ["solve"], ["count"], ["candidates"], ["certify", "out"],
    ["show", "--svg", "s.svg"],
]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_deep_json_is_one_line_for_every_command(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "n.json"
    path.write_text(DEEP)
    args = [command[0], str(path), *(str(tmp_path / a) if "-" not in a else a for a in command[1:])]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 2
    column = 17 + MAX_DEPTH  # the first bracket past the limit
    message = f"{path}:1:{column}: JSON nested deeper than {MAX_DEPTH} levels"
    assert result.stderr == f"sudoku-sat: error: {message}\n"


def test_decode_puzzle_and_a_deep_link(tmp_path: Path) -> None:
    lzstring = pytest.importorskip("lzstring")
    deep = '{"size":9,"grid":' + "[" * 20_000 + "]" * 20_000 + "}"
    link = tmp_path / "link.txt"
    link.write_text("https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(deep))
    result = RUNNER.invoke(app, ["unique", str(link)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert f"JSON nested deeper than {MAX_DEPTH} levels" in result.stderr
    nested = tmp_path / "n.json"
    nested.write_text(DEEP)
    answer = tmp_path / "a.txt"
    answer.write_text("SAT\n1 0\n")
    result = RUNNER.invoke(app, ["decode", str(answer), "--puzzle", str(nested)])
    assert result.exit_code == 2 and "nested deeper" in result.stderr


def row_of(value: Any) -> dict[str, Any]:
    data = puzzle()
    data["grid"][1] = [value] * 9
    return data


def cage(cells: list[str]) -> dict[str, Any]:
    return puzzle(killercage=[{"cells": cells, "value": "10"}])


EVERY_CELL = [f"R{r}C{c}" for r in range(1, 10) for c in range(1, 10)]
REFUSED = {
    "value true": (puzzle(grid=[[{"value": True}] + [{}] * 8] + [[{}] * 9] * 8),
                   "'grid': R1C1 holds True, not 1..9"),
    "row of integers": (row_of(5), "'grid': R2C1 is 5, not an object"),
    "row of lists": (row_of([]), "'grid': R2C1 is [], not an object"),
    "cage cell twice": (cage(["R1C2", "R1C2"]), "'killercage': a cell is listed twice"),
    "50-cell cage": (cage(EVERY_CELL[:50]), "'killercage': 50 cells cannot all differ in 1..9"),
    "solution text": (puzzle(solution="abc"),
                      "'solution': expected a list of 81 digits 1..9"),
    "region a list": (puzzle(grid=[[{"region": [1]}] + [{}] * 8] + [[{}] * 9] * 8),
                      "'grid': region of R1C1 is not a number"),
    "negative of lists": (puzzle(negative=[[1]]),
                          "'negative': expected a list drawn from difference, ratio, xv"),
    "lines a number": (puzzle(thermometer=[{"lines": 5}]),
                       "'thermometer': expected 'lines', a non-empty list of cell lists"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_wrong_values_are_refused_in_one_line(tmp_path: Path, case: str) -> None:
    data, message = REFUSED[case]
    with pytest.raises(InputError) as caught:
        parse_variants(json.dumps(data), "p.json")
    assert str(caught.value) == f"p.json:1: {message}"
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    result = RUNNER.invoke(app, ["unique", str(path)])
    assert result.exit_code == 2 and result.stderr == f"sudoku-sat: error: {path}:1: {message}\n"


def test_a_solution_list_is_still_read() -> None:
    solution = [
        int(c)
        for c in "798635421126974583453218679972586314564123897381497256617352948835749162249861735"
    ]
    (read,) = parse_variants(json.dumps(puzzle(solution=solution)))
    assert read.solution == tuple(solution)


def test_a_number_of_thousands_of_digits_is_one_line() -> None:
    with pytest.raises(InputError, match="p.json:1: a JSON number of thousands of digits"):
        load_json('{"size": ' + "9" * 5000 + "}", "p.json")  # was Python's ValueError
