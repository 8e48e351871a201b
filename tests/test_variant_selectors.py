"""The numbering of a session skeleton's blocks (sudoku_sat/variants/selectors.py)."""

from __future__ import annotations

from itertools import product

import pytest

from sudoku_sat.variants.selectors import (
    layout,
    order_literals,
    region_selectors,
    relation_selectors,
    step_selectors,
)


@pytest.mark.parametrize("size", [4, 9])
def test_the_blocks_present_follow_the_grid_one_after_the_other(size: int) -> None:
    for steps, regions, orders, relations, cells in product(*[(0, 1)] * 3, (0, 2, 5), (0, 1)):
        lay = layout(size, bool(steps), bool(regions), bool(orders), relations, cells)
        numbers: list[int] = []
        if lay.steps is not None:
            numbers += step_selectors(size, lay.steps).values()
        if lay.regions is not None:
            numbers += region_selectors(size, lay.regions).values()
        if lay.orders is not None:
            numbers += [v for lits in order_literals(size, lay.orders).values() for v in lits[2:]]
        for base in lay.relations:
            numbers += sorted(set(relation_selectors(size, base).values()))
        for base in lay.cells:
            numbers += range(base + 1, base + 1 + size * size)
        assert numbers == list(range(size**3 + 1, lay.top + 1))
        assert [lay.steps, lay.regions, lay.orders].count(None) == 3 - sum((steps, regions, orders))
        assert len(lay.relations) == relations and len(lay.cells) == cells
