"""The generic engines against PySAT on random CNFs, FL order independence, UNSAT, undo."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_sat.accel import numba_available
from sudoku_sat.engines.propagation import (
    Propagation,
    Propagator,
    build_propagator,
    propagate_cnf,
    unit_propagate,
)
from sudoku_sat.errors import SolverError
from sudoku_sat.gridio import Puzzle
from sudoku_sat.lab.crosscheck import PysatOracle, check_propagation, check_up


def random_cnf(rng: random.Random, nvars: int, nclauses: int) -> list[list[int]]:
    """Clauses of 1 to 5 literals (few units), duplicates and tautologies allowed."""
    clauses = []
    for _ in range(nclauses):
        size = (
            rng.choice((1, 2, 2, 2, 3, 3, 3, 4, 5))
            if rng.random() > 0.9
            else rng.choice((2, 3, 3, 4))
        )
        clauses.append([rng.choice((-1, 1)) * rng.randint(1, nvars) for _ in range(size)])
    return clauses


needs_numba = pytest.mark.skipif(not numba_available(), reason="the 'fast' extra is not installed")


def up_case(seed: int) -> tuple[int, list[list[int]]]:
    """A random CNF with a few unit clauses: the UP suite's case number seed."""
    rng = random.Random(seed)
    nvars = rng.randint(5, 40)
    clauses = random_cnf(rng, nvars, rng.randint(nvars, 4 * nvars))
    clauses += [[rng.choice((-1, 1)) * rng.randint(1, nvars)] for _ in range(rng.randint(1, 6))]
    return nvars, clauses


BACKENDS = ["python", pytest.param("numba", marks=needs_numba)]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", range(120))
def test_up_matches_pysat_propagate_on_random_cnfs(seed: int, backend: str) -> None:
    nvars, clauses = up_case(seed)
    result = propagate_cnf(nvars, clauses, "up", backend)
    [check] = check_propagation(nvars, clauses, "up", result)
    assert check.ok, check.detail


def test_random_suite_has_both_conflicts_and_fixpoints() -> None:
    statuses = {propagate_cnf(*up_case(seed), "up").status for seed in range(120)}
    assert statuses == {"fixpoint", "conflict"}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_up_with_assumptions_matches_pysat(data: st.DataObject) -> None:
    nvars = data.draw(st.integers(3, 25))
    lit = st.integers(1, nvars).flatmap(lambda v: st.sampled_from((v, -v)))
    clauses = data.draw(st.lists(st.lists(lit, min_size=2, max_size=4), min_size=1, max_size=60))
    assumptions = data.draw(st.lists(lit, max_size=5))
    prop = Propagator(nvars, clauses)
    with PysatOracle(nvars, clauses) as oracle:
        check = check_up(oracle, unit_propagate(prop, assumptions), assumptions)
    assert check.ok, check.detail


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", range(40))
def test_fl_matches_pysat_oracle_and_is_entailed(seed: int, backend: str) -> None:
    rng = random.Random(1000 + seed)
    nvars = rng.randint(6, 30)
    clauses = random_cnf(rng, nvars, rng.randint(2 * nvars, 5 * nvars))
    result = propagate_cnf(nvars, clauses, "fl", backend)
    checks = check_propagation(nvars, clauses, "fl", result)
    assert len(checks) == 2 and all(c.ok for c in checks), [c.line() for c in checks]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", range(40))
def test_fl_fixpoint_does_not_depend_on_probe_order(seed: int, backend: str) -> None:
    rng = random.Random(2000 + seed)
    nvars = rng.randint(6, 30)
    clauses = random_cnf(rng, nvars, rng.randint(2 * nvars, 5 * nvars))
    prop = build_propagator(nvars, clauses, backend)
    first = prop.failed_literals()
    for _ in range(4):
        order = list(range(1, nvars + 1))
        rng.shuffle(order)
        other = prop.failed_literals(order=order)
        assert other.status == first.status
        if first.status == "fixpoint":
            assert set(other.literals) == set(first.literals)


def test_fl_finds_more_than_up() -> None:
    # x -> z and x -> ¬z: probing x fails, so ¬x; UP alone derives nothing.
    clauses = [[-1, 3], [-1, -3], [1, 2, 4]]
    assert propagate_cnf(4, clauses, "up").literals == ()
    fl = propagate_cnf(4, clauses, "fl")
    assert fl.status == "fixpoint"
    assert set(fl.literals) == {-1}
    assert fl.up_count == 0 and fl.stats.failed == 1


def test_unsat_by_up() -> None:
    result = propagate_cnf(3, [[1], [-1, 2], [-2, 3], [-3, -1]], "up")
    assert result.status == "conflict"
    assert result.conflict is not None


def test_unsat_only_by_fl_when_both_polarities_fail() -> None:
    clauses = [[1, 2], [1, -2], [-1, 3], [-1, -3]]
    assert propagate_cnf(3, clauses, "up").status == "fixpoint"
    assert propagate_cnf(3, clauses, "fl").status == "conflict"


