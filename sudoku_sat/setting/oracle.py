"""One incremental PySAT solver on a puzzle's selector formula, asked about sets of
members by assumptions.

Every question of ``why`` and ``redundant`` is one call: "the members of this set
together, plus these extra literals" (a solution to avoid, a digit to place) is SAT or
UNSAT. Clauses added later (a solution blocked, a pair of cells made to differ) hang
behind a fresh guard literal of their own, assumed while they count and retired with a
unit clause after, so the one solver serves every question in turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..deadline import TimedOut
from ..grid import Clause, Grid
from ..sat.pysat import solve_within
from .members import Selectable

SOLVER = "g4"
"""Glucose 4, the variant sessions' default solver (``variants.solve.DEFAULT_SOLVER``)."""


class Oracle:
    """The solver holding a :class:`Selectable`'s clauses; ``calls`` counts the solves."""

    def __init__(self, s: Selectable, name: str = SOLVER) -> None:
        from pysat.solvers import Solver

        self.s = s
        self.size = s.puzzle.size
        self.solver: Any = Solver(name=name, bootstrap_with=list(s.clauses()))
        self.top = s.top
        self.calls = 0

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.solver.delete()

    def fresh(self) -> int:
        """A new variable (a guard)."""
        self.top += 1
        return self.top

    def guarded(self, clauses: Iterable[Clause]) -> int:
        """Add clauses behind a new guard; the guard, to assume (and later :meth:`retire`)."""
        guard = self.fresh()
        for clause in clauses:
            self.solver.add_clause([*clause, -guard])
        return guard

    def retire(self, guard: int) -> None:
        """Switch a guard's clauses off for good."""
        self.solver.add_clause([-guard])

    def sat(
        self, members: Iterable[int], extra: Sequence[int] = (), timeout: float | None = None
    ) -> bool:
        """Whether the members together (and the extra literals) have a solution;
        TimedOut when the timeout (seconds) ran out first."""
        self.calls += 1
        assumptions = [self.s.selector(i) for i in members] + list(extra)
        answer = solve_within(self.solver, assumptions, timeout)
        if answer is None:
            raise TimedOut(timeout)
        return answer

    def core(self) -> list[int]:
        """The members of the last UNSAT call's core (its extra literals left out)."""
        first, last = self.s.selector(0), self.s.top
        return sorted(lit - first for lit in self.solver.get_core() or () if first <= lit <= last)

    def model(self) -> list[int]:
        """The last SAT call's model."""
        model: list[int] = self.solver.get_model()
        return model

    def grid(self) -> Grid:
        """The last SAT call's solution: every cell's digit, the grid's then those of the
        cells beyond it (``model/extra.py``), so that blocking it rules out one solution
        as the counts have them."""
        n = self.size
        model = self.model()
        return tuple(
            next(d for d in range(1, n + 1) if model[c * n + d - 1] > 0)
            for c in range(self.s.puzzle.cells)
        )

    def literal(self, cell: int, digit: int) -> int:
        """x(cell, digit), the classic numbering."""
        return cell * self.size + digit

    def block(self, grid: Grid) -> int:
        """A guard that, assumed, rules out this solution."""
        return self.guarded([[-self.literal(c, d) for c, d in enumerate(grid)]])
