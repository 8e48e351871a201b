"""Batch propagation: the ladder over many puzzles that share one rule formula.

A :class:`BatchPropagator` holds a formula (a Sudoku encoding's rules, or any CNF) and
runs many sets of assumption units on it: each set is reset, unit-propagated and taken
to level K of the ladder (:mod:`.propagation_deep`), or *climbed* level by level from 0 until its
grid is filled or K is reached (the depth search). With numba the whole list runs in
one compiled call (:mod:`.propagation_batch_numba`); the pure-Python twin runs the reference
engines one set after the other. Both give the same :class:`Outcome` rows, field for
field, and the same literals in the same order.

``size`` is the grid side N² when the variables are Sudoku grid variables
(x(i,j,k) = N²·i + N·j + k, auxiliaries above N³): ``cells`` counts the cells holding a
true literal and a set is *done* when all N⁴ do. With ``size`` 0 (any CNF) ``cells`` is
0 and done means every variable assigned.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...accel import choose_compiled
from . import Fixpoint, Propagator
from .deep import Counters, fixpoint


class Outcome(NamedTuple):
    """One set of assumptions after its run (a named tuple: a batch builds thousands)."""

    status: Fixpoint
    cells: int
    level: int
    up_count: int
    probes: int
    failed: int
    rounds: int
    propagations: int
    literals: tuple[int, ...] = ()

    def solved(self, size: int) -> bool:
        """At a fixpoint with every one of the size² cells holding a value."""
        return self.status == "fixpoint" and self.cells == size * size


@dataclass(frozen=True)
class BatchRun:
    """The outcomes of one call, in input order, and the seconds the call took."""

    outcomes: tuple[Outcome, ...]
    seconds: float


class BatchPropagator:
    """A formula loaded once, run on many sets of assumptions (numba or pure Python)."""

    _warm = False

    def __init__(
        self, nvars: int, clauses: Sequence[Sequence[int]], size: int = 0, backend: str = "auto"
    ):
        self.nvars = nvars
        self.size = size
        if nvars < size**3:
            raise ValueError(f"{nvars} variables cannot hold a {size}x{size} grid")
        self.backend = choose_compiled(backend)  # many puzzles: compiled even when cold
        self.python = Propagator(nvars, clauses) if self.backend == "python" else None
        self.compiled: Any = None
        if self.backend == "numba":
            from .numba_kernel import NumbaPropagator

            self.compiled = NumbaPropagator(nvars, clauses)
            if not BatchPropagator._warm:  # compile or load the kernel once, off the clock
                BatchPropagator._warm = True
                BatchPropagator(2, [[1, 2], [-1, 2, 1]], 0, "numba").run([[1], []], 1)
        self.units = list(self.python.units if self.python else self.compiled.units)
        self.empty = self.python.empty if self.python else self.compiled.empty

    def run(
        self,
        assumptions: Sequence[Sequence[int]],
        level: int = 0,
        climb: bool = False,
        keep: bool = False,
    ) -> BatchRun:
        """Every set of assumptions: UP, then fl``level`` (or, with ``climb``, up the
        ladder until done or ``level``). ``keep``: return each fixpoint's literals."""
        if level < 0:
            raise ValueError(f"level {level} < 0")
        start = time.perf_counter()
        if self.compiled is not None:
            outcomes = self._run_numba(assumptions, level, climb, keep)
        else:
            outcomes = tuple(self._one(a, level, climb, keep) for a in assumptions)
        return BatchRun(outcomes, time.perf_counter() - start)

    def _one(self, assumptions: Sequence[int], level: int, climb: bool, keep: bool) -> Outcome:
        prop = self.python
        assert prop is not None
        before = prop.propagations
        conflict = prop.root(assumptions)
        up_count = len(prop.trail)
        counters = Counters()
        order = range(1, self.nvars + 1)
        reached = level
        if climb:
            reached = 0
            while conflict is None and reached < level and not self._done(prop):
                reached += 1
                conflict = fixpoint(prop, reached, order, counters)
        elif conflict is None:
            conflict = fixpoint(prop, level, order, counters)
        ok = conflict is None
        return Outcome(
            "fixpoint" if ok else "conflict",
            self._cells(prop.val) if ok else 0,
            reached,
            min(up_count, len(prop.trail)),
            counters.probes,
            counters.failed,
            counters.rounds,
            prop.propagations - before,
            tuple(prop.trail) if keep else (),
        )

    def _cells(self, val: list[int]) -> int:
        size = self.size
        return sum(
            any(val[cell * size + k] > 0 for k in range(1, size + 1)) for cell in range(size * size)
        )

    def _done(self, prop: Propagator) -> bool:
        if self.size == 0:
            return len(prop.trail) == self.nvars
        return self._cells(prop.val) == self.size**2

    def run_arrays(
        self,
        assumptions: Sequence[Sequence[int]],
        level: int = 0,
        climb: bool = False,
        keep: bool = False,
    ) -> tuple[Any, Any, Any]:
        """The compiled run's raw numpy results: the int64 table (one row per set,
        columns of :mod:`.batch_numba`), and with ``keep`` the literals of every
        fixpoint in one flat array with their offsets (numba back-end only)."""
        import numpy as np

        from . import batch_numba as bn

        p = self.compiled
        if p is None:
            raise ValueError("run_arrays needs the numba back-end")
        count = len(assumptions)
        sizes = [len(self.units) + len(a) for a in assumptions]
        starts = np.zeros(count + 1, dtype=np.int64)
        np.cumsum(sizes, out=starts[1:])
        units = np.fromiter(
            (lit + self.nvars for a in assumptions for lit in (*self.units, *a)),
            dtype=np.int64,
            count=int(starts[-1]),
        )
        out = np.zeros((count, bn.COLUMNS), dtype=np.int64)
        lits = np.zeros(count * self.nvars if keep else 1, dtype=np.int64)
        lit_starts = np.zeros(count + 1, dtype=np.int64)
        if self.empty:
            out[:, bn.CODE] = bn.UNIT_CONFLICT
            out[:, bn.LEVEL] = 0 if climb else level
        else:
            state = (p.val, p.trail, p.st, p.count, p.count0)
            order = np.arange(1, self.nvars + 1, dtype=np.int64)
            bn.batch(state, p.arrays, p.n2, units, starts, order, level, climb, self.size, keep,
                     out, lits, lit_starts)  # fmt: skip
        return out, lits[: lit_starts[-1]], lit_starts

    def _run_numba(
        self, assumptions: Sequence[Sequence[int]], level: int, climb: bool, keep: bool
    ) -> tuple[Outcome, ...]:
        from . import batch_numba as bn

        out, lits, lit_starts = self.run_arrays(assumptions, level, climb, keep)
        flat = lits.tolist() if keep else []
        bounds = lit_starts.tolist()
        fixpoint = bn.NO_CONFLICT
        return tuple(
            Outcome(
                "fixpoint" if row[bn.CODE] == fixpoint else "conflict",
                row[bn.CELLS],
                row[bn.LEVEL],
                row[bn.UP_COUNT],
                row[bn.N_PROBES],
                row[bn.N_FAILED],
                row[bn.N_ROUNDS],
                row[bn.N_PROPAGATIONS],
                tuple(flat[bounds[i] : bounds[i + 1]]) if keep else (),
            )
            for i, row in enumerate(out.tolist())
        )
