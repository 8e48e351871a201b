"""The CP-SAT oracle (``variants/cpsat.py``): its lean counts (the houses' sums stated,
no linear relaxation nor probing) find every solution; several puzzles checked in one
model."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.variants.make import make

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'variants' extra (make test: '.[test,all]')
    pytest.importorskip("ortools")

from sudoku_sat.variants import cpsat  # noqa: E402


@pytest.mark.parametrize(("rules", "seed"), [("killer", 1), ("killer", 2), ("jigsaw", 3)])
def test_lean_counts_keep_every_solution(rules: str, seed: int) -> None:
    """Made 4x4 puzzles with half their cage totals and every given taken away (dozens
    of solutions): the same solutions with the houses' sums as without."""
    puzzle, _ = make(rules, 4, random.Random(seed))
    loose = puzzle.with_givens((0,) * 16).with_constraints(
        tuple(c.without_value() if k % 2 else c for k, c in enumerate(puzzle.constraints))
    )
    plain = cpsat.solutions(loose, 300)
    assert len(plain) > 2
    assert set(cpsat.solutions(loose, 300, lean=True)) == set(plain)


def test_all_solutions_holds_each_grid_to_its_own_puzzle() -> None:
    """Two made puzzles and their solutions pass together; the solutions swapped, a digit
    changed or a grid cut short, they do not."""
    (a, sa), (b, sb) = (make("killer", 4, random.Random(seed)) for seed in (5, 6))
    assert sa != sb and cpsat.all_solutions([(a, sa), (b, sb)])
    assert not cpsat.all_solutions([(a, sb), (b, sa)])
    wrong = (sa[1], sa[0], *sa[2:])
    assert not cpsat.all_solutions([(a, wrong), (b, sb)])
    assert not cpsat.all_solutions([(a, sa), (b, sb[:-1])])
    assert cpsat.is_solution(a, sa) and not cpsat.is_solution(a, wrong)
