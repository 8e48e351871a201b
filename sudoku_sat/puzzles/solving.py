"""Solving as a library call: ``solve_all(puzzles, solver=..., external=..., engine=...)``.

One place turns the solve options (a PySAT solver by name, a solver binary, an in-house
engine; an encoding and an at-most-one method; a timeout) into results, on any executor
of :mod:`sudoku_sat.batch`: :func:`plan_solve` checks the options before any work and
returns the picklable :class:`SolveTask`, and :func:`solve_all` runs it. ``solve`` in the
CLI is this plus a progress bar and rendering.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..batch.cache import cached
from ..batch.executor import Executor, Serial, batch_map
from ..batch.items import Packed, pack, unpack
from ..encodings.solving import EncodedPysat, solve_binary
from ..engines.eup_batch import backend_name, solve_many
from ..engines.registry import RESTART_ORDER, Engine, get_engine
from ..errors import UsageError
from ..grid import LARGE_ORDER, Grid
from ..result import SolveResult
from ..sat.external import find_binary, solve_external
from ..sat.pysat import PysatSudoku, check_pysat_name

AUTO_PYSAT = "m22"
"""What ``--solver auto`` (the default) is below LARGE_ORDER: minisat 2.2 on the
statement's formula; from LARGE_ORDER up it is :func:`sudoku_sat.puzzles.large.solve_large`
(propagation, candidate-only CNF, CaDiCaL)."""
DEFAULT_ENCODING = ("extended", "pairwise")
"""The statement's formula: what every solver gets unless --encoding/--amo say otherwise."""


@dataclass(frozen=True)
class SolveTask:
    """solve: PySAT by name (one solver per order and worker), a binary, or an engine;
    ``--engine eup`` without a timeout answers a whole chunk below 36x36 in one batch
    call (from 36x36 on, the engine's restart search answers puzzle by puzzle)."""

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
        return [self.one(unpack(item), item[0]) for item in chunk]

    @property
    def default_encoding(self) -> bool:
        return (self.encoding, self.amo) == DEFAULT_ENCODING

    def one(self, grid: Grid, n: int) -> SolveResult:
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
        raise UsageError("--external and --engine are mutually exclusive")
    if encoding == "candidates" and amo != "pairwise":
        raise UsageError("--amo does not apply to --encoding candidates (its choice is by width)")
    if engine is not None and (encoding, amo) != DEFAULT_ENCODING:
        raise UsageError("--encoding and --amo apply to PySAT and --external, not --engine")
    if external is not None:
        find_binary(external)
    elif engine is not None:
        get_engine(engine)
    else:
        check_pysat_name(AUTO_PYSAT if solver == "auto" else solver, timeout)
    return SolveTask(solver, external, engine, timeout, encoding, amo)


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
