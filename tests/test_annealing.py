"""The annealers: cost against brute force, the paper's schedule formulas, solving, failing."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_sat import accel as annealing
from sudoku_sat.anneal.driver import anneal
from sudoku_sat.anneal.model import XorShift, cost, splitmix64, tables
from sudoku_sat.anneal.params import (
    SirdeyParams,
    SwapParams,
    cooling_rate,
    final_temperature,
    level_count,
    max_cost,
)
from sudoku_sat.anneal.reference import sirdey_try_py, swap_try_py
from sudoku_sat.errors import SolverError
from sudoku_sat.grid import empty_grid, is_solution
from sudoku_sat.gridio import parse_puzzles

from .conftest import EASY, TRES_DIFFICILE

SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"


def grid_of(line: str) -> tuple[int, ...]:
    return parse_puzzles(line)[0].grid


def brute_cost(grid: tuple[int, ...], n: int) -> int:
    """1/2 sum over cells of c_ij, written from the paper's words with no shared tables."""
    size = n * n
    total = 0
    for i in range(size):
        for j in range(size):
            v = grid[i * size + j]
            zone = {(i, y) for y in range(size)} | {(x, j) for x in range(size)}
            bi, bj = i - i % n, j - j % n
            zone |= {(bi + a, bj + b) for a in range(n) for b in range(n)}
            zone.discard((i, j))
            total += sum(1 for x, y in zone if grid[x * size + y] == v and v)
    assert total % 2 == 0
    return total // 2


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 3), st.randoms(use_true_random=False))
def test_cost_matches_brute_force(n: int, rnd: random.Random) -> None:
    grid = tuple(rnd.randint(1, n * n) for _ in range(n**4))
    assert cost(grid, n) == brute_cost(grid, n)


def test_cost_of_a_solution_is_zero_and_of_a_constant_grid_is_e_p() -> None:
    solved = anneal(grid_of(EASY), 3, "swap", tries=3, seed=0).solution
    assert solved is not None and cost(solved, 3) == 0
    for n in (2, 3, 4):
        assert cost((1,) * n**4, n) == max_cost(n)


def test_e_p_and_t_final_are_the_papers() -> None:
    assert max_cost(3) == 810  # 1620 / 2
    assert final_temperature(3) == pytest.approx(0.00273852, abs=5e-9)
    # the instance-dependent T_f of equation (3), m fixed cells: 0.5/((81-m) log 9 - log 0.01)
    assert final_temperature(3, free_cells=81 - 23) == pytest.approx(
        0.5 / (58 * math.log(9) - math.log(0.01))
    )
    # order n: e_p = n^4 (3n^2 - 2n - 1) / 2, N = (n^2)^(n^4)
    assert max_cost(4) == 256 * 39 // 2
    assert final_temperature(4, 0.9, 1.0) == pytest.approx(1 / (256 * math.log(16) - math.log(0.1)))


def simulate_levels(t0: float, t_final: float, delta: float, e_p: float) -> int:
    """Levels of the paper's loop: while T >= T_f: one level; T <- T / (1 + rate T)."""
    rate, temp, levels = cooling_rate(delta, e_p), t0, 0
    while temp >= t_final:
        levels += 1
        temp = temp / (1 + rate * temp)
    return levels


@pytest.mark.parametrize(
    ("n", "delta", "alpha", "epsilon"),
    [(2, 0.1, 0.99, 0.5), (3, 1.0, 0.99, 0.5), (3, 2.0, 0.9, 1.0), (4, 5.0, 0.99, 0.5)],
)
def test_level_count_is_the_papers_lambda(
    n: int, delta: float, alpha: float, epsilon: float
) -> None:
    e_p, t_f = float(max_cost(n)), final_temperature(n, alpha, epsilon)
    simulated = simulate_levels(e_p, t_f, delta, e_p)
    # the paper's closed form, up to float rounding over the recurrence's many steps
    assert abs(level_count(e_p, t_f, delta, e_p) - simulated) <= 1


def test_full_paper_try_is_about_251_million_iterations() -> None:
    e_p = float(max_cost(3))
    levels = level_count(e_p, final_temperature(3), 0.1, e_p)
    lam = (1 + e_p) * (81 * math.log(9) - math.log(0.01)) / (0.5 * math.log(1.1))
    lam -= (1 + e_p) / (e_p * math.log(1.1))
    assert levels == math.floor(lam) + 1
    assert 81 * levels == pytest.approx(251.7e6, rel=1e-3)


def test_xorshift_ranges_and_determinism() -> None:
    a, b = XorShift(splitmix64(7)), XorShift(splitmix64(7))
    draws = [a.below(9) for _ in range(9000)]
    assert draws == [b.below(9) for _ in range(9000)]
    assert set(draws) == set(range(9))
    assert all(0 <= a.uniform() < 1 for _ in range(1000))
    assert splitmix64(0) != 0


@pytest.mark.parametrize("variant", ["sirdey", "swap"])
def test_reference_cost_stays_equal_to_recomputed_cost(variant: str) -> None:
    grid = grid_of(TRES_DIFFICILE)
    t, rng = tables(grid, 3), XorShift(splitmix64(3))
    if variant == "sirdey":
        result = sirdey_try_py(grid, t, SirdeyParams(max_iterations=3000), rng, 1, check=True)
    else:
        result = swap_try_py(grid, t, SwapParams(max_iterations=3000), rng, 1, check=True)
    assert result.iterations >= 3000
    assert cost(result.best_grid, 3) == result.best_cost
    assert all(g == c for g, c in zip(grid, result.best_grid, strict=True) if g)


