"""The ladder's rows and depth distributions over puzzle lists."""

from __future__ import annotations

import pickle

import pytest

from sudoku_sat.batch.items import pack
from sudoku_sat.errors import SudokuSatError as UsageError
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.lab import ladder
from sudoku_sat.lab.ladder import (
    DepthSummary,
    LadderTask,
    depth_run,
    ladder_rows,
    parse_encodings,
    parse_levels,
    run_all,
)
from tests.shared_pool import shared_pool

from .conftest import TRES_DIFFICILE, sample


def test_levels_and_encodings_parse_and_refuse() -> None:
    assert parse_levels("up, fl,fl2,fl") == ([0, 1, 2], "auto")
    assert parse_levels("up:python,fl:python") == ([0, 1], "python")
    assert parse_encodings("extended") == ["extended"]
    for bad in ("", "up,fl9x"):
        with pytest.raises(UsageError):
            parse_levels(bad)
    with pytest.raises(UsageError):
        parse_encodings("nope")


def test_rows_count_what_each_level_solves() -> None:
    grids = [p.grid for p in sample("puzzles3_magictour_top1465", 30, seed=2)]
    up, fl, fl2 = ladder_rows(grids, 3, ["extended"], [0, 1, 2])
    assert [r.level for r in (up, fl, fl2)] == ["up", "fl", "fl2"]
    assert up.puzzles == fl.puzzles == 30 and up.mean_probes == 0
    assert up.solved <= fl.solved <= fl2.solved == 30
    assert up.mean_cells <= fl.mean_cells <= fl2.mean_cells == 81
    assert fl.mean_probes > 0 and fl2.mean_probes > fl.mean_probes
    assert fl2.solved_pct == 100.0 and fl2.as_dict()["solved_pct"] == 100.0


def test_jobs_do_not_change_the_results(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "CHUNK", 5)  # twenty-four chunks for two workers
    grids = [p.grid for p in sample("puzzles6_forum_hardest_1106", 24, seed=4)]
    chunks: list[int] = []
    one = run_all(grids, 3, "extended", 1)
    two = run_all(grids, 3, "extended", 1, executor=shared_pool(), progress=chunks.append)
    assert [r[:5] for r in one] == [r[:5] for r in two]
    assert sum(chunks) == 24 and len(chunks) > 1


def test_the_ladder_task_pickles_and_runs_a_chunk() -> None:
    task = LadderTask("extended", 3, 2, climb=True)
    assert pickle.loads(pickle.dumps(task)) == task
    grids = [p.grid for p in sample("puzzles3_magictour_top1465", 4, seed=1)]
    runs = pickle.loads(pickle.dumps(task))([pack(g, 3) for g in grids])
    assert [r[:5] for r in runs] == [r[:5] for r in run_all(grids, 3, "extended", 2, True)]


def test_depth_of_the_seed_grid_and_the_statement() -> None:
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    summary = depth_run([grid, grid], 3, "extended", 3)
    assert summary.puzzles == 2 and summary.unsolved == 0
    assert sum(summary.by_level.values()) == 2 and summary.needed is not None
    assert summary.statement("x").startswith(f"{['up', 'fl', 'fl2', 'fl3'][summary.needed]} solves")


def test_depth_statement_when_the_cap_is_short() -> None:
    grids = [p.grid for p in sample("puzzles6_forum_hardest_1106", 3, seed=0)]
    capped = depth_run(grids, 3, "extended", 1)
    assert capped.unsolved == 3 and capped.needed is None
    assert capped.statement("h") == (
        "no level up to fl solves every puzzle of h (extended encoding): 3 of 3 are left "
        "unsolved at fl"
    )
    summary = DepthSummary("extended", 3, 5, {1: 2, 2: 3}, 0, 0, 1.0, 1.0)
    assert summary.needed == 2
    assert summary.statement("d") == (
        "fl2 solves every one of the 5 puzzles of d (extended encoding); fl leaves 3 of them "
        "unsolved"
    )
    assert summary.as_dict("d")["by_level"] == {"fl": 2, "fl2": 3}
