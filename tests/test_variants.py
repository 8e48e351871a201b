"""Variant puzzles: the f-puzzles reader, the CNF against the CP-SAT oracle on every rule,
true candidates against enumeration, minimal puzzles, and the CLI on JSON and links."""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError
from sudoku_sat.model.builder import SUM_ENCODINGS
from sudoku_sat.model.geometry import default_regions, orthogonal_pairs
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints import rules
from sudoku_sat.variants.constraints._marks import Negative
from sudoku_sat.variants.constraints.antiknight import AntiKnight
from sudoku_sat.variants.constraints.arrow import Arrow
from sudoku_sat.variants.constraints.diagonal import DiagonalMinus, DiagonalPlus
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.constraints.kropki import BlackDot, WhiteDot
from sudoku_sat.variants.constraints.odd_even import Even, Odd
from sudoku_sat.variants.constraints.pencil import PencilMarks
from sudoku_sat.variants.constraints.thermometer import Thermometer
from sudoku_sat.variants.constraints.xv import XV
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps, link
from sudoku_sat.variants.make import kinds, make
from sudoku_sat.variants.solve import count, enumerate_solutions, unique
from sudoku_sat.variants.true_candidates import candidates

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'variants' extra (make test: '.[test,all]')
    pytest.importorskip("ortools")
    pytest.importorskip("lzstring")

KINDS = (
    *("x", "windoku", "anti-knight", "anti-king", "non-consecutive", "disjoint-groups"),
    *("jigsaw", "killer", "thermometer", "arrow", "kropki", "xv", "odd-even"),
)
"""The 13 rule sets of the model before issue 38 (each made and solved here)."""
CASES = [(k, 4) for k in KINDS if k not in ("windoku", "anti-king", "non-consecutive")]
CASES += [(k, 6) for k in KINDS if k != "windoku"] + [("windoku", 9), ("killer", 9), ("arrow", 9)]


@cache
def made(kind: str, size: int, seed: int = 1) -> Puzzle:
    """The puzzle make draws with the seed (once a process: a Puzzle is frozen)."""
    return make(kind, size, random.Random(seed))[0]


def test_every_rule_of_the_registry_is_made() -> None:
    assert kinds() == list(rules()) and set(KINDS) <= set(kinds())  # generate makes every rule


@pytest.mark.parametrize(("kind", "size"), CASES)
def test_unique_several_and_contradictory_agree_with_cp_sat(kind: str, size: int) -> None:
    puzzle = made(kind, size)
    assert count(puzzle, 5) == cpsat.count(puzzle, 5) == 1
    assert unique(puzzle).solutions[0] == puzzle.solution
    blank = puzzle.with_givens((0,) * puzzle.ncells)
    assert count(blank, 30) == cpsat.count(blank, 30) >= 1
    some = next(c for c, v in enumerate(puzzle.grid) if v) if any(puzzle.grid) else 0
    wrong = list(puzzle.grid)
    wrong[some] = puzzle.solution[some] % size + 1  # type: ignore[index]
    bad = puzzle.with_givens(tuple(wrong))
    assert count(bad, 30) == cpsat.count(bad, 30)


@cache
def loose(kind: str, seed: int) -> tuple[Puzzle, int]:
    """The made 6x6 puzzle with no givens, and CP-SAT's count of it to 40 (once, not once
    a sum encoding)."""
    p = made(kind, 6, seed).with_givens((0,) * 36)
    return p, cpsat.count(p, 40)


@pytest.mark.parametrize("sums", SUM_ENCODINGS)
@pytest.mark.parametrize("kind", ["killer", "arrow"])
def test_sum_encodings_agree(kind: str, sums: str) -> None:
    for seed in range(3):
        puzzle, expected = loose(kind, seed)
        assert count(puzzle, 40, sums=sums) == expected


def test_two_cell_circle_reads_as_a_number() -> None:
    p = Puzzle(9, (0,) * 81, constraints=(Arrow((0, 1), (9, 10, 11, 12, 20)),))
    assert sorted(map(tuple, [s[:2] for s in enumerate_solutions(p, 20)])) != []
    assert count(p, 20) == cpsat.count(p, 20)


