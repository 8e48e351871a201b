"""The compiled EUP engine against its twin (pure-Python EUP), PySAT and pyganak."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.engines.eup import reference as eup
from sudoku_sat.engines.eup.batch import (
    backend_name,
    count_many,
    other_solution,
    random_solution,
    solve_count_many,
    solve_many,
)
from sudoku_sat.grid import Grid, empty_grid, geometry, is_solution
from sudoku_sat.puzzles.counting import Counters

from .conftest import dataset_path

pytest.importorskip("numba")


def random_puzzles(n: int, count: int, seed: int) -> list[Grid]:
    """Puzzles of order n: random subsets of random full grids (unique, several or
    contradictory after a clue is changed), denser for larger orders."""
    rng = random.Random(seed)
    ncells = n**4
    keep_low = {2: 0.1, 3: 0.3, 4: 0.55, 5: 0.7}[n]
    out: list[Grid] = []
    for k in range(count):
        full = eup.solve_eup(empty_grid(n), n, rng)
        assert full is not None
        keep = rng.uniform(keep_low, 0.95)
        grid = [v if rng.random() < keep else 0 for v in full]
        if k % 4 == 3:  # a clue copied onto a peer: no solution at all
            c = rng.randrange(ncells)
            grid[geometry(n).peers[c][0]] = grid[c] = full[c]
        out.append(tuple(grid))
    return out


def reference_lines(limit_count: int) -> list[tuple[Grid, int]]:
    """(grid, count) of counts_reference.txt with count <= limit_count."""
    lines = dataset_path("counts_reference.txt").read_text().split()
    out = []
    for line in lines:
        puzzle, count, *_ = line.split(":")
        if int(count) <= limit_count:
            out.append((tuple(0 if ch == "." else int(ch) for ch in puzzle), int(count)))
    return out


@pytest.mark.parametrize("n,count", [(2, 60), (3, 40), (4, 12), (5, 4)])
def test_counts_and_solutions_match_the_pure_python_twin(n: int, count: int) -> None:
    puzzles = random_puzzles(n, count, seed=100 + n)
    items = [(p, n) for p in puzzles]
    compiled = solve_count_many(items, cap=20, backend="numba")
    python = solve_count_many(items, cap=20, backend="python")
    assert [c for c, _ in compiled] == [c for c, _ in python]
    assert len({c for c, _ in compiled}) >= 2  # the sample mixes 0, 1 and several
    for (c, sol), (_, ref), p in zip(compiled, python, puzzles, strict=True):
        assert (sol is None) == (c == 0)
        if sol is not None:
            assert is_solution(sol, n, p)
            if c == 1:
                assert sol == ref


@pytest.mark.parametrize("n", [2, 3])
def test_counts_match_pysat(n: int) -> None:
    puzzles = random_puzzles(n, 30, seed=7 * n)
    compiled = count_many([(p, n) for p in puzzles], cap=30, backend="numba")
    with Counters() as counters:
        assert compiled == [counters.count(p, n, 30, "pysat") for p in puzzles]


def test_reference_file_counts_match_python_pysat_and_ganak() -> None:
    lines = reference_lines(1000)
    items = [(g, 3) for g, _ in lines]
    compiled = count_many(items, cap=1000, backend="numba")
    assert compiled == [c for _, c in lines]
    quick = [(g, c) for g, c in lines if c in (1, 125)]
    assert count_many([(g, 3) for g, _ in quick], 1000, "python") == [c for _, c in quick]
    with Counters() as counters:
        assert [counters.count(g, 3, 1000, "pysat") for g, _ in quick] == [c for _, c in quick]
    pytest.importorskip("pyganak")
    from sudoku_sat.puzzles.counting import count_ganak

    assert [count_ganak(g, 3) for g, _ in quick[:3]] == [c for _, c in quick[:3]]


def test_random_puzzles_of_order_3_match_ganak() -> None:
    pytest.importorskip("pyganak")
    from sudoku_sat.puzzles.counting import count_ganak

    puzzles = [p for p in random_puzzles(3, 10, seed=5) if sum(1 for v in p if v) > 40]
    compiled = count_many([(p, 3) for p in puzzles], cap=10**6, backend="numba")
    assert compiled == [count_ganak(p, 3) for p in puzzles]


def test_a_batch_of_mixed_orders_keeps_its_order() -> None:
    items = [(p, 2) for p in random_puzzles(2, 5, 1)] + [(p, 3) for p in random_puzzles(3, 5, 2)]
    random.Random(3).shuffle(items)
    assert count_many(items, 9, "numba") == [eup.count_eup(g, n, 9) for g, n in items]
    for (g, n), sol in zip(items, solve_many(items, "numba"), strict=True):
        assert sol is None or is_solution(sol, n, g)


def test_the_empty_4x4_grid_has_288_solutions_on_both_backends() -> None:
    for backend in ("numba", "python"):
        assert count_many([(empty_grid(2), 2)], 10**6, backend) == [288]


@pytest.mark.parametrize("backend", ["numba", "python"])
def test_other_solution_differs_where_asked(backend: str) -> None:
    rng = random.Random(4)
    full = eup.solve_eup(empty_grid(3), 3, rng)
    assert full is not None
    puzzle = tuple(v if c >= 27 else 0 for c, v in enumerate(full))  # row swaps in band 1
    other = other_solution(puzzle, full, [0, 1, 2, 3], 3, backend)
    assert other is not None and is_solution(other, 3, puzzle)
    assert any(other[c] != full[c] for c in (0, 1, 2, 3))
    assert other_solution(full, full, [0], 3, backend) is None


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_random_solution_is_a_seeded_valid_grid(n: int) -> None:
    first = random_solution(empty_grid(n), n, seed=11, backend="numba")
    assert first is not None and is_solution(first, n)
    assert random_solution(empty_grid(n), n, seed=11, backend="numba") == first
    assert random_solution(empty_grid(n), n, seed=12, backend="numba") != first


def test_contradictions_are_zero_and_none() -> None:
    clash = (1, 1) + (0,) * 14
    assert solve_count_many([(clash, 2)], 5, "numba") == [(0, None)]
    assert backend_name("auto") == "numba"


def test_without_numba_the_batch_runs_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_sat import accel

    monkeypatch.setattr(accel, "numba_available", lambda: False)
    assert backend_name() == "python"
    assert count_many([(empty_grid(2), 2)], 1000) == [288]


@pytest.mark.parametrize("backend", ["numba", "python"])
def test_a_bad_grid_in_a_batch_raises_check_grids_error_for_the_first(backend: str) -> None:
    from sudoku_sat.errors import GridError

    good = (0,) * 81
    cases = [
        ([(good, 3), ((0,) * 80, 3)], "has 81 cells, got 80"),
        ([(good, 3), ((10,) + (0,) * 80, 3)], r"0\.\.9"),
        ([(good, 3), ((-1,) + (0,) * 80, 3)], r"0\.\.9"),
        ([((5,) + (0,) * 15, 2), (good, 3), ((0,) * 80, 3)], r"0\.\.4"),  # input order
        ([((300,) + (0,) * 80, 3)], r"0\.\.9"),  # beyond a byte
    ]
    for items, message in cases:
        with pytest.raises(GridError, match=message):
            count_many(items, 2, backend)
        with pytest.raises(GridError, match=message):
            solve_count_many(items, 2, backend)
    assert count_many([((1, 2) + (0,) * 14, 2), ((4,) + (0,) * 15, 2)], 5, backend) == [5, 5]
