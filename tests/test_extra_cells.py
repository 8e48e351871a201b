"""Cells beyond the grid (``model/extra.py``, sigh's ``Var``): read from sigh's strings and
f-puzzles JSON, numbered after the grid, counted as sigh counts them (every cell's digit),
written back, drawn; real published puzzles answered with their published solutions."""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path

import pytest

import sudoku_sat as ss
from sudoku_sat.errors import InputError
from sudoku_sat.model.extra import ExtraCells
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import Session, enumerate_solutions

DATA = Path(__file__).parent / "data" / "extra" / "var.jsonl"
REAL = [
    json.loads(line)
    for line in DATA.read_text().splitlines()
    if line.strip() and not line.startswith("#")
]


def _same(p: Puzzle, q: Puzzle) -> bool:
    """The same puzzle, its rules in any order (f-puzzles JSON groups them by key)."""
    rules = sorted(map(repr, p.constraints)) == sorted(map(repr, q.constraints))
    return rules and (p.size, p.grid, p.extra) == (q.size, q.grid, q.extra)


def _grids4() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid (288), by PySAT."""
    return enumerate_solutions(Puzzle(4, (0,) * 16), 300)


def test_groups_are_named_and_numbered_as_sigh_does() -> None:
    (p,) = parse_sigh(".Shape~4x4.Var~B~~2.Var~A~Two%20rows~2x3.Var~C.AllDifferent~VB2~VC~VA6")
    assert p.extra == (ExtraCells("VA", 6, "Two rows", 3), ExtraCells("VB", 2), ExtraCells("VC"))
    assert p.extra_names == ("VA1", "VA2", "VA3", "VA4", "VA5", "VA6", "VB1", "VB2", "VC")
    assert p.cells == 16 + 9 and p.extra_index("VB2") == 23
    assert p.cell_name(24) == "VC" and p.cell_name(5) == "r2c2"
    (rule,) = p.constraints
    assert rule.groups(4, p.regions) == [(23, 24, 21)]


@pytest.mark.parametrize(
    "text, says",
    [
        (".Var~a~~2", "capital letters"),
        (".Var~A~~2.Var~A~~3", "two groups named A"),
        (".And.Var~A.End", "only at the top"),
        (".Var~A~~2.AllDifferent~VA1~VA3", "VA3"),
        (".Var~A~~2.Thermo~VA1~R1C1~R1C2", "no grid cell"),
        (".Var~A~~1001", "more than 1000"),
        (".Var~A~x~2x17", "17 columns"),
    ],
)
def test_bad_groups_and_cells_are_one_line_errors(text: str, says: str) -> None:
    with pytest.raises(InputError) as err:
        parse_sigh(text)
    assert says in str(err.value) and "\n" not in str(err.value)


def test_extra_cells_are_counted_with_the_grid_as_sigh_counts_them() -> None:
    """Two extra cells that differ from r1c1 and r1c2: two ways on each of the 288 grids;
    a third extra cell that is the sum of r1c1 and r1c2 (at most 4): checked against
    every grid and every digit of the extra cells by the rules' direct checks."""
    text = ".Shape~4x4.Var~A~~2.Var~S.AllDifferent~VA1~VA2~R1C1~R1C2.Sum~0_=_1_1_-1~R1C1~R1C2~VS"
    (p,) = parse_sigh(text)
    expected = sorted(
        (*g, *e)
        for g in _grids4()
        for e in product(range(1, 5), repeat=3)
        if p.problem((*g, *e)) is None
    )
    assert len(expected) == 2 * sum(g[0] + g[1] <= 4 for g in _grids4()) > 0
    assert sorted(enumerate_solutions(p, 1000)) == expected
    with Session() as session:
        assert sorted(session.solutions(p, 1000)) == expected
    assert sorted(cpsat.solutions(p, 1000)) == expected
    assert ss.count(p, 1000) == len(expected)


def test_a_contradiction_in_the_extra_cells_is_no_solution() -> None:
    (p,) = parse_sigh(".Shape~4x4.Var~A~~2.Sum~0_=_1_1_-10_-1~R1C1~R1C2~VA1~VA2")
    assert ss.count(p, 2) == 0 and cpsat.solutions(p, 2) == []


