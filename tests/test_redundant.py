"""``setting.redundant`` on made puzzles of every rule set and on real ones: what it
says can go, and the set it keeps, compared with CP-SAT; and ``why`` on a real puzzle of
every registry constraint made wrong by one given."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.setting.members import reduced, selectable
from sudoku_sat.setting.redundant import redundant
from sudoku_sat.setting.why import why
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.make import kinds, make

pytest.importorskip("ortools")
from sudoku_sat.variants import cpsat  # noqa: E402

DATA = Path(__file__).parent / "data" / "constraints"
KINDS = kinds()
REGISTRY_STEMS = sorted(
    p.stem for p in DATA.glob("*.jsonl") if p.stem not in ("classic", "killercage", "arrow")
)


def first_real(stem: str) -> Puzzle:
    for line in (DATA / f"{stem}.jsonl").read_text().splitlines():
        if line.startswith("{"):
            case = json.loads(line)
            if case["expect"] == 1:
                (p,) = parse_variants(json.dumps(case["puzzle"]), stem)
                return p
    raise AssertionError(f"no unique puzzle in {stem}")


def cp_count(p: Puzzle, cap: int = 2) -> int:
    return cpsat.count(replace(p, solution=None), cap)


@pytest.fixture
def cp_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """CP-SAT asked each question once in the test: ``redundant``'s second method (``cpsat``)
    counts the reduced puzzle and the puzzle less each member it keeps, which the test
    counts again (a fifth of its CP-SAT runs); the same puzzle and cap give the answer
    CP-SAT gave the first time."""
    done: dict[tuple[Puzzle, int, bool], list[tuple[int, ...]]] = {}
    solve = cpsat.solutions

    def once(
        puzzle: Puzzle, cap: int, seconds: float = 60.0, lean: bool = False
    ) -> list[tuple[int, ...]]:
        key = (replace(puzzle, solution=None, origin=""), cap, lean)
        if key not in done:
            done[key] = solve(puzzle, cap, seconds, lean)
        return list(done[key])

    monkeypatch.setattr(cpsat, "solutions", once)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.usefixtures("cp_once")
def test_removable_and_keep_agree_with_cp_sat_on_a_made_puzzle(kind: str) -> None:
    size = 9 if kind == "windoku" else 6
    p, solution = make(kind, size, random.Random(5))
    p = p.with_givens(tuple(solution[c] if c % 5 == 0 else d for c, d in enumerate(p.grid)))
    r = redundant(p, method="cpsat")
    assert r.verdict == "unique" and r.checked == "cp-sat"
    s = selectable(p)
    everyone = range(len(s.members))
    removable = [
        s.members[m] for m in everyone if cp_count(reduced(s, [k for k in everyone if k != m])) == 1
    ]
    assert list(r.removable) == removable
    assert r.reduced is not None and cp_count(r.reduced) == 1
    kept = [i for i, m in enumerate(s.members) if m in set(r.keep)]
    for m in kept:
        assert cp_count(reduced(s, [k for k in kept if k != m])) == 2


def test_the_reduced_real_puzzle_is_unique_by_cp_sat_and_reads_back() -> None:
    p = first_real("littlekillersum")
    r = redundant(p)
    assert r.verdict == "unique" and r.removable and len(r.keep) < r.total
    assert r.reduced is not None
    (again,) = parse_variants(dumps(r.reduced), "reduced")
    assert cp_count(again) == 1 and again.solution is not None
    assert len(selectable(again).members) == len(r.keep)
    record = r.record()
    assert set(record) == {"verdict", "removable", "keep", "checked"}
    assert {"key", "index", "cells", "value"} <= set(record["keep"][0])


def test_a_puzzle_with_several_solutions_has_nothing_redundant() -> None:
    p = first_real("thermometer")
    r = redundant(p.with_givens((0,) * p.ncells))
    assert r.verdict == "several" and not r.removable and r.reduced is None
    assert r.lines() == ["several: only a unique puzzle has members to spare"]


@pytest.mark.parametrize("stem", REGISTRY_STEMS)
def test_a_wrong_given_is_in_the_core_on_every_registry_rule(stem: str) -> None:
    p = first_real(stem)
    solution = p.solution or cpsat.solutions(replace(p, solution=None), 1)[0]  # published
    cell = next(c for c, d in enumerate(p.grid) if not d)
    digit = 1 if solution[cell] != 1 else 2
    bad = replace(p.with_givens(tuple(digit if c == cell else d for c, d in enumerate(p.grid))))
    w = why(replace(bad, solution=None))
    assert w.verdict == "none"
    assert {
        "key": "given",
        "cell": f"r{cell // p.size + 1}c{cell % p.size + 1}",
        "digit": digit,
    } in [m.record() for m in w.core]
    s = selectable(bad)
    core = [i for i, m in enumerate(s.members) if m in set(w.core)]
    assert cp_count(reduced(s, core), 1) == 0


def test_white_dots_under_non_consecutive_stay_with_the_structure() -> None:
    from sudoku_sat.model.geometry import orthogonal_pairs
    from sudoku_sat.setting.oracle import Oracle
    from sudoku_sat.setting.questions import Pool
    from sudoku_sat.variants.constraints.kropki import WhiteDot
    from sudoku_sat.variants.constraints.nonconsecutive import NonConsecutive

    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    dots = tuple(
        WhiteDot((a, b), 1) for a, b in orthogonal_pairs(4) if abs(solution[a] - solution[b]) == 1
    )
    givens = tuple(d if c in (0, 5, 10) else 0 for c, d in enumerate(solution))
    rules = (NonConsecutive(), *dots)
    p = Puzzle(4, givens, constraints=tuple(c.settle(rules) for c in rules))
    s = selectable(p)
    assert [m.key for m in s.members] == ["nonconsecutive", "given", "given", "given"]
    with Oracle(s) as o:
        found = Pool(o, list(range(len(s.members)))).first(3)
    assert sorted(found) == sorted(cpsat.solutions(p, 3))
    r = redundant(p, method="cpsat")
    assert r.reduced is not None and tuple(r.reduced.of(WhiteDot)) == dots
    assert cp_count(r.reduced) == 1
