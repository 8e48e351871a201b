"""Large-order puzzles: seeded, half blank, solvable; 49x49 and 64x64 grids read and written."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.encodings import encode
from sudoku_sat.encodings.counts import clause_count
from sudoku_sat.encodings.large import blank_cells, full_grid, make_large
from sudoku_sat.errors import GridError
from sudoku_sat.grid import geometry, is_solution
from sudoku_sat.gridio import format_line, format_numbers, parse_puzzles


@pytest.mark.parametrize("amo", ("sequential", "product"))
@pytest.mark.parametrize("n", (2, 3, 4))
def test_large_puzzles_are_seeded_half_blank_and_keep_their_grid(n: int, amo: str) -> None:
    made = make_large(n, seed=7, amo=amo)
    assert is_solution(made.solution, n, made.puzzle)
    assert made.puzzle.count(0) == n**4 // 2
    assert make_large(n, seed=7, amo=amo).puzzle == made.puzzle
    assert make_large(n, seed=8, amo=amo).solution != made.solution or n == 2


def test_random_phases_change_the_grid() -> None:
    grids = {full_grid(3, random.Random(seed)) for seed in range(5)}
    assert len(grids) > 1 and all(is_solution(g, 3) for g in grids)


def test_blank_cells() -> None:
    grid = tuple(range(1, 17))
    blanked = blank_cells(grid, random.Random(1))
    assert blanked.count(0) == 8 and all(v in (0, g) for v, g in zip(blanked, grid, strict=True))
    assert blank_cells(grid, random.Random(1), 0.3).count(0) == 4
    assert blank_cells(grid, random.Random(1), 1.0) == (0,) * 16
    with pytest.raises(ValueError, match="between 0 and 1"):
        blank_cells(grid, random.Random(1), 1.5)


def test_one_seed_blanks_one_grid_at_every_fraction() -> None:
    half, third = make_large(3, seed=4), make_large(3, seed=4, blank=0.3)
    assert half.solution == third.solution and third.blank == 0.3
    assert third.puzzle.count(0) == 24 and is_solution(third.solution, 3, third.puzzle)


@pytest.mark.parametrize("n", (7, 8))
def test_orders_seven_and_eight_read_and_written_as_numbers(n: int) -> None:
    geo = geometry(n)
    assert len(geo.peers[0]) == 3 * n * n - 2 * n - 1
    grid = tuple(random.Random(n).randrange(n * n + 1) for _ in range(n**4))
    (puzzle,) = parse_puzzles(format_numbers(grid, n), "big")
    assert (puzzle.n, puzzle.grid) == (n, grid)
    with pytest.raises(GridError, match="numbers format"):
        format_line(grid, n)


def test_compact_amo_makes_order_eight_linear_enough() -> None:
    assert clause_count(8, "extended", "pairwise") > 33_000_000
    assert clause_count(8, "extended", "product") < 3_100_000
    assert clause_count(8, "extended", "sequential") < 3_100_000


def test_a_25x25_half_blank_puzzle_solves_on_compact_encodings() -> None:
    from pysat.solvers import Solver

    from sudoku_sat.encodings import decode_model

    made = make_large(5, seed=3)
    for amo in ("sequential", "product"):
        formula = encode(made.puzzle, 5, "reduced", amo)
        with Solver(name="m22", bootstrap_with=formula.clauses) as solver:
            assert solver.solve()
            grid, _ = decode_model(solver.get_model() or [], 5, formula.givens)
        assert is_solution(grid, 5, made.puzzle)
