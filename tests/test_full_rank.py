"""Full rank and sigh's tie option (``variants/constraints/full_rank.py``): each tie mode
counted on every 4x4 grid (the clauses and CP-SAT against the grids on which the direct
check holds), the default mode's clauses unchanged by the option said, no clauses for
``none`` where boxes already keep every two numbers apart, the option settled into the
clues wherever it stands, and bad options refused in one line (exit 2 from the CLI).
The made and real puzzles are in tests/data/constraints/fullrankties.jsonl, which
tests/test_variant_constraints.py and tests/test_sigh.py (sigh's own counts) read."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError
from sudoku_sat.model.builder import DEFAULT_SUMS, Builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.full_rank import TIES, FullRank, FullRankTies, rank
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.outside import line_from
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import Session, enumerate_solutions

from .test_sigh_rules import _all_4x4

pytest.importorskip("ortools")

RUNNER = CliRunner()


def _clued(n: int, mode: str, clues: list[tuple[tuple[int, int], int]]) -> Puzzle:
    """An empty grid with the clues (place, rank) and the option, settled as read."""
    made = [FullRank(place, line_from(*place, n), value) for place, value in clues]
    found = [*made, FullRankTies(mode)]
    return Puzzle(n, (0,) * n * n, "t", constraints=tuple(c.settle(found) for c in found))


@pytest.mark.parametrize("mode", TIES)
def test_each_mode_counts_the_4x4_grids_that_hold(mode: str) -> None:
    """Clues ranked on random grids, as tied numbers rank (1 + the numbers below): the
    session's count and CP-SAT's are the 4x4 grids the direct check accepts."""
    grids, rng = _all_4x4(), random.Random(TIES.index(mode))
    with Session() as session:
        for _ in range(6):
            grid = rng.choice(grids)
            places = rng.sample(FullRank.places(4), rng.randint(1, 3))
            p = _clued(4, mode, [(q, rank(grid, line_from(*q, 4), 4, True)) for q in places])
            expected = sum(all(c.holds(g, 4) for c in p.constraints) for g in grids)
            assert len(session.solutions(p, 300)) == expected, p.constraints
            assert cpsat.count(p, 300) == expected, p.constraints


def _grid_6x6(rng: random.Random) -> tuple[int, ...]:
    """A random 6x6 grid: CP-SAT's first one, its digits relabelled."""
    (grid,) = cpsat.solutions(Puzzle(6, (0,) * 36), 1)
    labels = rng.sample(range(1, 7), 6)
    return tuple(labels[d - 1] for d in grid)


@pytest.mark.parametrize("mode", TIES)
def test_each_mode_counts_as_cpsat_on_6x6(mode: str) -> None:
    """On 6x6 the comparison of two numbers ends at the first position whose two cells
    share a row, column or box (they differ there): clues ranked on random grids, with a
    few of the grid's digits given, counted (to 40) by the session, by a solver of the
    puzzle's own and by CP-SAT; every solution found holds each clue."""
    rng = random.Random(6 + TIES.index(mode))
    with Session() as session:
        for _ in range(4):
            grid = _grid_6x6(rng)
            places = rng.sample(FullRank.places(6), rng.randint(1, 4))
            p = _clued(6, mode, [(q, rank(grid, line_from(*q, 6), 6, True)) for q in places])
            shown = set(rng.sample(range(36), 8))
            p = replace(p, grid=tuple(d if c in shown else 0 for c, d in enumerate(grid)))
            found = session.solutions(p, 40)
            assert len(found) == cpsat.count(p, 40) == len(enumerate_solutions(p, 40))
            assert all(c.holds(g, 6) for g in found for c in p.constraints)


def test_no_ties_alone_keeps_96_of_the_288_grids() -> None:
    """sigh's "No ranks" holds with no clue: 96 of the 4x4 grids have 16 different
    numbers (sigh's count of ``.Shape~4x4.FullRankTies~none`` too)."""
    (p,) = parse_sigh(".Shape~4x4.FullRankTies~none")
    with Session() as session:
        assert len(session.solutions(p, 300)) == 96 == cpsat.count(p, 300)


def test_the_default_said_changes_no_clause() -> None:
    """``only-unclued`` said is the option absent: the same clauses, byte for byte."""
    clues = [((0, 2), 9), ((0, 3), 1), ((7, 0), 24)]
    absent = _clued(6, "only-unclued", clues)
    absent = absent.with_constraints(absent.constraints[:-1])
    said = _clued(6, "only-unclued", clues)
    assert encode_variant(absent).dimacs() == encode_variant(said).dimacs()


@pytest.mark.parametrize("n,some", [(4, True), (6, True), (9, False)])
def test_no_ties_has_clauses_only_where_boxes_let_two_numbers_meet(n: int, some: bool) -> None:
    """At 9x9 every two numbers hold, at one position, two cells of a row, column or box:
    they always differ, and ``none`` has no clause there."""
    p = Puzzle(n, (0,) * n * n, constraints=(FullRankTies("none"),))
    assert bool(FullRankTies("none").clauses(Builder(p, DEFAULT_SUMS))) == some


def test_the_option_reaches_every_clue_wherever_it_stands() -> None:
    for text in (
        ".Shape~4x4.FullRankTies~any.FullRank~C1~10~",
        ".Shape~4x4.FullRank~C1~10~.FullRankTies~any",
        ".Shape~4x4.FullRank~C1~10~.FullRankTies~any.FullRankTies~any",
    ):
        (p,) = parse_sigh(text)
        (clue,) = p.of(FullRank)
        assert clue.ties == "any", text  # type: ignore[attr-defined]
        items = to_sigh(p).split(".")
        assert sorted(items) == sorted(["", "FullRank~C1~10~", "FullRankTies~any", "Shape~4x4"])
        (again,) = parse_variants(dumps(p))
        assert set(again.constraints) == set(p.constraints) and p.rules == ["full-rank"]


@pytest.mark.parametrize(
    "text,message",
    [
        (".FullRankTies~sometimes", "not 'sometimes'"),
        (".FullRankTies~any~x", "not 'any~x'"),
        (".FullRankTies", "not nothing"),
        (".FullRankTies~ANY", "not 'ANY'"),
        (".FullRankTies~any.FullRankTies~none", "a second 'FullRankTies'"),
        (".Or.FullRankTies~none.Diagonal~1.End", "holds rules, not the full-rank ties none"),
    ],
)
def test_bad_options_are_one_line_naming_line_and_column(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        parse_sigh("# a comment\n" + text, "t.txt")
    assert str(caught.value).startswith("t.txt:2:") and "\n" not in str(caught.value)
    result = RUNNER.invoke(app, ["count", "-"], input=text)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output and len(result.output.splitlines()) == 1


@pytest.mark.parametrize("value", ["sometimes", True, ["any"], "", 1])
def test_a_bad_fpuzzles_option_is_one_line(value: object) -> None:
    data = {"size": 4, "grid": [[{}] * 4] * 4, "fullrankties": value}
    with pytest.raises(InputError, match="'fullrankties': expected one of none"):
        parse_variants(json.dumps(data), "bad.json")
