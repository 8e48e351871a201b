"""Counting the solutions of a puzzle three independent ways, up to a cap.

- ``eup``: the in-house bitmask search of :mod:`sudoku_sat.engines.eup.reference` (rules
  E, U, P, then branching), counting leaves up to the cap.
- ``pysat``: one incremental PySAT solver per order holds F_regle; each puzzle's clues
  are assumptions. A model found is blocked by a clause over its N*N true cell literals
  only (x(i,j,k) is a function of the grid, so this blocks exactly that solution),
  guarded by a fresh *activation literal* ``a``: the clause is ``¬a ∨ ¬x1 ∨ ... ∨ ¬xN²``
  and ``a`` is assumed true while the puzzle is counted. Afterwards the unit ``¬a`` is
  added, which satisfies every blocking clause of that puzzle for good, so the same
  solver serves the next puzzle of the batch without reloading the rules. Each puzzle
  still leaves a dead variable behind, so the solver is renewed every RENEW_AFTER
  puzzles (the rate fell from about 3,300 to 1,000 checks/s over 6,000 17-clue puzzles
  without renewal, and stays flat with it).
- ``ganak``: exact model counting of formula_initiale with pyganak (optional extra
  ``count``). Ganak cannot stop at a cap (an empty 9x9 has 6.67e21 solutions and runs
  for minutes), so it is bounded: the PySAT counter first checks whether the puzzle has
  ``cap`` solutions; if so the answer is ``cap`` and Ganak is not run, else Ganak counts
  exactly (below the cap, where the methods are compared, it stays independent). The
  encoding has no auxiliary variables, so the plain model count over the N**3 variables
  is the number of solutions. Ganak prints ``c o`` lines from C++, so
  file descriptor 1 is sent to /dev/null while it counts. Its Arjun preprocessing takes
  30-60 s to refute some contradictory 17-clue puzzles that PySAT refutes in ms.

Every counter returns ``min(count, cap)``; 0 means no solution (contradictory clues).

Roads not taken: PySAT's ``enum_models`` (blocks whole models, negative literals
included, and leaves the blocking clauses in the solver for the next puzzle); one
fresh solver per puzzle (reloads 11,988 clauses every time).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from types import TracebackType
from typing import Any

from ..accel import numba_available
from ..encoding import clue_assumptions, encode, num_vars
from ..engines.eup.batch import count_many, count_one
from ..engines.eup.reference import count_eup, solve_eup
from ..errors import SolverError, missing_extra
from ..grid import LARGE_ORDER, MAX_ORDER, Grid, check_grid
from ..methods import COUNT, parse_method
from ..sat.pysat import SUPPORTED, check_pysat_name, rules_solver, solve_within

METHODS = ("eup", "pysat", "ganak", "candidates")
BLOCK = 256
"""Puzzles per batch call of the EUP engine (the progress bar moves between blocks)."""
AUTO_METHOD: dict[int, str] = {
    2: "pysat",
    3: "eup",
    4: "eup",
    **{n: "candidates" for n in range(LARGE_ORDER, MAX_ORDER + 1)},
}
"""The method ``auto`` (the CLI's default) uses at each order when numba is installed (the
compiled EUP engine): the faster one measured by benchmarks/bench_default_method.py
(table in docs/counting.md). 25x25: eup's backtracking has no clause learning (one
25x25 puzzle with 70 % blanks ran over 300 s in pure Python). From LARGE_ORDER (25x25)
up, ``candidates`` (:mod:`sudoku_sat.puzzles.large`: propagation, the candidate-only CNF,
blocking clauses on one CaDiCaL), which never builds the N³-variable formula
(docs/large.md). Every order the CLI accepts has an entry."""
AUTO_METHOD_PYTHON: dict[int, str] = {**AUTO_METHOD, 3: "pysat"}
"""The choice without numba, where eup is the pure-Python engine: pysat 1.5-4.7x faster
on the 9x9 datasets, pure-Python eup 2.1-3.8x faster than pysat on 16x16 (measured by
the same benchmark before the compiled engine)."""


def auto_method(n: int) -> str:
    """The method ``auto`` stands for at order n (AUTO_METHOD, or AUTO_METHOD_PYTHON
    without numba)."""
    return (AUTO_METHOD if numba_available() else AUTO_METHOD_PYTHON)[n]


PYTHON_FIRST = 32
PYTHON_BUDGET = 0.1
"""The first 9x9 puzzles ``auto`` counts in a process where numba is not loaded yet (at
most PYTHON_FIRST, while they take less than PYTHON_BUDGET seconds in all) go to the
pure-Python EUP engine, as the bulk path's first puzzles do (``bulk.SMALL``): loading
numba and the compiled kernels costs about 0.8 s, a few 9x9 puzzles milliseconds each."""
_first: list[float] = []
"""When this process's first pure-Python count began, and how many it made."""
RENEW_AFTER = 300
"""Puzzles a PySAT counter serves before it reloads F_regle into a fresh solver."""

