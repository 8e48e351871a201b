"""jobs/counting.py: CountJob counts each puzzle of a chunk up to the cap on its engine,
in input order, keeping the solutions asked for; every count is cross-checked by an
independent counter (CP-SAT for puzzles with constraints, PySAT enumeration on the
classic formula for classic grids)."""

from __future__ import annotations

import pytest

from sudoku_sat.errors import SolverError, UsageError
from sudoku_sat.jobs.counting import Counted, count_one, plan
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints.killer import Cage

from .conftest import TRES_DIFFICILE
from .test_jobs_solving import BAD_KILLER, KILLER, KILLER_SOLUTION, SIX

cpsat = pytest.importorskip("sudoku_sat.variants.cpsat")
pytest.importorskip("ortools")

HARD = Puzzle(9, tuple(int(ch) for ch in TRES_DIFFICILE), "hard")
FOUR = Puzzle(4, (1, 2) + (0,) * 14, "four")
"""4x4 with two givens: a few dozen solutions."""
LOOSE_KILLER = KILLER.with_constraints(
    tuple(c for c in KILLER.constraints if isinstance(c, Cage) and c.total is None)
)
"""The killer without its totals: several solutions."""


def pysat_count(p: Puzzle, cap: int) -> int:
    """min(solutions, cap) of a classic puzzle by PySAT, each model blocked in turn."""
    from pysat.solvers import Solver

    from sudoku_sat.encodings import encode

    f = encode(p.grid, p.n, "extended", "pairwise")
    cells = p.size**3
    found = 0
    with Solver(name="m22", bootstrap_with=f.clauses) as s:
        while found < cap and s.solve():
            found += 1
            s.add_clause([-lit for lit in s.get_model() if 0 < lit <= cells])
    return found


@pytest.mark.parametrize("cap", [1, 2, 10, 1000])
def test_classic_counts_equal_pysat_enumeration(cap: int) -> None:
    assert count_one(FOUR, cap) == pysat_count(FOUR, cap)
    assert count_one(HARD, cap) == pysat_count(HARD, cap) == 1


@pytest.mark.parametrize("cap", [1, 2, 10, 1000])
def test_session_counts_equal_cp_sat(cap: int) -> None:
    for p in (KILLER, LOOSE_KILLER, BAD_KILLER, SIX):
        assert count_one(p, cap) == cpsat.count(p, cap), (p.origin, cap)


def test_a_mixed_chunk_is_counted_in_input_order_with_solutions_kept() -> None:
    puzzles = [LOOSE_KILLER, FOUR, KILLER, HARD, BAD_KILLER]
    job, items = plan(puzzles, 2, keep=2)
    assert job.classic is not None and job.session is not None
    results = job(items)
    assert [r.count for r in results] == [2, 2, 1, 1, 0]
    assert results[2].solutions == (KILLER_SOLUTION,)
    assert len(results[0].solutions) == 2
    for grid in results[0].solutions:
        assert cpsat.is_solution(LOOSE_KILLER, grid)
    assert not any(r.crashed for r in results)


def test_every_method_of_all_agrees_on_the_killer() -> None:
    job, items = plan([LOOSE_KILLER], 5, "all")
    (counted,) = job(items)
    assert len(counted.counts) >= 2  # the session and CP-SAT at least
    assert counted.count == cpsat.count(LOOSE_KILLER, 5)


def test_count_is_none_when_the_methods_disagree() -> None:
    assert Counted({"a": 2, "b": 2}).count == 2
    assert Counted({"a": 1, "b": 2}).count is None


def test_count_one_raises_when_the_methods_disagree(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_sat.jobs import counting

    def disagreeing(*args: object, **kwargs: object) -> tuple[object, list[object]]:
        return (lambda items: [Counted({"a": 1, "b": 2})]), [None]

    monkeypatch.setattr(counting, "plan", disagreeing)
    with pytest.raises(SolverError, match="disagree"):
        count_one(KILLER, 2)


def test_options_and_methods_are_checked_before_any_work() -> None:
    with pytest.raises(UsageError, match=r"^--amo: "):
        plan([KILLER], 2, given={"amo": "--amo"})
    with pytest.raises(UsageError, match="ganak"):
        plan([KILLER], 2, "ganak")
    with pytest.raises(UsageError):
        plan([HARD], 2, "no-such-method")
