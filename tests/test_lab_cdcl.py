"""CDCL per encoding: every run agrees, summaries count what ran."""

from __future__ import annotations

import pytest

from sudoku_sat.encodings import ENCODINGS
from sudoku_sat.errors import SudokuSatError
from sudoku_sat.gridio import Puzzle
from sudoku_sat.lab.cdcl import Plan, run_all, summarize

from .conftest import TRES_DIFFICILE, need_binary
from .test_encodings_solving import CLASH, HIDDEN

PUZZLES = [
    Puzzle(9, tuple(int(c) for c in TRES_DIFFICILE)),
    Puzzle(9, HIDDEN),
    Puzzle(9, CLASH),
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


def test_in_house_levels_beside_the_solvers() -> None:
    plan = Plan(("minimal", "extended"), "pairwise", ("m22",), (), levels=("up", "fl2"))
    runs = list(run_all(PUZZLES, plan))
    assert len(runs) == len(PUZZLES) * plan.runs() == 18
    assert all(r.agrees for r in runs)
    by = {(r.encoding, r.solver): r for r in runs[:6]}  # the first puzzle: très difficile
    assert by["extended", "fl2"].status == "solved" and by["minimal", "up"].status == "partial"
    assert by["extended", "up"].conflicts is None
    assert [r.status for r in runs if r.solver == "up" and r.encoding == "minimal"][2] == "unsat"
    rows = {(s.encoding, s.solver): s for s in summarize(runs, PUZZLES, "pairwise")}
    assert rows["minimal", "up"].unknown >= 1 and rows["minimal", "up"].mean_conflicts is None


def test_a_partial_grid_must_fit_the_reference() -> None:
    from sudoku_sat.lab.cdcl import agrees
    from sudoku_sat.result import SolveResult

    from .conftest import TRES_DIFFICILE_SOLUTION

    solution = tuple(int(c) for c in TRES_DIFFICILE_SOLUTION)
    puzzle = PUZZLES[0].grid
    right = SolveResult("partial", (solution[0],) + (0,) * 80, 0.0, "up")
    wrong = SolveResult("partial", (solution[0] % 9 + 1,) + (0,) * 80, 0.0, "up")
    assert agrees(right, puzzle, 3, solution) and not agrees(wrong, puzzle, 3, solution)
    assert agrees(wrong, puzzle, 3, None)  # no solution known: a partial grid claims nothing


def test_plan_checks_levels() -> None:
    with pytest.raises(SudokuSatError, match="unknown level 'fl10'"):
        Plan(("extended",), levels=("fl10",)).check()
