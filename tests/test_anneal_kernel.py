"""The numba kernel against the pure-Python reference: same seed, same moves, same costs.

The reference itself is checked move by move against a full recomputation of c(w)
(``check=True``), so equal traces mean the kernel's running costs are right too.
The first call compiles (or loads the cache): a warm-up, not a measurement.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_sat.anneal.model import XorShift, cost, splitmix64, tables
from sudoku_sat.anneal.params import (
    SirdeyParams,
    SwapParams,
    final_temperature,
    level_count,
    max_cost,
)
from sudoku_sat.anneal.reference import sirdey_try_py, swap_try_py
from sudoku_sat.anneal.results import TryResult
from sudoku_sat.grid import empty_grid
from sudoku_sat.gridio import parse_puzzles

from .conftest import TRES_DIFFICILE

pytest.importorskip("numba")
from sudoku_sat.anneal.kernel import kernel_runner  # noqa: E402

GRIDS = {
    "td": (parse_puzzles(TRES_DIFFICILE)[0].grid, 3),
    "empty2": (empty_grid(2), 2),
    "empty3": (empty_grid(3), 3),
    "four": (parse_puzzles("1...." + "." * 11)[0].grid, 2),
}


def both(
    grid: tuple[int, ...], n: int, p: SirdeyParams | SwapParams, seed: int
) -> tuple[TryResult, TryResult, XorShift, XorShift]:
    """One try in the reference (checking every move) and one in the kernel, same seed."""
    t = tables(grid, n)
    rng_py, rng_nb = XorShift(splitmix64(seed)), XorShift(splitmix64(seed))
    if isinstance(p, SirdeyParams):
        ref = sirdey_try_py(grid, t, p, rng_py, 1, check=True)
    else:
        ref = swap_try_py(grid, t, p, rng_py, 1, check=True)
    fast = kernel_runner(grid, n, t, p, 1)(rng_nb)
    return ref, fast, rng_py, rng_nb


@pytest.mark.parametrize("name", sorted(GRIDS))
@pytest.mark.parametrize("seed", [0, 1])
def test_sirdey_kernel_makes_the_references_moves(name: str, seed: int) -> None:
    grid, n = GRIDS[name]
    p = SirdeyParams(max_iterations=4000, level_length=7)
    ref, fast, rng_py, rng_nb = both(grid, n, p, seed)
    assert fast == ref
    assert rng_py.state == rng_nb.state
    assert cost(fast.best_grid, n) == fast.best_cost


@pytest.mark.parametrize("name", sorted(GRIDS))
@pytest.mark.parametrize("seed", [0, 1])
def test_swap_kernel_makes_the_references_moves(name: str, seed: int) -> None:
    grid, n = GRIDS[name]
    p = SwapParams(max_iterations=4000, level_length=5, reheat_levels=20)
    ref, fast, rng_py, rng_nb = both(grid, n, p, seed)
    assert fast == ref
    assert rng_py.state == rng_nb.state
    assert cost(fast.best_grid, n) == fast.best_cost


def test_kernel_runs_the_papers_level_count_when_it_cannot_solve() -> None:
    clash = (1, 1) + (0,) * 14  # never reaches cost 0: the try ends at T < T_f
    e_p = float(max_cost(2))
    p = SirdeyParams(stall_levels=0)
    result = kernel_runner(clash, 2, tables(clash, 2), p, 0)(XorShift(splitmix64(0)))
    assert result.levels == level_count(e_p, final_temperature(2), 0.1, e_p)
    assert result.iterations == 16 * result.levels
    assert result.best_cost >= 1


SOLVED = "798635421126974583453218679972586314564123897381497256617352948835749162249861735"


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.booleans(), min_size=81, max_size=81),
    st.integers(0, 2**63),
    st.floats(0.01, 5.0),
    st.integers(1, 90),
    st.integers(0, 40),
)
def test_kernel_matches_reference_on_random_puzzles_and_parameters(
    keep: list[bool], seed: int, delta: float, length: int, focus: int
) -> None:
    grid = tuple(int(ch) if k else 0 for ch, k in zip(SOLVED, keep, strict=True))
    sirdey = SirdeyParams(delta=delta, level_length=length, max_iterations=1500, stall_levels=7)
    ref, fast, rng_py, rng_nb = both(grid, 3, sirdey, seed)
    assert fast == ref and rng_py.state == rng_nb.state
    swap = SwapParams(level_length=length, max_iterations=1500, focus=focus, reheat_levels=5)
    ref, fast, rng_py, rng_nb = both(grid, 3, swap, seed)
    assert fast == ref and rng_py.state == rng_nb.state
