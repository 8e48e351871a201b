"""flK in-house against flK rebuilt on PySAT's propagate, on dataset samples."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudoku_sat.encoding import clue_assumptions, num_vars, rules
from sudoku_sat.engines.propagation import build_propagator
from sudoku_sat.engines.propagation.deep import deep_failed_literals
from sudoku_sat.lab.crosscheck import PysatOracle
from sudoku_sat.lab.ladder_check import PysatLadder

from .conftest import sample


@pytest.fixture(scope="module")
def ladder() -> Iterator[PysatLadder]:
    with PysatLadder(num_vars(3), rules(3)) as built:  # freed before PySAT's teardown
        yield built


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


def test_check_level_holds_on_samples_and_catches_a_wrong_fixpoint() -> None:
    from dataclasses import replace

    from sudoku_sat.encodings import encode
    from sudoku_sat.engines.propagation import propagate_cnf
    from sudoku_sat.lab.ladder_check import check_level

    puzzle = sample("puzzles3_magictour_top1465", 1, seed=7)[0]
    for encoding, level in (("augmented", "fl2"), ("natural", "fl"), ("minimal", "up")):
        formula = encode(puzzle.grid, 3, encoding)
        ours = propagate_cnf(formula.nvars, formula.clauses, level)
        checks = check_level(formula.nvars, formula.clauses, level, ours)
        assert checks and all(c.ok for c in checks), (encoding, level, checks)
        wrong = replace(ours, literals=ours.literals[:-1])
        assert not check_level(formula.nvars, formula.clauses, level, wrong)[0].ok
