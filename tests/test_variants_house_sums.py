"""The law of 45 (sudoku_sat.variants.house_sums): every implied sum holds in the
published solutions of real killers, the clauses keep the verdicts CP-SAT gives, and
overlapping cages imply nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat, house_sums
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.solve import enumerate_solutions

KILLERS = Path(__file__).parent / "data" / "constraints" / "killercage.jsonl"


def killer(size: int, *cages: Cage) -> Puzzle:
    return Puzzle(size, (0,) * size**2, constraints=cages)


def _given(p: Puzzle) -> list[tuple[tuple[int, ...], int | None, object]]:
    return [(c.cells, c.total, c) for c in p.of(Cage)]  # type: ignore[attr-defined]


def implied_sums(p: Puzzle) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """The innie and outie sums of the puzzle's cages."""
    return house_sums.implied_sums(p.size, p.regions, _given(p))


def tuples(p: Puzzle, cells: tuple[int, ...], total: int) -> list[tuple[int, ...]] | None:
    """The digit tuples of cells summing to total, cells that share a house differing."""
    apart = house_sums._apart(p.size, p.regions, _given(p), cells)
    return house_sums.tuples(p.size, apart, cells, total)


def real_killers() -> list[Puzzle]:
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


def test_the_implied_sums_are_their_own_part() -> None:
    """The formula counts clauses per part, named by f-puzzles key; the law-of-45 sums
    are the part "implied", left out when asked (ratings read the rules alone)."""
    from sudoku_sat.variants.encode import encode_variant

    p = killer(9, Cage((0, 1, 2), 6), Cage((3, 4), 9))
    parts = encode_variant(p).parts
    assert {"cells", "units", "killercage", "implied"} <= set(parts)
    assert "implied" not in encode_variant(p, implied=False).parts
    # a cage's digit sets cleared from its house are implied too, inside the cage's part:
    # the cage of 9 on r1c4-r1c5 has 4 sets of 2 digits and 13 cells beside it in its
    # row and box (the cage of 6 has one set: nothing to clear)
    own = encode_variant(p, implied=False).parts["killercage"]
    assert parts["killercage"] - own == 4 * 2 * 13
