"""Batch propagation: both back-ends agree, field for field, with each other, with the
one-at-a-time engines, and (UP) with PySAT's propagate on dataset samples."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.accel import numba_available
from sudoku_sat.encoding import clue_assumptions, num_vars, rules
from sudoku_sat.engines.propagation import build_propagator
from sudoku_sat.engines.propagation.batch import BatchPropagator
from sudoku_sat.engines.propagation.deep import deep_failed_literals
from sudoku_sat.lab.crosscheck import PysatOracle

from .conftest import sample
from .test_propagation_deep import ladder_case

needs_numba = pytest.mark.skipif(not numba_available(), reason="the 'fast' extra is not installed")
BACKENDS = ["python", pytest.param("numba", marks=needs_numba)]
HARDEST = "puzzles6_forum_hardest_1106"


def assumption_sets(seed: int, nvars: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [
        [rng.choice((-1, 1)) * rng.randint(1, nvars) for _ in range(rng.randint(0, 3))]
        for _ in range(6)
    ]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", range(30))
def test_batch_equals_one_run_per_set(seed: int, backend: str) -> None:
    nvars, clauses = ladder_case(seed)
    sets = assumption_sets(seed, nvars)
    single = build_propagator(nvars, clauses, backend)
    for level in range(3):
        run = BatchPropagator(nvars, clauses, 0, backend).run(sets, level, keep=True)
        for outcome, units in zip(run.outcomes, sets, strict=True):
            alone = deep_failed_literals(single, level, units)
            assert (outcome.status, outcome.literals, outcome.up_count) == (
                alone.status, alone.literals, alone.up_count,
            )  # fmt: skip
            assert (outcome.probes, outcome.failed, outcome.rounds, outcome.propagations) == (
                alone.stats.probes, alone.stats.failed, alone.stats.rounds,
                alone.stats.propagations,
            )  # fmt: skip


@needs_numba
@pytest.mark.parametrize("seed", range(30))
def test_numba_batch_equals_python_batch_climbing_too(seed: int) -> None:
    nvars, clauses = ladder_case(seed)
    sets = assumption_sets(seed, nvars)
    for climb in (False, True):
        a = BatchPropagator(nvars, clauses, 0, "python").run(sets, 3, climb, keep=True)
        b = BatchPropagator(nvars, clauses, 0, "numba").run(sets, 3, climb, keep=True)
        assert a.outcomes == b.outcomes


@pytest.mark.parametrize("backend", BACKENDS)
def test_climbing_stops_at_the_first_level_that_fills_the_grid(backend: str) -> None:
    puzzles = sample("puzzles3_magictour_top1465", 12, seed=3) + sample(HARDEST, 2)
    sets = [clue_assumptions(p.grid, 3) for p in puzzles]
    prop = BatchPropagator(num_vars(3), rules(3), 9, backend)
    climbed = prop.run(sets, 3, climb=True).outcomes
    # the levels up to the highest one climbed to: a level above it decides nothing here
    levels = range(max(o.level for o in climbed) + 1)
    by_level = [prop.run(sets, k).outcomes for k in levels]
    for i, outcome in enumerate(climbed):
        solved_at = [k for k in levels if by_level[k][i].solved(9)]
        assert outcome.solved(9) and outcome.level == solved_at[0]
        assert outcome.cells == 81
    assert {o.level for o in climbed} >= {1, 2}


def test_an_empty_clause_is_a_conflict_for_every_set() -> None:
    backends = ["python", "numba"] if numba_available() else ["python"]
    for backend in backends:
        run = BatchPropagator(3, [[1, 2], []], 0, backend).run([[1], [-1, 3]], 2)
        assert [o.status for o in run.outcomes] == ["conflict", "conflict"]


def test_a_grid_size_needs_its_variables() -> None:
    with pytest.raises(ValueError):
        BatchPropagator(100, [[1, 2]], 9, "python")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dataset", ["puzzles2_17_clue", "puzzles3_magictour_top1465", HARDEST])
def test_batch_up_equals_pysat_propagate_on_dataset_samples(dataset: str, backend: str) -> None:
    puzzles = sample(dataset, 40, seed=11)
    sets = [clue_assumptions(p.grid, 3) for p in puzzles]
    run = BatchPropagator(num_vars(3), rules(3), 9, backend).run(sets, 0, keep=True)
    with PysatOracle(num_vars(3), rules(3)) as oracle:
        for outcome, units in zip(run.outcomes, sets, strict=True):
            theirs = oracle.propagate(units)
            assert outcome.status == theirs.status == "fixpoint"
            assert set(outcome.literals) == theirs.literals
