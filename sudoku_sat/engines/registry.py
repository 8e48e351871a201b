"""The in-house solve engines by name, for ``sudoku-sat solve --method NAME``.

An *engine* here is one thing: a function of a grid and its order returning a
:class:`~sudoku_sat.result.SolveResult`; status ``partial`` means it stopped with cells
still open, which is not an error. (Propagation back-ends are not engines: they are the
``numba``/``python`` back-ends of :mod:`.propagation`.) Each entry imports its module only
when it is asked for, so the CLI starts fast without numba being loaded.

``gac`` is the compiled constraint-programming search of :mod:`.gac.restarts` (it
needs numba). ``eup`` is the depth-first search of :mod:`.eup.reference` below order
``RESTART_ORDER`` and the compiled randomized restart search of :mod:`.eup.restarts` from
there on (when numba is installed). Time limits (``solve --method NAME --timeout T``):
``eup``, ``gac`` and ``anneal`` check a :class:`~sudoku_sat.deadline.Deadline` themselves
(every 256 search nodes, between runs or tries); ``up`` and ``fl`` run compiled loops that
cannot look at a clock (one failed-literal round on an empty 36x36 grid takes about 30 s),
so with a timeout they run in a forked child process that is killed at the deadline. Past
it, the status is ``unknown``.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection

from ..deadline import effective_timeout
from ..errors import SolverError, UsageError
from ..grid import Grid
from ..result import SolveResult
from ..signals import worker_signals

Engine = Callable[[Grid, int, float | None], SolveResult]
"""An engine: (grid, order, timeout in seconds or None) -> SolveResult."""


def _up(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    from .completion import up_engine

    return in_child(up_engine, grid, n, timeout, "up")


def _fl(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    from .completion import fl_engine

    return in_child(fl_engine, grid, n, timeout, "fl")


RESTART_ORDER = 6
"""From this order (36x36) on, ``eup`` runs the compiled restart search when numba is
installed (:mod:`.eup.restarts`): half-blank puzzles there have heavy-tailed search times."""


def _eup(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    from ..accel import numba_available

    if n >= RESTART_ORDER and numba_available():
        from .eup.restarts import solve_engine as restarts

        return restarts(grid, n, timeout)
    from .eup.reference import solve_engine

    return solve_engine(grid, n, timeout)


def _gac(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    from ..accel import choose_backend

    choose_backend("numba")  # the GAC search is compiled only: no pure-Python twin
    from .gac.restarts import solve_engine

    return solve_engine(grid, n, timeout)


def _anneal(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    from ..anneal.driver import solve_engine

    return solve_engine(grid, n, timeout)


def in_child(
    run: Callable[[Grid, int], SolveResult],
    grid: Grid,
    n: int,
    timeout: float | None,
    name: str,
) -> SolveResult:
    """run(grid, n), in a forked child killed after timeout seconds (here when no limit)."""
    limit = effective_timeout(timeout)
    if limit is None:
        return run(grid, n)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    start = time.perf_counter()
    child = context.Process(target=_child, args=(run, grid, n, sender), daemon=True)
    child.start()
    sender.close()
    try:
        if not receiver.poll(limit):
            seconds = time.perf_counter() - start
            return SolveResult("unknown", grid, seconds, name, {}, f"timeout after {timeout} s")
        try:
            outcome = receiver.recv()
        except EOFError:
            raise SolverError(f"engine {name} died (exit code {child.exitcode})") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()
    if isinstance(outcome, SolveResult):
        return outcome
    raise SolverError(f"engine {name} failed: {outcome}")


def _child(run: Callable[[Grid, int], SolveResult], grid: Grid, n: int, out: Connection) -> None:
    worker_signals()
    try:
        result: SolveResult | str = run(grid, n)
    except Exception as exc:  # reported to the parent, which raises it as a SolverError
        result = f"{type(exc).__name__}: {exc}"
    out.send(result)
    out.close()


@dataclass(frozen=True)
class EngineEntry:
    """A solve engine: its function and the one line that describes it in --help."""

    run: Engine
    description: str


ENGINES: dict[str, EngineEntry] = {
    "up": EngineEntry(_up, "unit propagation to its fixpoint (open cells stay '.')"),
    "fl": EngineEntry(_fl, "unit propagation plus the failed-literal rule"),
    "eup": EngineEntry(
        _eup, "bitmask rules E, U, P (seed 001) with backtracking (randomized restarts from 36x36)"
    ),
    "gac": EngineEntry(
        _gac, "all-different GAC (Régin) with dom/wdeg branching and restarts (compiled)"
    ),
    "anneal": EngineEntry(_anneal, "simulated annealing (block swaps), 10 tries"),
}
ENGINE_NAMES: tuple[str, ...] = tuple(ENGINES)


def engine_names() -> list[str]:
    """Names of the in-house engines."""
    return list(ENGINES)


def describe_engines() -> str:
    """One line per engine, for --help."""
    return "; ".join(f"{name}: {entry.description}" for name, entry in ENGINES.items())


def get_engine(name: str) -> Engine:
    """The engine called name, or UsageError listing the known ones."""
    if name not in ENGINES:
        raise UsageError(f"unknown engine {name!r}; known: {', '.join(ENGINES)}")
    return ENGINES[name].run