def test_paper_annealer_solves_the_easy_grid() -> None:
    grid = grid_of(EASY)
    result = anneal(grid, 3, "sirdey", tries=3, seed=1)
    assert result.solution is not None and is_solution(result.solution, 3, grid)
    assert result.best_cost == 0 and result.tries <= 3


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_swap_annealer_solves_tres_difficile_within_5_tries(seed: int) -> None:
    grid = grid_of(TRES_DIFFICILE)
    result = anneal(grid, 3, "swap", tries=5, seed=seed)
    assert result.solution is not None and is_solution(result.solution, 3, grid)


def test_failure_is_a_result_with_best_cost() -> None:
    result = anneal(grid_of(SEVENTEEN), 3, "sirdey", tries=2, seed=0, max_iterations=2000)
    assert result.solution is None and result.tries == 2
    assert result.best_cost == cost(result.best_grid, 3) > 0
    assert result.iterations >= 4000


def test_clashing_clues_return_at_once_and_a_full_grid_is_its_own_solution() -> None:
    clash = (1, 1) + (0,) * 14
    result = anneal(clash, 2, "swap", tries=5, seed=0)
    assert result.solution is None and result.tries == 0 and result.best_cost == 1
    solved = anneal(grid_of(EASY), 3, "swap", seed=0).solution
    assert solved is not None
    again = anneal(solved, 3, "sirdey", seed=0)
    assert again.solution == solved and again.tries == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_swap_fills_an_empty_grid(n: int) -> None:
    result = anneal(empty_grid(n), n, "swap", tries=3, seed=5)
    assert result.solution is not None and is_solution(result.solution, n)


def test_same_seed_same_run_and_python_backend_agrees() -> None:
    grid = grid_of(TRES_DIFFICILE)
    a = anneal(grid, 3, "swap", tries=1, seed=9, max_iterations=20_000)
    b = anneal(grid, 3, "swap", tries=1, seed=9, max_iterations=20_000, backend="python")
    assert (a.best_grid, a.iterations, a.best_cost) == (b.best_grid, b.iterations, b.best_cost)


def test_bad_parameters_raise_value_error() -> None:
    grid = grid_of(EASY)
    with pytest.raises(ValueError, match="--delta: not an option of swap"):
        anneal(grid, 3, "swap", delta=0.2)
    with pytest.raises(ValueError, match="--delta must be > 0"):
        anneal(grid, 3, "sirdey", delta=0)
    with pytest.raises(ValueError, match="unknown variant"):
        anneal(grid, 3, "greedy")
    with pytest.raises(ValueError, match="tries"):
        anneal(grid, 3, tries=0)
    with pytest.raises(ValueError, match="not a grid of order 3"):
        anneal(grid[:80], 3)
    with pytest.raises(ValueError, match="not a grid of order 2"):
        anneal((5,) + (0,) * 15, 2)


def test_backend_choice_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(annealing, "numba_available", lambda: False)
    assert annealing.choose_backend("auto") == "python"
    with pytest.raises(SolverError, match="'fast' extra"):
        annealing.choose_backend("numba")


def test_trace_records_levels_of_every_try() -> None:
    grid = grid_of(TRES_DIFFICILE)
    result = anneal(grid, 3, "sirdey", tries=2, seed=4, max_iterations=810, trace_every=2)
    assert result.trace is not None
    assert set(result.trace.tries) == {1, 2}
    assert list(result.trace.levels[:3]) == [0, 2, 4]
    assert result.trace.temperatures[0] == pytest.approx(810.0)
    assert all(c >= 0 for c in result.trace.costs)


def test_instance_t_final_is_equation_3_over_the_free_cells() -> None:
    from sudoku_sat.anneal.params import sirdey_constants

    grid = grid_of(TRES_DIFFICILE)
    free = sum(1 for v in grid if not v)
    paper = sirdey_constants(3, SirdeyParams(), free)
    instance = sirdey_constants(3, SirdeyParams(instance_t_final=True), free)
    assert paper[2] == pytest.approx(0.00273852, abs=5e-9)
    assert instance[2] == pytest.approx(0.5 / (free * math.log(9) - math.log(0.01)))
    assert instance[2] > paper[2]


def test_no_try_starts_after_the_deadline() -> None:
    from sudoku_sat.deadline import Deadline

    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    result = anneal(
        grid, 3, "sirdey", tries=5, seed=1, deadline=Deadline(1e-6), max_iterations=1000
    )
    assert result.solution is None and result.tries == 1


def test_keep_trace_false_hands_each_try_over_and_keeps_none() -> None:
    seen: list[int] = []
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    result = anneal(
        grid, 3, "sirdey", tries=3, seed=1, trace_every=1, max_iterations=2000,
        on_try=lambda k, r: seen.append(len(r.trace_levels)), keep_trace=False,
    )  # fmt: skip
    assert len(seen) == 3 and all(rows > 0 for rows in seen)
    assert result.trace is not None and result.trace.levels == ()


@pytest.mark.parametrize(
    ("variant", "param", "value", "message"),
    [
        ("sirdey", "max_iterations", 10**30, "max_iterations must be at most"),
        ("swap", "level_length", 10**30, "level_length must be at most"),
        ("swap", "t0", float("inf"), "t0 must be a finite number"),
    ],
)
def test_parameters_past_the_kernels_range_raise(
    variant: str, param: str, value: float, message: str
) -> None:
    """10**30 reached numba and ended in its TypingError (exit 1, a traceback)."""
    with pytest.raises(ValueError, match=message):
        anneal(grid_of(EASY), 3, variant, **{param: value})
