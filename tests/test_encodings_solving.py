"""Every encoding x at-most-one method through PySAT and the four solver binaries:
valid solutions on dataset samples, UNSAT on a contradictory grid."""

from __future__ import annotations

from functools import cache

import pytest

from sudoku_sat.encodings import AMO_METHODS, ENCODINGS
from sudoku_sat.encodings.solving import EncodedPysat as PysatSudoku
from sudoku_sat.encodings.solving import solve_binary as solve_external
from sudoku_sat.grid import Grid, is_solution
from sudoku_sat.gridio import read_puzzles
from sudoku_sat.lab.compare import pick

from .conftest import dataset_path, need_binary

BINARIES = ("minisat", "cadical", "picosat", "cryptominisat5")
# Two 5s in row 0: UNSAT, and F1 alone already says so.
CLASH: Grid = (5, 5) + (0,) * 79
# No two clues clash, yet cell (0, 0) has no value left (1-8 in its row, 9 in its column).
HIDDEN: Grid = tuple(int(c) for c in "012345678" + "900000000" + "0" * 63)


@cache
def _samples() -> tuple[Grid, ...]:
    """Read once per process: the two dataset files take 0.2-0.4 s to parse, and about
    eighty tests below use the sample."""
    hard = read_puzzles(str(dataset_path("puzzles6_forum_hardest_1106")))
    many = read_puzzles(str(dataset_path("puzzles7_serg_benchmark")))
    return tuple(p.grid for p in pick(hard, 2, 11) + pick(many, 1, 11))


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_pysat_round_trip(encoding: str, amo: str) -> None:
    with PysatSudoku(3, "m22", encoding, amo) as solver:
        for grid in _samples():
            result = solver.solve(grid)
            assert result.status == "solved" and is_solution(result.grid, 3, grid)
        for grid in (CLASH, HIDDEN):
            assert solver.solve(grid).status == "unsat"


@pytest.mark.parametrize("binary", BINARIES)
@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_binary_round_trip(binary: str, encoding: str, amo: str) -> None:
    need_binary(binary)
    grid = _samples()[0]
    result = solve_external(grid, 3, binary, None, encoding, amo)
    assert result.status == "solved" and is_solution(result.grid, 3, grid)
    assert solve_external(HIDDEN, 3, binary, None, encoding, amo).status == "unsat"


@pytest.mark.parametrize("binary", BINARIES)
def test_binaries_read_the_empty_clause_of_a_reduced_clash(binary: str) -> None:
    need_binary(binary)
    assert solve_external(CLASH, 3, binary, None, "reduced").status == "unsat"


@pytest.mark.parametrize("binary", BINARIES)
def test_binary_conflicts_are_read(binary: str) -> None:
    need_binary(binary)
    grid = _samples()[0]
    result = solve_external(grid, 3, binary, None, "minimal", "pairwise", True)
    assert result.status == "solved" and isinstance(result.stats["conflicts"], int)
    assert result.stats["conflicts"] >= 0


def test_conflicts_of_each_solver_format() -> None:
    from sudoku_sat.encodings.solving import conflicts_of

    assert conflicts_of("conflicts             : 139            (inf /sec)") == 139
    assert conflicts_of("c conflicts:                   165    130023.64    per second") == 165
    assert conflicts_of("c 35 conflicts\nc 55 decisions") == 35
    assert conflicts_of("c conflicts                : 44          ") == 44
    assert conflicts_of("c nothing here", "/usr/bin/cadical") == 0
    assert conflicts_of("c nothing here", "picosat") is None
