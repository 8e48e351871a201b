"""The EUP engine: each rule on small states, contradictions, counts, solving, any order."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.engines.eup.reference import (
    branch_cell,
    count_eup,
    exclusivite,
    initial_state,
    parite,
    propagate,
    solve_eup,
    tables,
    to_grid,
    unicite,
    values_of,
)
from sudoku_sat.engines.registry import get_engine
from sudoku_sat.errors import GridError
from sudoku_sat.grid import empty_grid, geometry, is_solution
from sudoku_sat.gridio import Puzzle


def bits(*values: int) -> int:
    return sum(1 << (v - 1) for v in values)


def test_exclusivite_removes_a_placed_value_from_every_peer() -> None:
    t = tables(2)
    state = [t.full] * 16
    state[0] = bits(3)
    dirty = exclusivite(state, [0], t, 0)
    assert dirty == sum(1 << u for u in range(12) if u != 11)  # block 3 has no peer of cell 0
    for c in range(16):
        expected = bits(3) if c == 0 else t.full & ~bits(3) if c in t.peers[0] else t.full
        assert state[c] == expected


def test_exclusivite_reports_an_emptied_cell() -> None:
    t = tables(2)
    state = [t.full] * 16
    state[0], state[1] = bits(1), bits(1)
    assert exclusivite(state, [0], t, 0) == -1


def test_unicite_places_a_value_with_one_place_in_a_unit() -> None:
    t = tables(2)
    state = [t.full] * 16
    for c in (0, 1, 2):  # row 0: value 4 only possible in cell 3
        state[c] = bits(1, 2, 3)
    queue: list[int] = []
    assert unicite(state, queue, t, 0) == 0  # no unit to look at
    assert unicite(state, queue, t, t.all_units) == t.unit_bits[3]
    assert state[3] == bits(4) and queue == [3]


def test_unicite_detects_a_value_with_no_place() -> None:
    t = tables(2)
    state = [t.full] * 16
    for c in (0, 1, 2, 3):
        state[c] = bits(1, 2, 3)
    assert unicite(state, [], t, t.unit_bits[0]) == -1


def test_parite_removes_a_naked_pair_from_the_rest_of_the_unit() -> None:
    t = tables(3)
    state = [t.full] * 81
    state[0] = state[1] = bits(4, 7)
    queue: list[int] = []
    assert parite(state, queue, t, t.all_units) > 0
    assert state[0] == state[1] == bits(4, 7)
    assert all(state[c] == t.full & ~bits(4, 7) for c in range(2, 9))  # row 0
    assert all(state[c] == t.full & ~bits(4, 7) for c in (2, 9, 10, 11, 18, 19, 20))  # block 0
    assert state[80] == t.full
    assert parite(state, queue, t, t.all_units) == 0


def test_parite_detects_three_cells_sharing_one_pair() -> None:
    t = tables(3)
    state = [t.full] * 81
    state[0] = state[1] = state[2] = bits(1, 2)
    assert parite(state, [], t, t.all_units) == -1


def test_parite_rechecks_a_pair_broken_by_an_earlier_pair() -> None:
    # Row 1 has the pair {1,3} in cells 9 and 13, which turns cell 16 from {1,2} into {2};
    # the column-7 "pair" {1,2} of cells 16 and 79 is then gone and must not empty cell 16.
    t = tables(3)
    state = [t.full] * 81
    state[9] = state[13] = bits(1, 3)
    state[16] = state[79] = bits(1, 2)
    queue: list[int] = []
    assert parite(state, queue, t, t.all_units) > 0
    assert state[16] == bits(2) and queue == [16]
    assert state[79] == bits(1, 2)


def test_branch_cell_picks_a_minimum_popcount_open_cell() -> None:
    t = tables(2)
    state = [t.full] * 16
    state[5] = bits(1, 2, 3)
    state[9] = bits(2, 4)
    state[0] = bits(1)
    assert branch_cell(state) == 9
    assert branch_cell([bits(1)] * 16) == -1


def test_values_of_splits_a_mask() -> None:
    assert values_of(bits(1, 3, 9)) == [bits(9), bits(3), bits(1)]
    assert sorted(values_of(bits(1, 3, 9), random.Random(0))) == [bits(1), bits(3), bits(9)]


def test_the_empty_4x4_grid_has_288_solutions() -> None:
    assert count_eup(empty_grid(2), 2, cap=1000) == 288
    assert count_eup(empty_grid(2), 2, cap=10) == 10
    assert count_eup(empty_grid(2), 2) == 2


def test_contradictory_clues_give_zero() -> None:
    grid = list(empty_grid(3))
    grid[0] = grid[80] = 5
    grid[8] = 5  # same row as cell 0
    assert count_eup(tuple(grid), 3) == 0
    assert solve_eup(tuple(grid), 3) is None


def test_a_unit_with_no_place_for_a_value_gives_zero() -> None:
    # Row 0 of a 4x4: cells 2 and 3 lose value 1 to their columns, cells 0 and 1 hold 2, 3.
    grid = (2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    state, queue = initial_state(grid, 2)
    assert not propagate(state, queue, tables(2), tables(2).all_units)
    assert count_eup(grid, 2) == 0


def test_a_full_valid_grid_counts_one_and_solves_to_itself(easy: Puzzle) -> None:
    solution = solve_eup(easy.grid, 3)
    assert solution is not None and is_solution(solution, 3, easy.grid)
    assert count_eup(solution, 3) == 1


def test_the_hard_seed_grid_is_unique(hard: Puzzle) -> None:
    assert count_eup(hard.grid, 3) == 1
    solution = solve_eup(hard.grid, 3)
    assert solution is not None and is_solution(solution, 3, hard.grid)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_full_grids_of_any_order_are_solutions(n: int) -> None:
    first = solve_eup(empty_grid(n), n, random.Random(1))
    second = solve_eup(empty_grid(n), n, random.Random(2))
    assert first is not None and second is not None
    assert is_solution(first, n) and is_solution(second, n)
    assert first != second
    assert first == solve_eup(empty_grid(n), n, random.Random(1))


def test_to_grid_reads_placed_masks() -> None:
    assert to_grid([bits(3), bits(1), bits(4), bits(2)]) == (3, 1, 4, 2)


def test_bad_grids_raise() -> None:
    with pytest.raises(GridError):
        count_eup((0,) * 80, 3)
    with pytest.raises(GridError):
        count_eup((10,) + (0,) * 80, 3)


def test_engine_eup_solves_and_reports_unsat(hard: Puzzle) -> None:
    engine = get_engine("eup")
    result = engine(hard.grid, 3)
    assert result.status == "solved" and is_solution(result.grid, 3, hard.grid)
    clash = (1, 1) + (0,) * 79
    assert engine(clash, 3).status == "unsat"


def test_tables_follow_the_geometry() -> None:
    t = tables(3)
    assert t.full == 0b111111111
    assert t.peers == geometry(3).peers and len(t.units) == 27


def test_eup_search_stops_at_its_deadline() -> None:
    from sudoku_sat.deadline import Deadline, TimedOut
    from sudoku_sat.engines.eup.reference import run

    with pytest.raises(TimedOut):
        run(empty_grid(3), 3, 10**12, deadline=Deadline(0.05))  # 6.7e21 solutions to count


@pytest.mark.parametrize("engine", ["eup", "up", "fl"])
def test_every_engine_honours_a_timeout(engine: str) -> None:
    from sudoku_sat.engines.eup import reference as eup

    grid = empty_grid(5)
    original = eup.CHECK_EVERY
    eup.CHECK_EVERY = 1  # look at the clock at every node
    try:
        result = get_engine(engine)(grid, 5, 1e-6)
    finally:
        eup.CHECK_EVERY = original
    assert result.status == "unknown" and "timeout after 1e-06 s" in result.detail
    assert get_engine("eup")(empty_grid(2), 2, float("inf")).status == "solved"
