"""rate_variant, explain_variant (difficulty/variants.py) and minimize_puzzle on killer,
thermometer and arrow puzzles: ratings on the variant CNF's ladder, steps that name their
constraints and replay (each conclusion entailed by its premises, checked by PySAT), the
tagged formula equal to the encoder's, a minimized puzzle unique and minimal by CP-SAT."""

from __future__ import annotations

import random
import re

import pytest
from pysat.solvers import Solver
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.difficulty.explain import FAILED
from sudoku_sat.difficulty.variants import PROPAGATION, explain_variant, rate_variant
from sudoku_sat.errors import SolverError
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.thermometer import Thermometer
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.make import make, minimize_puzzle
from sudoku_sat.variants.origins import tagged_formula

KINDS = {"killer": ("killer", 4, 1), "thermometer": ("thermometer", 6, 2), "arrow": ("arrow", 6, 3)}
NAMES = {"killer": "killer cage", "thermometer": "thermometer", "arrow": "arrow"}
RULE_SETS = (
    *("x", "windoku", "anti-knight", "anti-king", "non-consecutive", "disjoint-groups"),
    *("jigsaw", "killer", "thermometer", "arrow", "kropki", "xv", "odd-even"),
)
"""The 13 rule sets of the model before issue 38, made at 6x6 (windoku is 9x9 only)."""


def puzzle(kind: str) -> Puzzle:
    rule, size, seed = KINDS[kind]
    return make(rule, size, random.Random(seed))[0]


def solutions(clauses: list[list[int]], nvars: int, cap: int = 3) -> int:
    with Solver(name="g4", bootstrap_with=clauses) as s:
        found = 0
        while found < cap and s.solve():
            found += 1
            s.add_clause([-lit for lit in s.get_model() or [] if 0 < lit <= nvars])
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_rate_variant_gives_a_rung(kind: str) -> None:
    rating = rate_variant(puzzle(kind))
    assert rating.status == "rated" and rating.level in ("singles", "fl", "fl2", "fl3", "search")


def test_rate_variant_reports_several_and_none() -> None:
    p = puzzle("killer")
    assert rate_variant(p.with_givens((0,) * 16).with_constraints(())).status == "multiple"
    assert rate_variant(p.with_givens((1, 1) + (0,) * 14)).status == "unsat"


@pytest.mark.parametrize("kind", KINDS)
def test_explain_variant_names_its_constraints_and_replays(kind: str) -> None:
    p = puzzle(kind)
    e = explain_variant(p)
    assert e.status == "solved" and e.size == p.size and 0 not in e.grid
    assert cpsat.is_solution(p, e.grid)
    named = [c for s in e.steps for c in s.constraints]
    assert any(c.startswith(NAMES[kind]) for c in named)
    assert all(re.search(r"r\d+c\d+|row|column|box", c) for c in named)
    formula = encode_variant(p, givens=False)
    with Solver(name="g4", bootstrap_with=formula.clauses) as s:
        for step in e.steps:
            assert step.rule in (PROPAGATION, FAILED)
            for conclusion in step.conclusions:
                assert not s.solve(assumptions=[*step.premises, -conclusion]), step


@pytest.mark.parametrize("kind", [k for k in RULE_SETS if k != "windoku"])
def test_tagged_formula_is_the_encoders(kind: str) -> None:
    made = make(kind, 6, random.Random(1))[0]
    p = made.with_givens((0,) * made.ncells)
    tagged, plain = tagged_formula(p), encode_variant(p, implied=False)
    assert len(tagged.clauses) == len(plain.clauses) == len(tagged.origin_of)
    n3 = p.size**3
    assert solutions(tagged.clauses, n3) == solutions(plain.clauses, n3)


def test_explain_refuses_a_puzzle_with_several_solutions() -> None:
    p = puzzle("thermometer")
    others = tuple(c for c in p.constraints if not isinstance(c, Thermometer))
    e = explain_variant(p.with_givens((0,) * p.ncells).with_constraints(others))
    assert e.status == "several solutions" and not e.steps


def test_minimize_puzzle_keeps_a_unique_minimal_subset() -> None:
    p = puzzle("killer")
    assert p.solution is not None
    full = p.with_givens(p.solution)
    made = minimize_puzzle(full, 7)
    assert all(g in (0, s) for g, s in zip(made.grid, p.solution, strict=True))
    assert cpsat.count(made, 2) == 1
    with pytest.raises(SolverError, match="several"):
        minimize_puzzle(p.with_givens((0,) * 16).with_constraints(()), 1)


def test_rate_and_explain_commands(tmp_path: object) -> None:
    text = "\n".join(dumps(puzzle(kind)) for kind in KINDS) + "\n"
    runner = CliRunner()
    rated = runner.invoke(app, ["rate", "-"], input=text)
    assert rated.exit_code == 0, rated.stderr
    lines = rated.stdout.splitlines()  # each puzzle's givens line and level, then the summary
    assert len(lines) == 4 and lines[3].startswith("# ")
    assert all(
        line.split("  ")[1].split()[0] in ("singles", "fl", "fl2", "fl3") for line in lines[:3]
    )
    told = runner.invoke(app, ["explain", "-"], input=text)
    assert told.exit_code == 0, told.stderr
    for kind in KINDS:
        assert NAMES[kind] in told.stdout