def test_minimal_puzzles_are_minimal_by_cp_sat() -> None:
    puzzle = made("killer", 6, 3)
    for c, v in enumerate(puzzle.grid):
        if v:
            fewer = list(puzzle.grid)
            fewer[c] = 0
            assert cpsat.count(puzzle.with_givens(tuple(fewer)), 2) == 2
    for k, cage in enumerate(puzzle.constraints):
        if isinstance(cage, Cage) and cage.total is not None:
            cages = list(puzzle.constraints)
            cages[k] = Cage(cage.cells, None)
            assert cpsat.count(puzzle.with_constraints(tuple(cages)), 2) == 2


@pytest.mark.parametrize("first", [2000, 1])  # counts from one enumeration, or per candidate
@pytest.mark.parametrize("kind", ["killer", "anti-knight", "kropki", "thermometer", "x"])
def test_candidates_equal_enumeration(
    kind: str, first: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sudoku_sat.variants.true_candidates.ENUMERATE_FIRST", first)
    puzzle = made(kind, 6, 2)
    for drop in range(6):  # remove givens until there are a few solutions
        kept = [c for c, v in enumerate(puzzle.grid) if v]
        loose = puzzle.with_givens(
            tuple(0 if c in kept[: drop + 1] else v for c, v in enumerate(puzzle.grid))
        )
        if 2 <= count(loose, 200) < 200:
            break
    every = cpsat.solutions(loose, 200)
    found = candidates(loose, cap=500)
    for c in range(36):
        assert found.digits[c] == tuple(sorted({s[c] for s in every}))
        for d in found.digits[c]:
            assert found.counts is not None
            assert found.counts[(c, d)] == sum(1 for s in every if s[c] == d)


def test_candidates_of_a_contradiction_are_empty() -> None:
    p = Puzzle(4, (1, 1) + (0,) * 14)
    result = candidates(p)
    assert not result.solvable and all(d == () for d in result.digits)


FULL = {
    "size": 6,
    "title": "every key",
    "author": "tests",
    "ruleset": "words",
    "solution": [],
    "highlightConflicts": True,
    "text": [{"cells": ["R1C1"], "value": "hi"}],
    "grid": [
        [{"value": 1, "given": True, "centerPencilMarks": [1], "c": "#fff"}, {}, {}, {}, {}, {}],
        [{}, {"value": 3, "given": False}, {}, {}, {}, {"givenPencilMarks": [2, 4]}],
        *[[{} for _ in range(6)] for _ in range(4)],
    ],
    "diagonal+": True,
    "antiknight": False,
    "killercage": [{"cells": ["R6C1", "R6C2"], "value": "7"}, {"cells": ["R5C1"]}],
    "thermometer": [{"lines": [["R3C1", "R3C2", "R3C3"]]}],
    "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R4C5", "R4C6"]]}],
    "difference": [{"cells": ["R1C2", "R1C3"]}],
    "ratio": [{"cells": ["R2C2", "R3C2"], "value": "3"}],
    "xv": [{"cells": ["R5C5", "R5C6"], "value": "V"}],
    "odd": [{"cell": "R6C6"}],
    "even": [{"cell": "R6C5"}],
    "negative": ["xv"],
}


def test_reader_takes_every_supported_key_and_passes_over_the_rest() -> None:
    (p,) = parse_variants(json.dumps(FULL), "full.json")
    assert p.size == 6 and p.grid[0] == 1 and p.grid[7] == 0
    assert p.of(DiagonalPlus) == [DiagonalPlus()] and not p.of(DiagonalMinus)
    assert not p.of(AntiKnight) and p.regions == default_regions(6)
    assert p.of(Cage) == [Cage((30, 31), 7), Cage((24,), None)]
    assert p.of(Thermometer) == [Thermometer((12, 13, 14))]
    assert p.of(Arrow) == [Arrow((21,), (22, 23))]
    assert p.of(WhiteDot) == [WhiteDot((1, 2), 1)] and p.of(BlackDot) == [BlackDot((7, 13), 3)]
    assert p.of(XV) == [XV((28, 29), 5)]
    assert p.of(Odd) == [Odd(35)] and p.of(Even) == [Even(34)]
    assert p.of(PencilMarks) == [PencilMarks(11, (2, 4))]
    negatives = p.of(Negative)
    assert [(n.kind, n.values) for n in negatives] == [("xv", (5, 10))]  # type: ignore[attr-defined]
    assert len(p.constraints) == 12
    again = parse_variants(dumps(p), "again")[0]
    assert (again.size, again.grid, again.solution) == (p.size, p.grid, p.solution)
    assert sorted(map(repr, again.constraints)) == sorted(map(repr, p.constraints))


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"size": 4,\n "grid": [],\n "nosuchkey": [{"cell": "R1C1"}]}', "x.json:3: "),
        ('{"size": 4,\n "grid": [[{}]]}', "x.json:2: "),
        ('{"size": 4,\n "grid": [[{},\n', "x.json:2:15: malformed JSON"),
        ('{"size": 3, "grid": []}', "x.json:1: "),
    ],
)
def test_refusals_name_file_line_and_key(text: str, where: str) -> None:
    with pytest.raises(InputError) as err:
        parse_variants(text, "x.json")
    assert str(err.value).startswith(where)


