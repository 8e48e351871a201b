"""``setting.why``: cores, fixes, equal cells and needed members, each compared with
CP-SAT (``variants.cpsat``) on small made puzzles and on real ones."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from xml.etree import ElementTree

import pytest

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.setting.members import reduced, selectable, with_given
from sudoku_sat.setting.why import why
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.make import kinds, make

cpsat = pytest.importorskip("sudoku_sat.variants.cpsat")
pytest.importorskip("ortools")
DATA = Path(__file__).parent / "data" / "constraints"


def classic(size: int, grid: tuple[int, ...]) -> Puzzle:
    return Puzzle(size, grid)


def with_total(p: Puzzle, k: int, total: int) -> Puzzle:
    """p with its k-th cage's total changed (no solution kept)."""
    old = p.of(Cage)[k]
    assert isinstance(old, Cage)
    new = replace(old, total=total)
    out = tuple(new if c is old else c for c in p.constraints)
    return replace(p.with_constraints(out), solution=None)


def real(stem: str, k: int = 0) -> Puzzle:
    """The k-th real puzzle of a rule's file."""
    lines = [x for x in (DATA / f"{stem}.jsonl").read_text().splitlines() if x.startswith("{")]
    case = json.loads(lines[k])
    (p,) = parse_variants(json.dumps(case["puzzle"]), f"{stem}:{k}")
    return p


def cp_count(p: Puzzle, cap: int = 2) -> int:
    return int(cpsat.count(replace(p, solution=None), cap))


def assert_minimal_core(p: Puzzle, names: list[str]) -> None:
    """The members named have no solution together (CP-SAT), and each is needed."""
    s = selectable(p)
    core = [i for i, m in enumerate(s.members) if m.name in names]
    assert len(core) == len(names)
    assert cp_count(reduced(s, core), 1) == 0
    for m in core:
        assert cp_count(reduced(s, [k for k in core if k != m]), 1) == 1


@pytest.mark.parametrize("size", [6, 9])
def test_a_killer_with_one_wrong_cage_total_has_that_cage_in_its_core(size: int) -> None:
    p = make("killer", 6, random.Random(6))[0] if size == 6 else real("killercage")
    every = p.of(Cage)
    cages = [k for k, c in enumerate(every) if isinstance(c, Cage) and c.total is not None]
    for k in cages:
        cage = every[k]
        assert isinstance(cage, Cage) and cage.total is not None
        bad = with_total(p, k, cage.total + 1)
        if cp_count(bad, 1) == 0:
            break
    else:
        pytest.fail("no cage total change left the puzzle without a solution")
    w = why(bad, method="cpsat")
    assert w.verdict == "none" and w.checked == "cp-sat"
    assert any(m.key == "killercage" and m.index == k + 1 for m in w.core)
    assert_minimal_core(bad, [m.name for m in w.core])


def test_the_smallest_core_is_no_larger_than_any_minimal_one_and_says_so() -> None:
    p = real("killercage")
    cage = p.of(Cage)[0]
    assert isinstance(cage, Cage) and cage.total is not None
    bad = with_total(p, 0, cage.total + 1)
    minimal = why(bad)
    smallest = why(bad, smallest=True)
    assert smallest.smallest and not minimal.smallest
    assert len(smallest.core) <= len(minimal.core)
    assert_minimal_core(bad, [m.name for m in smallest.core])
    assert "a smallest set" in smallest.lines()[0] and "a minimal set" in minimal.lines()[0]


def test_a_wrong_given_of_a_classic_grid_is_named_in_the_core() -> None:
    line = "700000400020070080003008009000500300060020090001007006000300900030040060009001006"
    p = classic(9, tuple(int(ch) for ch in line))
    w = why(p)
    assert w.verdict == "none" and w.checked == "exact-cover search"
    assert {m.key for m in w.core} == {"given"}
    assert "given 6 at r9c9" in [m.name for m in w.core]
    assert w.record()["core"][0] == {"key": "given", "cell": "r6c9", "digit": 6}
    assert_minimal_core(p, [m.name for m in w.core])


@pytest.mark.parametrize("size", [6, 9])
def test_each_fix_of_a_puzzle_with_a_dropped_given_is_unique_by_cp_sat(size: int) -> None:
    p, solution = make("thermometer", size, random.Random(size))
    cells = [c for c, d in enumerate(p.grid) if d]
    dropped = p.with_givens(tuple(0 if c == cells[0] else d for c, d in enumerate(p.grid)))
    w = why(dropped, equal=True, method="cpsat")
    assert w.verdict == "several" and len(w.solutions) == 2
    assert w.differ and all(w.solutions[0][c] != w.solutions[1][c] for c in w.differ)
    assert (cells[0], solution[cells[0]]) in {(f.cell, f.digit) for f in w.fixes}
    for f in w.fixes:
        assert cp_count(with_given(dropped, f.cell, f.digit)) == 1
    every = cpsat.solutions(replace(dropped, solution=None), 500)
    assert len(every) < 500
    fixes = {
        (c, d)
        for c in range(dropped.ncells)
        for d in range(1, size + 1)
        if sum(g[c] == d for g in every) == 1 and len({g[c] for g in every}) > 1
    }
    assert {(f.cell, f.digit) for f in w.fixes} == fixes
    free = [c for c in range(dropped.ncells) if len({g[c] for g in every}) > 1]
    equal = [(a, b) for a, b in combinations(free, 2) if all(g[a] == g[b] for g in every)]
    assert list(w.equal or ()) == equal


