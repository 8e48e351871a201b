"""The ladder flK: reference against its compiled twin, against FL, against PySAT, and on
pigeonhole formulas whose depth is known."""

from __future__ import annotations

import itertools
import random

import pytest

from sudoku_sat.accel import numba_available
from sudoku_sat.engines.propagation import Propagator, build_propagator, failed_literals
from sudoku_sat.engines.propagation.deep import deep_failed_literals, level_name, parse_level
from sudoku_sat.errors import SudokuSatError as UsageError
from sudoku_sat.lab.ladder_check import PysatLadder

needs_numba = pytest.mark.skipif(not numba_available(), reason="the 'fast' extra is not installed")


def ladder_case(seed: int) -> tuple[int, list[list[int]]]:
    """A small random 3-CNF near the threshold, with a few binary and unit clauses: the
    levels up, fl and fl2 often end apart on these."""
    rng = random.Random(seed)
    nvars = rng.randint(6, 14)
    lit = lambda: rng.choice((-1, 1)) * rng.randint(1, nvars)  # noqa: E731
    clauses = [[lit(), lit(), lit()] for _ in range(int(nvars * rng.uniform(2.5, 4.5)))]
    clauses += [[lit() for _ in range(rng.choice((1, 2, 2)))] for _ in range(nvars // 3)]
    return nvars, clauses


def pigeonhole(holes: int) -> tuple[int, list[list[int]]]:
    """holes + 1 pigeons in holes holes: UNSAT, and each extra hole needs a level more."""
    pigeons = holes + 1
    v = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[v(i, j) for j in range(holes)] for i in range(pigeons)]
    for j in range(holes):
        clauses += [[-v(a, j), -v(b, j)] for a, b in itertools.combinations(range(pigeons), 2)]
    return pigeons * holes, clauses


def test_level_names_round_trip() -> None:
    assert [parse_level(name) for name in ("up", "fl", "fl2", "FL3", "fl0", "fl1")] == [
        0, 1, 2, 3, 0, 1,
    ]  # fmt: skip
    assert [level_name(k) for k in range(4)] == ["up", "fl", "fl2", "fl3"]
    for bad in ("", "fl-1", "flx", "fl10", "dpll"):
        with pytest.raises(UsageError):
            parse_level(bad)


@pytest.mark.parametrize("holes", [1, 2, 3, 4])
def test_pigeonhole_needs_exactly_holes_minus_one_levels(holes: int) -> None:
    nvars, clauses = pigeonhole(holes)
    statuses = [deep_failed_literals(Propagator(nvars, clauses), k).status for k in range(5)]
    need = max(0, holes - 1)
    assert statuses == ["fixpoint"] * need + ["conflict"] * (5 - need)


@pytest.mark.parametrize("seed", range(40))
def test_fl1_is_the_failed_literal_engine_probe_for_probe(seed: int) -> None:
    nvars, clauses = ladder_case(seed)
    prop = Propagator(nvars, clauses)
    a, b = failed_literals(prop), deep_failed_literals(prop, 1)
    assert a.literals == b.literals and a.status == b.status
    assert (a.stats.probes, a.stats.failed, a.stats.rounds) == (
        b.stats.probes, b.stats.failed, b.stats.rounds,
    )  # fmt: skip


@pytest.mark.parametrize("seed", range(60))
def test_ladder_matches_pysat_ladder_on_random_cnfs(seed: int) -> None:
    nvars, clauses = ladder_case(seed)
    with PysatLadder(nvars, clauses, skip=False) as oracle:
        for k in range(4):
            ours = deep_failed_literals(Propagator(nvars, clauses), k)
            theirs = oracle.fixpoint(k)
            assert ours.status == theirs.status, k
            if ours.status == "fixpoint":
                assert set(ours.literals) == theirs.literals, k


def test_random_suite_separates_the_levels() -> None:
    """The random cases are not all decided by UP: each step of the ladder changes some."""
    apart = {1: 0, 2: 0}
    for seed in range(60):
        nvars, clauses = ladder_case(seed)
        runs = [deep_failed_literals(Propagator(nvars, clauses), k) for k in range(3)]
        for k in (1, 2):
            apart[k] += (runs[k].status, set(runs[k].literals)) != (
                runs[k - 1].status, set(runs[k - 1].literals),
            )  # fmt: skip
    assert apart[1] >= 10 and apart[2] >= 3


@pytest.mark.parametrize("seed", range(10))
def test_fixpoint_does_not_depend_on_probe_order(seed: int) -> None:
    nvars, clauses = ladder_case(seed)
    prop = Propagator(nvars, clauses)
    order = list(range(1, nvars + 1))
    random.Random(seed).shuffle(order)
    for k in (2, 3):
        a = deep_failed_literals(prop, k)
        b = deep_failed_literals(prop, k, order=order)
        assert a.status == b.status
        if a.status == "fixpoint":
            assert set(a.literals) == set(b.literals)


def test_levels_only_climb_and_assumptions_count() -> None:
    nvars, clauses = pigeonhole(4)
    prop = Propagator(nvars, clauses)
    closures = [set(deep_failed_literals(prop, k, [1]).literals) for k in range(3)]
    assert closures[0] <= closures[1] <= closures[2] and 1 in closures[0]


def test_negative_level_is_refused() -> None:
    with pytest.raises(UsageError):
        deep_failed_literals(Propagator(2, [[1, 2]]), -1)


@needs_numba
@pytest.mark.parametrize("seed", range(80))
def test_numba_twin_gives_the_same_trail_and_counters(seed: int) -> None:
    nvars, clauses = ladder_case(seed)
    rng = random.Random(seed)
    assumptions = [rng.choice((-1, 1)) * rng.randint(1, nvars) for _ in range(rng.randint(0, 2))]
    python = build_propagator(nvars, clauses, "python")
    compiled = build_propagator(nvars, clauses, "numba")
    for k in range(4):
        a = deep_failed_literals(python, k, assumptions)
        b = deep_failed_literals(compiled, k, assumptions)
        assert (a.status, a.literals, a.up_count, a.conflict) == (
            b.status, b.literals, b.up_count, b.conflict,
        )  # fmt: skip
        assert a.stats.as_dict() | {"seconds": 0} == b.stats.as_dict() | {"seconds": 0}


@needs_numba
def test_numba_twin_on_pigeonholes_and_an_empty_clause() -> None:
    for holes in (2, 3, 4):
        nvars, clauses = pigeonhole(holes)
        for k in range(4):
            a = deep_failed_literals(build_propagator(nvars, clauses, "python"), k)
            b = deep_failed_literals(build_propagator(nvars, clauses, "numba"), k)
            assert (a.status, a.literals, a.stats.probes) == (b.status, b.literals, b.stats.probes)
    for backend in ("python", "numba"):
        assert deep_failed_literals(build_propagator(2, [[1], []], backend), 2).status == "conflict"
