"""sum_shapes: a shape placed on cells is the clauses made on them directly, renumbered."""

from __future__ import annotations

import pytest
from pysat.solvers import Solver

from sudoku_sat.model.builder import Builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.sum_shapes import (
    partial_sums,
    place,
    running_shape,
    running_total,
    totals_shape,
)


def _builder(n: int) -> Builder:
    return Builder(Puzzle(n, (0,) * (n * n)), "running", top=n**3 + 17)


@pytest.mark.parametrize(("n", "cells", "total"), [(9, (3, 14, 40), 12), (6, (0, 7, 14, 21), 9)])
def test_placed_shapes_are_the_direct_clauses(n: int, cells: tuple[int, ...], total: int) -> None:
    direct, placed = _builder(n), _builder(n)
    expected = running_total(direct, cells, total)
    assert place(placed, running_shape(n, len(cells), total), cells)[0] == expected
    assert placed.top == direct.top > n**3 + 17
    totals = partial_sums(direct, cells, total)
    clauses, placed_totals = place(placed, totals_shape(n, len(cells), total), cells)
    assert (clauses, placed_totals) == (direct.clauses, totals)
    assert placed.top == direct.top


def test_a_total_no_cells_reach_is_unsatisfiable() -> None:
    b = _builder(4)
    clauses, _ = place(b, running_shape(4, 2, 9), (0, 5))  # two digits of 1..4: at most 8
    blank = Puzzle(4, (0,) * 16)
    assert blank.regions == ((0, 1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14, 15))
    formula = encode_variant(blank)
    with Solver(name="g4", bootstrap_with=formula.clauses + clauses) as s:
        assert not s.solve()
