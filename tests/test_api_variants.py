"""The API's one puzzle model (issue 32 item 1, issue 33): parse and read take every input
the command line reads, a Puzzle carries its rules, every function takes any puzzle, the
parameter names are the CLI's, and wrong arguments give the project's one-line errors."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import sudoku_sat as ss
from sudoku_sat.errors import GridError, InputError, UsageError
from sudoku_sat.variants.constraints.killer import Cage

ROOT = Path(__file__).resolve().parents[1]
KILLER = ROOT / "docs" / "data" / "killer-ukpa.json"
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SIX = {  # a 6x6 killer: 2x3 boxes, no box side
    "size": 6,
    "grid": [[{"value": 1}, {}, {}, {}, {}, {}]] + [[{} for _ in range(6)] for _ in range(5)],
    "killercage": [{"cells": ["R1C2", "R1C3"], "value": "5"}],
}


def rules(p: ss.Puzzle) -> object:
    """The puzzle's rules (and givens, solution), wherever it was read from."""
    assert p.constraints
    return replace(p, origin="")


def test_every_input_gives_one_puzzle_type() -> None:
    (k,) = ss.read(KILLER)
    text = KILLER.read_text()
    for again in (text, text.encode(), ss.to_fpuzzles(k).link, ss.to_fpuzzles(k).json):
        assert rules(ss.parse(again)) == rules(k)
    plain = ss.parse(ss.to_fpuzzles(ss.parse(CLASSIC)).json)  # givens only: a classic puzzle
    assert not plain.constraints and plain.rules == [] and str(plain) == CLASSIC


def test_global_rules_make_a_plain_grid_a_variant() -> None:
    blank = "." * 81
    assert ss.count(ss.parse(blank), cap=3) == 3
    for rule in ("anti-knight", ["x", "anti-king"]):
        p = ss.parse(blank, rule=rule)
        assert p.constraints and ss.count(p, cap=3) == 3
    assert ss.count(ss.parse(CLASSIC, rules=["anti-knight"]), cap=2) == 0
    with pytest.raises(UsageError, match=r"'sandwich': its clues come with .*\bx\b.*windoku"):
        ss.parse(blank, rule="sandwich")


def test_a_six_by_six_variant_answers_every_call(tmp_path: Path) -> None:
    p = ss.parse(json.dumps(SIX))
    assert (p.rules, p.n, p.size) == (["killer"], 0, 6)
    assert ss.count(p, cap=3) == 3 and not ss.is_unique(p)
    solved = ss.solve(p, method="pysat:m22")
    assert solved is not None and solved.constraints == p.constraints and 0 not in solved.grid
    assert ss.is_unique(solved) and sum(solved.grid[1:3]) == 5
    found = ss.candidates(p, counts=True, cap=2)
    assert found.digits[0] == (1,) and found.counts is not None
    assert set(found.digits[1]) == {2, 3}  # 5 = 2+3 or 1+4, and the 1 is in their row
    assert ss.encode(p).dimacs().startswith("c sudoku-sat variant 6x6: rules killer")
    refusal = ss.certify(p, tmp_path).refusal
    assert refusal is not None and refusal.kind == "several"
    assert refusal.reason == "several solutions"
    assert ss.certify(solved, tmp_path).files is not None


def test_variant_questions_refuse_classic_methods_and_options() -> None:
    (k,) = ss.read(KILLER)
    with pytest.raises(UsageError, match="'eup': eup reads classic grids only; .* take auto"):
        ss.count(k, method="eup")
    with pytest.raises(UsageError, match="one encoding"):
        ss.encode(k, encoding="minimal")
    with pytest.raises(UsageError, match="'eup': eup empties classic grids only; .* auto or pysat"):
        ss.minimize(k, method="eup")


def test_rate_explain_minimize_take_a_variant() -> None:
    """The API hands variants to the variant ladder, explainer and minimizer."""
    (k,) = ss.read(KILLER)
    assert ss.rate(k).status == "rated"
    explained = ss.explain(k)
    assert explained.status == "solved" and explained.grid == k.solution
    assert any("killer cage" in name for step in explained.steps for name in step.constraints)
    solved = ss.solve(k)
    assert solved is not None
    assert k.solution is not None
    full = k.with_givens(k.solution)
    made = ss.minimize(full, seed=1)
    assert made.of(Cage) == k.of(Cage) and made.of(Cage)
    assert sum(map(bool, made.grid)) < 81 and ss.is_unique(made)


