"""Large-order emptying (the rules, then one small SAT question per clue): unique, minimal,
a witness per clue; the logic at 9x9 and 16x16 against PySAT on the full formula."""

from __future__ import annotations

import random

import numpy as np
import pytest

from sudoku_sat.grid import Grid, clue_count, empty_grid, is_solution
from sudoku_sat.puzzles import emptying_large
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.emptying_large import empty_large, witness
from sudoku_sat.puzzles.fill import fill_backtrack
from sudoku_sat.puzzles.maker import MakeOptions, large_path
from sudoku_sat.puzzles.orbits import without


def full(n: int, seed: int) -> Grid:
    grid = fill_backtrack(empty_grid(n), n, random.Random(seed)).grid
    assert grid is not None
    return grid


@pytest.mark.parametrize(
    ("n", "seed", "solver"), [(3, 1, "m22"), (3, 2, "cadical195"), (4, 3, None)]
)
def test_the_puzzle_is_unique_and_minimal_by_pysat_on_the_full_formula(
    n: int, seed: int, solver: str | None
) -> None:
    solution = full(n, seed)
    made = empty_large(solution, solution, n, random.Random(seed), solver)
    puzzle = made.grid
    assert is_solution(solution, n, puzzle) and clue_count(puzzle) < n**4
    judge = PysatChecker(n)
    assert judge.count(puzzle) == 1
    clues = [c for c, v in enumerate(puzzle) if v]
    assert all(judge.count(without(puzzle, [c])) == 2 for c in clues)  # minimal
    judge.close()
    assert sorted(made.witnesses.orbits) == [(c,) for c in clues]
    assert made.witnesses.valid(puzzle, solution, n) == {(c,) for c in clues}
    assert made.stats["rules_clues"] >= clue_count(puzzle)


def test_a_first_pass_cut_short_by_its_budget_still_makes_a_unique_minimal_puzzle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One conflict per first-pass question: most are unfinished, their clues loose, asked
    again with no limit; the puzzle is still unique and minimal (PySAT, full formula)."""
    monkeypatch.setitem(emptying_large.FIRST_BUDGET, 4, 1)
    solution = full(4, 8)
    made = empty_large(solution, solution, 4, random.Random(8), workers=2)
    assert made.stats["unfinished"] > 0
    judge = PysatChecker(4)
    assert judge.count(made.grid) == 1
    clues = [c for c, v in enumerate(made.grid) if v]
    assert all(judge.count(without(made.grid, [c])) == 2 for c in clues)
    judge.close()
    assert made.witnesses.valid(made.grid, solution, 4) == {(c,) for c in clues}


def test_the_differ_clause_holds_already_cannot_hold_or_names_the_open_cells() -> None:
    sol = np.array([1, 2, 3, 4], dtype=np.int32)
    cand = np.zeros((4, 4), dtype=np.bool_)
    cand[0, [0, 1]] = True  # cell 0 open, its value 1 still there
    cand[1, 1] = True  # cell 1 fixed to its value 2
    cand[2, [0, 3]] = True  # cell 2 has lost its value 3
    cand[3, [2, 3]] = True  # cell 3 open, its value 4 still there
    var_of = np.zeros((4, 4), dtype=np.int32)
    var_of[0, [0, 1]] = [1, 2]
    var_of[2, [0, 3]] = [3, 4]
    var_of[3, [2, 3]] = [5, 6]
    assert emptying_large._differ_clause(cand, var_of, sol, [0, 2]) is None
    assert emptying_large._differ_clause(cand, var_of, sol, [1]) == []
    assert emptying_large._differ_clause(cand, var_of, sol, [0, 1, 3]) == [-1, -6]


def test_the_same_seed_gives_the_same_puzzle() -> None:
    solution = full(3, 4)
    first = empty_large(solution, solution, 3, random.Random(9)).grid
    assert empty_large(solution, solution, 3, random.Random(9)).grid == first


@pytest.mark.parametrize(("n", "seed", "workers"), [(3, 7, 3), (4, 5, 2)])
def test_workers_sharing_the_questions_make_the_same_puzzle(
    n: int, seed: int, workers: int
) -> None:
    """The first pass shared, the second asked in batches: the puzzle is that of one
    process (a "no" after a removal in a batch is asked again), a valid witness per clue."""
    solution = full(n, seed)
    alone = empty_large(solution, solution, n, random.Random(seed))
    shared = empty_large(solution, solution, n, random.Random(seed), workers=workers)
    assert shared.grid == alone.grid
    assert sorted(shared.witnesses.orbits) == sorted(alone.witnesses.orbits)
    clues = {(c,) for c, v in enumerate(shared.grid) if v}
    assert shared.witnesses.valid(shared.grid, solution, n) == clues
    assert shared.stats["second_pass"] == alone.stats["second_pass"]
    assert shared.stats["workers"] == workers


def test_a_second_pass_removes_clues_the_rules_alone_kept() -> None:
    solution = full(4, 5)
    made = empty_large(solution, solution, 4, random.Random(5))
    assert made.stats["second_pass"] + made.stats["refuted_by_rules"] > 0
    assert made.stats["rules_clues"] > clue_count(made.grid)


def test_witness_is_a_second_solution_or_none_when_pysat_finds_no_other_value() -> None:
    solution = full(3, 6)
    sol = np.array(solution, dtype=np.int32)
    assert witness(sol, sol, 0, 3, "m22") is None  # a full grid without one clue: unique
    judge = PysatChecker(3)
    puzzle = np.array(without(solution, range(0, 81, 2)), dtype=np.int32)
    for c in np.flatnonzero(puzzle).tolist()[:12]:
        found = witness(puzzle, sol, c, 3, "m22")
        others = [
            tuple(puzzle.tolist()[:c]) + (w,) + tuple(puzzle.tolist()[c + 1 :])
            for w in range(1, 10)
        ]
        possible = any(judge.count(g, cap=1) for w, g in enumerate(others, 1) if w != sol[c])
        assert (found is not None) == possible
        if found is not None:
            loose = without(tuple(puzzle.tolist()), [c])
            assert found[c] != sol[c] and is_solution(tuple(found.tolist()), 3, loose)
    judge.close()


def test_the_large_path_is_greedy_pysat_from_25x25_up() -> None:
    assert large_path(MakeOptions(n=5), "pysat") and large_path(MakeOptions(n=6), "pysat")
    assert not large_path(MakeOptions(n=4), "pysat")
    assert not large_path(MakeOptions(n=5, symmetric=True), "pysat")
    assert not large_path(MakeOptions(n=5, empty="anneal"), "pysat")
    assert not large_path(MakeOptions(n=5), "eup")


def test_the_rules_pass_keeps_the_sparsest_of_its_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    import sudoku_sat.puzzles.emptying_large as module

    solution = full(4, 8)
    monkeypatch.setattr(module, "RULES_TRIES", {4: 8})
    many = empty_large(solution, solution, 4, random.Random(8)).stats["rules_clues"]
    monkeypatch.setattr(module, "RULES_TRIES", {})
    one = [empty_large(solution, solution, 4, random.Random(s)).stats["rules_clues"] for s in (8,)]
    assert many <= one[0]
