"""Making puzzles of every rule of the constraint registry: each class's ``make`` draws
instances its grid satisfies (``constraints/_making`` and the classes), and generate
makes a unique puzzle, minimal in its givens by CP-SAT, of every rule alone and of
several at once (``variants/make.py``, ``generate --rule``)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from typer.testing import CliRunner

from sudoku_sat.arguments import split_names
from sudoku_sat.cli import app
from sudoku_sat.errors import UsageError
from sudoku_sat.variants.constraints import registry, rule_names
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.make import (
    base,
    check_kinds,
    check_minimal,
    kinds,
    make,
    random_solution,
)

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'variants' extra (make test: '.[test,all]')
    pytest.importorskip("ortools")


@cache
def grid(n: int, seed: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """A random full grid and its regions: boxes for even seeds, jigsaw pieces for odd."""
    rng = random.Random(seed)
    start = base(["jigsaw"] if seed % 2 else [], n, rng)
    solution = random_solution(start, rng)
    assert solution is not None
    return solution, start.regions


CLUE_KEYS = sorted(
    key
    for key, cls in registry().items()
    if not cls.drawn_first and not (cls.needs_cells_of or cls.cells_beyond(9))
)
"""The clue rules made from a grid's digits (a chaos arrow reads the regions solved for:
not made, ``test_chaos_rules_are_refused_by_generate``)."""


@pytest.mark.parametrize("key", CLUE_KEYS)
def test_made_instances_hold_on_their_grid(key: str) -> None:
    """Over sizes 6 and 9, boxes and jigsaw regions: some instances (the negative: none of
    its own; its marks make it), each of the class or the negative of its marks, each
    satisfied by the grid they were drawn from."""
    cls = registry()[key]
    for n in (6, 9):
        for seed in range(4):
            solution, regions = grid(n, seed)
            rng = random.Random(seed)  # a rule's classes are made together (kropki's dots)
            # a rule's classes (kropki's dots); a class of no rule name (the negative, an
            # option, a hint) on its own
            family = [k for k in registry().values() if cls.rule and k.rule == cls.rule] or [cls]
            made = [c for k in family for c in k.make(solution, n, regions, rng)]
            made = [c.settle(made) for c in made]
            assert any(type(c) is cls for c in made) or key == "negative", (n, seed)
            kinds = {*family, registry()["negative"]}
            assert all(type(c) in kinds and c.holds(solution, n) for c in made), (n, seed)


CLUE_RULES = [
    name
    for name in rule_names()
    if not any(cls.drawn_first for cls in registry().values() if cls.rule == name)
    and name not in ("x", "pencil-marks")
    and not any(
        k.needs_cells_of or k.cells_beyond(6) for k in registry().values() if k.rule == name
    )
]
"""The rules made from a solution's clues (the global ones are made before it)."""


@pytest.mark.parametrize("rule", CLUE_RULES)
def test_every_registry_rule_makes_unique_minimal_puzzles(rule: str) -> None:
    puzzle, solution = make(rule, 6, random.Random(1))
    assert {c.rule_of() for c in puzzle.constraints} == {rule}
    assert puzzle.solution == solution
    assert check_minimal(puzzle) is None  # CP-SAT counts it 1 first ("not unique" else)
    again = parse_variants(dumps(puzzle), "made")[0]  # written as f-puzzles reads it
    assert set(again.constraints) == set(puzzle.constraints)


def test_rules_combine_and_every_name_is_known() -> None:
    puzzle, _ = make(["renban", "killer", "whispers"], 6, random.Random(2))
    assert puzzle.of(Cage) and set(puzzle.rules) == {"renban", "killer", "whispers"}
    assert sum(c.rule == "renban" for c in puzzle.constraints) <= 2  # a third of 6 lines
    assert check_minimal(puzzle) is None
    assert kinds() == rule_names() and {"killer", "x", "renban", "jigsaw"} <= set(kinds())
    assert split_names(["killer,thermometer", "renban", "killer"]) == [
        "killer",
        "thermometer",
        "renban",
        "killer",
    ]
    with pytest.raises(UsageError) as caught:
        check_kinds(["renban", "nope"], 9)
    assert all(name in str(caught.value) for name in kinds())


def test_cli_generates_several_rules_at_once() -> None:
    args = ["generate", "--rule", "renban,killer", "-k", "1", "--size", "6", "--seed", "4"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("{")]
    (puzzle,) = parse_variants("\n".join(lines), "made")
    assert puzzle.of(Cage) and set(puzzle.rules) == {"killer", "renban"}
    assert check_minimal(puzzle) is None
    result = CliRunner().invoke(app, ["generate", "--rule", "renban,nope", "--size", "6"])
    assert result.exit_code == 2 and "unknown rule 'nope'" in result.output
    assert "zipper" in result.output and "odd-even" in result.output
    help_text = " ".join(CliRunner().invoke(app, ["generate", "--help"]).output.split())
    assert all(name in help_text for name in kinds())


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("doppelganger", "does not make its puzzles yet"),
        ("chaos-construction,killer", "chaos counts and arrows only"),
    ],
)
def test_rules_on_cells_beyond_the_grid_are_refused_by_generate(rules: str, said: str) -> None:
    """A doppelganger reads cells beyond the grid (its missing digits), a chaos
    construction is made with its own clues alone: generate says so in one line (exit 2)
    before any work (chaos constructions themselves: tests/test_make_chaos.py)."""
    result = CliRunner().invoke(app, ["generate", "--rule", rules, "--size", "6"])
    assert result.exit_code == 2 and said in result.output
    assert "Traceback" not in result.output
