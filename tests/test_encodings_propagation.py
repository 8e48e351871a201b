"""UP fixpoints on every encoding equal PySAT's propagate, on dataset samples."""

from __future__ import annotations

import pytest

from sudoku_sat.encodings import AMO_METHODS, ENCODINGS, encode
from sudoku_sat.engines.propagation import propagate_cnf
from sudoku_sat.lab.compare import pick
from sudoku_sat.lab.crosscheck import check_propagation

from .conftest import dataset_path, dataset_puzzles
from .test_encodings_solving import CLASH, HIDDEN


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_up_equals_pysat_propagate(encoding: str, amo: str) -> None:
    puzzles = dataset_puzzles(dataset_path("puzzles3_magictour_top1465"))  # read once
    grids = [p.grid for p in pick(puzzles, 2, 5)] + [CLASH, HIDDEN]
    statuses = []
    for grid in grids:
        formula = encode(grid, 3, encoding, amo)
        result = propagate_cnf(formula.nvars, formula.clauses, "up", "python")
        (check,) = check_propagation(formula.nvars, formula.clauses, "up", result)
        assert check.ok, (encoding, amo, check.detail)
        statuses.append(result.status)
    assert statuses[-2:] == ["conflict", "conflict"]
