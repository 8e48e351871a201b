"""Every constraint of the registry, checked on its puzzles in tests/data/constraints/
(and the real puzzles gathered there for the older rule sets: killers, arrows, ...):
the CNF's count (capped at 3) against the expected one and CP-SAT's, the published
solution found and satisfying each constraint directly, the f-puzzles round trip, the
drawing, and a malformed item refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints import registry
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.solve import Session
from sudoku_sat.variants.svg import draw

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


def test_every_key_has_puzzles() -> None:
    """Each registered key has a data file, with unique, several and no-solution cases."""
    for key in registry():
        expects = {c["expect"] for name, c in CASES if name.split(":")[0] == key}
        assert {0, 1, CAP} <= expects or {0, CAP} <= expects, key


@pytest.mark.parametrize("name,case", CASES, ids=[n for n, _ in CASES])
def test_puzzle(name: str, case: dict) -> None:
    (puzzle,) = parse_variants(json.dumps(case["puzzle"]), name)
    assert puzzle.constraints or name.split(":")[0] not in registry(), name
    with Session() as session:
        found = session.solutions(puzzle, CAP)
    assert len(found) == case["expect"], case["origin"]
    assert cpsat.count(puzzle, CAP) == case["expect"]
    for grid in found:
        assert all(c.holds(grid, puzzle.size) for c in puzzle.constraints)
        assert cpsat.is_solution(puzzle, grid)
    if puzzle.solution is not None and case["expect"] == 1:
        assert found == [puzzle.solution]
    (again,) = parse_variants(dumps(puzzle), name)
    assert again.constraints == puzzle.constraints
    svg = draw(puzzle)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
