"""Uniqueness checkers: the questions emptying asks, answered by PySAT or the EUP engine.

Uniqueness, fast path. The puzzle P is always unique with solution S. Emptying the cells
R leaves P' unique iff, for every r in R, P' has no solution with r != S[r] (any other
solution of P' differs from S on R). So a checker call is one SAT call per r, with the
clues and the unit ``not x(r, S[r])`` as assumptions, on one PySAT solver that keeps F_regle
and its learnt clauses across all checks and puzzles (learnt clauses follow from the
rules alone, so they stay valid). Before it, a naked single (the peers of r show the N-1
other values) proves the removal safe without a call. The EUP checker asks instead, per
r and other value w not shown by r's peers, whether P' with w at r has a solution
(:func:`has_other_solution`; ``by_values=False`` counts P' up to 2). Which one is faster
is measured in benchmarks/bench_generation.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..encoding import blocking_clause, clue_assumptions, decode
from ..errors import UsageError
from ..grid import Cell, Grid, geometry
from ..sat.pysat import rules_solver

CHECKERS = ("auto", "pysat", "eup", "counter")
VERIFIERS = ("cadical", "batch")
"""Checkers that only verify (not offered to emptying): see :func:`independent_of`."""
AUTO_EUP_MAX_ORDER = 4
"""``auto`` empties with the compiled EUP engine up to this order (9x9, 16x16: faster,
measured in benchmarks/bench_eup.py), with PySAT above it (25x25: the EUP search for a
second solution is slower than CDCL there) or when numba is absent."""


def resolve_checker(name: str, n: int) -> str:
    """The checker that ``auto`` stands for at order n; other names unchanged."""
    if name != "auto":
        return name
    from ..accel import numba_available

    return "eup" if numba_available() and n <= AUTO_EUP_MAX_ORDER else "pysat"


class Checker(Protocol):
    """Answers uniqueness questions for puzzles of one order."""

    name: str

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        """Is puzzle unique, knowing puzzle plus the emptied cells of solution was?"""
        ...

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        """Solutions of puzzle, counted up to cap."""
        ...

    def close(self) -> None: ...


class PysatChecker:
    """One PySAT solver holding the rules; every question is a solve under assumptions.

    The rules are F_regle (``amo="pairwise"``, the default) or the extended encoding
    with a compact at-most-one (:mod:`sudoku_sat.encodings`); auxiliaries and selectors
    are numbered above the grid's variables, so models decode the same way.
    """

    def __init__(self, n: int, solver: str = "m22", amo: str = "pairwise", name: str = "pysat"):
        self.n, self.size, self.name = n, n * n, name
        self.solver_name, self.amo = solver, amo
        self.calls = 0
        self.solver, self.top = self._load()

    def _load(self) -> tuple[Any, int]:
        """A fresh solver holding the rules, and the highest variable they use."""
        if self.amo == "pairwise":
            return rules_solver(self.n, self.solver_name), self.n**6
        from pysat.solvers import Solver

        from ..encodings import rules

        formula = rules(self.n, "extended", self.amo)
        return Solver(name=self.solver_name, bootstrap_with=formula.clauses), formula.nvars

    def renew(self) -> None:
        """Drop the learnt clauses (and the memory they hold): reload the rules."""
        self.solver.delete()
        self.solver, self.top = self._load()

    def prefer(self, solution: Grid) -> None:
        """Branch on solution's values first: witnesses then stay close to it."""
        self.solver.set_phases([c * self.size + v for c, v in enumerate(solution)])

    def propagates(self, puzzle: Grid) -> bool:
        """Whether unit propagation on the rules alone fills every cell from puzzle's clues
        (then puzzle is unique: no search needed). Naked and hidden singles, looped."""
        ok, literals = self.solver.propagate(assumptions=clue_assumptions(puzzle, self.n))
        top = self.n**6
        return bool(ok) and sum(1 for lit in literals if 0 < lit <= top) == self.n**4

    def differs(self, puzzle: Grid, solution: Grid, cells: Sequence[Cell]) -> bool:
        """Whether puzzle has a solution with another value than solution's at one of cells
        (one solve per cell, the unit ``not x(c, solution[c])`` added to the assumptions)."""
        clues = clue_assumptions(puzzle, self.n)
        for c in cells:
            self.calls += 1
            if self.solver.solve(assumptions=clues + [-(c * self.size + solution[c])]):
                return True
        return False

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        return not self.differs(puzzle, solution, emptied)

    def witness(self, puzzle: Grid, solution: Grid, cells: Sequence[Cell]) -> Grid | None:
        """A solution of puzzle with another value than solution's at one of cells."""
        if not self.differs(puzzle, solution, cells):
            return None
        return decode(self.solver.get_model() or [], self.n)[0]

    def only_solution(self, puzzle: Grid, solution: Grid) -> bool:
        """Whether solution is the one solution of puzzle (given that it is one): a single
        solve, UNSAT when no model differs from it, under a clause guarded by a fresh
        selector (disabled afterwards)."""
        self.top += 1
        selector = self.top
        self.solver.add_clause([-selector, *blocking_clause(solution, self.n)])
        other = self.solver.solve(assumptions=clue_assumptions(puzzle, self.n) + [selector])
        self.solver.add_clause([-selector])
        return not other

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        """Count by blocking each model with a clause guarded by a fresh selector."""
        clues, found = clue_assumptions(puzzle, self.n), 0
        self.top += 1
        selector = self.top
        while found < cap and self.solver.solve(assumptions=clues + [selector]):
            found += 1
            model = self.solver.get_model() or []
            self.solver.add_clause([-selector] + [-lit for lit in model if 0 < lit <= self.n**6])
        self.solver.add_clause([-selector])
        return found

    def close(self) -> None:
        self.solver.delete()


