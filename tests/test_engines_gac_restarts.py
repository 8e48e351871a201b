"""The GAC all-different filter against brute force, and the GAC restart search against its
twin, the plain EUP search (satisfiability), on small orders."""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_sat.grid import Grid, is_solution

from .test_eup_numba import random_puzzles

pytest.importorskip("numba")

import numpy as np  # noqa: E402

from sudoku_sat.deadline import Deadline, TimedOut  # noqa: E402
from sudoku_sat.engines.eup import reference as eup  # noqa: E402
from sudoku_sat.engines.eup.bits import tables  # noqa: E402
from sudoku_sat.engines.eup.restarts import RestartStats  # noqa: E402
from sudoku_sat.engines.gac.alldiff import OK, gac_root, gac_unit, scratch  # noqa: E402
from sudoku_sat.engines.gac.restarts import solve_engine, solve_gac  # noqa: E402


def brute_force(domains: list[int]) -> list[int] | None:
    """Per cell, the values (as a mask) some assignment of all-different values from the
    domains gives it (as many values as cells); None when there is no assignment."""
    size = len(domains)
    kept = [0] * size
    found = False
    for values in itertools.permutations(range(size)):
        if all(domains[k] >> values[k] & 1 for k in range(size)):
            found = True
            for k in range(size):
                kept[k] |= 1 << values[k]
    return kept if found else None


def filtered(domains: list[int], hint: list[int] | None = None) -> tuple[int, list[int], list[int]]:
    """gac_unit on one unit holding domains: (its return value, the masks, cells listed)."""
    size = len(domains)
    st = np.array(domains, np.uint64)
    units = np.arange(size, dtype=np.int32).reshape(1, size)
    hints = np.array([hint or [-1] * size], np.int64)
    wi, wu, hit = scratch(size)
    changed = gac_unit(st, 0, units, hints, wi, wu, hit)
    return int(changed), [int(m) for m in st], sorted(int(c) for c in hit[: max(changed, 0)])


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6])
def test_gac_keeps_exactly_the_values_of_some_assignment(size: int) -> None:
    rng = random.Random(size)
    for _ in range(400):
        domains = [
            rng.randrange(1, 1 << size) if rng.random() < 0.8 else 1 << rng.randrange(size)
            for _ in range(size)
        ]
        hint = rng.sample(range(size), size) if rng.random() < 0.5 else None
        changed, masks, listed = filtered(domains, hint)
        kept = brute_force(domains)
        if kept is None:
            assert changed == -1
            continue
        assert masks == kept
        assert listed == [k for k in range(size) if kept[k] != domains[k]]
        assert changed == len(listed)


def has_perfect_matching(domains: list[int]) -> bool:
    """Kuhn's augmenting paths, in plain Python."""
    owner: dict[int, int] = {}

    def place(k: int, seen: set[int]) -> bool:
        for v in (v for v in range(len(domains)) if domains[k] >> v & 1 and v not in seen):
            seen.add(v)
            if v not in owner or place(owner[v], seen):
                owner[v] = k
                return True
        return False

    return all(place(k, set()) for k in range(len(domains)))


def test_gac_on_64_values_keeps_a_value_iff_a_matching_uses_it() -> None:
    rng = random.Random(64)
    values = rng.sample(range(64), 64)
    domains = [1 << v for v in values]
    for k in rng.sample(range(64), 40):  # 40 open cells with extra candidates
        for _ in range(3):
            domains[k] |= 1 << rng.randrange(64)
    changed, masks, _ = filtered(domains)
    assert changed >= 0
    for k, v in itertools.product(range(64), range(64)):
        if domains[k] >> v & 1:
            forced = [*domains[:k], 1 << v, *domains[k + 1 :]]
            assert bool(masks[k] >> v & 1) == has_perfect_matching(forced), (k, v)


