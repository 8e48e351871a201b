"""propagate --encoding's library: a level on each puzzle's formula in any encoding,
against the same level on the whole CNF that ``encode`` builds, and across encodings."""

from __future__ import annotations

import pytest

from sudoku_sat.encodings import decode_model, encode
from sudoku_sat.engines.propagation import LEVELS, propagate_cnf
from sudoku_sat.errors import SudokuSatError
from sudoku_sat.grid import is_solution
from sudoku_sat.lab.puzzle_propagation import propagate_puzzle

from .conftest import sample

ENCODINGS = ("minimal", "natural", "extended", "augmented", "reduced")


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("level", ["up", "fl"])
def test_equals_the_level_on_the_whole_encoded_cnf(encoding: str, level: str) -> None:
    for puzzle in sample("puzzles3_magictour_top1465", 2, seed=2):
        fix = propagate_puzzle(puzzle.grid, 3, level, encoding, backend="python")
        formula = encode(puzzle.grid, 3, encoding)
        whole = propagate_cnf(formula.nvars, formula.clauses, level, "python")
        assert fix.propagation.status == whole.status == "fixpoint"
        assert set(fix.propagation.literals) == set(whole.literals)
        assert fix.grid == decode_model(whole.literals, 3, formula.givens)[0]
        assert all(v == c for v, c in zip(fix.grid, puzzle.grid, strict=True) if c)


def test_reduced_derives_what_extended_derives() -> None:
    for puzzle in sample("puzzles6_forum_hardest_1106", 2, seed=3):
        for level in ("up", "fl", "fl2"):
            ext = propagate_puzzle(puzzle.grid, 3, level, "extended")
            red = propagate_puzzle(puzzle.grid, 3, level, "reduced")
            assert ext.grid == red.grid and ext.status == red.status


def test_fl2_solves_what_the_ladder_says_and_backends_agree() -> None:
    puzzle = sample("puzzles5_forum_hardest_1905_11+", 1, seed=4)[0]
    fl = propagate_puzzle(puzzle.grid, 3, "fl", "extended")
    python = propagate_puzzle(puzzle.grid, 3, "fl2", "extended", backend="python")
    numba = propagate_puzzle(puzzle.grid, 3, "fl2", "extended", backend="numba")
    assert fl.status == "fixpoint" and fl.cells < 81  # the 1905 set needs depth 2
    assert python.status == numba.status == "solved" and python.cells == 81
    assert python.propagation.literals == numba.propagation.literals
    assert python.propagation.stats.probes == numba.propagation.stats.probes
    assert is_solution(python.grid, 3, puzzle.grid)


def test_contradictory_grid_is_a_conflict() -> None:
    grid = (1, 1, *([0] * 79))
    fix = propagate_puzzle(grid, 3, "up", "minimal")
    assert fix.status == "conflict" and fix.grid == grid and fix.cells == 2
    assert fix.as_dict()["status"] == "conflict"


def test_levels_by_name() -> None:
    assert LEVELS[:3] == ("up", "fl", "fl2") and LEVELS[-1] == "fl9"
    with pytest.raises(SudokuSatError, match="unknown engine"):
        propagate_cnf(2, [[1, 2]], "fl10")