def test_limit_lists_the_first_fixes_and_says_they_are_not_all() -> None:
    line = "000000400020070080003008009000500300060020090001007006000300900030040060009001005"
    p = classic(9, tuple(int(ch) for ch in line))
    every = why(p)
    first = why(p, limit=2)
    assert first.fixes == every.fixes[:2] and not first.fixes_all and every.fixes_all
    assert "the first ones" in "\n".join(first.lines())


def test_needed_names_exactly_the_members_without_which_there_are_several() -> None:
    p, _ = make("arrow", 6, random.Random(3))
    w = why(p, needed_too=True, method="cpsat")
    assert w.verdict == "unique" and w.needed is not None
    s = selectable(p)
    everyone = range(len(s.members))
    expected = [
        s.members[m].name
        for m in everyone
        if cp_count(reduced(s, [k for k in everyone if k != m])) == 2
    ]
    assert [m.name for m in w.needed] == expected
    assert why(p).needed is None and why(p).lines() == ["unique"]


def test_the_answers_draw_themselves() -> None:
    line = "700000400020070080003008009000500300060020090001007006000300900030040060009001006"
    none = why(classic(9, tuple(int(ch) for ch in line)))
    several = why(classic(9, (0,) + tuple(int(ch) for ch in line[1:-1]) + (5,)), limit=3)
    for answer, words in ((none, "given 6 at r9c9"), (several, "several")):
        svg = answer._repr_svg_()
        ElementTree.fromstring(svg)
        assert words in svg
    assert "#c6dcf5" in several.svg() and "#f4b4b4" in none.svg()


def test_the_api_answers_with_the_command_line_s_words() -> None:
    import sudoku_sat as ss

    line = "000000400020070080003008009000500300060020090001007006000300900030040060009001005"
    w = ss.why(ss.parse(line), limit=2)
    assert type(w).__name__ == "Why" and w.verdict == "several"
    assert [str(f) for f in w.fixes] == ["5 at r1c1", "7 at r1c1"]
    assert w.record()["fixes"] == [{"cell": "r1c1", "digit": 5}, {"cell": "r1c1", "digit": 7}]
    r = ss.redundant(ss.parse("7" + line[1:]))
    assert r.verdict == "unique" and not r.removable and r.keep
    with pytest.raises(AttributeError):
        w.verdict = "none"  # type: ignore[misc]


def test_the_minimal_core_hands_over_a_witness_for_each_member_it_keeps() -> None:
    """Each call of the deletion that kept a member solved the others: that solution is
    the member's witness (checked here on the rules alone), so why does not solve for it
    again."""
    from sudoku_sat.setting.cores import minimal_core
    from sudoku_sat.setting.oracle import Oracle

    p = real("killercage")
    cage = p.of(Cage)[0]
    assert isinstance(cage, Cage) and cage.total is not None
    bad = with_total(p, 0, cage.total + 1)
    s = selectable(bad)
    found: dict[int, tuple[int, ...]] = {}
    with Oracle(s) as o:
        core = minimal_core(o, list(range(len(s.members))), found)
        calls = o.calls
    assert core and sorted(found) == core
    for m, grid in found.items():
        assert reduced(s, [k for k in core if k != m]).problem(grid) is None
        assert reduced(s, core).problem(grid) is not None
    assert calls <= 1 + len(s.members)  # one call a member at most, and the first


@pytest.mark.parametrize("kind", kinds())
def test_cores_and_fixes_agree_with_cp_sat_on_a_made_puzzle_of_every_rule(kind: str) -> None:
    """On a made puzzle of each rule set (unique and minimal): one blank filled wrongly
    gives no solution, and the core is a set CP-SAT finds without one, each member
    needed, the wrong given among them; one member dropped gives several, and the fixes
    are exactly the givens that CP-SAT's whole list of solutions makes unique."""
    size = 9 if kind == "windoku" else 6
    p, solution = make(kind, size, random.Random(7))
    cell = next(c for c, d in enumerate(p.grid) if not d)
    digit = solution[cell] % size + 1
    bad = replace(p.with_givens(tuple(digit if c == cell else d for c, d in enumerate(p.grid))))
    w = why(replace(bad, solution=None))
    assert w.verdict == "none"
    wrong = {"key": "given", "cell": f"r{cell // size + 1}c{cell % size + 1}", "digit": digit}
    assert wrong in [m.record() for m in w.core]
    s = selectable(bad)
    core = [i for i, m in enumerate(s.members) if m in set(w.core)]
    assert len(core) == len(w.core) and cp_count(reduced(s, core), 1) == 0
    for m in core:
        assert cp_count(reduced(s, [k for k in core if k != m]), 1) == 1
    s = selectable(p)
    everyone = range(len(s.members))
    givens = [i for i in everyone if s.members[i].key == "given"]  # each needed: the maker
    loose = reduced(s, [])  # took away every given it could; with none, the first member
    for drop in [*givens, *everyone]:  # whose loss leaves several (else: all of them)
        fewer = reduced(s, [i for i in everyone if i != drop])
        if cp_count(fewer) == 2:
            loose = fewer
            break
    grids = cpsat.solutions(replace(loose, solution=None), 257)
    several = why(replace(loose, solution=None))
    assert several.verdict == "several" and len(grids) >= 2
    assert all(g in grids for g in several.solutions)
    if len(grids) <= 256:
        once = {(c, g[c]) for g in grids for c in range(len(g))}
        exact = sorted(k for k in once if sum(g[k[0]] == k[1] for g in grids) == 1)
        assert [(f.cell, f.digit) for f in several.fixes] == exact and several.fixes_all
