"""The checked readers every rule module reads its f-puzzles items with (model/reading.py),
and the reading rules of issue 41 they hold for every key: ASCII digits only, bounded
names and texts, global rules true or false, a line one path of neighbours for every line
key, a file's solution checked as a classic line's is."""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.variants.constraints import registry
from sudoku_sat.variants.constraints._global import GlobalRule
from sudoku_sat.variants.constraints._line import Line
from sudoku_sat.variants.puzzle import parse_any

KILLER = Path(__file__).resolve().parents[1] / "docs" / "data" / "killer-ukpa.json"
GRID: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]


def read(**keys: object) -> None:
    parse_any(json.dumps({"size": 9, "grid": GRID, **keys}), "x.json")


def refused(match: str, **keys: object) -> None:
    with pytest.raises(InputError, match=match) as caught:
        read(**keys)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("digit", ["²", "٣", "³"])
@pytest.mark.parametrize(
    "key, item",
    [
        ("sandwichsum", {"cell": "R0C1"}),
        ("xsum", {"cell": "R0C1"}),
        ("skyscraper", {"cell": "R0C1"}),
        ("killercage", {"cells": ["R1C1", "R1C2"]}),
        ("whispers", {"lines": [["R1C1", "R1C2"]]}),
        ("lockout", {"lines": [["R1C1", "R1C2", "R1C3"]]}),
        ("littlekillersum", {"cell": "R0C0", "direction": "DR"}),
    ],
)
def test_values_in_other_digits_are_one_line(key: str, item: dict[str, object], digit: str) -> None:
    """A superscript passed str.isdigit() and ended in a ValueError traceback (item 1)."""
    refused("not a whole number", **{key: [{**item, "value": digit}]})


@pytest.mark.parametrize("digit", ["²", "٣", "³"])
def test_a_quadruples_digits_in_other_digits_are_one_line(digit: str) -> None:
    """A quadruple's list of digits ended in the same traceback (item 1)."""
    cells = ["R1C1", "R1C2", "R2C1", "R2C2"]
    refused("not a whole number", quadruple=[{"cells": cells, "values": [digit]}])


NO_CELLS = {
    "negative",
    "connectedvalues",
    "fullrankties",
    "regionsize",
    "regionsamevalues",
    "doppelganger",
}
"""Keys whose items name no cell, besides the global rules: a negative's value is a list of
marks, connected values hold over the whole grid, full rank's tie option is a word, a
region size a number, region same values true, a doppelganger none (f-puzzles cannot say
its grid)."""
CELL_KEYS = sorted(
    k for k, c in registry().items() if k not in NO_CELLS and not issubclass(c, GlobalRule)
)


@pytest.mark.parametrize("key", CELL_KEYS)
def test_a_cell_name_of_thousands_of_digits_is_one_line_for_every_key(key: str) -> None:
    """R111...1C1 hit Python's limit on digits: a traceback on every key (item 2). The
    item has every field some key reads cells from, so each key reaches the name."""
    huge = "R" + "1" * 5000 + "C1"
    member = {"key": "killercage", "value": [{"cells": [huge], "value": "3"}]}
    item = {
        "cells": [huge, "R1C2"],
        "cell": huge,
        "lines": [[huge, "R1C2", "R1C3"]],
        "segments": [[huge, "R1C2"]],
        "members": [member],
        "targets": [huge],
        "value": "3",
    }
    refused("is not a cell name like R1C1", **{key: [item]})


@pytest.mark.parametrize("name", ["R١C٢", "R1C٢", "r۱c1"])
def test_cell_names_take_ascii_digits_only(name: str) -> None:
    """R١C٢ was read as r1c2 (item 4)."""
    refused("is not a cell name", killercage=[{"cells": [name], "value": "3"}])


@pytest.mark.parametrize(
    "key", sorted(k for k, c in registry().items() if issubclass(c, GlobalRule))
)
@pytest.mark.parametrize("value", ["true", 1, "yes", 2, {}, "", "NoneType"])
def test_a_global_rule_is_true_or_false(key: str, value: object) -> None:
    """Any other value was ignored and the puzzle solved as classic (item 5)."""
    refused("expected true or false", **{key: value})


LINE_KEYS = sorted({k for k, c in registry().items() if issubclass(c, Line)} | {"palindrome"})
"""Every key read as lines of cells but arrow (its line may jump): the Line classes and
palindrome, whose mirrored pairs it shares with clone (EqualPairs, not Line)."""


@pytest.mark.parametrize("key", LINE_KEYS)
@pytest.mark.parametrize("item", [{}, {"lines": None}, {"lines": []}, {"lines": "R1C1"}])
def test_every_line_key_refuses_an_item_without_lines(key: str, item: dict[str, object]) -> None:
    """A thermometer {} was dropped where the registry's lines refused it (item 6)."""
    refused("expected 'lines'", **{key: [item]})


@pytest.mark.parametrize("key", LINE_KEYS)
def test_every_line_is_a_path_of_neighbours(key: str) -> None:
    """palindrome and thermometer accepted jumps (item 7); an arrow's line may jump, as
    published arrows do ("Triple digits"), and docs/variants.md says so."""
    item = {"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C5"]], "value": "3"}
    refused("not neighbours", **{key: [item]})


def test_an_arrow_starts_in_its_circle() -> None:
    """An arrow whose circle was not at the start of its line was accepted (item 7)."""
    refused("starts in its circle", arrow=[{"cells": ["R1C1"], "lines": [["R1C2", "R1C3"]]}])


def test_a_solution_that_is_not_one_is_bad_input_as_on_a_classic_line() -> None:
    """'All ones' gave 'unique (not the file's solution)' and exit 0 (item 8)."""
    data = json.loads(KILLER.read_text())
    data["solution"] = [1] * 81
    with pytest.raises(InputError, match="'solution' is not a solution of the puzzle"):
        parse_any(json.dumps(data), "k.json")
    data["solution"][:9] = range(1, 10)
    with pytest.raises(InputError, match="not a solution"):
        parse_any(json.dumps(data), "k.json")


def test_a_long_title_is_read_in_bounded_memory() -> None:
    """A 50 MB JSON title peaked at 5.8 GB (item 10): the nesting check's regex kept
    backtracking state for every character of a string (290 MB for this 2 MB title; now
    about 6 MB, the title and its decoded copy)."""
    data = json.loads(KILLER.read_text())
    data["title"] = "x" * 2_000_000
    text = json.dumps(data)
    tracemalloc.start()
    try:
        (p,) = parse_any(text, "big.json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert p.rules == ["killer"] and peak < 20 * len(text)


def test_a_long_link_is_refused_at_once() -> None:
    """A 50 MB link ran for minutes in the pure-Python lz-string decoder (item 10)."""
    link = "https://www.f-puzzles.com/?load=" + "A" * 2_000_000
    start = time.perf_counter()
    with pytest.raises(InputError, match="at most 1,000,000"):
        parse_any(link, "link.txt")
    assert time.perf_counter() - start < 5