class EupChecker:
    """The in-house EUP engine: compiled when numba is there (``compiled``), else the
    pure-Python reference.

    Compiled, a question is one search per emptied cell r with S[r] removed at r (and S
    preferred elsewhere), and the greedy emptying runs whole in one compiled call
    (:mod:`.emptying_compiled`). In pure Python, ``by_values`` asks per emptied cell and other
    value whether that value has a solution (:func:`has_other_solution`), instead of
    counting the puzzle up to 2.
    """

    def __init__(self, n: int, by_values: bool = True, backend: str = "auto"):
        from ..engines.eup.batch import backend_name

        self.n, self.name = n, "eup"
        self.backend = backend_name(backend)
        self.compiled = self.backend == "numba"
        self.by_values = by_values
        self.calls = 0

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        if self.compiled:
            self.calls += len(emptied)
            return self.witness(puzzle, solution, emptied) is None
        if self.by_values:
            return not has_other_solution(puzzle, solution, emptied, self.n, self)
        return self.count(puzzle) == 1

    def witness(self, puzzle: Grid, solution: Grid, cells: Sequence[Cell]) -> Grid | None:
        """A solution of puzzle with another value than solution's at one of cells."""
        from ..engines.eup.batch import other_solution

        return other_solution(puzzle, solution, cells, self.n, self.backend)

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        from ..engines.eup.batch import count_one

        self.calls += 1
        return count_one(puzzle, self.n, cap, self.backend)

    def close(self) -> None:
        pass


class BatchChecker:
    """The 9x9 batch engine (:mod:`sudoku_sat.engines.batch9`, compiled), counting only:
    the independent count of the puzzles EUP emptied at 9x9."""

    def __init__(self, n: int):
        if n != 3:
            raise UsageError("the batch checker counts 9x9 puzzles only")
        self.n, self.name = n, "batch"
        self.calls = 0

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        return self.count(puzzle) == 1

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        import numpy as np

        from ..engines import batch9

        self.calls += 1
        values = np.array(puzzle, np.int32)
        return int(batch9.count_one(values, cap, np.zeros(81, np.int32)))

    def close(self) -> None:
        pass


class CounterChecker:
    """The counting module's incremental PysatCounter, capped at 2."""

    def __init__(self, n: int):
        from .counting import PysatCounter

        self.n, self.name = n, "counter"
        self.counter = PysatCounter(n)
        self.calls = 0

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        return self.count(puzzle) == 1

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        self.calls += 1
        return int(self.counter.count(puzzle, cap=cap))

    def close(self) -> None:
        self.counter.close()


def make_checker(name: str, n: int) -> Checker:
    """A checker by name: pysat (assumption trick), eup, counter (PysatCounter), or auto;
    also the verifiers ``cadical`` (CaDiCaL 1.5.3 on the product-AMO encoding) and
    ``batch`` (the 9x9 batch engine)."""
    name = resolve_checker(name, n)
    if name == "pysat":
        return PysatChecker(n)
    if name == "cadical":
        return PysatChecker(n, "cadical153", "product", name="cadical")
    if name == "eup":
        return EupChecker(n)
    if name == "counter":
        return CounterChecker(n)
    if name == "batch":
        return BatchChecker(n)
    raise UsageError(f"unknown uniqueness checker {name!r}; use one of {', '.join(CHECKERS)}")


def has_other_solution(
    puzzle: Grid, solution: Grid, cells: Sequence[Cell], n: int, checker: Checker
) -> bool:
    """Whether puzzle has a solution besides solution, given that puzzle plus the values
    of solution at cells was unique: then another solution must put another value w at
    some cell c of cells. One satisfiability question (count up to 1) per such (c, w),
    skipping the values c's peers already show.
    """
    geo = geometry(n)
    trial = list(puzzle)
    for c in cells:
        seen = {puzzle[p] for p in geo.peers[c]}
        for w in range(1, geo.size + 1):
            if w != solution[c] and w not in seen:
                trial[c] = w
                if checker.count(tuple(trial), cap=1):
                    return True
        trial[c] = 0
    return False


def independent_of(name: str, n: int) -> str:
    """The verifier for a checker at order n: for EUP, the 9x9 batch engine at 9x9 when
    numba is there (another compiled search, written apart: 0.3 ms less per puzzle than a
    PySAT solve), else PySAT; EUP for the PySAT ones up to 16x16, above it CaDiCaL on the
    product-AMO encoding (another solver, another encoding: EUP's count of a minimal
    25x25 puzzle took over 300 s, CaDiCaL 4-5 s). ``auto`` is resolved first, so the
    verifier never is the emptier."""
    if resolve_checker(name, n) == "eup":
        from ..accel import numba_available

        return "batch" if n == 3 and numba_available() else "pysat"
    return "eup" if n <= AUTO_EUP_MAX_ORDER else "cadical"


def forced(grid: Grid, cell: Cell, n: int) -> bool:
    """True when the peers of cell show the N-1 values other than its own (naked single)."""
    geo = geometry(n)
    return len({grid[p] for p in geo.peers[cell]} - {0}) == geo.size - 1


def removable(
    current: Grid,
    solution: Grid,
    cells: Sequence[Cell],
    n: int,
    checker: Checker,
    singles: bool = True,
) -> bool:
    """Whether current (already without cells) stays unique; naked singles skip the check."""
    if singles and all(forced(current, c, n) for c in cells):
        return True
    return checker.still_unique(current, solution, cells)
