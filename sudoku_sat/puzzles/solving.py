"""Solving as a library call: ``solve_all(puzzles, solver=..., external=..., engine=...)``.

One place turns the solve options (a PySAT solver by name, a solver binary, an in-house
engine; an encoding and an at-most-one method; a timeout) into results, on any executor
of :mod:`sudoku_sat.batch`: :func:`plan_solve` checks the options before any work and
returns the picklable :class:`SolveTask`, and :func:`solve_all` runs it. ``solve`` in the
CLI is this plus a progress bar and rendering.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..batch.cache import cached
from ..batch.executor import Executor, Serial, batch_map
from ..batch.items import Packed, pack, unpack
from ..encodings.solving import EncodedPysat, solve_binary
from ..engines.eup.batch import backend_name, solve_many
from ..engines.registry import RESTART_ORDER, Engine, get_engine
from ..errors import UsageError
from ..grid import LARGE_ORDER, Grid
from ..methods import SOLVE, parse_method
from ..result import SolveResult
from ..sat.external import find_binary, solve_external
from ..sat.pysat import PysatSudoku, check_pysat_name

AUTO_PYSAT = "m22"
"""What ``--method auto`` (the default) is below LARGE_ORDER where the compiled engine is
not used (see AUTO_EUP_ORDERS): minisat 2.2 on the statement's formula; from LARGE_ORDER
up it is :func:`sudoku_sat.puzzles.large.solve_large` (propagation, candidate-only CNF,
CaDiCaL)."""
AUTO_EUP_ORDERS = (3, 4)
"""Orders (9x9, 16x16) at which ``--method auto`` without a timeout is the compiled EUP
engine (one batch call per chunk) when numba is installed; ``--method pysat:m22`` is PySAT."""
PURE_SMALL = 32
PURE_BUDGET = 0.1
"""As in :mod:`sudoku_sat.bulk`: the first 9x9 puzzles of a process (at most PURE_SMALL,
while they take less than PURE_BUDGET seconds in all) go to the pure-Python EUP engine,
so that a few puzzles do not pay numba's load (about 0.4 s)."""
_pure = {"puzzles": 0, "seconds": 0.0}
DEFAULT_ENCODING = ("extended", "pairwise")
"""The statement's formula: what every solver gets unless --encoding/--amo say otherwise."""


@dataclass(frozen=True)
class SolveTask:
    """solve: PySAT by name (one solver per order and worker), a binary, or an engine;
    ``--method eup`` without a timeout answers a whole chunk below 36x36 in one batch
    call (from 36x36 on, the engine's restart search answers puzzle by puzzle), and so
    does the default (``auto``) at 9x9 and 16x16 with numba (see :meth:`auto_eup`)."""

    solver: str = "auto"
    external: str | None = None
    engine: str | None = None
    timeout: float | None = None
    encoding: str = "extended"
    amo: str = "pairwise"

    def __call__(self, chunk: list[Packed]) -> list[SolveResult]:
        small = all(item[0] < RESTART_ORDER for item in chunk)
        if self.engine == "eup" and self.timeout is None and small:
            return eup_results([(unpack(item), item[0]) for item in chunk])
        fast = [k for k, item in enumerate(chunk) if self.auto_eup(item[0])]
        results: list[SolveResult | None] = [None] * len(chunk)
        if fast:
            pairs = [(unpack(chunk[k]), chunk[k][0]) for k in fast]
            for k, result in zip(fast, warm_eup_results(pairs), strict=True):
                results[k] = result
        return [
            self.one(unpack(item), item[0]) if result is None else result
            for item, result in zip(chunk, results, strict=True)
        ]

    def auto_eup(self, n: int) -> bool:
        """True when this task's choice at order n is the compiled EUP engine."""
        from ..accel import numba_available

        plain = self.solver == "auto" and self.external is None and self.engine is None
        return (
            plain
            and self.timeout is None
            and self.default_encoding
            and n in AUTO_EUP_ORDERS
            and numba_available()
        )

    @property
    def default_encoding(self) -> bool:
        return (self.encoding, self.amo) == DEFAULT_ENCODING

    def one(self, grid: Grid, n: int) -> SolveResult:
        if self.encoding == "candidates" and self.external is not None:
            from .large import solve_large

            return solve_large(grid, n, self.timeout, self.external)
        if self.external is not None:
            if self.default_encoding:
                return solve_external(grid, n, self.external, self.timeout)
            return solve_binary(grid, n, self.external, self.timeout, self.encoding, self.amo)
        if self.engine is not None:
            name = self.engine
            run: Engine = cached(("engine", name), lambda: get_engine(name))
            return run(grid, n, self.timeout)
        if self.encoding == "candidates" or (
            self.solver == "auto" and self.default_encoding and n >= LARGE_ORDER
        ):
            from .large import solve_large

            if self.encoding != "candidates":
                return solve_large(grid, n, self.timeout)
            name = "cadical195" if self.solver == "auto" else self.solver
            return solve_large(grid, n, self.timeout, self.external, name)
        key = ("pysat", n, self.solver, self.encoding, self.amo)
        solver: PysatSudoku | EncodedPysat = cached(key, lambda: self._pysat(n))
        return solver.solve(grid, self.timeout)

    def _pysat(self, n: int) -> PysatSudoku | EncodedPysat:
        name = AUTO_PYSAT if self.solver == "auto" else self.solver
        if self.default_encoding:
            return PysatSudoku(n, name)
        return EncodedPysat(n, name, self.encoding, self.amo)


