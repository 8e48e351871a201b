"""The independent oracle: each variant puzzle as an OR-tools CP-SAT model on integers.

One integer variable 1..N per cell, ``AddAllDifferent`` for every group, linear sums for
cages and arrows, ``AddAllowedAssignments`` for dots, inequalities for thermometers. It
shares nothing with the CNF encoding but the puzzle data, so agreement between the two
is evidence for both. Needs the 'variants' extra (``ortools``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import SolverError, missing_extra
from ..grid import Grid
from ..signals import stopping
from .model import (
    KING,
    KNIGHT,
    Variant,
    consecutive_exempt,
    negated_values,
    offset_pairs,
    orthogonal_pairs,
)


def _ortools() -> Any:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        raise missing_extra("the CP-SAT oracle", "variants") from None
    return cp_model


def build(puzzle: Variant) -> tuple[Any, list[Any]]:
    """The CP-SAT model of the puzzle and its N*N cell variables."""
    cp_model = _ortools()
    m = cp_model.CpModel()
    n = puzzle.size
    x = [m.NewIntVar(1, n, f"c{c}") for c in range(n * n)]
    for g in _groups(puzzle):
        m.AddAllDifferent([x[c] for c in g])
    for c, d in enumerate(puzzle.givens):
        if d:
            m.Add(x[c] == d)
    _pairs(m, puzzle, x)
    for cage in puzzle.cages:
        if cage.total is not None:
            m.Add(sum(x[c] for c in cage.cells) == cage.total)
    for t in puzzle.thermometers:
        for a, b in zip(t, t[1:], strict=False):
            m.Add(x[a] < x[b])
    for arrow in puzzle.arrows:
        k = len(arrow.circle)
        value = sum(10 ** (k - 1 - i) * x[c] for i, c in enumerate(arrow.circle))
        m.Add(value == sum(x[c] for c in arrow.line))
    for c in puzzle.odd:
        m.AddAllowedAssignments([x[c]], [(d,) for d in range(1, n + 1, 2)])
    for c in puzzle.even:
        m.AddAllowedAssignments([x[c]], [(d,) for d in range(2, n + 1, 2)])
    for c, digits in puzzle.pencil:
        m.AddAllowedAssignments([x[c]], [(d,) for d in digits])
    for constraint in puzzle.constraints:
        constraint.cpsat(m, x, n)
    return m, x


def _groups(puzzle: Variant) -> list[list[int]]:
    """Every all-different group, listed here again rather than taken from the encoding."""
    n = puzzle.size
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    groups += [list(r) for r in (*puzzle.regions, *puzzle.extra_regions)]
    groups += [list(cage.cells) for cage in puzzle.cages]
    if "diagonal-" in puzzle.rules:  # top-left to bottom-right
        groups.append([k * (n + 1) for k in range(n)])
    if "diagonal+" in puzzle.rules:  # bottom-left to top-right
        groups.append([(k + 1) * (n - 1) for k in range(n)])
    if "disjointgroups" in puzzle.rules:
        ordered = [sorted(r) for r in puzzle.regions]
        groups += [[r[k] for r in ordered] for k in range(n)]
    return groups


def _pairs(m: Any, puzzle: Variant, x: list[Any]) -> None:
    n = puzzle.size
    digits = range(1, n + 1)
    for rule, moves in (("antiknight", KNIGHT), ("antiking", KING)):
        if rule in puzzle.rules:
            for a, b in offset_pairs(n, moves):
                m.Add(x[a] != x[b])
    relations: dict[str, Callable[[int, int, int], bool]] = {
        "difference": lambda v, d, e: abs(d - e) == v,
        "ratio": lambda v, d, e: d == v * e or e == v * d,
        "sum": lambda v, d, e: d + e == v,
    }
    for dot in puzzle.dots:
        a, b = dot.cells
        allowed = [(d, e) for d in digits for e in digits if relations[dot.kind](dot.value, d, e)]
        m.AddAllowedAssignments([x[a], x[b]], allowed)
    kropki = {d.cells for d in puzzle.dots if d.kind in ("difference", "ratio")}
    xv = {d.cells for d in puzzle.dots if d.kind == "sum"}
    negated = {kind: negated_values(puzzle, kind) for kind in puzzle.negative}
    kinds = {"difference": "difference", "ratio": "ratio", "xv": "sum"}
    exempt = consecutive_exempt(puzzle)
    for a, b in orthogonal_pairs(n):
        banned = set()
        if "nonconsecutive" in puzzle.rules and (a, b) not in exempt:
            banned |= {(d, e) for d in digits for e in digits if abs(d - e) == 1}
        for kind, values in negated.items():
            if (a, b) not in (xv if kind == "xv" else kropki):
                fits = relations[kinds[kind]]
                banned |= {(d, e) for d in digits for e in digits for v in values if fits(v, d, e)}
        if banned:
            m.AddForbiddenAssignments([x[a], x[b]], sorted(banned))


def solutions(puzzle: Variant, cap: int, seconds: float = 60.0) -> list[Grid]:
    """Up to cap solutions, by CP-SAT's solution enumeration; SolverError when the search
    ends unfinished (the time limit) with fewer than cap."""
    cp_model = _ortools()
    m, x = build(puzzle)
    solver = _solver(cp_model)
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.max_time_in_seconds = seconds
    found: list[Grid] = []

    class Collect(cp_model.CpSolverSolutionCallback):  # type: ignore[misc,name-defined]
        def on_solution_callback(self) -> None:
            found.append(tuple(int(self.Value(v)) for v in x))
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


def count(puzzle: Variant, cap: int) -> int:
    """Number of solutions by CP-SAT, at most cap."""
    return len(solutions(puzzle, cap))


def is_solution(puzzle: Variant, grid: Grid) -> bool:
    """Whether grid satisfies every rule of the puzzle (CP-SAT with every cell fixed)."""
    cp_model = _ortools()
    m, x = build(puzzle)
    for v, d in zip(x, grid, strict=True):
        m.Add(v == d)
    solver = _solver(cp_model)
    with stopping(solver.StopSearch):
        return bool(solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE))
