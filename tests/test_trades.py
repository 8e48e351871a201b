"""Trades: every grid found is a solution of the puzzle, all different, never one too many
(the closure's count is checked against PySAT on the full formula)."""

from __future__ import annotations

import numpy as np
import pytest

from sudoku_sat.encodings.candidates import is_valid
from sudoku_sat.puzzles.counting import PysatCounter
from sudoku_sat.puzzles.pattern import as_grid, blanked, mixed, random_grid
from sudoku_sat.puzzles.trades import band_pairs, free_cycles, neighbours, trade_closure


def test_band_pairs_are_every_pair_of_one_band() -> None:
    r1, r2 = band_pairs(3)
    assert sorted(zip(r1.tolist(), r2.tolist(), strict=True)) == [
        (0, 1),
        (0, 2),
        (1, 2),
        (3, 4),
        (3, 5),
        (4, 5),
        (6, 7),
        (6, 8),
        (7, 8),
    ]


@pytest.mark.parametrize("n", (2, 3, 4, 5))
def test_every_exchange_of_a_full_grid_keeps_it_valid(n: int) -> None:
    grid = mixed(random_grid(n, n), n, 4 * n**3, n + 1).astype(np.int64)
    size = n * n
    no_clue = np.zeros((size, size), dtype=np.bool_)
    r1, r2, label, free = free_cycles(grid, no_clue, n)
    assert free.all() and (label <= np.arange(size)).all()
    count = 0
    for other in neighbours(grid.ravel(), no_clue, n):
        assert is_valid(other, n) and (other != grid.ravel()).any()
        count += 1
    by_columns = free_cycles(np.ascontiguousarray(grid.T), no_clue, n)[2]
    cycles = sum(int((lab == np.arange(size)).sum()) for lab in (label, by_columns))
    assert count == cycles  # one grid per cycle (its smallest column), rows then columns


def test_a_cycle_through_a_clue_is_not_exchanged() -> None:
    n = 3
    grid = random_grid(n, 2).astype(np.int64)
    full_clues = grid.ravel()
    assert list(neighbours(grid.ravel(), np.ones((9, 9), dtype=np.bool_), n)) == []
    found = [grid.ravel()]
    trade_closure(found, 0, full_clues, n, cap=10)
    assert len(found) == 1


@pytest.mark.parametrize("n", (2, 3))
@pytest.mark.parametrize("blank", (0.3, 0.5, 0.7, 1.0))
def test_the_closure_finds_solutions_and_never_too_many(n: int, blank: float) -> None:
    with PysatCounter(n) as reference:
        for seed in range(6):
            grid = mixed(random_grid(n, seed), n, 4 * n**3, seed + 1).astype(np.int64)
            puzzle = blanked(grid, blank, seed)
            found = [grid.ravel()]
            trade_closure(found, 0, puzzle, n, cap=12)
            keys = {g.tobytes() for g in found}
            assert len(keys) == len(found)
            assert all(is_valid(g, n, puzzle) for g in found)
            assert len(found) <= reference.count(as_grid(puzzle), cap=12)
