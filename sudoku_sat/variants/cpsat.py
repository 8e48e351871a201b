"""The independent oracle: each puzzle as an OR-tools CP-SAT model on integers.

One integer variable 1..N per cell, ``AddAllDifferent`` for rows, columns and regions,
and each constraint stated again by its own module (``Constraint.cpsat``: linear sums for
cages and arrows, ``AddAllowedAssignments`` for dots, inequalities for thermometers,
...). It shares nothing with the CNF encoding but the puzzle data, so agreement between
the two is evidence for both. Needs the 'variants' extra (``ortools``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import SolverError, missing_extra
from ..grid import Grid
from ..model.puzzle import Puzzle
from ..signals import stopping


def _ortools() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        raise missing_extra("the CP-SAT oracle", "variants") from None
    return cp_model


def build(puzzle: Puzzle, house_sums: bool = False) -> tuple[Any, list[Any]]:
    """The CP-SAT model of the puzzle and its cell variables (the grid's N*N, then the
    extra cells'): rows, columns and the default boxes all different (a jigsaw states
    its own regions), the givens, and each constraint's own statement. With house_sums,
    each of those houses also sums to N(N+1)/2, which all different over 1..N implies."""
    m = _ortools().CpModel()
    x = state(m, puzzle, house_sums)
    return m, x


def state(m: Any, puzzle: Puzzle, house_sums: bool = False) -> list[Any]:
    """The puzzle stated on model m (:func:`build`) over cell variables of its own,
    which it returns."""
    n = puzzle.size
    x = [m.NewIntVar(1, n, f"c{c}") for c in range(puzzle.cells)]  # extra cells after
    for c in puzzle.outside:  # a shape's frame cells: 1 each, in no unit
        m.Add(x[c] == 1)
    groups = [list(line) for line in puzzle.lines]
    if not puzzle.own_regions:  # else the constraint that gives them states them
        groups += [list(r) for r in puzzle.regions]
    for g in groups:
        m.AddAllDifferent([x[c] for c in g])
        if house_sums and len(g) == n:  # a shape's shorter lines hold some digits only
            m.Add(sum(x[c] for c in g) == n * (n + 1) // 2)
    for c, d in enumerate(puzzle.grid):
        if d:
            m.Add(x[c] == d)
    for constraint in puzzle.constraints:
        constraint.cpsat(m, x, n)
    return x


def solutions(puzzle: Puzzle, cap: int, seconds: float = 60.0, lean: bool = False) -> list[Grid]:
    """Up to cap solutions, by CP-SAT's solution enumeration; SolverError when the search
    ends unfinished (the time limit) with fewer than cap. Lean: the houses' sums stated
    (:func:`build`), no linear relaxation (``linearization_level`` 0) and no probing
    (``cp_model_probing_level`` 0), as the check of made puzzles counts: a made 9x9
    killer's count 164 -> 95 ms on average with the sums and level 0 (40 puzzles,
    2026-12-02; either alone does not help), 78 -> 64 and 160 -> 126 ms (15 puzzles
    each, two runs alternated) without probing too; arrows, renban lines, little killers
    and jigsaw killers the same or faster, thermometers 4 -> 11 ms."""
    cp_model = _ortools()
    m, x = build(puzzle, house_sums=lean)
    solver = _solver(cp_model)
    solver.parameters.enumerate_all_solutions = True
    if lean:
        solver.parameters.linearization_level = 0
        solver.parameters.cp_model_probing_level = 0
    solver.parameters.max_time_in_seconds = seconds
    found: list[Grid] = []
    seen: set[Grid] = set()

    class Collect(cp_model.CpSolverSolutionCallback):  # type: ignore[misc,name-defined]
        def on_solution_callback(self) -> None:
            # CP-SAT enumerates its own variables too: a statement's helper left free (an
            # automaton's states past a segment) gives the same cells again
            grid = tuple(int(self.Value(v)) for v in x)
            if grid not in seen:
                seen.add(grid)
                found.append(grid)
            if len(found) >= cap:
                self.StopSearch()

    with stopping(solver.StopSearch):
        status = solver.Solve(m, Collect())
    if len(found) < cap and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise SolverError(f"CP-SAT gave no answer in {seconds} s")
    return found


def _solver(cp_model: Any) -> Any:
    """A one-worker CP-SAT solver that leaves SIGINT to Python: CP-SAT's own handler would
    end the search as if finished and put back the default handler (the next Ctrl-C
    killing the process with no cleanup); :func:`sudoku_sat.signals.stopping` stops it."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False
    return solver


def count(puzzle: Puzzle, cap: int, lean: bool = False) -> int:
    """Number of solutions by CP-SAT, at most cap (lean: :func:`solutions`)."""
    return len(solutions(puzzle, cap, lean=lean))


def is_solution(puzzle: Puzzle, grid: Grid) -> bool:
    """Whether grid satisfies every rule of the puzzle (CP-SAT with every cell fixed)."""
    return all_solutions([(puzzle, grid)])


def all_solutions(pairs: Sequence[tuple[Puzzle, Grid]]) -> bool:
    """Whether each grid satisfies every rule of its puzzle (a grid of the wrong length
    does not): one CP-SAT model stating each puzzle over cell variables of its own, each
    fixed to its grid's digits. The witnesses of a 9x9 killer's 20 clues: 10 ms, against
    30 ms for a model each."""
    cp_model = _ortools()
    m = cp_model.CpModel()
    for puzzle, grid in pairs:
        if len(grid) != puzzle.cells:
            return False
        for v, d in zip(state(m, puzzle), grid, strict=True):
            m.Add(v == d)
    solver = _solver(cp_model)
    with stopping(solver.StopSearch):
        return bool(solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE))
