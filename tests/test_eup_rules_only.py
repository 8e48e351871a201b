"""The compiled rules without search: filled, emptied, refuted, candidates."""

from __future__ import annotations

import random

import numpy as np

from sudoku_sat.engines.eup import rules_only
from sudoku_sat.engines.eup.bits import tables
from sudoku_sat.grid import empty_grid
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.fill import fill_backtrack

from .conftest import EASY, TRES_DIFFICILE


def grid_of(text: str) -> np.ndarray:
    return np.array([int(ch) for ch in text], dtype=np.int32)


def test_filled_by_rules_tells_easy_from_hard() -> None:
    for pairs in (False, True):
        assert rules_only.filled_by_rules(grid_of(EASY), *tables(3), pairs)
        assert not rules_only.filled_by_rules(grid_of(TRES_DIFFICILE), *tables(3), pairs)


def test_empty_by_rules_keeps_a_puzzle_the_rules_fill() -> None:
    solution = np.array(fill_backtrack(empty_grid(4), 4, random.Random(1)).grid, dtype=np.int32)
    order = np.random.default_rng(1).permutation(256).astype(np.int32)
    puzzle = rules_only.empty_by_rules(solution, order, *tables(4), True)
    assert 0 < np.count_nonzero(puzzle) < 256
    assert ((puzzle == 0) | (puzzle == solution)).all()
    assert rules_only.filled_by_rules(puzzle, *tables(4), True)
    assert PysatChecker(4).count(tuple(puzzle.tolist())) == 1


def test_refuted_and_candidates_agree_with_pysat() -> None:
    solution = np.array(fill_backtrack(empty_grid(3), 3, random.Random(2)).grid, dtype=np.int32)
    order = np.random.default_rng(2).permutation(81).astype(np.int32)
    puzzle = rules_only.empty_by_rules(solution, order, *tables(3), False)
    judge = PysatChecker(3)
    for c in np.flatnonzero(puzzle).tolist():
        loose = puzzle.copy()
        loose[c] = 0
        several = judge.count(tuple(loose.tolist())) == 2
        if rules_only.refuted(puzzle, c, int(solution[c]), *tables(3), False):
            assert not several
        cells = np.array([c], dtype=np.int32)
        masks = rules_only.candidates_after(puzzle, cells, solution[cells], *tables(3), False)
        assert masks[c] & (1 << int(solution[c] - 1)) == 0
        assert several <= bool(masks.all())  # a second solution survives the rules
    judge.close()


def test_open_after_counts_the_cells_the_rules_leave_open() -> None:
    solution = np.array(fill_backtrack(empty_grid(3), 3, random.Random(3)).grid, dtype=np.int32)
    assert rules_only.open_after(solution, 0, *tables(3), True) == 0  # a naked single
    puzzle = grid_of(TRES_DIFFICILE)
    clue = int(np.flatnonzero(puzzle)[0])
    alone = rules_only.open_after(puzzle, clue, *tables(3), False)
    assert 0 < alone <= 81 - np.count_nonzero(puzzle) + 1