CALLS: list[Callable[[Any], object]] = [
    ss.is_unique,
    ss.count,
    ss.solve,
    ss.candidates,
    ss.encode,
    ss.minimize,
    ss.rate,
    ss.explain,
    ss.to_fpuzzles,
]


@pytest.mark.parametrize("call", CALLS, ids=lambda c: c.__name__)
def test_a_string_where_a_puzzle_belongs_is_a_usage_error(call: Callable[[Any], object]) -> None:
    with pytest.raises(UsageError, match=f"^{call.__name__} takes a Puzzle .* not str$"):
        call(CLASSIC)


def test_bad_text_gives_one_line_errors() -> None:
    with pytest.raises(UsageError, match="not None"):
        ss.parse(None)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="read takes a path"):
        ss.read(None)  # type: ignore[arg-type]
    with pytest.raises(GridError, match="not UTF-8 text"):
        ss.parse(b"\xff\xfe")
    with pytest.raises(InputError, match="unsupported constraint 'fogofwar'"):
        ss.parse('{"size": 4, "grid": [[{}, {}, {}, {}]], "fogofwar": [1]}')
    with pytest.raises(UsageError, match="4x4 to 16x16, not 25x25"):
        ss.to_fpuzzles(ss.parse("." * 625))


def test_generate_speaks_the_cli_names() -> None:
    made = ss.generate(count=2, order=2, seed=4)
    assert len(made) == 2 and all(p.n == 2 and ss.is_unique(p) for p in made)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = ss.generate(k=2, n=2, seed=4)  # type: ignore[call-arg]
    assert old == made and "generate(count=)" in str(caught[0].message)
    with pytest.raises(UsageError, match="no parameter 'cap'"):
        ss.generate(cap=2)  # type: ignore[call-arg]
    with pytest.raises(UsageError, match="size is for puzzles with rules"):
        ss.generate(size=6)


def test_generate_makes_variant_puzzles_by_rule() -> None:
    pytest.importorskip("ortools")
    (p,) = ss.generate(rule="killer", size=4, seed=1)
    assert p.rules == ["killer"] and p.of(Cage)
    assert ss.is_unique(p) and ss.solve(p) is not None
    (p,) = ss.generate(rule="renban,killer", size=4, seed=1)  # as the CLI: comma-separated
    assert set(p.rules) == {"renban", "killer"} and ss.is_unique(p)


def test_generate_makes_puzzles_on_sigh_grids_as_the_cli_does() -> None:
    """shape and no_boxes are --shape and --no-boxes: the same puzzles from a seed."""
    pytest.importorskip("ortools")
    from typer.testing import CliRunner

    from sudoku_sat.cli import app
    from sudoku_sat.variants.sigh_write import to_sigh

    (p,) = ss.generate(shape="4x6", rule="killer", seed=1)
    assert (p.rows, p.cols, p.size) == (4, 6, 6) and p.of(Cage) and ss.is_unique(p)
    args = ["generate", "--shape", "4x6", "--rule", "killer", "--seed", "1"]
    assert CliRunner().invoke(app, args).output == to_sigh(p) + "\n"
    (q,) = ss.generate(no_boxes=True, size=5, seed=2)
    assert q.regions == tuple(tuple(range(r * 5, r * 5 + 5)) for r in range(5))
    with pytest.raises(UsageError, match="shape says the grid"):
        ss.generate(shape="4x6", size=6)


def test_fpuzzles_input_refuses_the_options_of_plain_grids_as_the_cli_does() -> None:
    text = KILLER.read_text()
    with pytest.raises(UsageError, match="^--order: "):
        ss.parse(text, order=3)
    with pytest.raises(UsageError, match="^--order: "):
        ss.read(KILLER, order=3)
    with pytest.raises(UsageError, match="^--alphabet: "):
        ss.parse(text, alphabet="1-9")
    assert ss.parse(text, rule="x").rules == ["killer", "x"]  # rules add to any puzzle
