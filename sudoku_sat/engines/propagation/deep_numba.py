"""The inference ladder of :mod:`.deep` compiled with numba: flK in one compiled call.

The reference recurses (a probe at level k runs the level k-1 rounds); numba compiles
that as a loop over an explicit stack of frames, one per level, each holding its round
stamp, its next probe position, its probe literal and the trail index where the probe
started. Descending into a probe and coming back are moves of ``k``; no probe, at any
depth, crosses back into Python. The probe order, the skipping of literals forced in
the round, the trail and the counters are those of the reference (tests check it
literal for literal).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ...kernel_cache import njit
from .numba_kernel import NO_CONFLICT, PROPAGATIONS, TRAIL_LEN, NumbaPropagator, _propagate, _undo
from .types import Propagation, Stats, finished

PROBES, FAILED, ROUNDS = range(3)


@njit(cache=True)
def _assign(val, trail, st, lit, n2):  # type: ignore[no-untyped-def]
    tl = st[TRAIL_LEN]
    val[lit] = 1
    val[n2 - lit] = -1
    trail[tl] = lit
    st[TRAIL_LEN] = tl + 1


@njit(cache=True)
def _deep(val, trail, st, count, arrays, n2, order, seen, depth, counters):  # type: ignore[no-untyped-def]
    """flK rounds (K = depth >= 1) on the current trail, at its UP fixpoint, to the
    fixpoint. ``seen`` has depth + 1 rows of 2·nvars + 1; ``counters`` gets probes (all
    levels), failed literals and rounds (top level). Returns the conflict code."""
    m2 = 2 * order.shape[0]
    pos = np.zeros(depth + 1, dtype=np.int64)  # next probe position of each frame
    stamp = np.zeros(depth + 1, dtype=np.int64)  # the round stamp of each frame
    changed = np.zeros(depth + 1, dtype=np.bool_)
    lim = np.zeros(depth + 1, dtype=np.int64)  # trail index where the frame's probe began
    plit = np.zeros(depth + 1, dtype=np.int64)  # the frame's probe literal
    nvars = n2 // 2
    seen[:, :] = 0
    clock = 1
    k = depth
    stamp[k] = clock
    counters[ROUNDS] += 1
    while True:
        lit = -1
        while pos[k] < m2:
            x = order[pos[k] >> 1]
            cand = nvars + x if (pos[k] & 1) == 0 else nvars - x
            pos[k] += 1
            if val[cand] == 0 and seen[k, cand] != stamp[k]:
                lit = cand
                break
        if lit < 0:  # the round of frame k is over
            if changed[k]:
                clock += 1
                stamp[k] = clock
                pos[k] = 0
                changed[k] = False
                if k == depth:
                    counters[ROUNDS] += 1
                continue
            if k == depth:
                return NO_CONFLICT
            k += 1  # frame k-1 reached its fixpoint: the probe of frame k holds
            for i in range(lim[k], st[TRAIL_LEN]):
                seen[k, trail[i]] = stamp[k]
            _undo(val, trail, st, count, arrays, n2, lim[k])
            continue
        counters[PROBES] += 1
        lim[k] = st[TRAIL_LEN]
        plit[k] = lit
        _assign(val, trail, st, lit, n2)
        code = _propagate(val, trail, st, count, arrays, n2)
        if code == NO_CONFLICT:
            if k > 1:  # descend: the level k-1 rounds under lit
                k -= 1
                clock += 1
                stamp[k] = clock
                pos[k] = 0
                changed[k] = False
                continue
            for i in range(lim[k], st[TRAIL_LEN]):
                seen[k, trail[i]] = stamp[k]
            _undo(val, trail, st, count, arrays, n2, lim[k])
            continue
        while True:  # the probe of frame k failed: its negation, at the frame's level
            _undo(val, trail, st, count, arrays, n2, lim[k])
            if k == depth:
                counters[FAILED] += 1
            changed[k] = True
            _assign(val, trail, st, n2 - plit[k], n2)
            code = _propagate(val, trail, st, count, arrays, n2)
            if code == NO_CONFLICT:
                break
            if k == depth:
                return code
            k += 1  # frame k-1 ended in a conflict: the probe of frame k failed


def run_deep(prop: NumbaPropagator, k: int, order: Any, counters: Any) -> int:
    """flK on the propagator's current trail; the conflict code (``counters`` updated)."""
    seen = np.zeros((k + 1, prop.n2 + 1), dtype=np.int64)
    return int(
        _deep(prop.val, prop.trail, prop.st, prop.count, prop.arrays, prop.n2, order, seen,
              k, counters)
    )  # fmt: skip


def variable_order(nvars: int, order: Sequence[int] | None) -> Any:
    """The probe order as an int64 array (1..nvars by default)."""
    return np.asarray(order if order is not None else range(1, nvars + 1), dtype=np.int64)


def deep_failed_literals_numba(
    prop: Any, k: int, assumptions: Iterable[int] = (), order: Sequence[int] | None = None
) -> Propagation:
    """As :func:`.deep.deep_failed_literals`, compiled."""
    if not isinstance(prop, NumbaPropagator):
        raise TypeError(f"not a propagator: {type(prop).__name__}")
    start = time.perf_counter()
    if prop.empty:
        return finished((), (), Stats(seconds=time.perf_counter() - start), 0)
    prop.st[PROPAGATIONS] = 0
    code = prop._root(assumptions)
    up_count = int(prop.st[TRAIL_LEN])
    counters = np.zeros(3, dtype=np.int64)
    if code == NO_CONFLICT and k > 0:
        code = run_deep(prop, k, variable_order(prop.nvars, order), counters)
    conflict = prop._conflict(code)
    stats = Stats(
        int(prop.st[PROPAGATIONS]),
        int(counters[PROBES]),
        int(counters[FAILED]),
        int(counters[ROUNDS]),
        time.perf_counter() - start,
    )
    return finished(conflict, prop._literals(), stats, up_count)
