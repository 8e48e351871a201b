"""sigh's Sum (``variants/constraints/weighted_sum.py``) over cells that do not all
differ, unweighted: the one-hot running sums rewritten by the houses (a sum over more
than half a house) count, in a session and on a solver of the puzzle's own, the 4x4
grids on which the sums hold, and CP-SAT agrees; on 6x6 with some digits given too."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.model.builder import DEFAULT_SUMS, Builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.weighted_sum import Sum
from sudoku_sat.variants.solve import Session, enumerate_solutions
from sudoku_sat.variants.sum_forms import distinct

from .test_full_rank import _grid_6x6
from .test_sigh_rules import _all_4x4

pytest.importorskip("ortools")


def _sums(n: int, grid: tuple[int, ...], rng: random.Random) -> tuple[Sum, ...]:
    """Two sums over cells that do not all differ (some over more than half the grid's
    houses), read off the grid, one of them off by one now and then."""
    out = []
    while len(out) < 2:
        cells = tuple(rng.sample(range(n * n), rng.randint(3, 2 * n + 2)))
        if distinct(Builder(Puzzle(n, (0,) * n * n), DEFAULT_SUMS), cells):
            continue
        value = sum(grid[c] for c in cells) + (rng.random() < 0.2)
        out.append(Sum(cells, value))
    return tuple(out)


def test_sums_of_cells_that_repeat_count_the_4x4_grids_that_hold() -> None:
    grids, rng = _all_4x4(), random.Random(4)
    seen = 0
    with Session() as session:
        for _ in range(10):
            rules = _sums(4, rng.choice(grids), rng)
            expected = sum(all(r.holds(g, 4) for r in rules) for g in grids)
            p = Puzzle(4, (0,) * 16, "t", constraints=rules)
            assert len(session.solutions(p, 300)) == expected, rules
            assert len(enumerate_solutions(p, 300)) == expected == cpsat.count(p, 300)
            seen += 0 < expected < 288
    assert seen >= 3


def test_sums_of_cells_that_repeat_count_as_cpsat_on_6x6() -> None:
    rng = random.Random(6)
    with Session() as session:
        for _ in range(4):
            grid = _grid_6x6(rng)
            shown = set(rng.sample(range(36), 12))
            givens = tuple(d if c in shown else 0 for c, d in enumerate(grid))
            p = Puzzle(6, givens, "t", constraints=_sums(6, grid, rng))
            found = session.solutions(p, 30)
            assert len(found) == cpsat.count(p, 30) == len(enumerate_solutions(p, 30))
            assert all(r.holds(g, 6) for g in found for r in p.constraints)
