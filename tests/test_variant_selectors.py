"""The numbering of a session skeleton's blocks (sudoku_sat/variants/selectors.py)."""

from __future__ import annotations

import pytest

from sudoku_sat.variants.selectors import (
    order_literals,
    pair_selectors,
    region_selectors,
    step_selectors,
)


@pytest.mark.parametrize("size", [4, 6, 9])
def test_the_blocks_follow_the_grid_one_after_the_other_without_a_gap(size: int) -> None:
    numbers = [
        *pair_selectors(size).values(),
        *step_selectors(size).values(),
        *region_selectors(size).values(),
        *(v for lits in order_literals(size).values() for v in lits[2:]),
    ]
    assert numbers == list(range(size**3 + 1, size**3 + 1 + len(numbers)))
    assert all(len(lits) == size + 1 for lits in order_literals(size).values())
