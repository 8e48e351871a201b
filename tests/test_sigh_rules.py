"""The rules this project reads from sigh's solver and f-puzzles lacks (lunchboxes,
numbered rooms, hidden skyscrapers, full rank, rellik, equality, sum, equal-sum,
sum-line, counting-circle, count-distinct, contain, same-value and look-and-say
constraints): each instance its class makes, written as sigh's string (``sigh``) and read
back (``read_sigh``), is the same instance; malformed strings and items are refused in
one line naming the key. Their clauses, CP-SAT statements and puzzles are checked with
the whole registry (tests/test_constraint_registry.py, tests/test_variant_constraints.py
and their data in tests/data/constraints/)."""

from __future__ import annotations

import json
import random

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.model.constraint import Constraint
from sudoku_sat.model.geometry import cell_name, default_regions
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.model.reading import Reader, Source
from sudoku_sat.variants.constraints import classes
from sudoku_sat.variants.constraints.numbered_room import NumberedRoom
from sudoku_sat.variants.constraints.sum_line import SumLine
from sudoku_sat.variants.constraints.weighted_sum import Sum
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.make import random_solution

MODULES = {
    "lunchbox",
    "numbered_room",
    "hidden_skyscraper",
    "full_rank",
    "rellik",
    "equality_cage",
    "weighted_sum",
    "equal_sum",
    "sum_line",
    "counting_circles",
    "count_distinct",
    "contain",
    "same_values",
    "look_and_say",
}
CLASSES = sorted(
    (k for k in classes() if k.__module__.rsplit(".", 1)[-1] in MODULES), key=lambda k: k.key
)


def _reader(n: int) -> Reader:
    return Reader(Source("sigh", "", 1, True), n, "sigh", default_regions(n))


def test_every_module_is_in_the_registry() -> None:
    assert {k.__module__.rsplit(".", 1)[-1] for k in CLASSES} == MODULES
    assert all(k.sigh_names for k in CLASSES)


@pytest.mark.parametrize("cls", CLASSES, ids=[k.key for k in CLASSES])
@pytest.mark.parametrize("n", [6, 9])
def test_sigh_strings_read_back(cls: type[Constraint], n: int) -> None:
    rng = random.Random(n)
    solution = random_solution(Puzzle(n, (0,) * n * n), rng)
    assert solution is not None
    made = cls.make(solution, n, default_regions(n), rng)
    assert made
    for c in made:
        text = c.sigh(lambda k: cell_name(n, k))
        assert text.startswith(".") and "." not in text[1:], text
        name, *args = text[1:].split("~")
        assert name in cls.sigh_names
        assert cls.read_sigh(name, args, _reader(n)) == [c], text


@pytest.mark.parametrize(
    "text",
    [
        ".Lunchbox~x~R1C1~R1C2",
        ".Lunchbox~3~R1C1",
        ".RellikCage~~R1C1~R1C2",
        ".EqualityCage~R1C1~R1C2~R1C3",
        ".Sum~5_=_1~R1C1~R1C2",
        ".Sum~5_=_1_200~R1C1~R1C2",
        ".SumLine~0~R1C1~R1C2",
        ".SumLine~10~R1C1~R3C3",
        ".ContainExact~1_10~R1C1~R1C2",
        ".ContainAtLeast~1_2_3~R1C1~R1C2",
        ".LookAndSay~123~R1C1~R1C2",
        ".LookAndSay~1212~R1C1~R1C2",
        ".SameValues~3~R1C1~R1C2~R1C3~R1C4",
        ".NumberedRoom~R10~3~",
        ".HiddenSkyscraper~X3~3~",
        ".FullRank~C1~3~4~5",
        ".CountDistinct~R1C1",
        ".Lunchbox~3~R1C1~R1C1",
    ],
)
def test_malformed_sigh_strings_are_one_line(text: str) -> None:
    name, *args = text[1:].split("~")
    (cls,) = [k for k in CLASSES if name in k.sigh_names]
    with pytest.raises(InputError) as caught:
        cls.read_sigh(name, args, _reader(9))
    assert "\n" not in str(caught.value) and "'sigh'" in str(caught.value)


