"""The three counters agree: known counts, the reference file, random puzzles."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_sat.engines.eup.batch import count_many
from sudoku_sat.errors import SolverError
from sudoku_sat.grid import Grid, empty_grid, is_solution
from sudoku_sat.gridio import Puzzle, parse_puzzles
from sudoku_sat.puzzles import counting
from sudoku_sat.puzzles.counting import (
    Counters,
    PysatCounter,
    available_methods,
    count_eup,
    count_ganak,
    count_solutions,
    solve_eup,
)

from .conftest import dataset_path

HAS_GANAK = "ganak" in available_methods()
needs_ganak = pytest.mark.skipif(not HAS_GANAK, reason="pyganak not installed (extra 'count')")
SLOW = os.environ.get("SUDOKU_SAT_SLOW", "") not in ("", "0")
CLASH: Grid = (1, 1) + (0,) * 79


def reference() -> list[Puzzle]:
    path = dataset_path("counts_reference.txt")
    return parse_puzzles(path.read_text(), str(path))


def test_reference_file_has_the_advertised_counts() -> None:
    counts = {p.count for p in reference()}
    assert {0, 1, 125, 601} <= counts


@pytest.mark.parametrize("method", ["eup", "pysat", "ganak"])
def test_the_empty_4x4_has_288_solutions(method: str) -> None:
    if method == "ganak" and not HAS_GANAK:
        pytest.skip("pyganak not installed")
    assert count_solutions(empty_grid(2), 2, 1000, method) == 288
    assert count_solutions(empty_grid(2), 2, 10, method) == 10


@pytest.mark.parametrize("method", ["eup", "pysat", "ganak"])
def test_contradictory_clues_give_zero(method: str) -> None:
    if method == "ganak" and not HAS_GANAK:
        pytest.skip("pyganak not installed")
    assert count_solutions(CLASH, 3, 2, method) == 0


def test_eup_and_pysat_match_every_reference_line() -> None:
    """The compiled EUP engine and PySAT on every line; the pure-Python EUP engine on every
    line below 700 solutions (the five past it take 3 s of its 5 s; it counts puzzles
    with up to 300 solutions against PySAT below)."""
    puzzles = reference()
    compiled = count_many([(p.grid, 3) for p in puzzles], 1000)
    with PysatCounter(3) as pysat:
        for p, by_compiled in zip(puzzles, compiled, strict=True):
            assert by_compiled == p.count, p.origin
            if (p.count or 0) < 700:
                assert count_eup(p.grid, 3, 1000) == p.count, p.origin
            assert pysat.count(p.grid, 1000) == p.count, p.origin
            assert pysat.count(p.grid, 2) == min(p.count or 0, 2), p.origin


def test_reference_solutions_are_the_ones_found() -> None:
    for p in reference():
        if p.count == 1:
            assert solve_eup(p.grid, 3) == p.solution, p.origin


@needs_ganak
def test_ganak_matches_the_reference_lines() -> None:
    """Every line under SUDOKU_SAT_SLOW=1 (about 8 minutes: pyganak's preprocessing takes
    30-60 s to refute most contradictory 17-clue lines); otherwise a quick sample of each
    kind: a contradictory line, unique lines of both blocks (the first nine take 0.05 s
    each, the next nine 0.3 s), the lines with a few solutions and one past a hundred
    (those with 90 to 130 take 0.4 to 1.7 s each: 10 s for all)."""
    puzzles = reference()
    if not SLOW:
        zeros = [p for p in puzzles if p.count == 0][:1]
        ones = [p for p in puzzles if p.count == 1]
        several = [p for p in puzzles if p.count and 1 < p.count < 200]
        few = [p for p in several if p.count < 20] + [p for p in several if p.count > 100][:1]
        puzzles = zeros + ones[:6] + ones[-1:] + few
    for p in puzzles:
        assert count_ganak(p.grid, 3) == p.count, p.origin


def test_eup_and_pysat_agree_on_puzzles_with_several_solutions() -> None:
    from .conftest import sample

    with PysatCounter(3) as pysat:
        for p in sample("puzzles7_serg_benchmark", 15, seed=4):
            assert count_eup(p.grid, 3, 300) == pysat.count(p.grid, 300), p.origin


def test_one_pysat_solver_serves_a_batch_and_forgets_blocking_clauses() -> None:
    puzzles = reference()
    with PysatCounter(3) as pysat:
        first = [pysat.count(p.grid, 5) for p in puzzles]
        second = [pysat.count(p.grid, 5) for p in reversed(puzzles)]
    assert first == second[::-1] == [min(p.count or 0, 5) for p in puzzles]


def test_pysat_counter_renews_its_solver_and_keeps_counting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(counting, "RENEW_AFTER", 3)
    fresh = PysatCounter.fresh_solver
    made: list[object] = []

    def counted_fresh(self: PysatCounter) -> object:
        made.append(fresh(self))
        return made[-1]

    monkeypatch.setattr(PysatCounter, "fresh_solver", counted_fresh)
    puzzles = reference()
    with PysatCounter(3) as pysat:
        for p in puzzles:
            assert pysat.count(p.grid, 5) == min(p.count or 0, 5), p.origin
            assert pysat.next_var - pysat.top <= 4
    assert len(made) == 1 + (len(puzzles) - 1) // 3


def test_pysat_counter_rejects_unknown_solver() -> None:
    with pytest.raises(SolverError):
        PysatCounter(3, "no-such-solver")
    with pytest.raises(SolverError, match="unknown PySAT solver"):
        Counters("no-such-solver")  # at once, before any puzzle


def test_unknown_method_raises() -> None:
    with pytest.raises(SolverError, match="unknown counting method"):
        count_solutions(empty_grid(2), 2, 2, "magic")


def test_missing_pyganak_gives_an_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def fake_import(name: str, *args: object, **kwargs: object) -> object:
        if name == "pyganak":
            raise ImportError("no pyganak")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", fake_import)
    with pytest.raises(SolverError, match=r"pip install 'sudoku-sat-lab\[count\]'"):
        count_ganak(empty_grid(2), 2)
    assert available_methods() == ["eup", "pysat", "candidates"]


def test_ganak_prints_nothing_on_stdout(capfd: pytest.CaptureFixture[str]) -> None:
    if not HAS_GANAK:
        pytest.skip("pyganak not installed")
    count_ganak(CLASH, 3)
    assert capfd.readouterr().out == ""


def emptied(n: int, seed: int, holes: int) -> Grid:
    rng = random.Random(seed)
    full = solve_eup(empty_grid(n), n, rng)
    assert full is not None and is_solution(full, n)
    grid = list(full)
    for c in rng.sample(range(n**4), holes):
        grid[c] = 0
    return tuple(grid)


@settings(max_examples=15, deadline=None)  # pyganak takes 0.1 s of each example
@given(
    st.sampled_from([2, 3]),
    st.integers(0, 2**32),
    st.floats(0.0, 1.0),
    st.sampled_from([2, 10, 1000]),
)
def test_all_methods_agree_on_random_emptied_grids(
    n: int, seed: int, share: float, cap: int
) -> None:
    holes = round(share * (16 if n == 2 else 50))
    grid = emptied(n, seed, holes)
    with Counters() as counters:
        counts = {m: counters.count(grid, n, cap, m) for m in available_methods()}
    assert len(set(counts.values())) == 1, counts
    assert counts["eup"] >= 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eup_and_pysat_agree_on_16x16(seed: int) -> None:
    grid = emptied(4, seed, 135)  # 15 to 24 solutions for these seeds (PySAT: 3 ms each)
    with PysatCounter(4) as pysat:
        assert count_eup(grid, 4, 1000) == pysat.count(grid, 1000) > 1


def test_counters_reuse_one_pysat_solver_per_order() -> None:
    with Counters() as counters:
        results = list(counters.count_all([(empty_grid(2), 2), (CLASH, 3)], 3, ["eup", "pysat"]))
        assert set(counters.pysat) == {2, 3}
    assert results == [{"eup": 3, "pysat": 3}, {"eup": 0, "pysat": 0}]
    assert counting.METHODS == ("eup", "pysat", "ganak", "candidates")


def test_ganak_is_bounded_by_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Grid] = []
    monkeypatch.setattr(counting, "count_ganak", lambda grid, n: calls.append(grid) or 288)
    with Counters() as counters:
        assert counters.count(empty_grid(2), 2, 5, "ganak") == 5  # 288 solutions, cap 5
        assert calls == []
        assert counters.count(empty_grid(2), 2, 1000, "ganak") == 288
        assert len(calls) == 1
