"""The independent check of made puzzles (``variants/minimal.py``): the emptier's witnesses
are second solutions of the puzzle without each kept clue, the check with them agrees
with counting every reduced puzzle by CP-SAT, and a wrong witness never passes."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.make import make_witnessed
from sudoku_sat.variants.minimal import Witnesses, check_minimal, reduced

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'variants' extra (make test: '.[test,all]')
    pytest.importorskip("ortools")

from sudoku_sat.variants import cpsat  # noqa: E402


def killer(size: int, seed: int) -> tuple[Puzzle, Witnesses]:
    return make_witnessed("killer", size, random.Random(seed))


@pytest.mark.parametrize(("size", "seed"), [(4, s) for s in range(6)] + [(6, s) for s in range(3)])
def test_made_killers_are_unique_and_minimal_by_brute_removal(size: int, seed: int) -> None:
    """CP-SAT counts the puzzle once and every puzzle with one clue fewer (given or cage
    total) twice: no witness read."""
    puzzle, _ = killer(size, seed)
    assert cpsat.count(puzzle, 2) == 1
    fewer = list(reduced(puzzle, sums=True))
    assert len(fewer) == sum(map(bool, puzzle.grid)) + sum(
        isinstance(c, Cage) and c.total is not None for c in puzzle.constraints
    )
    assert all(cpsat.count(p, 2) == 2 for _, _, p in fewer)
    assert check_minimal(puzzle, witnesses={}) is None


@pytest.mark.parametrize(("size", "seed"), [(4, 1), (6, 2), (9, 3)])
def test_each_kept_clue_has_a_witness_the_rules_accept(size: int, seed: int) -> None:
    """A witness for every clue kept and no other; each a solution of the puzzle without
    its clue, checked by the constraints' own ``holds`` (neither the CNF nor CP-SAT), and
    not the puzzle's solution."""
    puzzle, witnesses = killer(size, seed)
    clues = {clue: p for clue, _, p in reduced(puzzle, sums=True)}
    assert set(witnesses) == set(clues)
    for clue, grid in witnesses.items():
        assert grid != puzzle.solution and clues[clue].problem(grid) is None
        assert puzzle.problem(grid) is not None  # the clue rules it out
    assert check_minimal(puzzle, witnesses=witnesses) is None


def test_a_wrong_witness_does_not_pass() -> None:
    """A given added back can be removed: neither the solution, nor another clue's
    witness, nor a grid of the wrong length makes it look needed."""
    puzzle, witnesses = killer(6, 4)
    assert puzzle.solution is not None
    blank = puzzle.grid.index(0)
    more = list(puzzle.grid)
    more[blank] = puzzle.solution[blank]
    extra = puzzle.with_givens(tuple(more))
    other = next(iter(witnesses.values()))
    for fake in (puzzle.solution, other, puzzle.solution[:-1]):
        problem = check_minimal(extra, witnesses={**witnesses, blank: fake})
        assert problem is not None and "can be removed" in problem
    bare = puzzle.with_givens((0,) * 36).with_constraints(
        tuple(c.without_value() for c in puzzle.constraints)
    )
    assert check_minimal(bare, witnesses=witnesses) == "not unique"
