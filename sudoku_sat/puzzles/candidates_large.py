"""True candidates from 25x25 up: the digits each cell holds in at least one solution.

The path of ``solve``/``count`` at large orders (:mod:`.large`): the clues are propagated
(naked and hidden singles, numpy) and only the candidates that survive get a variable of
the candidate-only CNF (:mod:`sudoku_sat.encodings.candidates`). Then one incremental
CaDiCaL (PySAT's ``cadical195``) answers every question:

1. a first model, whose true candidates are marked (each is a true candidate: a model is
   a solution, checked by :func:`~sudoku_sat.encodings.candidates.is_valid`);
2. each candidate not yet marked is asked under the assumption that it holds: a model
   marks every candidate it makes true (usually many at once); UNSAT proves it false,
   and the unit clause of its negation is kept (later questions start knowing it);
3. beside each model, its relabellings: the digits no clue uses may be exchanged among
   themselves, so where a model holds one of them, every one of them is a candidate
   (``_relabelled``; a blank 25x25: one solver call instead of thousands).

Cells that propagation fixed hold their one digit; a contradiction of the propagation
or an UNSAT first question is a puzzle without solution. Sound and complete: a digit is
marked only from a checked solution, and left out only on the solver's UNSAT.

With a cap, the solutions using each candidate are counted up to it: up to
``ENUMERATE_FIRST`` solutions are enumerated once (each blocked by the clause over its
true candidates, under an activation literal retired afterwards) and tallied; past that,
each candidate's solutions are enumerated under its assumption, up to the cap. The same
rule as the variant path (``variants/solve.py``), on the smaller formula.

Measured (2026-11-29, in-process, machine load about 15 on 2 cores): a unique 25x25 of
``generate -n 5`` 0.18 s (1,859 solver calls), a unique 36x36 of ``generate -n 6`` 5.6 s
wall (4,476 calls, most of them UNSAT at once). A grid with many solutions near the
hardness peak costs one hard solve per model: a 36x36 pattern grid with 60 % of its cells
blanked took 21 s wall for its first model (``solve`` alone: 23 s) and about 7 s for each
further one, 21 models marking 6,025 of its 7,690 candidates in 167 s. Roads not taken,
on that grid and a 25x25 one with 60 % blanks: also marking the solutions one trade away
from each model (:mod:`.trades`) and pointing the solver's phases at the unmarked
candidates: 6,281 marked after 21 models instead of 6,025, and 103 calls instead of 121 at
25x25, for no less time (1.24 s of CPU against 1.15 s).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..encodings.candidates import CandidateCnf, is_valid
from ..errors import SolverError
from ..grid import Grid
from ..result import Candidates
from .large import PYSAT_NAME, candidate_cnf, candidate_literals

ENUMERATE_FIRST = 2000
"""Counts first enumerate up to min(this, 20 * cap) solutions, tallied when fewer exist."""


def candidates_large(grid: Grid, n: int, cap: int | None = None) -> Candidates:
    """The true candidates of a classic puzzle of order n (any order; meant for 25x25 up,
    where the variant path does not go), with their solution counts up to cap if given."""
    from pysat.solvers import Solver

    size = n * n
    puzzle = np.asarray(grid, dtype=np.int32)
    cnf = candidate_cnf(puzzle, n)
    none = Candidates(size, tuple(() for _ in range(size * size)), None, cap, False, 0)
    if cnf.primary == 0:
        if cnf.nclauses or not is_valid(cnf.givens, n, puzzle):
            return none
        counts = None if cap is None else _fixed(cnf, 1)
        return _result(cnf, np.zeros(1, dtype=np.bool_), counts, cap, 0)
    with Solver(name=PYSAT_NAME, bootstrap_with=cnf.clauses()) as sat:
        marked, calls = _mark_all(sat, cnf, puzzle)
        if marked is None:
            return Candidates(size, none.digits, None, cap, False, calls)
        counts = None if cap is None else _counts(sat, cnf, puzzle, marked, cap)
    return _result(cnf, marked, counts, cap, calls)


def _mark_all(
    sat: Any, cnf: CandidateCnf, puzzle: npt.NDArray[np.int32]
) -> tuple[npt.NDArray[np.bool_] | None, int]:
    """Per candidate variable whether some solution makes it true (None: no solution),
    and the solver calls it took."""
    marked = np.zeros(cnf.primary + 1, dtype=np.bool_)
    free = np.setdiff1d(np.arange(1, cnf.n * cnf.n + 1), puzzle[puzzle > 0])
    calls = 1
    if not sat.solve():
        return None, calls
    _relabelled(cnf, _mark(sat, cnf, puzzle, marked), free, marked)
    for var in range(1, cnf.primary + 1):
        if marked[var]:
            continue
        calls += 1
        if sat.solve(assumptions=[var]):
            _relabelled(cnf, _mark(sat, cnf, puzzle, marked), free, marked)
        else:
            sat.add_clause([-var])
    return marked, calls


def _relabelled(
    cnf: CandidateCnf,
    solution: npt.NDArray[np.int32],
    free: npt.NDArray[np.int64],
    marked: npt.NDArray[np.bool_],
) -> None:
    """Mark what the solution's relabellings make true: the digits no clue uses (free)
    can be exchanged among themselves in any solution, which gives another solution of
    the same clues (rows, columns and boxes do not tell digits apart). So a cell holding
    a free digit holds every free digit in some solution: a blank 25x25 is answered from
    its first model instead of one solver call a candidate. With two free digits or more,
    no cell is fixed to a free one, so each of those candidates has its variable."""
    if free.size < 2:
        return
    cells = np.flatnonzero(np.isin(solution, free) & (cnf.givens == 0))
    lits = cnf.var_of[np.ix_(cells, free - 1)]
    marked[lits[lits > 0]] = True


def _mark(
    sat: Any, cnf: CandidateCnf, puzzle: npt.NDArray[np.int32], marked: npt.NDArray[np.bool_]
) -> npt.NDArray[np.int32]:
    """Mark the candidates of the solver's model, checked as a solution; its grid."""
    model = np.asarray(sat.get_model() or [], dtype=np.int64)[: cnf.primary]
    solution = cnf.decode(model)
    if not is_valid(solution, cnf.n, puzzle):
        raise SolverError(f"{PYSAT_NAME} gave a model that is not a solution")
    marked[model[model > 0]] = True
    return solution


