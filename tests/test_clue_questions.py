"""One clue's question at large orders: the witness against PySAT on the full formula,
the clause that says a witness must differ at one of some cells."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sudoku_sat.grid import Grid, empty_grid, is_solution
from sudoku_sat.puzzles import clue_questions
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.clue_questions import Asking, witness
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.orbits import without


def full(n: int, seed: int) -> Grid:
    grid = fill_backtrack(empty_grid(n), n, random.Random(seed)).grid
    assert grid is not None
    return grid


@pytest.mark.parametrize("solver", ["m22", "cadical195"])  # cadical195 with OPTIONS set
def test_witness_is_a_second_solution_or_none_when_pysat_finds_no_other_value(
    solver: str,
) -> None:
    assert solver == "m22" or solver in clue_questions.OPTIONS
    solution = full(3, 6)
    sol = np.array(solution, dtype=np.int32)
    asking = Asking(sol, 3, solver)
    assert witness(sol, 0, asking) is None  # a full grid without one clue: unique
    judge = PysatChecker(3)
    puzzle = np.array(without(solution, range(0, 81, 2)), dtype=np.int32)
    for c in np.flatnonzero(puzzle).tolist()[:12]:
        found = witness(puzzle, c, asking)
        others = [
            tuple(puzzle.tolist()[:c]) + (w,) + tuple(puzzle.tolist()[c + 1 :])
            for w in range(1, 10)
        ]
        possible = any(judge.count(g, cap=1) for w, g in enumerate(others, 1) if w != sol[c])
        assert (found is not None) == possible
        if found is not None:
            loose = without(tuple(puzzle.tolist()), [c])
            assert found[c] != sol[c] and is_solution(tuple(found.tolist()), 3, loose)
    judge.close()


def test_the_differ_clause_holds_already_cannot_hold_or_names_the_open_cells() -> None:
    sol = np.array([1, 2, 3, 4], dtype=np.int32)
    cand = np.zeros((4, 4), dtype=np.bool_)
    cand[0, [0, 1]] = True  # cell 0 open, its value 1 still there
    cand[1, 1] = True  # cell 1 fixed to its value 2
    cand[2, [0, 3]] = True  # cell 2 has lost its value 3
    cand[3, [2, 3]] = True  # cell 3 open, its value 4 still there
    var_of = np.zeros((4, 4), dtype=np.int32)
    var_of[0, [0, 1]] = [1, 2]
    var_of[2, [0, 3]] = [3, 4]
    var_of[3, [2, 3]] = [5, 6]
    assert clue_questions._differ_clause(cand, var_of, sol, [0, 2]) is None
    assert clue_questions._differ_clause(cand, var_of, sol, [1]) == []
    assert clue_questions._differ_clause(cand, var_of, sol, [0, 1, 3]) == [-1, -6]
