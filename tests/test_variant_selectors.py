"""The numbering of a session skeleton's blocks (sudoku_sat/variants/selectors.py)."""

from __future__ import annotations

from itertools import product

import pytest

from sudoku_sat.model.geometry import KING, offset_pairs, orthogonal_pairs
from sudoku_sat.variants.constraints._marks import ORTHOGONAL
from sudoku_sat.variants.selectors import (
    layout,
    order_literals,
    region_selectors,
    relation_selectors,
    step_selectors,
)

MOVES = ((), (KING, KING), (ORTHOGONAL, KING, ORTHOGONAL))
"""Relation blocks: none, two on a king's move, marks' (orthogonal) around a king's."""


@pytest.mark.parametrize("size", [4, 9])
def test_the_blocks_present_follow_the_grid_one_after_the_other(size: int) -> None:
    for steps, regions, orders, relations, cells in product(*[(0, 1)] * 3, MOVES, (0, 1)):
        lay = layout(size, bool(steps), bool(regions), bool(orders), relations, cells)
        numbers: list[int] = []
        if lay.steps is not None:
            numbers += step_selectors(size, lay.steps).values()
        if lay.regions is not None:
            numbers += region_selectors(size, lay.regions).values()
        if lay.orders is not None:
            numbers += [v for lits in order_literals(size, lay.orders).values() for v in lits[2:]]
        for base, moves in zip(lay.relations, relations, strict=True):
            numbers += sorted(set(relation_selectors(size, base, moves).values()))
        for base in lay.cells:
            numbers += range(base + 1, base + 1 + size * size)
        assert numbers == list(range(size**3 + 1, lay.top + 1))
        assert [lay.steps, lay.regions, lay.orders].count(None) == 3 - sum((steps, regions, orders))
        assert len(lay.cells) == cells


def test_marks_join_orthogonal_neighbours_only() -> None:
    assert sorted(offset_pairs(9, ORTHOGONAL)) == sorted(orthogonal_pairs(9))
    assert len(set(relation_selectors(9, 0, ORTHOGONAL).values())) == 2 * 9 * 8


def test_every_puzzle_with_marks_shares_one_skeleton() -> None:
    """White and black dots, X and V and their negatives: one skeleton key (one block of
    relations a mark kind, on orthogonal pairs), as the one block of pair selectors did
    before the registry held the marks (15 skeletons instead of 6 over the kropki and XV
    puzzles of tests/data, 3x the CPU)."""
    from sudoku_sat.model.puzzle import Puzzle
    from sudoku_sat.variants.constraints._marks import Negative
    from sudoku_sat.variants.constraints.kropki import BlackDot, WhiteDot
    from sudoku_sat.variants.constraints.xv import XV
    from sudoku_sat.variants.encode import skeleton_key
    from sudoku_sat.variants.selectors import relation_kinds

    def puzzle(*marks: object) -> Puzzle:
        found = tuple(marks)
        return Puzzle(9, (0,) * 81, constraints=tuple(m.settle(found) for m in found))  # type: ignore[attr-defined]

    some = [
        puzzle(WhiteDot((0, 1), 1)),
        puzzle(BlackDot((0, 9), 2), WhiteDot((0, 1), 1)),
        puzzle(XV((0, 1), 5)),
        puzzle(WhiteDot((0, 1), 1), Negative("difference")),
        puzzle(XV((0, 1), 10), Negative("xv"), Negative("ratio")),
    ]
    assert len({skeleton_key(p) for p in some}) == 1
    assert all(kind.pair_moves == ORTHOGONAL for kind, _ in relation_kinds(some[0]))