@pytest.mark.parametrize(
    "key,item",
    [
        ("equalitycage", {"cells": ["R1C1", "R1C2", "R1C3"]}),
        ("weightedsum", {"cells": ["R1C1", "R1C2"], "value": "3", "coefficients": [1]}),
        ("weightedsum", {"cells": ["R1C1"], "value": "3", "coefficients": "2"}),
        ("lookandsay", {"cells": ["R1C1"], "value": "11a"}),
        ("samevalues", {"cells": ["R1C1", "R1C2", "R1C3"], "value": "2"}),
        ("equalsum", {"segments": "R1C1"}),
        ("sumline", {"lines": [["R1C1", "R1C2"]], "value": "10", "loop": "yes"}),
        ("rellikcage", {"cells": [f"R1C{c}" for c in range(1, 10)] + ["R2C1"], "value": "5"}),
    ],
)
def test_malformed_items_are_one_line(key: str, item: dict[str, object]) -> None:
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], key: [item]}
    with pytest.raises(InputError) as caught:
        parse_variants(json.dumps(data), "bad.json")
    assert "\n" not in str(caught.value) and key in str(caught.value)


def test_a_weighted_sum_merges_a_cell_listed_twice() -> None:
    (twice,) = Sum.read_sigh("Sum", ["10", "R1C1", "R1C2", "R1C1"], _reader(9))
    assert twice == Sum((0, 1), 10, (2, 1))
    assert twice.sigh(lambda k: cell_name(9, k)) == ".Sum~10_=_2_1~R1C1~R1C2"


def test_a_sum_line_loop_reads_back() -> None:
    args = ["10", "R1C1", "R1C2", "R2C2", "R2C1", "LOOP"]
    (loop,) = SumLine.read_sigh("SumLine", args, _reader(9))
    assert isinstance(loop, SumLine) and loop.loop and loop.line == (0, 1, 10, 9)
    assert loop.sigh(lambda k: cell_name(9, k)) == ".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP"
    grid = (3, 5) + (0,) * 7 + (7, 5) + (0,) * 70  # the loop reads 3 5 5 7
    assert loop.holds(grid, 9)  # 5 5 | 7 3, across the start
    assert not SumLine((0, 1, 10, 9), 10, False).holds(grid, 9)  # a line: 3 5 5 passes 10


def test_a_numbered_room_reads_both_ends() -> None:
    both = NumberedRoom.read_sigh("NumberedRoom", ["C3", "4", "7"], _reader(9))
    assert [(c.place, c.value) for c in both if isinstance(c, NumberedRoom)] == [
        ((0, 3), 4),
        ((10, 3), 7),
    ]


def _all_4x4() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid (288), by backtracking over rows, columns and 2x2 boxes."""
    out: list[tuple[int, ...]] = []
    grid = [0] * 16

    def fill(k: int) -> None:
        if k == 16:
            out.append(tuple(grid))
            return
        r, c = divmod(k, 4)
        for d in range(1, 5):
            box = [(r // 2 * 2 + i) * 4 + c // 2 * 2 + j for i in range(2) for j in range(2)]
            peers = [r * 4 + j for j in range(4)] + [i * 4 + c for i in range(4)] + box
            if all(grid[p] != d for p in peers if p < k):
                grid[k] = d
                fill(k + 1)
        grid[k] = 0

    fill(0)
    return out


@pytest.mark.parametrize("cls", CLASSES, ids=[k.key for k in CLASSES])
def test_counts_on_4x4_are_the_grids_that_hold(cls: type[Constraint]) -> None:
    """Instances made on random 4x4 grids, with no givens: the clauses (a session's
    count) and CP-SAT count exactly the 4x4 grids on which the direct check holds, found
    by going through all 288 grids."""
    from sudoku_sat.variants import cpsat
    from sudoku_sat.variants.solve import Session

    grids = _all_4x4()
    assert len(grids) == 288
    tried = 0
    for seed in range(6):
        rng = random.Random(seed)
        made = cls.make(rng.choice(grids), 4, default_regions(4), rng)[:2]
        if not made:
            continue
        tried += 1
        puzzle = Puzzle(4, (0,) * 16, constraints=tuple(made))
        expected = sum(all(c.holds(g, 4) for c in made) for g in grids)
        with Session() as session:
            assert len(session.solutions(puzzle, 300)) == expected, (seed, made)
        assert cpsat.count(puzzle, 300) == expected, (seed, made)
    assert tried >= 3