def _solutions(
    sat: Any, cnf: CandidateCnf, puzzle: npt.NDArray[np.int32], assume: list[int], limit: int
) -> list[npt.NDArray[np.int32]]:
    """Up to limit solutions under the assumptions, each blocked under a fresh activation
    literal that is retired at the end (the solver is left as it was found)."""
    act = sat.nof_vars() + 1
    found: list[npt.NDArray[np.int32]] = []
    scratch = np.zeros(cnf.primary + 1, dtype=np.bool_)
    while len(found) < limit and sat.solve(assumptions=[act, *assume]):
        solution = _mark(sat, cnf, puzzle, scratch)
        found.append(solution)
        sat.add_clause([-act, *(-lit for lit in candidate_literals(cnf, solution))])
    sat.add_clause([-act])
    return found


def _counts(
    sat: Any,
    cnf: CandidateCnf,
    puzzle: npt.NDArray[np.int32],
    marked: npt.NDArray[np.bool_],
    cap: int,
) -> dict[tuple[int, int], int]:
    """Per true candidate (cell, digit), its solutions up to cap (fixed cells included)."""
    limit = min(ENUMERATE_FIRST, 20 * cap)
    every = _solutions(sat, cnf, puzzle, [], limit)
    cells, values = cnf.cell_value()
    total = len(every)
    if total == limit < cap:
        total = len(_solutions(sat, cnf, puzzle, [], cap))
    out = _fixed(cnf, min(total, cap))
    if len(every) < limit:
        tally = np.zeros(cnf.primary + 1, dtype=np.int64)
        for solution in every:
            tally[candidate_literals(cnf, solution)] += 1
        lits = np.flatnonzero(marked)
        return out | {
            (int(cells[v - 1]), int(values[v - 1])): min(int(tally[v]), cap) for v in lits
        }
    for var in np.flatnonzero(marked).tolist():
        found = len(_solutions(sat, cnf, puzzle, [var], cap))
        out[(int(cells[var - 1]), int(values[var - 1]))] = found
    return out


def _fixed(cnf: CandidateCnf, count: int) -> dict[tuple[int, int], int]:
    """The digit of each cell that propagation fixed, with count: every solution uses it."""
    fixed = np.flatnonzero(cnf.givens)
    return {(int(c), int(cnf.givens[c])): count for c in fixed.tolist()}


def _result(
    cnf: CandidateCnf,
    marked: npt.NDArray[np.bool_],
    counts: dict[tuple[int, int], int] | None,
    cap: int | None,
    calls: int,
) -> Candidates:
    """Per cell its digits: a fixed cell its value, an open one its marked candidates."""
    size = cnf.n * cnf.n
    digits: list[tuple[int, ...]] = []
    for cell, value in enumerate(cnf.givens.tolist()):
        if value:
            digits.append((value,))
            continue
        row = cnf.var_of[cell]
        digits.append(tuple(int(d) + 1 for d in np.flatnonzero(row) if marked[row[d]]))
    return Candidates(size, tuple(digits), counts, cap, True, calls)
