"""jobs/reading.py: the one reader behind one check, for the CLI and the API: the options
that read plain grids are refused on f-puzzles input, honoured on plain grids."""

from __future__ import annotations

import json

import pytest

from sudoku_sat.bulk import Lines
from sudoku_sat.errors import GridError, UsageError
from sudoku_sat.jobs.reading import OWN, parse, parse_puzzles

from .conftest import TRES_DIFFICILE

KILLER = json.dumps(
    {
        "size": 4,
        "grid": [[{}, {}, {}, {}] for _ in range(4)],
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
    }
)


@pytest.mark.parametrize(("keyword", "value"), [("order", 2), ("alphabet", "A-D")])
def test_fpuzzles_input_refuses_each_option_of_plain_grids(keyword: str, value: object) -> None:
    with pytest.raises(UsageError) as caught:
        parse(KILLER, "k.json", **{keyword: value})  # type: ignore[arg-type]
    assert str(caught.value) == f"--{keyword}: {OWN[keyword]}"


def test_an_alphabet_is_honoured_on_fpuzzles_input_when_grids_are_printed() -> None:
    (p,) = parse_puzzles(KILLER, "k.json", alphabet="A-D", prints=True)
    assert p.rules == ["killer"] and p.size == 4


def test_global_rules_are_added_to_fpuzzles_input_too() -> None:
    (p,) = parse_puzzles(KILLER, "k.json", rule=["x", "anti-king"])
    assert p.rules == ["killer", "x", "anti-king"]


def test_plain_grids_take_every_option() -> None:
    (p,) = parse_puzzles(TRES_DIFFICILE, "p.txt", order=3, rule="x")
    assert "".join(map(str, p.grid)) == TRES_DIFFICILE and p.rules == ["x"]
    line = "0123456789ABCDEF" + "." * 240
    (q,) = parse_puzzles(line, "p.txt", alphabet="0-9A-F", order=4)
    assert q.size == 16 and q.grid[:16] == tuple(range(1, 17))


def test_lines_come_back_in_bulk_only_when_no_option_asks_otherwise() -> None:
    assert isinstance(parse(TRES_DIFFICILE + "\n", "g.txt", lines=True), Lines)
    assert isinstance(parse(TRES_DIFFICILE + "\n", "g.txt", rule="x", lines=True), list)
    assert isinstance(parse(KILLER, "k.json", lines=True), list)


def test_no_puzzle_is_a_grid_error() -> None:
    with pytest.raises(GridError, match="no puzzle found"):
        parse("# nothing here\n", "empty.txt")