def test_unsupported_key_is_named() -> None:
    with pytest.raises(InputError, match="unsupported constraint 'nosuchkey'"):
        parse_variants('{"size":4,"grid":[],"nosuchkey":[{"x":1}]}', "x.json")


def test_links_and_lines_read_like_files() -> None:
    puzzles = [made(k, 6, 4) for k in ("killer", "xv", "jigsaw")]
    text = "\n".join([link(puzzles[0]), "# comment", dumps(puzzles[1]), link(puzzles[2])])
    read = parse_variants(text, "links.txt")
    assert [(r.grid, Counter(r.constraints), r.solution) for r in read] == [
        (p.grid, Counter(p.constraints), p.solution) for p in puzzles
    ]  # the constraints in any order
    assert [r.origin for r in read] == ["links.txt:1", "links.txt:3", "links.txt:4"]


@pytest.mark.parametrize("kind", KINDS)
def test_encode_solutions_on_grid_variables_are_the_puzzles(tmp_path: Path, kind: str) -> None:
    from pysat.formula import CNF
    from pysat.solvers import Solver

    size = 9 if kind == "windoku" else 6
    puzzle = made(kind, size, 5)
    path = tmp_path / "p.json"
    path.write_text(dumps(puzzle))
    result = CliRunner().invoke(app, ["encode", str(path), "-o", str(tmp_path / "p.cnf")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "p.cnf").read_text()
    assert f"rules {kind}" in text and f"{size}x{size}" in text
    clauses = CNF(from_file=str(tmp_path / "p.cnf")).clauses
    with Solver(name="m22", bootstrap_with=clauses) as s:  # not the library's solver
        assert s.solve()
        grid = [0] * size * size
        for lit in s.get_model():
            if 0 < lit <= size**3:
                grid[(lit - 1) // size] = (lit - 1) % size + 1
        assert tuple(grid) == puzzle.solution and cpsat.is_solution(puzzle, tuple(grid))
        s.add_clause([-(c * size + d) for c, d in enumerate(grid)])
        assert not s.solve()  # the only solution on variables 1..N**3
    assert len(encode_variant(puzzle).clauses) == int(text.split("p cnf ")[1].split()[1])


def test_cli_unique_on_json_and_links(tmp_path: Path) -> None:
    puzzles = [made(k, 6, 6) for k in KINDS if k != "windoku"] + [made("windoku", 9)]
    (tmp_path / "links.txt").write_text("\n".join(link(p) for p in puzzles) + "\n")
    result = CliRunner().invoke(app, ["unique", str(tmp_path / "links.txt"), "--json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.output)
    assert [r["verdict"] for r in records] == ["unique"] * len(KINDS)
    assert all(r["matches_solution"] for r in records)
    assert sorted(r["rules"][-1] for r in records) == sorted(KINDS)
    one = tmp_path / "one.json"
    one.write_text(json.dumps(json.loads(dumps(puzzles[7])), indent=2))
    result = CliRunner().invoke(app, ["unique", str(one)])
    assert (result.exit_code, result.output.strip()) == (0, "unique (the file's solution)")


def test_cli_rule_option_and_bad_input(tmp_path: Path) -> None:
    grid = "." * 81
    result = CliRunner().invoke(
        app, ["count", "-", "--rule", "anti-knight", "--cap", "5"], input=grid
    )
    assert result.output.strip() == ">=5"
    bad = tmp_path / "bad.json"
    bad.write_text('{"size": 4,\n "grid": [],\n "nosuchkey": [{"lines": []}]}')
    result = CliRunner().invoke(app, ["unique", str(bad)])
    assert (
        result.exit_code == 2 and "bad.json:3: unsupported constraint 'nosuchkey'" in result.output
    )
    result = CliRunner().invoke(app, ["count", "-", "--rule", "nope"], input=grid)
    assert result.exit_code == 2


def test_one_session_over_mixed_puzzles_agrees_with_cp_sat() -> None:
    from sudoku_sat.variants.solve import Session

    kinds = [k for k in KINDS if k != "windoku"]
    puzzles = [made(k, 6, s) for s in (1, 2) for k in kinds]
    loose = [p.with_givens((0,) * 36) for p in puzzles]
    with Session() as session:
        session.REFRESH = 5  # replace solvers within the run too
        for p, q in zip(puzzles, loose, strict=True):
            assert session.unique(p).solutions == (p.solution,)
            assert len(session.solutions(q, 25)) == cpsat.count(q, 25)


@pytest.mark.parametrize("spent_after", [0, 1])
def test_a_puzzle_past_the_session_budget_is_solved_alone(spent_after: int) -> None:
    """Past Session.BUDGET conflicts a puzzle starts again on a solver of its own (at
    once, or after its first solution on the shared solver): the same answers, and the
    shared solver goes on with the next puzzle."""
    from sudoku_sat.variants.solve import Session

    class Spent(Session):
        calls = 0

        def _budgeted(self, s, assume, can_stop, budget):  # type: ignore[no-untyped-def]
            Spent.calls += 1
            return (
                None
                if Spent.calls > spent_after
                else super()._budgeted(s, assume, can_stop, budget)
            )

    kinds = ["killer", "arrow", "kropki", "odd-even", "jigsaw"]
    for p in [made(k, 6, 2) for k in kinds]:
        some = [p, p.with_givens((0,) * 36)]
        if any(p.grid):
            wrong = list(p.grid)
            c = next(c for c, v in enumerate(wrong) if v)
            wrong[c] = wrong[c] % 6 + 1
            some.append(p.with_givens(tuple(wrong)))
        for q in some:
            with Spent() as session:
                Spent.calls = 0
                found = session.solutions(q, 5)
                assert len(found) == len(set(found)) == cpsat.count(q, 5)
                assert all(cpsat.is_solution(q, g) for g in found)
                Spent.calls = -100  # the shared solver again
                assert len(session.solutions(q, 5)) == len(found)


def test_nonconsecutive_leaves_white_dot_pairs_free() -> None:
    """f-puzzles' nonconsecutive with white dots is its negative white-dot constraint: a
    dotted pair differs by 1, every other neighbour pair does not (each solution checked
    directly; the count against CP-SAT)."""
    from sudoku_sat.variants.solve import enumerate_solutions

    rows = ["123456", "456123", "231564", "564231", "312645", "645312"]
    grid = [int(v) for row in rows for v in row]
    dotted = {(x, y) for x, y in orthogonal_pairs(6) if abs(grid[x] - grid[y]) == 1}
    names = [[f"R{k // 6 + 1}C{k % 6 + 1}" for k in pair] for pair in sorted(dotted)]
    blank = ",".join(["[" + ",".join(["{}"] * 6) + "]"] * 6)
    text = (
        f'{{"size":6,"grid":[{blank}],"nonconsecutive":true,'
        f'"difference":{json.dumps([{"cells": c} for c in names])}}}'
    )
    (p,) = parse_variants(text, "x.json")
    found = enumerate_solutions(p, 20)
    assert len(found) == cpsat.count(p, 20) > 0
    for g in found:
        for x, y in orthogonal_pairs(6):
            assert (abs(g[x] - g[y]) == 1) == ((x, y) in dotted)


def test_marks_are_made_all_given_with_their_negative() -> None:
    """Kropki and XV puzzles are made with every mark and the negative constraint that
    says so (as before issue 38); both rules at once keep both kinds of marks."""
    kinds = {n.kind for n in made("kropki", 6, 3).of(Negative)}  # type: ignore[attr-defined]
    assert kinds == {"difference", "ratio"}
    assert {n.kind for n in made("xv", 6, 3).of(Negative)} == {"xv"}  # type: ignore[attr-defined]
    both, solution = make(["kropki", "xv"], 6, random.Random(4))
    assert both.of(WhiteDot) and both.of(XV) and len(both.of(Negative)) == 3
    assert all(c.holds(solution, 6) for c in both.constraints)
    assert cpsat.count(both, 2) == 1 and cpsat.is_solution(both, solution)
