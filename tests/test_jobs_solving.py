"""jobs/solving.py: SolveJob sends each puzzle of a chunk to its engine and answers in
input order; every solution is cross-checked by an independent solver (CP-SAT for
puzzles with constraints, PySAT on the classic formula for classic grids)."""

from __future__ import annotations

import pytest

from sudoku_sat.batch.items import unpack
from sudoku_sat.errors import UsageError
from sudoku_sat.grid import Grid
from sudoku_sat.jobs.solving import SolveJob, item_of, plan, solve_one
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints.killer import Cage

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION

cpsat = pytest.importorskip("sudoku_sat.variants.cpsat")
pytest.importorskip("ortools")

HARD = Puzzle(9, tuple(int(ch) for ch in TRES_DIFFICILE), "hard")
HARD_SOLUTION = tuple(int(ch) for ch in TRES_DIFFICILE_SOLUTION)
KILLER = Puzzle(
    4,
    (0,) * 16,
    "killer",
    constraints=(
        Cage((13, 14), 5),
        Cage((9, 10, 11)),
        Cage((1, 2, 3, 7)),
        Cage((0, 4, 8), 9),
        Cage((12,)),
        Cage((5, 6), 4),
        Cage((15,)),
    ),
)
KILLER_SOLUTION = tuple(int(ch) for ch in "2143431234211234")
SIX = Puzzle(6, (1, 2, 3) + (0,) * 33, "six")
"""6x6, 2x3 boxes: no constraint, but the session answers it (boxes that are not square)."""
CLASH = Puzzle(9, (1, 1) + (0,) * 79, "clash")
BAD_KILLER = KILLER.with_constraints((*KILLER.constraints, Cage((0, 1), 7)))
"""A cage of two cells of 4x4 cannot sum to 7 with the first cage's 2 and 1: no solution."""


def pysat_checks(p: Puzzle, grid: Grid) -> bool:
    """Whether grid is the only solution of the classic puzzle p, by PySAT on the
    statement's formula: SAT with grid assumed, UNSAT with grid blocked."""
    from pysat.solvers import Solver

    from sudoku_sat.encodings import encode

    f = encode(p.grid, p.n, "extended", "pairwise")
    size = p.size
    lits = [size * size * (c // size) + size * (c % size) + d for c, d in enumerate(grid)]
    with Solver(name="m22", bootstrap_with=f.clauses) as s:
        if not s.solve(assumptions=lits):
            return False
        s.add_clause([-lit for lit in lits])
        return not s.solve()


def test_the_killer_has_one_solution_by_cp_sat() -> None:
    assert cpsat.solutions(KILLER, 3) == [KILLER_SOLUTION]
    assert cpsat.count(BAD_KILLER, 2) == 0


def test_item_of_packs_classic_grids_and_sends_session_puzzles_whole() -> None:
    packed = item_of(HARD)
    assert not isinstance(packed, Puzzle)
    assert unpack(packed) == HARD.grid
    assert item_of(KILLER) is KILLER
    assert item_of(SIX) is SIX


def test_a_mixed_chunk_is_answered_in_input_order_each_by_its_engine() -> None:
    puzzles = [KILLER, HARD, SIX, CLASH, BAD_KILLER]
    job, items = plan(puzzles)
    assert job.classic is not None and job.session is not None
    results = job(items)
    assert [r.status for r in results] == ["solved", "solved", "solved", "unsat", "unsat"]
    assert results[0].grid == KILLER_SOLUTION
    assert results[1].grid == HARD_SOLUTION
    assert pysat_checks(HARD, results[1].grid)
    for p, r in zip(puzzles[:3], results[:3], strict=True):
        assert cpsat.is_solution(p, r.grid), p.origin
    assert cpsat.count(CLASH, 1) == 0


def test_plan_builds_only_the_engines_the_puzzles_need() -> None:
    classic, _ = plan([HARD])
    assert classic.session is None and classic.classic is not None
    session, items = plan([KILLER, SIX])
    assert session.classic is None and session.session is not None
    assert items == [KILLER, SIX]


@pytest.mark.parametrize("method", ["auto", "pysat", "pysat:g4"])
def test_session_methods_solve_the_killer(method: str) -> None:
    result = solve_one(KILLER, method)
    assert result.status == "solved"
    assert result.grid == KILLER_SOLUTION


def test_classic_methods_agree_with_pysat() -> None:
    for method in ("auto", "eup", "pysat:m22"):
        result = solve_one(HARD, method)
        assert result.status == "solved", method
        assert pysat_checks(HARD, result.grid), method


def test_an_option_the_session_does_not_honour_is_refused_before_any_work() -> None:
    with pytest.raises(UsageError, match=r"^--encoding: "):
        plan([HARD, KILLER], encoding="minimal", given={"encoding": "--encoding"})
    job, _ = plan([HARD], encoding="minimal", given={"encoding": "--encoding"})
    assert job.classic is not None


def test_a_classic_engine_method_is_refused_for_a_session_puzzle() -> None:
    with pytest.raises(UsageError, match="eup"):
        plan([KILLER], "eup")
    job, _ = plan([HARD], "eup")
    assert isinstance(job, SolveJob)


def test_the_timeout_reaches_the_session() -> None:
    job, items = plan([KILLER], "pysat:g4", timeout=30.0)
    assert job.session is not None and job.session.timeout == 30.0
    (result,) = job(items)
    assert result.status == "solved" and result.grid == KILLER_SOLUTION