def test_unsat_by_conflicting_units_and_empty_clause() -> None:
    assert propagate_cnf(2, [[1], [-1]], "up").status == "conflict"
    assert propagate_cnf(2, [[1, 2], []], "fl").status == "conflict"


def test_long_clause_conflict_is_the_false_clause() -> None:
    result = propagate_cnf(3, [[-1], [-2], [-3], [1, 2, 3]], "up")
    assert result.status == "conflict"
    assert result.conflict == (1, 2, 3)


def test_tautologies_and_duplicates_are_harmless() -> None:
    result = propagate_cnf(3, [[1, -1, 2], [2, 2], [-2, 3, 3, 3]], "up")
    assert set(result.literals) == {2, 3}


def test_literal_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="outside"):
        Propagator(2, [[1, 3]])


def test_unknown_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown engine"):
        propagate_cnf(1, [[1]], "dpll")


@pytest.mark.parametrize("seed", range(20))
def test_undo_gives_back_exactly_what_propagation_took(seed: int) -> None:
    rng = random.Random(3000 + seed)
    nvars = 30
    clauses = random_cnf(rng, nvars, 90)
    prop = Propagator(nvars, [c for c in clauses if len(c) > 1])
    val0, count0 = list(prop.val), list(prop.count)
    for _ in range(30):
        prop.new_level()
        for lit in rng.sample(range(1, nvars + 1), 3):
            if prop.value(lit) == 0:
                prop.assign(lit if rng.random() < 0.5 else -lit)
                if prop.propagate() is not None:
                    break
        prop.undo(0)
        assert prop.val == val0 and prop.count == count0 and prop.trail == []


def test_the_propagator_is_reusable_between_runs() -> None:
    prop = Propagator(4, [[-1, 2], [-2, 3, 4], [-3, -4]])
    first = unit_propagate(prop, [1, 3])
    assert set(first.literals) == {1, 2, 3, -4}
    assert unit_propagate(prop, [-1]).literals == (-1,)
    assert unit_propagate(prop, [1, 3]).literals == first.literals


@pytest.mark.parametrize("backend", BACKENDS)
def test_stats_count_the_work(backend: str) -> None:
    # Round 1 probes 1, -1, -2 (2 was forced by 1) and -3, which fails: 3 at level 0.
    # Round 2 probes 1, -1, -2 and derives nothing. Each probe processes the literals it
    # assigns (the failing one stops before its last): 3+1+3+2, plus 1 for 3, then 2+1+2.
    result = propagate_cnf(3, [[-1, 2], [-2, 3], [1, 2, 3]], "fl", backend)
    assert result.literals == (3,)
    stats = result.stats
    assert (stats.probes, stats.failed, stats.rounds, stats.propagations) == (7, 1, 2, 15)


def _same(a: Propagation, b: Propagation) -> bool:
    """Equal in everything but the time taken."""
    return replace(a, stats=replace(a.stats, seconds=0)) == replace(
        b, stats=replace(b.stats, seconds=0)
    )


@needs_numba
@pytest.mark.parametrize("seed", range(60))
def test_numba_and_python_give_the_same_results_in_the_same_order(seed: int) -> None:
    rng = random.Random(4000 + seed)
    nvars = rng.randint(3, 40)
    clauses = random_cnf(rng, nvars, rng.randint(nvars, 5 * nvars))
    python = build_propagator(nvars, clauses, "python")
    compiled = build_propagator(nvars, clauses, "numba")
    assumptions = [rng.choice((-1, 1)) * rng.randint(1, nvars) for _ in range(rng.randint(0, 3))]
    assert _same(python.unit_propagate(assumptions), compiled.unit_propagate(assumptions))
    assert _same(python.failed_literals(assumptions), compiled.failed_literals(assumptions))
    order = rng.sample(range(1, nvars + 1), nvars)
    assert _same(python.failed_literals(order=order), compiled.failed_literals(order=order))


@needs_numba
def test_numba_on_sudoku_grids_matches_python(hard: Puzzle, easy: Puzzle) -> None:
    from sudoku_sat.engines.completion import grid_units, rules_propagator

    for puzzle in (hard, easy):
        units = grid_units(puzzle.grid, 3)
        for engine in ("unit_propagate", "failed_literals"):
            a = getattr(rules_propagator(3, "python"), engine)(units)
            b = getattr(rules_propagator(3, "numba"), engine)(units)
            assert _same(a, b)


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        build_propagator(1, [[1]], "cuda")


def test_without_numba_auto_falls_back_and_numba_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    import sudoku_sat.accel as propagation

    monkeypatch.setattr(propagation, "numba_available", lambda: False)
    monkeypatch.setitem(sys.modules, "numba", None)
    monkeypatch.delitem(sys.modules, "sudoku_sat.engines.propagation.numba_kernel", raising=False)
    assert isinstance(build_propagator(2, [[1, 2]]), Propagator)
    with pytest.raises(SolverError, match="'fast' extra"):
        build_propagator(2, [[1, 2]], "numba")
