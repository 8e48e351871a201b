"""Emptying puzzles with rules (``variants/emptying.py``): the pass on one solver under
selectors gives what the same pass gives when the test walks it again with CP-SAT
counting each step (a different engine, no selectors), and a witness for each clue
kept."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.grid import Grid
from sudoku_sat.model.constraint import Constraint
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.emptying import emptied, minimize
from sudoku_sat.variants.make import base, random_solution, with_clues

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'variants' extra (make test: '.[test,all]')
    pytest.importorskip("ortools")

from sudoku_sat.variants import cpsat  # noqa: E402


def drawn(size: int, seed: int) -> tuple[Puzzle, Grid]:
    """A killer's cages with their totals, before emptying, and its solution."""
    rng = random.Random(seed)
    start = base(["killer"], size, rng)
    solution = random_solution(start, rng)
    assert solution is not None
    return with_clues(start, ["killer"], solution, rng), solution


def one_at_a_time(puzzle: Puzzle, solution: Grid, rng: random.Random) -> Puzzle:
    """The pass in emptied's order (cells shuffled, then the cages with totals), each
    clue dropped when CP-SAT still counts one solution without it."""
    cells = list(range(puzzle.size**2))
    rng.shuffle(cells)
    cages = [c for c in puzzle.constraints if isinstance(c, Cage) and c.total is not None]
    rng.shuffle(cages)
    grid = list(solution)
    rules: list[Constraint] = list(puzzle.constraints)
    for cell in cells:
        digit, grid[cell] = grid[cell], 0
        if cpsat.count(Puzzle(puzzle.size, tuple(grid), constraints=tuple(rules)), 2) > 1:
            grid[cell] = digit
    for cage in cages:
        k = rules.index(cage)
        rules[k] = cage.without_value()
        if cpsat.count(Puzzle(puzzle.size, tuple(grid), constraints=tuple(rules)), 2) > 1:
            rules[k] = cage
    return Puzzle(puzzle.size, tuple(grid), constraints=tuple(rules))


@pytest.mark.parametrize(("size", "seed"), [(4, s) for s in range(8)] + [(6, s) for s in range(3)])
def test_the_pass_is_the_one_cp_sat_walks(size: int, seed: int) -> None:
    puzzle, solution = drawn(size, seed)
    made, witnesses = emptied(puzzle, solution, random.Random(seed), sums=True)
    walked = one_at_a_time(puzzle, solution, random.Random(seed))
    assert made.grid == walked.grid and made.constraints == walked.constraints
    assert made.solution == solution
    kept: set[object] = {c for c, v in enumerate(made.grid) if v}
    kept |= {c for c in made.constraints if isinstance(c, Cage) and c.total is not None}
    assert set(witnesses) == kept
    again = minimize(puzzle, solution, random.Random(seed), sums=True)
    assert again == made
