"""Kropki dots with any value (f-puzzles ``difference``/``ratio`` items' ``value``), with
and without ``negative``: the puzzles of tests/data/kropki_values.jsonl counted by the
session, by the puzzle's own formula and by CP-SAT, the published solution found, the
round trip, and which values a negative excludes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints._marks import Mark, Negative
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.solve import Session, count

from .conftest import IN_CI

if not IN_CI:
    pytest.importorskip("ortools")

DATA = Path(__file__).parent / "data" / "kropki_values.jsonl"
CAP = 3
CASES = [
    (f"kropki_values:{k}", json.loads(line))
    for k, line in enumerate(DATA.read_text().splitlines(), 1)
    if line.strip() and not line.startswith("#")
]


def test_the_cases_cover_values_and_negatives() -> None:
    puzzles = [case["puzzle"] for _, case in CASES]
    values = {
        i.get("value") for p in puzzles for k in ("difference", "ratio") for i in p.get(k, [])
    }
    assert {"2", "3", "4"} <= values
    assert {"difference", "ratio"} <= {k for p in puzzles for k in p.get("negative", [])}
    assert {case["expect"] for _, case in CASES} == {0, 1, CAP}


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    """One session for every case (as ``unique`` on a file of puzzles), each skeleton
    loaded once and kept open, not once a case."""
    with Session() as shared:
        shared.KEEP = len(CASES)
        yield shared


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_puzzle(name: str, case: dict, session: Session) -> None:
    (puzzle,) = parse_variants(json.dumps(case["puzzle"]), name)
    found = session.solutions(puzzle, CAP)
    assert len(found) == case["expect"], case["origin"]
    assert count(puzzle, CAP) == case["expect"]
    assert cpsat.count(puzzle, CAP) == case["expect"]
    if puzzle.solution is not None and case["expect"] == 1:
        assert found == [puzzle.solution]
    (again,) = parse_variants(dumps(puzzle), name)
    assert again.of(Mark) == puzzle.of(Mark) and again.of(Negative) == puzzle.of(Negative)


def negated_values(puzzle: Puzzle, kind: str) -> tuple[int, ...]:
    """The values the puzzle's negative of kind excludes (settled when read)."""
    (negative,) = [c for c in puzzle.of(Negative) if c.kind == kind]  # type: ignore[attr-defined]
    return negative.values  # type: ignore[attr-defined,no-any-return]


def _dots(**keys: object) -> Puzzle:
    (puzzle,) = parse_variants(json.dumps({"size": 6, "grid": [[{}] * 6] * 6, **keys}), "x")
    return puzzle


def test_a_negative_excludes_the_values_of_its_dots() -> None:
    """As the f-puzzles solver add-on reads it: the values the dots carry, else 1 or 2."""
    dot = {"cells": ["R1C1", "R1C2"], "value": "3"}
    puzzle = _dots(ratio=[dot], difference=[dot], negative=["ratio", "difference", "xv"])
    assert negated_values(puzzle, "ratio") == (3,) and negated_values(puzzle, "difference") == (3,)
    assert negated_values(puzzle, "xv") == (5, 10)
    plain = _dots(negative=["ratio", "difference"])
    assert negated_values(plain, "ratio") == (2,) and negated_values(plain, "difference") == (1,)


@pytest.mark.parametrize(
    "value,words", [("x", "value 'x' is not a whole number"), ("0", "value is at least 1")]
)
def test_a_bad_value_is_refused(value: str, words: str) -> None:
    with pytest.raises(InputError, match=f"'ratio': .*{words}"):
        _dots(ratio=[{"cells": ["R1C1", "R1C2"], "value": value}])
