"""Per-puzzle rows, dataset summaries, sampling, tables, and --jobs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sudoku_sat.cli._tables import markdown_table
from sudoku_sat.errors import SolverError
from sudoku_sat.gridio import Puzzle, format_line, parse_puzzles
from sudoku_sat.lab.compare import (
    Comparer,
    agrees,
    compare_all,
    p95,
    pick,
    summarize,
)
from sudoku_sat.lab.crosscheck import cdcl_model
from tests.shared_pool import shared_pool

from .conftest import EASY, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION


def puzzles() -> list[Puzzle]:
    return parse_puzzles("\n".join([EASY, TRES_DIFFICILE, "11" + "." * 79]))


def test_rows_per_engine_and_solver() -> None:
    with Comparer(["m22", "g4"]) as comparer:
        easy, hard, clash = (comparer.compare(k, p) for k, p in enumerate(puzzles(), 1))
    assert [r.engine for r in hard.rows] == ["up", "fl", "m22", "g4"]
    assert all(r.agrees for c in (easy, hard, clash) for r in c.rows)
    up, fl, m22, _ = hard.rows
    assert up.status == "partial" and m22.status == "solved" and m22.literals == 729
    assert m22.decisions is not None and up.decisions is None
    assert fl.filled >= up.filled
    assert [r.status for r in clash.rows] == ["unsat"] * 4
    assert clash.reference == "m22 unsat"


def test_reference_from_the_file_and_checks() -> None:
    other = "652483917978162435314975628825736149791824563436519872269348751547291386183657294"
    given = replace(parse_puzzles(EASY)[0], solution=parse_puzzles(other)[0].grid)
    wrong = Comparer([], check=True).compare(1, given)  # the reader refuses it in a file
    assert wrong.reference == "m22 solved"  # that solution belongs to another puzzle
    assert "clue" in wrong.rejected and all(r.agrees for r in wrong.rows)
    assert all(c.ok for c in wrong.checks) and len(wrong.checks) == 5
    model = cdcl_model(parse_puzzles(EASY)[0].grid, 3)
    assert model is not None
    right = Comparer().compare(1, parse_puzzles(f"{EASY}:1:{format_line(model, 3)}")[0])
    assert right.reference == "file" and all(r.agrees for r in right.rows)


def test_agrees() -> None:
    assert agrees((1, 0), "partial", (1, 2))
    assert not agrees((2, 0), "partial", (1, 2))
    assert not agrees((1, 0), "unsat", (1, 2))
    assert agrees((1, 0), "partial", None) and not agrees((1, 2), "solved", None)


def test_jobs_give_the_same_rows_in_the_same_order() -> None:
    items = puzzles() * 3
    one = list(compare_all(items, ["m22"]))
    two = list(compare_all(items, ["m22"], executor=shared_pool()))
    strip = [[(r.engine, r.status, r.filled, r.literals) for r in c.rows] for c in one]
    assert strip == [[(r.engine, r.status, r.filled, r.literals) for r in c.rows] for c in two]
    assert [c.index for c in two] == list(range(1, 10))


def test_summary() -> None:
    comparisons = list(compare_all(puzzles(), ["m22"]))
    up, fl, m22 = summarize(comparisons)
    assert (up.engine, up.puzzles, up.solved, up.partial, up.unsat) == ("up", 3, 1, 1, 1)
    assert m22.solved == 2 and m22.unsat == 1 and m22.mean_decisions is not None
    assert fl.mean_decisions is None and fl.disagreements == 0
    up_times = [c.rows[0].seconds for c in comparisons]
    assert up.p95_seconds == max(up_times)  # nearest rank: the 3rd of 3
    assert up.mean_seconds == pytest.approx(sum(up_times) / 3)


def test_unknown_solver_is_a_solver_error() -> None:
    with pytest.raises(SolverError):
        Comparer(["nope"])


def test_p95_pick_and_tables() -> None:
    assert p95([float(k) for k in range(1, 101)]) == 95.0
    assert p95([]) == 0.0
    items = puzzles() * 4
    chosen = pick(items, 5, seed=3)
    assert len(chosen) == 5 and chosen == pick(items, 5, seed=3)
    assert pick(items, None, 0) == items and pick(items, 100, 0) == items
    table = markdown_table(["a", "bb"], [[1, 2], [333, 4]])
    assert table.splitlines()[0] == "| a   | bb |"
    assert table.splitlines()[1] == "|-----|----|"


def test_other_solutions_of_a_multi_solution_puzzle_agree() -> None:
    solution = "798635421126974583453218679972586314564123897381497256617352948835749162249861735"
    empty = parse_puzzles(f"{'.' * 81}:0:{solution}")[0]
    with Comparer(["m22", "g4"]) as comparer:
        result = comparer.compare(1, empty)
    assert result.reference == "file" and not result.rejected
    solved = [r for r in result.rows if r.status == "solved"]
    assert len(solved) == 2 and all(r.agrees for r in result.rows)


def test_a_wrong_solution_in_the_file_is_rejected_not_trusted() -> None:
    wrong = "1" * 9 + TRES_DIFFICILE_SOLUTION[9:]
    with Comparer(["m22"]) as comparer:
        given = replace(parse_puzzles(TRES_DIFFICILE)[0], solution=parse_puzzles(wrong)[0].grid)
        result = comparer.compare(1, given)
    assert "both hold 1" in result.rejected and result.reference == "m22 solved"
    assert all(r.agrees for r in result.rows)
