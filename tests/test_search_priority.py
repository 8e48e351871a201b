"""sigh's search priority (``variants/constraints/search_priority.py``): a hint read and
written back, with no clauses and no rule name; bad items refused in one line (exit 2
from the CLI). Its made puzzles (counts unchanged by it, sigh's too) are in
tests/data/constraints/searchpriority.jsonl."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError
from sudoku_sat.variants.constraints.search_priority import SearchPriority
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh

RUNNER = CliRunner()
TEXT = ".Shape~4x4.SearchPriority~-2~R1C1~R4C4.~R1C2_3"


def test_a_hint_is_kept_and_says_nothing() -> None:
    (p,) = parse_sigh(TEXT)
    assert p.constraints == (SearchPriority("-2", (0, 15)),)
    assert to_sigh(p) == TEXT and parse_variants(dumps(p))[0] == p
    bare = p.with_constraints(())
    assert encode_variant(p).clauses == encode_variant(bare).clauses
    assert p.rules == [] and "(classic)" in p.svg()


@pytest.mark.parametrize(
    "text,message",
    [
        (".SearchPriority~high~R1C1", "the priority 'high' is not a whole number"),
        (".SearchPriority~5", "expected a priority, then one cell or more"),
        (".SearchPriority~5~R1C1~R1C1", "a cell is listed twice"),
        (".SearchPriority~5~R10C1", "outside the 9x9 grid"),
        (".Or.SearchPriority~5~R1C1.Diagonal~1.End", "holds rules, not the search priority"),
    ],
)
def test_bad_hints_are_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        parse_sigh(text, "t.txt")
    assert str(caught.value).startswith("t.txt:1:1:")  # an Or's error names the Or
    result = RUNNER.invoke(app, ["count", "-"], input=text)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output


def test_an_or_of_fpuzzles_refuses_a_hint_as_its_member() -> None:
    hint = {"key": "searchpriority", "value": [{"cells": ["R1C1"], "value": "3"}]}
    data = {
        "size": 4,
        "grid": [[{}] * 4] * 4,
        "or": [{"members": [hint, {"key": "diagonal+", "value": True}]}],
    }
    with pytest.raises(InputError, match="'or': a composite holds rules, not the search"):
        parse_variants(json.dumps(data), "bad.json")
