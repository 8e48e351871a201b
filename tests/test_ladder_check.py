"""flK in-house against flK rebuilt on PySAT's propagate, on dataset samples."""

from __future__ import annotations

import pytest

from sudoku_sat.crosscheck import PysatOracle
from sudoku_sat.encoding import clue_assumptions, num_vars, rules
from sudoku_sat.ladder_check import PysatLadder
from sudoku_sat.propagation import build_propagator
from sudoku_sat.propagation_deep import deep_failed_literals

from .conftest import sample


@pytest.fixture(scope="module")
def ladder() -> PysatLadder:
    return PysatLadder(num_vars(3), rules(3))


@pytest.mark.parametrize(
    ("dataset", "level", "count"),
    [
        ("puzzles2_17_clue", 1, 4),
        ("puzzles3_magictour_top1465", 1, 6),
        ("puzzles3_magictour_top1465", 2, 2),
        ("puzzles6_forum_hardest_1106", 1, 3),
        ("puzzles6_forum_hardest_1106", 2, 2),
        ("puzzles5_forum_hardest_1905_11+", 2, 1),
    ],
)
def test_flk_equals_the_pysat_ladder_on_samples(
    ladder: PysatLadder, dataset: str, level: int, count: int
) -> None:
    prop = build_propagator(num_vars(3), rules(3))
    for puzzle in sample(dataset, count, seed=5):
        units = clue_assumptions(puzzle.grid, 3)
        ours = deep_failed_literals(prop, level, units)
        theirs = ladder.fixpoint(level, units)
        assert ours.status == theirs.status == "fixpoint"
        assert set(ours.literals) == theirs.literals


def test_pysat_ladder_fl1_equals_the_crosscheck_fl_oracle() -> None:
    """Two PySAT-based FL procedures, written apart (probe orders opposite), agree."""
    with PysatOracle(num_vars(3), rules(3)) as oracle, PysatLadder(num_vars(3), rules(3)) as pl:
        for puzzle in sample("puzzles6_forum_hardest_1106", 2, seed=1):
            units = clue_assumptions(puzzle.grid, 3)
            assert pl.fixpoint(1, units).literals == oracle.failed_literals(units).literals


def test_pysat_ladder_counts_probes_and_sees_conflicts() -> None:
    with PysatLadder(4, [[1, 2], [1, -2], [-1, 3], [-1, -3, 4], [-4, -3]]) as pl:
        assert pl.fixpoint(0).status == "fixpoint"
        assert pl.fixpoint(1).status == "conflict" and pl.probes > 0
