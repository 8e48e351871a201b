"""The vocabulary's invariants for every order."""

from __future__ import annotations

import pytest

from sudoku_sat.grid import (
    clue_count,
    conflicts,
    empty_grid,
    geometry,
    is_solution,
    order_of_cells,
    order_of_size,
)

ORDERS = [2, 3, 4, 5, 6]


@pytest.mark.parametrize("n", ORDERS)
def test_counts(n: int) -> None:
    geo = geometry(n)
    size = n * n
    assert geo.ncells == n**4
    assert len(geo.units) == 3 * size
    assert all(len(u) == size for u in geo.units)
    assert all(len(p) == 3 * size - 2 * n - 1 for p in geo.peers)


def test_twenty_peers_for_9x9() -> None:
    assert {len(p) for p in geometry(3).peers} == {20}


@pytest.mark.parametrize("n", ORDERS)
def test_each_cell_in_one_row_column_block(n: int) -> None:
    geo = geometry(n)
    for kind in (geo.rows, geo.cols, geo.blocks):
        cells = sorted(c for unit in kind for c in unit)
        assert cells == list(range(geo.ncells))


@pytest.mark.parametrize("n", ORDERS)
def test_units_of_and_block_of_agree(n: int) -> None:
    geo = geometry(n)
    for c in range(geo.ncells):
        i, j = divmod(c, geo.size)
        row, col, block = geo.units_of[c]
        assert c in geo.units[row] and c in geo.units[col] and c in geo.units[block]
        assert block - 2 * geo.size == geo.block_of(i, j)


def test_indice_matches_the_statement() -> None:
    geo = geometry(3)
    assert geo.indice(3, 6) == (5, 0)
    assert geo.indice(0, 0) == (0, 0)
    assert geo.indice(8, 8) == (8, 8)
    for b in range(9):
        for r in range(9):
            i, j = geo.indice(b, r)
            assert geo.blocks[b][r] == i * 9 + j
            assert geo.block_of(i, j) == b


def test_orders_from_sizes() -> None:
    assert order_of_size(9) == 3 and order_of_cells(81) == 3 and order_of_cells(256) == 4
    assert order_of_size(64) == 8 and order_of_cells(49**2) == 7
    assert order_of_size(81) == 9 and order_of_size(225) == 15  # up to 225x225
    for bad in (8, 10, 1, 256):
        with pytest.raises(ValueError):
            order_of_size(bad)
    with pytest.raises(ValueError):
        order_of_cells(80)
    with pytest.raises(ValueError):
        geometry(16)


def test_solution_checks(hard_solution: tuple[int, ...]) -> None:
    assert is_solution(hard_solution, 3)
    broken = list(hard_solution)
    broken[0], broken[1] = broken[1], broken[0]
    assert not is_solution(tuple(broken), 3)
    assert conflicts(tuple(broken), 3)
    assert clue_count(empty_grid(3)) == 0 and not is_solution(empty_grid(2), 2)
    clue = [0] * 81
    clue[0] = hard_solution[1]
    assert not is_solution(hard_solution, 3, tuple(clue))
