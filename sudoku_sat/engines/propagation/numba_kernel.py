"""The hot loops of :mod:`.python` compiled with numba (extra ``fast``).

Same algorithm, same data, same order: the shared :class:`.index.ClauseIndex` holds the
implication lists and clause lists, and :class:`NumbaPropagator` flattens
them into CSR arrays (``*_start`` offsets into one array of items). The trail and every
fixpoint come out literal for literal in the same order as the pure-Python engine,
which the tests check on random CNFs and on Sudoku grids.

Literal index: ``lit + nvars`` (0..2·nvars), so the negation of index i is
``2·nvars - i``. The scalar state lives in ``st``: trail length, ``qhead``, the
``propagations`` counter and, after a binary conflict, its two literals.

Why numba and not only Python: a Sudoku UP fixpoint walks about 5,000 list items;
CPython spends some 50 ns on each, PySAT's minisat propagates the same in ~25 µs.
Compiled, the walk costs a few µs. numba is optional: without it the pure-Python
engine runs, with the same results.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ...kernel_cache import njit
from .index import ClauseIndex
from .types import SATISFIED, Propagation, Stats, finished

TRAIL_LEN, QHEAD, PROPAGATIONS, CONFLICT_A, CONFLICT_B = range(5)
NO_CONFLICT = -1
BINARY_CONFLICT = -2
UNIT_CONFLICT = -3


@njit(cache=True)
def _propagate(val, trail, st, count, arrays, n2):  # type: ignore[no-untyped-def]
    """Process the queue; NO_CONFLICT, a long clause id, or BINARY_CONFLICT."""
    imp_start, imp_lits, w_start, w_cls, s_start, s_cls, c_start, c_lits = arrays
    tl = st[TRAIL_LEN]
    qhead = st[QHEAD]
    start = qhead
    while qhead < tl:
        p = trail[qhead]
        for k in range(imp_start[p], imp_start[p + 1]):
            q = imp_lits[k]
            v = val[q]
            if v == 0:
                val[q] = 1
                val[n2 - q] = -1
                trail[tl] = q
                tl += 1
            elif v < 0:
                st[TRAIL_LEN] = tl
                st[QHEAD] = qhead
                st[PROPAGATIONS] += qhead - start
                st[CONFLICT_A] = n2 - p
                st[CONFLICT_B] = q
                return BINARY_CONFLICT
        for k in range(s_start[p], s_start[p + 1]):
            count[s_cls[k]] += SATISFIED
        for k in range(w_start[p], w_start[p + 1]):
            ci = w_cls[k]
            c = count[ci] - 1
            count[ci] = c
            if c >= 2:
                continue
            if c == 0:
                for j in range(s_start[p], s_start[p + 1]):
                    count[s_cls[j]] -= SATISFIED
                for j in range(w_start[p], k + 1):
                    count[w_cls[j]] += 1
                st[TRAIL_LEN] = tl
                st[QHEAD] = qhead
                st[PROPAGATIONS] += qhead - start
                return ci
            for j in range(c_start[ci], c_start[ci + 1]):
                q = c_lits[j]
                v = val[q]
                if v > 0:
                    break
                if v == 0:
                    val[q] = 1
                    val[n2 - q] = -1
                    trail[tl] = q
                    tl += 1
                    break
        qhead += 1
    st[TRAIL_LEN] = tl
    st[QHEAD] = qhead
    st[PROPAGATIONS] += qhead - start
    return NO_CONFLICT


@njit(cache=True)
def _undo(val, trail, st, count, arrays, n2, start):  # type: ignore[no-untyped-def]
    """Unassign the trail from ``start`` on, giving processed literals' counters back."""
    w_start, w_cls, s_start, s_cls = arrays[2], arrays[3], arrays[4], arrays[5]
    qhead = st[QHEAD]
    for i in range(st[TRAIL_LEN] - 1, start - 1, -1):
        p = trail[i]
        val[p] = 0
        val[n2 - p] = 0
        if i < qhead:
            for k in range(s_start[p], s_start[p + 1]):
                count[s_cls[k]] -= SATISFIED
            for k in range(w_start[p], w_start[p + 1]):
                count[w_cls[k]] += 1
    st[TRAIL_LEN] = start
    st[QHEAD] = min(qhead, start)


@njit(cache=True)
def _root(val, trail, st, count, count0, arrays, n2, units):  # type: ignore[no-untyped-def]
    """Reset, assign the units at level 0, propagate."""
    val[:] = 0
    count[:] = count0
    st[TRAIL_LEN] = 0
    st[QHEAD] = 0
    for lit in units:
        v = val[lit]
        if v < 0:
            st[CONFLICT_A] = lit
            return UNIT_CONFLICT
        if v == 0:
            val[lit] = 1
            val[n2 - lit] = -1
            trail[st[TRAIL_LEN]] = lit
            st[TRAIL_LEN] += 1
    return _propagate(val, trail, st, count, arrays, n2)


