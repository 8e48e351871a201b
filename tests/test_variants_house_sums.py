"""The law of 45 (sudoku_sat.variants.house_sums): every implied sum holds in the
published solutions of real killers, the clauses keep the verdicts CP-SAT gives, and
overlapping cages imply nothing."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from sudoku_sat.variants import cpsat
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.house_sums import implied_sums, tuples
from sudoku_sat.variants.model import Cage, Variant, classic
from sudoku_sat.variants.solve import enumerate_solutions

KILLERS = Path(__file__).parent / "data" / "constraints" / "killercage.jsonl"


def killer(size: int, *cages: Cage) -> Variant:
    return replace(classic(size, (0,) * size**2), cages=cages)


def real_killers() -> list[Variant]:
    out = []
    for number, line in enumerate(KILLERS.read_text().splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        case = json.loads(line)
        if not case["origin"].startswith("made") and case["expect"] == 1:
            out.extend(parse_variants(json.dumps(case["puzzle"]), f"killer:{number}"))
    return out


def test_every_implied_sum_holds_in_the_published_solutions() -> None:
    checked = 0
    for p in real_killers():
        assert p.solution is not None
        for cells, total, _ in implied_sums(p):
            assert sum(p.solution[c] for c in cells) == total, (p.origin, cells, total)
            assert tuple(p.solution[c] for c in cells) in (tuples(p, cells, total) or [])
            checked += 1
    assert checked > 50  # the real killers imply many sums


def test_innies_of_a_row() -> None:
    # row 1: two cages inside (1+2+3 = 6 and 4+5 = 9), the last four cells sum to 45-15.
    p = killer(9, Cage((0, 1, 2), 6), Cage((3, 4), 9))
    assert ((5, 6, 7, 8), 30, (0, 1)) in implied_sums(p)


def test_outies_of_a_row() -> None:
    # row 1 wholly covered: a cage inside (0..6: 28) and one sticking out below (7, 8, 16, 17).
    p = killer(9, Cage(tuple(range(7)), 28), Cage((7, 8, 16, 17), 20))
    assert ((16, 17), 20 - (45 - 28), (0, 1)) in implied_sums(p)


def test_overlapping_cages_imply_nothing() -> None:
    p = killer(9, Cage((0, 1, 2), 6), Cage((2, 3), 9))
    assert implied_sums(p) == []


@pytest.mark.parametrize(("total", "some"), [(8, True), (9, True), (12, False)])
def test_the_encoding_keeps_the_count_cp_sat_gives(total: int, some: bool) -> None:
    # 4x4, rows 1 and 2 and column 1 caged: the law implies sums over the cells left over.
    p = killer(4, Cage((0, 1), 3), Cage((2, 3, 7), 8), Cage((4, 8, 12), total))
    assert implied_sums(p)
    count = cpsat.count(p, 100)
    assert len(enumerate_solutions(p, 100)) == count
    assert (count > 0) == some
