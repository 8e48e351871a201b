"""CDCL per encoding: every run agrees, summaries count what ran."""

from __future__ import annotations

import pytest

from sudoku_sat.encodings import ENCODINGS
from sudoku_sat.encodings.cdcl import Plan, run_all, summarize
from sudoku_sat.errors import SudokuSatError
from sudoku_sat.gridio import Puzzle

from .conftest import TRES_DIFFICILE, need_binary
from .test_encodings_solving import CLASH, HIDDEN

PUZZLES = [
    Puzzle(3, tuple(int(c) for c in TRES_DIFFICILE)),
    Puzzle(3, HIDDEN),
    Puzzle(3, CLASH),
]


def test_every_encoding_and_solver_agrees() -> None:
    need_binary("cadical")
    plan = Plan(ENCODINGS, "product", ("m22", "g4"), ("cadical",))
    runs = list(run_all(PUZZLES, plan))
    assert len(runs) == len(PUZZLES) * plan.runs() == 45
    assert all(r.agrees for r in runs)
    summaries = summarize(runs, PUZZLES, "product")
    assert [(s.encoding, s.solver) for s in summaries[:3]] == [
        ("minimal", "m22"),
        ("minimal", "g4"),
        ("minimal", "cadical"),
    ]
    for s in summaries:
        assert (s.puzzles, s.solved, s.unsat, s.disagreements) == (3, 1, 2, 0)
        assert s.mean_conflicts is not None and s.puzzles_per_second > 0
    sizes = {s.encoding: s.clauses for s in summaries}
    assert sizes["reduced"] < sizes["minimal"] < sizes["augmented"]


def test_plan_checks_names() -> None:
    with pytest.raises(SudokuSatError, match="unknown encoding"):
        Plan(("tiny",)).check()