@njit(cache=True)
def _probe_rounds(val, trail, st, count, arrays, n2, order, seen):  # type: ignore[no-untyped-def]
    """The failed-literal rounds of ``propagation._probe_rounds``, compiled.

    Returns (conflict code, probes, failed literals, rounds)."""
    nvars = n2 // 2
    seen[:] = 0
    probes = failed = rounds = 0
    changed = True
    while changed:
        changed = False
        rounds += 1
        for x in order:
            for lit in (nvars + x, nvars - x):
                if val[lit] != 0 or seen[lit] == rounds:
                    continue
                probes += 1
                lim = st[TRAIL_LEN]
                val[lit] = 1
                val[n2 - lit] = -1
                trail[lim] = lit
                st[TRAIL_LEN] = lim + 1
                if _propagate(val, trail, st, count, arrays, n2) == NO_CONFLICT:
                    for i in range(lim, st[TRAIL_LEN]):
                        seen[trail[i]] = rounds
                    _undo(val, trail, st, count, arrays, n2, lim)
                    continue
                _undo(val, trail, st, count, arrays, n2, lim)
                failed += 1
                changed = True
                neg = n2 - lit
                val[neg] = 1
                val[lit] = -1
                trail[lim] = neg
                st[TRAIL_LEN] = lim + 1
                conflict = _propagate(val, trail, st, count, arrays, n2)
                if conflict != NO_CONFLICT:
                    return conflict, probes, failed, rounds
    return NO_CONFLICT, probes, failed, rounds


def _csr(lists: Sequence[Sequence[int]], shift: int) -> tuple[Any, Any]:
    """Offsets and flat items of lists, each item plus ``shift``."""
    sizes = np.fromiter((len(x) for x in lists), dtype=np.int64, count=len(lists))
    start = np.zeros(len(lists) + 1, dtype=np.int64)
    np.cumsum(sizes, out=start[1:])
    flat = np.fromiter((v + shift for x in lists for v in x), dtype=np.int64, count=int(start[-1]))
    return start, flat


class NumbaPropagator:
    """The engines of :class:`Propagator` over the same formula, compiled with numba."""

    _warm = False

    def __init__(self, nvars: int, clauses: Iterable[Sequence[int]]):
        if not NumbaPropagator._warm:
            NumbaPropagator._warm = True
            NumbaPropagator(2, [[1, 2], [-1, 2, 1]]).failed_literals()  # compile or load once
        base = ClauseIndex(nvars, clauses)
        self.nvars = nvars
        self.n2 = 2 * nvars
        self.units = list(base.units)
        self.empty = base.empty
        self.clauses = base.clauses

        def by_index(table: list[list[int]]) -> list[list[int]]:
            return [table[i - nvars] for i in range(self.n2 + 1)]

        self.arrays = (
            *_csr(by_index(base.implied), nvars),
            *_csr(by_index(base.watches), 0),
            *_csr(by_index(base.satisfies), 0),
            *_csr(base.clauses, nvars),
        )
        self.val = np.zeros(self.n2 + 1, dtype=np.int8)
        self.trail = np.zeros(nvars + 1, dtype=np.int64)
        self.st = np.zeros(5, dtype=np.int64)
        self.count0 = np.array([len(c) for c in base.clauses], dtype=np.int64)
        self.count = self.count0.copy()
        self.seen = np.zeros(self.n2 + 1, dtype=np.int64)

    def _root(self, assumptions: Iterable[int]) -> int:
        units = np.fromiter((*self.units, *assumptions), dtype=np.int64) + self.nvars
        return int(
            _root(self.val, self.trail, self.st, self.count, self.count0, self.arrays,
                  self.n2, units)
        )  # fmt: skip

    def _conflict(self, code: int) -> tuple[int, ...] | None:
        if code == NO_CONFLICT:
            return None
        if code == BINARY_CONFLICT:
            return (int(self.st[CONFLICT_A]) - self.nvars, int(self.st[CONFLICT_B]) - self.nvars)
        if code == UNIT_CONFLICT:
            return (int(self.st[CONFLICT_A]) - self.nvars,)
        return self.clauses[code]

    def _literals(self) -> tuple[int, ...]:
        return tuple((self.trail[: self.st[TRAIL_LEN]] - self.nvars).tolist())

    def unit_propagate(self, assumptions: Iterable[int] = ()) -> Propagation:
        """As :func:`.python.unit_propagate`."""
        start = time.perf_counter()
        self.st[PROPAGATIONS] = 0
        conflict = () if self.empty else self._conflict(self._root(assumptions))
        literals = () if self.empty else self._literals()
        stats = Stats(int(self.st[PROPAGATIONS]), seconds=time.perf_counter() - start)
        return finished(conflict, literals, stats, len(literals))

    def failed_literals(
        self, assumptions: Iterable[int] = (), order: Sequence[int] | None = None
    ) -> Propagation:
        """As :func:`.python.failed_literals`."""
        start = time.perf_counter()
        if self.empty:
            return finished((), (), Stats(seconds=time.perf_counter() - start), 0)
        self.st[PROPAGATIONS] = 0
        code = self._root(assumptions)
        up_count = int(self.st[TRAIL_LEN])
        probes = failed = rounds = 0
        if code == NO_CONFLICT:
            variables = np.asarray(order if order is not None else range(1, self.nvars + 1))
            code, probes, failed, rounds = _probe_rounds(
                self.val, self.trail, self.st, self.count, self.arrays, self.n2,
                variables.astype(np.int64), self.seen,
            )  # fmt: skip
        conflict = self._conflict(int(code))
        literals = self._literals()
        seconds = time.perf_counter() - start
        stats = Stats(int(self.st[PROPAGATIONS]), int(probes), int(failed), int(rounds), seconds)
        return finished(conflict, literals, stats, up_count)
