"""Every constraint of the registry, checked on its puzzles in tests/data/constraints/
(and the real puzzles gathered there for the older rule sets: killers, arrows, ...):
the CNF's count (capped at 3, on one session) against the expected one; every grid found
checked by CP-SAT and by each constraint directly; for made puzzles against CP-SAT's count
too (a puzzle of several: its 3 distinct grids, each checked by CP-SAT, are the count),
for published ones against their published solution (CP-SAT takes up to 30 s to count a
hard real killer); the f-puzzles round trip and the drawing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.grid import Grid
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.model.svg import draw
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints import cell_registry, registry
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.solve import Session

DATA = Path(__file__).parent / "data" / "constraints"
CAP = 3


def _cases() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(DATA.glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                out.append((f"{path.stem}:{number}", json.loads(line)))
    return out


CASES = _cases()


def _names(case: dict, key: str) -> bool:
    """True when the case's puzzle uses key (under its own name or in the grid's cells)."""
    puzzle = case["puzzle"]
    if puzzle.get(key) not in (None, [], {}, "", False):
        return True
    return any(key in cell for row in puzzle["grid"] for cell in row)


UNPUBLISHED = {
    "cage": "no published digital-root cage puzzle found yet (2026-12-01)",
    "searchpriority": "a hint to sigh's solver: sigh's data (e373f98) holds no puzzle with one",
}
"""Keys with made puzzles only, and why: each one a gap to fill with a real puzzle."""


def test_every_key_has_puzzles() -> None:
    """Each key with a data file of its own has unique, several and no-solution cases;
    every key of the registry (the global rules, dots, negatives, jigsaw regions and
    pencil marks too) is in real published puzzles with their solutions."""
    keys = [*registry(), *cell_registry()]
    for key in keys:
        if (DATA / f"{key}.jsonl").exists():
            cases = [c for name, c in CASES if name.split(":")[0] == key]
            assert {0, 1, CAP} <= {c["expect"] for c in cases}, key
        used = [c for _, c in CASES if _names(c, key)]
        published = [c for c in used if "solution" in c["puzzle"] and c["expect"] == 1]
        assert published or key in BEYOND or key in UNPUBLISHED, key


def _sigh_keys(folder: str) -> set[str]:
    """The keys of the real puzzles of a folder of sigh's strings that are read."""
    out: set[str] = set()
    for path in sorted((DATA.parent / folder).glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if not line.startswith("{") or json.loads(line)["expect"] != 1:
                continue
            try:
                (p,) = parse_sigh(json.loads(line)["sigh"])
            except InputError:  # a rule not read on such grids yet (their tests say which)
                continue
            out |= {c.key for c in p.constraints}
    return out


BEYOND = _sigh_keys("extra") | _sigh_keys("shapes") | _sigh_keys("digits")
"""The keys of the real puzzles with cells beyond the grid (tests/data/extra), on other
shapes (tests/data/shapes) and digits from 0 (tests/data/digits): sigh's strings and their
published grids (tests/test_extra_cells.py, test_chaos.py, test_shapes.py,
test_zero_digits.py)."""


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    """One session for every case (as ``unique`` on a file of puzzles): each puzzle's
    clauses are retired after it, and the skeletons are loaded once, not once a case
    (every skeleton kept open: the cases' 49 skeletons, past ``Session.KEEP``, were
    loaded 120 times, 40% of this module's time)."""
    with Session() as shared:
        shared.KEEP = len(CASES)
        yield shared


def _cp_solutions(puzzle: Puzzle, grids: list[Grid]) -> list[bool]:
    """``cpsat.is_solution`` of each grid on one model of the puzzle: its cells' domains
    fixed to the grid's digits in turn (not the model built again a grid)."""
    from ortools.sat.python import cp_model

    m, x = cpsat.build(puzzle)
    domains = [m.proto.variables[v.index].domain for v in x]
    out = []
    for grid in grids:
        for domain, d in zip(domains, grid, strict=True):
            domain.clear()
            domain.extend((d, d))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        out.append(solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE))
    return out


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_puzzle(name: str, case: dict, session: Session) -> None:
    (puzzle,) = parse_variants(json.dumps(case["puzzle"]), name)
    assert puzzle.constraints or name.split(":")[0] not in registry(), name
    found = session.solutions(puzzle, CAP)
    assert len(found) == case["expect"], case["origin"]
    assert len(set(found)) == len(found)
    for grid in found:
        assert all(c.holds(grid, puzzle.size) for c in puzzle.constraints)
    if puzzle.solution is not None and case["expect"] == 1:
        # a published puzzle: its published solution is the independent answer (the one
        # grid found), which CP-SAT checks
        assert found == [puzzle.solution]
        assert cpsat.is_solution(puzzle, found[0])
    elif case["expect"] < CAP:  # made puzzles: CP-SAT enumerates every solution (its
        assert sorted(cpsat.solutions(puzzle, CAP)) == sorted(found)  # count, and the grids)
    else:  # CAP distinct grids, each checked by CP-SAT, are the count
        assert all(_cp_solutions(puzzle, found))
    (again,) = parse_variants(dumps(puzzle), name)
    assert again.constraints == puzzle.constraints
    svg = draw(puzzle)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


SKELETON_KEYS = sorted(
    k
    for k, cls in registry().items()
    if cls.steps or cls.orders or cls.pair_relations(9) or cls.cell_rule
)
"""The keys whose clauses lean on the session skeleton (steps, order literals, relations)."""


@pytest.mark.parametrize("key", SKELETON_KEYS)
def test_puzzles_solve_the_same_without_a_session(key: str) -> None:
    """Alone (the order literals and steps made by the puzzle's own clauses) each puzzle
    of the key counts as in ``test_puzzle`` (made ones: as CP-SAT counts), and a
    published puzzle gives its published solution."""
    from sudoku_sat.variants.solve import enumerate_solutions

    cases = [(n, c) for n, c in CASES if n.split(":")[0] == key]
    for name, case in cases:
        (puzzle,) = parse_variants(json.dumps(case["puzzle"]), name)
        found = enumerate_solutions(puzzle, CAP)
        assert len(found) == case["expect"], name
        if puzzle.solution is not None and case["expect"] == 1:
            assert found == [puzzle.solution], name
