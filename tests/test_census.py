"""The 4x4 census, checked by a method that shares nothing with the engine's."""

from __future__ import annotations

import functools
import json

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import SudokuSatError as UsageError
from sudoku_sat.grid import Grid
from sudoku_sat.puzzles.census import Census, census, tally

np = pytest.importorskip("numpy")
pytest.importorskip("numba")


def pysat_grids() -> list[Grid]:
    """Every 4x4 grid, enumerated by PySAT with blocking clauses."""
    from pysat.solvers import Solver

    from sudoku_sat.encoding import decode, rules

    grids = []
    with Solver(name="m22", bootstrap_with=rules(2)) as solver:
        while solver.solve():
            model = solver.get_model() or []
            grids.append(decode(model, 2)[0])
            solver.add_clause([-lit for lit in model if 0 < lit <= 64])
    return grids


def independent_census(grids: list[Grid]) -> tuple[int, dict[int, int]]:
    """Uniquely solvable clue sets and minimal ones by size, over every grid, with numpy.

    A clue set of grid G is unique iff it hits every set of cells where another grid
    differs from G. ``hit_none[m]`` marks the masks m containing such a difference set,
    closed upwards bit by bit; a clue set s misses one iff its complement contains one.
    Relabelling the digits maps the grids onto each other and keeps which clue sets are
    unique, so the figures are those of the grids whose first row is 1234, times the 24
    relabellings (each grid is still compared with all 288).
    """
    full = (1 << 16) - 1
    masks = np.arange(1 << 16)
    sizes = np.array([bin(m).count("1") for m in range(1 << 16)])
    table = np.array(grids)
    differ = (table[:, None, :] != table[None, :, :]) @ (1 << np.arange(16))  # cells g != h
    unique_total, minimal = 0, {}
    firsts = [i for i, grid in enumerate(grids) if grid[:4] == (1, 2, 3, 4)]
    weight = len(grids) // len(firsts)
    assert weight * len(firsts) == len(grids) and weight == 24
    for i in firsts:
        contains = np.zeros(1 << 16, dtype=bool)
        contains[differ[i][differ[i] != 0]] = True  # every other grid h (h == g differs nowhere)
        for bit in range(16):
            view = contains.reshape(-1, 2, 1 << bit)
            view[:, 1, :] |= view[:, 0, :]
        unique = ~contains[full ^ masks]
        is_min = unique.copy()
        for c in range(16):
            has = (masks >> c) & 1 == 1
            is_min &= ~has | ~unique[masks ^ (1 << c)]
        unique_total += weight * int(unique.sum())
        for k, v in zip(*np.unique(sizes[is_min], return_counts=True), strict=True):
            minimal[int(k)] = minimal.get(int(k), 0) + weight * int(v)
    return unique_total, minimal


@functools.cache
def compiled_census(n: int) -> Census:
    """The census of order n by the compiled engine, once per test process (seconds)."""
    return census(n, "numba")


def test_census_matches_pysat_grids_and_unavoidable_sets() -> None:
    result = compiled_census(2)
    grids = pysat_grids()
    assert result.grids == len(grids) == 288
    unique, minimal = independent_census(grids)
    assert result.unique_clue_sets == unique
    assert result.minimal_by_clues == minimal
    assert minimal == {4: 25728, 5: 58368, 6: 1536}  # the published figures


def test_tally_reads_minimality_off_a_count_table() -> None:
    # two cells: {0} and {1} alone are unique, so {0, 1} is unique but not minimal
    counts = [2, 1, 1, 1]
    assert tally(counts, 2) == (3, {1: 2})


def test_census_refuses_orders_beyond_reach() -> None:
    with pytest.raises(UsageError, match="order 2"):
        census(3)


def test_census_cli_prints_the_figures_and_json(monkeypatch: pytest.MonkeyPatch) -> None:
    import sudoku_sat.cli.census as command

    # one census for both formats, shared with the test above (auto is numba here)
    monkeypatch.setattr(command, "census", compiled_census)
    runner = CliRunner()
    text = runner.invoke(app, ["census", "--order", "2"])
    assert text.exit_code == 0, text.output
    assert "grids: 288" in text.output and "minimal puzzles: 85632" in text.output
    assert "with 5 clues: 58368" in text.output
    data = json.loads(runner.invoke(app, ["census", "--json"]).output)
    assert data["grids"] == 288 and data["minimal_by_clues"] == {
        "4": 25728,
        "5": 58368,
        "6": 1536,
    }
    assert runner.invoke(app, ["census", "--order", "3"]).exit_code == 2
