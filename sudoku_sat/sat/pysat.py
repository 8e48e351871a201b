"""PySAT solvers holding F_regle once; each puzzle's clues are passed as assumptions.

:func:`rules_solver` is the one place that builds such a solver: every caller that keeps
the rules loaded (solving, counting, emptying, filling) asks it, so a file of many
puzzles costs one load of the rules.

Which PySAT solvers: every name PySAT knows was probed here (assumptions honoured,
incremental calls, ``accum_stats``, ``interrupt``); ``SUPPORTED`` lists those that pass,
with whether they can be interrupted (what ``--timeout`` needs), and
``tests/test_solvers.py`` probes each again. The others are refused up front with the
reason (``REFUSED``): Kissat ignores assumptions, so a puzzle's clues would be dropped,
and aborts the process on a second call; CryptoMiniSat has no accumulated statistics and
rejects unused variables. CaDiCaL and Lingeling cannot be interrupted, so they are
refused with ``--timeout``. Solvers a PySAT build leaves out are refused too.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from ..deadline import effective_timeout
from ..errors import SolverError
from ..grid import Grid
from ..result import SolveResult
from ..signals import stopping

SUPPORTED: dict[str, bool] = {
    # canonical PySAT name: can be interrupted (needed by --timeout)
    "cadical103": False,
    "cadical153": False,
    "cadical195": False,
    "cadical300": False,
    "ergo": True,
    "gluecard3": True,
    "gluecard4": True,
    "glucose3": True,
    "glucose4": True,
    "glucose42": True,
    "lingeling": False,
    "maplechrono": True,
    "maplecm": True,
    "maplesat": True,
    "mergesat3": True,
    "minicard": True,
    "minisat22": True,
    "minisatep": True,
}
"""PySAT solvers that honour assumptions, solve incrementally and report accum_stats."""
REFUSED: dict[str, str] = {
    "kissat404": "it ignores assumptions (the clues would be dropped) and aborts on a second call",
    "cryptosat": "it has no accumulated statistics and rejects unused variables",
}
"""PySAT solvers known to misbehave here, with the reason given when one is asked for."""
NO_BUDGET = frozenset({"lingeling"})
"""Supported PySAT solvers that take no conflict budget (``conf_budget`` and
``solve_limited`` raise NotImplementedError): callers that set one run them without it."""


def rules_solver(n: int, name: str = "m22", **options: Any) -> Any:
    """A PySAT ``Solver`` named name, loaded with F_regle of order n (caller deletes it)."""
    from pysat.solvers import Solver

    from ..encoding import rules  # here: a variant puzzle's session needs no classic formula

    return Solver(name=name, bootstrap_with=rules(n), **options)


def pysat_names() -> dict[str, str]:
    """Every PySAT solver alias mapped to its canonical name."""
    from pysat.solvers import SolverNames

    return {
        alias: canonical
        for canonical, aliases in vars(SolverNames).items()
        if not canonical.startswith("_")
        for alias in aliases
    }


def short_names(interruptible: bool = False) -> list[str]:
    """The shortest alias of every supported PySAT solver (only interruptible ones if asked)."""
    names = pysat_names()
    return sorted(
        min((a for a, c in names.items() if c == canonical), key=len)
        for canonical, can_stop in SUPPORTED.items()
        if canonical in names.values() and (can_stop or not interruptible)
    )


def check_pysat_name(name: str, timeout: float | None = None) -> str:
    """The canonical PySAT name for name, or SolverError naming the solvers that work.

    Refused: names PySAT does not know, solvers that misbehave (``REFUSED``), solvers
    this PySAT was built without, and, with a timeout, solvers that cannot be interrupted.
    """
    names = pysat_names()
    canonical = names.get(name)
    if canonical is None:
        raise SolverError(f"unknown PySAT solver {name!r}; use one of: {', '.join(short_names())}")
    if canonical not in SUPPORTED:
        why = REFUSED.get(canonical, "it was not checked to honour assumptions")
        raise SolverError(
            f"PySAT solver {name!r} ({canonical}) is not supported: {why}; "
            f"use one of: {', '.join(short_names())}"
        )
    if not built_in(canonical):
        raise SolverError(
            f"PySAT solver {name!r} ({canonical}) is not built into this PySAT; "
            f"use one of: {', '.join(n for n in short_names() if built_in(names[n]))}"
        )
    if effective_timeout(timeout) is not None and not SUPPORTED[canonical]:
        raise SolverError(
            f"PySAT solver {name!r} ({canonical}) cannot be interrupted, so --timeout cannot "
            f"be honoured; with --timeout use one of: {', '.join(short_names(True))}"
        )
    return canonical


_BUILT: dict[str, bool] = {}


def built_in(canonical: str) -> bool:
    """True when this PySAT can create the solver (some builds leave solvers out)."""
    if canonical not in _BUILT:
        from pysat.solvers import NoSuchSolverError, Solver

        try:
            Solver(name=canonical).delete()
            _BUILT[canonical] = True
        except NoSuchSolverError:
            _BUILT[canonical] = False
    return _BUILT[canonical]


class PysatSudoku:
    """One PySAT solver loaded with F_regle of order n; puzzles come as assumptions."""

    def __init__(self, n: int, name: str = "m22"):
        self.n = n
        self.name = name
        self.interruptible = SUPPORTED[check_pysat_name(name)]
        self.solver = rules_solver(n, name)

    def __enter__(self) -> PysatSudoku:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.solver.delete()

    def solve(self, grid: Grid, timeout: float | None = None) -> SolveResult:
        """Solve one puzzle of this order under the rules, clues as assumptions."""
        from ..encoding import clue_assumptions, decode

        assumptions = clue_assumptions(grid, self.n)
        start = time.perf_counter()
        answer = self._run(assumptions, timeout)
        seconds = time.perf_counter() - start
        stats = dict(self.solver.accum_stats() or {})
        if answer is None:
            return SolveResult(
                "unknown", grid, seconds, self.name, stats, f"timeout after {timeout} s"
            )
        if not answer:
            return SolveResult("unsat", grid, seconds, self.name, stats)
        solution, _ = decode(self.solver.get_model() or [], self.n)
        return SolveResult("solved", solution, seconds, self.name, stats)

    def _run(self, assumptions: list[int], timeout: float | None) -> bool | None:
        return solve_within(self.solver, assumptions, timeout, self.interruptible)


def solve_within(
    solver: Any, assumptions: list[int], timeout: float | None, interruptible: bool = True
) -> bool | None:
    """One PySAT solve under assumptions: True SAT, False UNSAT, None when the timeout
    (seconds; None or huge: no limit) interrupted it. A solver that cannot be interrupted
    (``SUPPORTED``) runs to the end. SIGINT and SIGTERM stop it (:func:`solve_stoppable`)."""
    return solve_stoppable(solver, assumptions, timeout, interruptible)[0]


def solve_stoppable(
    solver: Any,
    assumptions: list[int],
    timeout: float | None = None,
    interruptible: bool = True,
    limited: bool = False,
) -> tuple[bool | None, bool]:
    """One PySAT call that a timeout, SIGINT and SIGTERM stop at once: (answer, timed out).

    answer: True SAT, False UNSAT, None when the timeout stopped it or, with limited (a
    ``solve_limited`` call under the conflict budget the caller set), the budget did.
    PySAT catches SIGINT itself during a call, unless the call expects an interrupt (what
    a timeout needs); a SIGTERM waits for the end of the call, however long. So an
    interruptible solver's call always expects one: a timer thread interrupts it, and so
    does a signal (``signals.stopping``: the call releases the GIL), whose handler raises
    when the call returns; a signal whose handler returns lets the call go on. A solver
    that cannot be interrupted (CaDiCaL, Lingeling) holds the GIL for its whole call, so
    no thread can stop it: it runs to the end, stopped by SIGINT only (PySAT's catch).
    """
    if not interruptible:
        if limited:
            limited_answer: bool | None = solver.solve_limited(assumptions=assumptions)
            return limited_answer, False
        return bool(solver.solve(assumptions=assumptions)), False
    if not limited:
        solver.conf_budget(-1)  # no budget, as solve() would have it
    timeout = effective_timeout(timeout)
    stopped = [False, False]  # by the timeout, by a signal
    timer = None
    if timeout is not None:

        def expire() -> None:
            stopped[0] = True
            solver.interrupt()

        timer = threading.Timer(timeout, expire)
        timer.start()

    def on_signal() -> None:
        stopped[1] = True
        solver.interrupt()

    try:
        while True:
            stopped[1] = False
            with stopping(on_signal):
                answer: bool | None = solver.solve_limited(
                    assumptions=assumptions, expect_interrupt=True
                )
            if answer is not None or stopped[0] or not stopped[1]:
                return answer, answer is None and stopped[0]
            solver.clear_interrupt()  # the signal's handler returned: go on
    finally:
        if timer is not None:
            timer.cancel()
        solver.clear_interrupt()