def eup_results(pairs: list[tuple[Grid, int]]) -> list[SolveResult]:
    """Puzzles solved in one batch call of the EUP engine (compiled with numba); each
    result carries its share of the call's time."""
    backend = backend_name()
    t0 = time.perf_counter()
    found = solve_many(pairs)
    seconds = (time.perf_counter() - t0) / max(1, len(pairs))
    stats = {"backend": backend}
    return [
        SolveResult("unsat", grid, seconds, "eup", dict(stats))
        if solution is None
        else SolveResult("solved", solution, seconds, "eup", dict(stats))
        for (grid, _), solution in zip(pairs, found, strict=True)
    ]


def warm_eup_results(pairs: list[tuple[Grid, int]]) -> list[SolveResult]:
    """eup_results, the first 9x9 puzzles of the process in pure Python (PURE_SMALL,
    PURE_BUDGET) while the compiled kernels are not loaded yet."""
    from ..engines.eup.reference import solve_engine

    results: list[SolveResult] = []
    began = time.perf_counter()
    while (
        len(results) < len(pairs)
        and pairs[len(results)][1] == 3
        and _pure["puzzles"] < PURE_SMALL
        and _pure["seconds"] + time.perf_counter() - began < PURE_BUDGET
        and "sudoku_sat.engines.eup.compiled" not in sys.modules
    ):
        grid, n = pairs[len(results)]
        result = solve_engine(grid, n)
        results.append(
            SolveResult(result.status, result.grid, result.seconds, "eup", {"backend": "python"})
        )
        _pure["puzzles"] += 1
    _pure["seconds"] += time.perf_counter() - began
    return results + (eup_results(pairs[len(results) :]) if len(results) < len(pairs) else [])


def plan_solve(
    solver: str = "auto",
    external: str | None = None,
    engine: str | None = None,
    timeout: float | None = None,
    encoding: str = "extended",
    amo: str = "pairwise",
) -> SolveTask:
    """The task for these options, checked now (binary on PATH, engine and solver names,
    exclusive options) so that a bad option fails before any work."""
    if external is not None and engine is not None:
        raise UsageError("a binary and an in-house engine cannot both answer")
    if encoding == "candidates" and amo != "pairwise":
        raise UsageError("--amo does not apply to --encoding candidates (its choice is by width)")
    if engine is not None and (encoding, amo) != DEFAULT_ENCODING:
        raise UsageError("--encoding and --amo apply to pysat and bin methods, not to engines")
    if external is not None:
        find_binary(external)
    elif engine is not None:
        get_engine(engine)
    else:
        check_pysat_name(AUTO_PYSAT if solver == "auto" else solver, timeout)
    return SolveTask(solver, external, engine, timeout, encoding, amo)


def plan_method(
    method: str = "auto",
    timeout: float | None = None,
    encoding: str = "extended",
    amo: str = "pairwise",
) -> SolveTask:
    """:func:`plan_solve` for a method as the API and ``solve --method`` name it:
    ``auto``, ``pysat[:NAME]``, ``bin:NAME`` or an in-house engine (``eup``, ``gac``,
    ``up``, ``fl``, ``anneal``)."""
    chosen = parse_method(method, SOLVE)
    if chosen.name == "auto":
        return plan_solve(timeout=timeout, encoding=encoding, amo=amo)
    if chosen.name == "pysat":
        solver = chosen.detail or AUTO_PYSAT
        return plan_solve(solver=solver, timeout=timeout, encoding=encoding, amo=amo)
    if chosen.name == "bin":
        return plan_solve(external=chosen.detail, timeout=timeout, encoding=encoding, amo=amo)
    return plan_solve(engine=chosen.name, timeout=timeout, encoding=encoding, amo=amo)


def solve_all(
    puzzles: Iterable[tuple[Grid, int]],
    solver: str = "auto",
    external: str | None = None,
    engine: str | None = None,
    timeout: float | None = None,
    encoding: str = "extended",
    amo: str = "pairwise",
    executor: Executor | None = None,
) -> Iterator[SolveResult]:
    """Each (grid, order) solved as the options say, in input order, on executor
    (default: this process)."""
    task = plan_solve(solver, external, engine, timeout, encoding, amo)
    items = [pack(grid, n) for grid, n in puzzles]
    return batch_map(executor or Serial(), task, items)
