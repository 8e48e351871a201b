"""Completing a grid as far as the in-house engines allow: the statement's ``sudoku(t)``.

The formula is formula_initiale = F1 ∧ F2 ∧ F_regle. F_regle is loaded once per order
and back-end into a propagator (``build_propagator``: numba when installed, else the
pure-Python :class:`~sudoku_sat.engines.propagation.python.Propagator`; cached per process, like a
PySAT solver holding the rules); the unit clauses F1 ∧ F2 of each grid are its level 0.
Engine ``up`` stops at the unit-propagation fixpoint, ``fl`` goes on with the
failed-literal rule. The grid is read back from the true literals; the candidates of a
cell are the values whose literal is not false; ``filled_by`` says which rule filled
each cell: ``clue``, ``up`` (unit propagation from the clues) or ``fl`` (needed the
failed-literal rule). An UNSAT grid (a conflict) keeps its clues and has no candidates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..batch.cache import per_thread
from ..encoding import f1, f2, num_vars, rules, var_cell
from ..grid import Grid, geometry
from ..result import SolveResult
from .propagation import Engines, Propagation, build_propagator, run_engine

CompletionStatus = Literal["solved", "partial", "unsat"]


@dataclass(frozen=True)
class Completion:
    """A grid completed by an engine, its candidates, and the rule behind each cell."""

    n: int
    status: CompletionStatus
    grid: Grid
    candidates: tuple[tuple[int, ...], ...]
    filled_by: tuple[str, ...]
    propagation: Propagation

    @property
    def filled(self) -> int:
        """Cells filled by the engine (clues excluded)."""
        return sum(1 for how in self.filled_by if how in ("up", "fl"))


@per_thread
def rules_propagator(n: int, backend: str = "auto") -> Engines:
    """F_regle of order n in a propagator, built once per thread and back-end."""
    return build_propagator(num_vars(n), rules(n), backend)


def grid_units(grid: Grid, n: int) -> list[int]:
    """The unit literals of F1 ∧ F2 for grid, in the encoding's order."""
    return [clause[0] for clause in (*f1(grid, n), *f2(grid, n))]


def complete(grid: Grid, n: int, engine: str = "fl", backend: str = "auto") -> Completion:
    """Run engine ``up`` or ``fl`` on formula_initiale of grid and read the grid back.

    ``backend``: ``auto`` (numba when installed), ``python`` or ``numba``."""
    result = run_engine(rules_propagator(n, backend), engine, grid_units(grid, n))
    if result.status == "conflict":
        geo = geometry(n)
        filled_by = tuple("clue" if v else "" for v in grid)
        return Completion(n, "unsat", grid, ((),) * geo.ncells, filled_by, result)
    return _read_back(grid, n, result)


def _read_back(grid: Grid, n: int, result: Propagation) -> Completion:
    size = n * n
    ncells = size * size
    values = [0] * ncells
    filled_by = ["clue" if v else "" for v in grid]
    false = [[False] * (size + 1) for _ in range(ncells)]
    for index, lit in enumerate(result.literals):
        cell, value = var_cell(n, lit)
        if lit < 0:
            false[cell][value] = True
            continue
        values[cell] = value
        if not grid[cell]:
            filled_by[cell] = "up" if index < result.up_count else "fl"
    candidates = tuple(
        (values[c],) if values[c] else tuple(k for k in range(1, size + 1) if not false[c][k])
        for c in range(ncells)
    )
    status: CompletionStatus = "solved" if all(values) else "partial"
    return Completion(n, status, tuple(values), candidates, tuple(filled_by), result)


RULE_CODES = {"clue": "c", "up": "u", "fl": "f", "": "."}


def as_solve_result(completion: Completion, engine: str) -> SolveResult:
    """A completion as a SolveResult (status solved, partial or unsat).

    Its stats hold the counters, ``rules`` (one character per cell: c clue, u unit
    propagation, f failed literal, . open) and ``candidates`` (the values left per cell).
    """
    prop = completion.propagation
    left = sum(1 for v in completion.grid if not v)
    stats: dict[str, object] = {
        "filled": completion.filled,
        "open": left,
        "literals": len(prop.literals),
        **{k: v for k, v in prop.stats.as_dict().items() if k != "seconds"},
        "rules": "".join(RULE_CODES[how] for how in completion.filled_by),
        "candidates": ["".join(map(str, c)) for c in completion.candidates],
    }
    detail = f"{left} cell(s) left open" if completion.status == "partial" else ""
    return SolveResult(
        completion.status, completion.grid, prop.stats.seconds, engine, stats, detail
    )


def up_engine(grid: Grid, n: int) -> SolveResult:
    """Engine ``up``: unit propagation to its fixpoint."""
    return as_solve_result(complete(grid, n, "up"), "up")


def fl_engine(grid: Grid, n: int) -> SolveResult:
    """Engine ``fl``: unit propagation and the failed-literal rule to their fixpoint."""
    return as_solve_result(complete(grid, n, "fl"), "fl")