def test_extra_cells_take_the_digits_given_to_them() -> None:
    (p,) = parse_sigh(".Shape~4x4.Var~A.~R1C1_2~VA_3.Sum~0_=_1_-1~R1C1~VA")
    assert p.grid[0] == 2 and ss.count(p, 2) == 0  # VA is 3, r1c1 is 2: they differ
    (q,) = parse_sigh(".Shape~4x4.Var~A.~R1C1_2~VA_2_3.Sum~0_=_1_-1~R1C1~VA")
    assert {s[16] for s in enumerate_solutions(q, 100)} == {2}


@pytest.mark.parametrize("case", REAL, ids=[c["origin"][:24] for c in REAL])
def test_real_puzzle_is_unique_with_its_published_solution(case: dict[str, object]) -> None:
    p = ss.parse(str(case["sigh"]))
    solution = tuple(int(ch) for ch in str(case["solution"]))
    assert p.extra and p.problem(solution) is None
    with Session() as session:
        verdict = session.unique(p)
    assert verdict.verdict == "unique" and case["expect"] == 1
    (found,) = verdict.solutions
    assert p.grid_part(found) == solution and p.problem(found) is None
    solved = ss.solve(p)
    assert solved is not None and solved.grid == solution
    assert _same(parse_sigh(to_sigh(p))[0], p)
    assert _same(ss.parse(dumps(p)), p)


def test_cp_sat_agrees_on_a_real_puzzle() -> None:
    """Letter Little Killer (five extra cells, two-digit sums): CP-SAT's one solution is
    the session's, extra cells and all (the others take CP-SAT 14 s to a minute)."""
    case = next(c for c in REAL if c["origin"].startswith("Letter Little Killer"))
    p = ss.parse(str(case["sigh"]))
    with Session() as session:
        assert cpsat.solutions(p, 2) == session.solutions(p, 2)


def test_the_cnf_numbers_the_extra_cells_after_the_grid() -> None:
    (p,) = parse_sigh(".Shape~4x4.Var~A~~2.AllDifferent~VA1~VA2~R1C1")
    f = encode_variant(p)
    assert "cells beyond the grid: VA2 = 4*17 + d" in f.comments()
    assert "auxiliaries" not in f.comments()[1] and f.nvars == 18 * 4
    assert [68 + d for d in range(1, 5)] in f.clauses  # VA2 holds a digit


def test_drawn_below_the_grid() -> None:
    (p,) = parse_sigh(".Shape~4x4.Var~A~~6.AllDifferent~VA1~VA2~R1C1")
    svg = p.svg()
    assert 'height="300"' in svg and svg.count(">VA") == 6  # 4 rows, a free row, 2 rows
    assert svg.count('fill="none" stroke="black"') == 6


def test_the_cli_prints_the_grid_and_refuses_a_bad_cell(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from sudoku_sat.cli import app

    case = next(c for c in REAL if c["origin"].startswith("Bates Motel"))
    path = tmp_path / "bates.txt"
    path.write_text(str(case["sigh"]) + "\n")
    run = CliRunner().invoke(app, ["solve", str(path), "--format", "sigh"])
    assert run.exit_code == 0 and run.output.strip() == case["solution"]
    run = CliRunner().invoke(app, ["unique", str(path)])
    assert run.exit_code == 0 and run.output.strip() == "unique"
    run = CliRunner().invoke(app, ["solve", str(path), "--json"])
    (record,) = json.loads(run.output)
    assert record["solution"] == case["solution"] and list(record["extra"]) == [
        f"VA{k}" for k in range(1, 9)
    ]
    path.write_text(".Var~A~~2.AllDifferent~VA1~VB1\n")
    run = CliRunner().invoke(app, ["unique", str(path)])
    assert run.exit_code == 2 and "VB1" in run.output and "Traceback" not in run.output


def test_why_and_redundant_count_the_extra_cells_too() -> None:
    """The selector formula gives the extra cells one digit each and blocks whole
    solutions: a reduced Bates Motel is checked unique by the second method as well."""
    from sudoku_sat.setting.members import selectable, structure
    from sudoku_sat.setting.oracle import Oracle

    case = next(c for c in REAL if c["origin"].startswith("Bates Motel"))
    p = ss.parse(str(case["sigh"]))
    assert [43 * 6 + d for d in range(1, 7)] in structure(p)  # VA8 holds a digit
    with Oracle(selectable(p)) as o:
        assert o.sat([]) and len(o.grid()) == p.cells
    assert ss.why(p).verdict == "unique"
    found = ss.redundant(p)
    assert found.removable and found.reduced is not None and ss.count(found.reduced, 2) == 1