@pytest.mark.parametrize("n,count", [(2, 40), (3, 30), (4, 8)])
def test_root_fixpoint_keeps_every_solution_and_is_gac(n: int, count: int) -> None:
    units, cu, peers, full = tables(n)
    for puzzle in random_puzzles(n, count, seed=500 + n):
        solutions = [eup.to_grid(s) for s in eup.run(puzzle, n, 50)[1]]
        hint = np.full(units.shape, -1, np.int64)
        st, blame = gac_root(np.array(puzzle, np.int32), units, cu, peers, full, hint)
        assert (blame == OK) == bool(solutions)
        if blame != OK:
            continue
        for s in solutions:
            assert all(int(st[c]) >> (v - 1) & 1 for c, v in enumerate(s))
        wi, wu, hit = scratch(n * n)
        assert all(gac_unit(st, u, units, hint, wi, wu, hit) == 0 for u in range(3 * n * n))


OPTIONS = ({}, {"value": "lcv", "last": True}, {"wdeg": False}, {"dual": True, "saving": True})


@pytest.mark.parametrize("n,count", [(2, 60), (3, 40), (4, 12)])
@pytest.mark.parametrize("unit", (1, 64))
@pytest.mark.parametrize("options", OPTIONS)
def test_gac_search_agrees_with_the_plain_search(
    n: int, count: int, unit: int, options: dict[str, object]
) -> None:
    for k, puzzle in enumerate(random_puzzles(n, count, seed=200 + n)):
        solution, decided, _ = solve_gac(puzzle, n, seed=k, unit=unit, **options)  # type: ignore[arg-type]
        assert decided
        assert (solution is not None) == (eup.count_eup(puzzle, n, 1) == 1)
        assert solution is None or is_solution(solution, n, puzzle)


def test_order_8_pattern_puzzle_is_solved() -> None:
    n, size = 8, 64
    grid = tuple(
        (n * (i % n) + i // n + j) % size + 1 for i in range(size) for j in range(size)
    )  # a valid 64x64 grid (shifted rows)
    assert is_solution(grid, n)
    rng = random.Random(8)
    blanks = set(rng.sample(range(size * size), size * size // 4))
    puzzle = tuple(0 if c in blanks else v for c, v in enumerate(grid))
    solution, decided, _ = solve_gac(puzzle, n, seed=1)
    assert decided and solution is not None and is_solution(solution, n, puzzle)


def test_seeds_change_the_solution_of_an_open_grid() -> None:
    empty: Grid = (0,) * 81
    found = {solve_gac(empty, 3, seed=s)[0] for s in range(4)}
    assert len(found) > 1 and all(g is not None and is_solution(g, 3) for g in found)


def test_max_runs_deadline_and_stats() -> None:
    puzzle = random_puzzles(4, 1, seed=7)[0]
    solution, decided, stats = solve_gac(puzzle, 4, unit=1, max_runs=0)
    assert (solution, decided, stats.runs) == (None, False, 0)
    mine = RestartStats()
    with pytest.raises(TimedOut):
        solve_gac((0,) * 256, 4, deadline=Deadline(1e-9), stats=mine)
    assert mine.runs == 0
    with pytest.raises(ValueError, match="value"):
        solve_gac(puzzle, 4, value="largest")


def test_solve_engine_statuses(hard: object, hard_solution: Grid) -> None:
    grid: Grid = hard.grid  # type: ignore[attr-defined]
    result = solve_engine(grid, 3, timeout=10)
    assert (result.status, result.grid, result.solver) == ("solved", hard_solution, "gac")
    assert result.stats["nodes"] >= 0
    clash = (1, 1) + (0,) * 14
    assert solve_engine(clash, 2).status == "unsat"


def test_solve_engine_gac_from_the_registry(hard: object, hard_solution: Grid) -> None:
    from sudoku_sat.engines.registry import ENGINES, get_engine

    assert "gac" in ENGINES and "Régin" in ENGINES["gac"].description
    grid: Grid = hard.grid  # type: ignore[attr-defined]
    assert get_engine("gac")(grid, 3, None).grid == hard_solution
    assert get_engine("gac")((1, 1) + (0,) * 79, 3, None).status == "unsat"


def test_solve_engine_gac_needs_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_sat import accel
    from sudoku_sat.engines.registry import get_engine
    from sudoku_sat.errors import SudokuSatError

    monkeypatch.setattr(accel, "numba_available", lambda: False)
    with pytest.raises(SudokuSatError, match="fast"):
        get_engine("gac")((0,) * 16, 2, None)