__all__ = [
    "METHODS",
    "PysatCounter",
    "Counters",
    "available_methods",
    "count_eup",
    "count_ganak",
    "count_chunk",
    "count_solutions",
    "solve_eup",
]


class PysatCounter:
    """One PySAT solver holding F_regle of order n; counts puzzles by blocking models."""

    def __init__(self, n: int, name: str = "m22") -> None:
        self.interruptible = SUPPORTED[check_pysat_name(name)]
        self.n = n
        self.name = name
        self.top = num_vars(n)
        self.next_var = self.top + 1
        self.solver: Any = self.fresh_solver()

    def fresh_solver(self) -> Any:
        """A new PySAT solver holding F_regle."""
        return rules_solver(self.n, self.name)

    def activation_literal(self) -> int:
        """A fresh variable; the solver is renewed after RENEW_AFTER of them.

        Every puzzle leaves a dead activation variable behind, and the model (which
        get_model copies in full) and the solver's per-variable work grow with them:
        renewing every few hundred puzzles keeps the rate flat over a batch of 50,000.
        """
        if self.next_var - self.top > RENEW_AFTER:
            self.solver.delete()
            self.solver = self.fresh_solver()
            self.next_var = self.top + 1
        self.next_var += 1
        return self.next_var - 1

    def __enter__(self) -> PysatCounter:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Free the solver."""
        self.solver.delete()

    def count(self, grid: Grid, cap: int = 2) -> int:
        """Solutions of grid up to cap; the puzzle's blocking clauses are disabled on return.
        A signal inside a solver call stops it at once (``solve_within``)."""
        check_grid(grid, self.n)
        act = self.activation_literal()
        assumptions = [*clue_assumptions(grid, self.n), act]
        solver, top = self.solver, self.top
        found = 0
        # SIGINT and SIGTERM stop a long call at once (PySAT's plain solve() holds them)
        while found < cap and solve_within(solver, assumptions, None, self.interruptible):
            found += 1
            block = [-lit for lit in solver.get_model()[:top] if lit > 0]
            block.append(-act)
            solver.add_clause(block)
        solver.add_clause([-act])
        return found


def ganak_counter() -> Any:
    """A fresh pyganak Counter, or SolverError saying how to install it."""
    try:
        from pyganak import Counter
    except ImportError:
        raise missing_extra("exact counting (pyganak)", "count") from None
    return Counter()


def count_ganak(grid: Grid, n: int) -> int:
    """The exact number of solutions of grid: the model count of formula_initiale."""
    check_grid(grid, n)
    encoding = encode(grid, n)
    counter = ganak_counter()
    counter.new_vars(encoding.nvars)
    counter.add_clauses(encoding.clauses)
    with stdout_silenced():
        return int(counter.count())


@contextmanager
def stdout_silenced() -> Iterator[None]:
    """Send file descriptor 1 to /dev/null: Ganak prints ``c o ...`` lines from C++."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def available_methods() -> list[str]:
    """The methods that can run here: eup, pysat and candidates always, ganak when pyganak
    imports."""
    try:
        import pyganak  # noqa: F401
    except ImportError:
        return ["eup", "pysat", "candidates"]
    return list(METHODS)


def counting_plan(method: str = "auto") -> tuple[tuple[str, ...], str]:
    """The counting methods a method spec stands for, and the PySAT solver they use:
    ``auto``, ``eup``, ``ganak``, ``candidates``, ``pysat[:NAME]`` (m22 by default) or
    ``all`` (every available method, which must agree). UsageError for other names."""
    chosen = parse_method(method, COUNT)
    solver = chosen.detail if chosen.name == "pysat" and chosen.detail else "m22"
    if chosen.name == "all":
        return tuple(available_methods()), solver
    return (chosen.name,), solver


def check_method(method: str) -> None:
    """Raise SolverError unless method is one of METHODS."""
    if method not in METHODS:
        raise SolverError(f"unknown counting method {method!r}; known: {', '.join(METHODS)}")


class Counters:
    """Counters for a batch: one PySAT solver per order, reused from puzzle to puzzle.

    The PySAT name is checked at once (SolverError), before any puzzle is counted."""

    def __init__(self, pysat_name: str = "m22") -> None:
        check_pysat_name(pysat_name)
        self.pysat_name = pysat_name
        self.pysat: dict[int, PysatCounter] = {}

    def __enter__(self) -> Counters:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Free every PySAT solver."""
        for counter in self.pysat.values():
            counter.close()
        self.pysat.clear()

    def count(self, grid: Grid, n: int, cap: int, method: str) -> int:
        """min(count, cap) by method."""
        check_method(method)
        if method == "eup":
            return count_one(grid, n, cap)
        if method == "candidates":
            from .large import count_large

            check_grid(grid, n)
            return count_large(grid, n, cap)
        if method == "ganak":
            if self.pysat_counter(n).count(grid, cap) >= cap:
                return cap  # Ganak has no cap: it runs only on puzzles below it
            return min(count_ganak(grid, n), cap)
        return self.pysat_counter(n).count(grid, cap)

    def pysat_counter(self, n: int) -> PysatCounter:
        """The PySAT counter of order n, made on first use."""
        if n not in self.pysat:
            self.pysat[n] = PysatCounter(n, self.pysat_name)
        return self.pysat[n]

    def count_all(
        self, puzzles: Iterable[tuple[Grid, int]], cap: int, methods: list[str]
    ) -> Iterator[dict[str, int]]:
        """For each (grid, n) in order, min(count, cap) by every method asked (``auto``
        stands for the method AUTO_METHOD picks at the puzzle's order, and is named so).

        EUP counts a block of BLOCK puzzles per batch call (one compiled call with numba)."""
        for method in methods:
            if method != "auto":
                check_method(method)
        items = iter(puzzles)
        while block := list(islice(items, BLOCK)):
            chosen = [[auto_method(n) if m == "auto" else m for m in methods] for _, n in block]
            k = 0  # the first puzzles of a process in pure Python, checked as they go
            while k < len(block) and "auto" in methods and _python_first(block[k][1]):
                grid, n = block[k]
                yield {
                    m: count_eup(grid, n, cap) if m == "eup" else self.count(grid, n, cap, m)
                    for m in chosen[k]
                }
                k += 1
            block, chosen = block[k:], chosen[k:]
            by_eup = [item for item, ms in zip(block, chosen, strict=True) if "eup" in ms]
            eup_counts = iter(count_many(by_eup, cap) if by_eup else [])
            for (grid, n), ms in zip(block, chosen, strict=True):
                yield {
                    m: next(eup_counts) if m == "eup" else self.count(grid, n, cap, m) for m in ms
                }


def _python_first(n: int) -> bool:
    """True when this 9x9 puzzle goes to the pure-Python engine (see PYTHON_FIRST)."""
    if n != 3 or "numba" in sys.modules or not numba_available():
        return False
    if not _first:
        _first[:] = [time.perf_counter(), 0.0]
    if _first[1] >= PYTHON_FIRST or time.perf_counter() - _first[0] >= PYTHON_BUDGET:
        return False
    _first[1] += 1
    return True


def count_chunk(
    chunk: list[tuple[Grid, int]], cap: int, methods: list[str], pysat_name: str = "m22"
) -> list[dict[str, int]]:
    """Counts of a chunk of puzzles by every method: a pure function of its arguments, so
    chunks can run in any process and in any order (``--jobs``)."""
    with Counters(pysat_name) as counters:
        return list(counters.count_all(chunk, cap, methods))


def count_solutions(grid: Grid, n: int, cap: int = 2, method: str = "eup") -> int:
    """min(count, cap) of grid by method (eup, pysat or ganak); 0 when it has no solution."""
    with Counters() as counters:
        return counters.count(grid, n, cap, method)
