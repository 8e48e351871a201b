"""The numba kernels of :mod:`sudoku_sat.anneal`: the same loops on flat int32 arrays.

Imported only when the numba backend runs (numba and numpy are the optional ``anneal``
extra). Each kernel is a line-for-line transcription of the pure-Python reference
(``sirdey_try_py``, ``swap_try_py``) with the same xorshift64* generator, so one seed gives
the same moves in both; the tests hold them to that. Kernels are compiled with
``cache=True`` (the first call of a fresh install pays about a second of JIT time, later
processes load the cache). uint64 arithmetic uses explicit ``np.uint64`` constants: numba
turns a uint64 mixed with a plain int into a float.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..grid import Grid
from ..kernel_cache import njit
from .model import CostTables, XorShift, block_of_cell, sirdey_start, swap_level_length, swap_start
from .params import SirdeyParams, SwapParams, cooling_rate, level_count, sirdey_constants
from .results import TRACE_ROWS, TryResult

U12 = np.uint64(12)
U25 = np.uint64(25)
U27 = np.uint64(27)
U32 = np.uint64(32)
U11 = np.uint64(11)
MULT = np.uint64(0x2545F4914F6CDD1D)
INV53 = 1.0 / (1 << 53)

I32 = np.int32


@njit(cache=True, inline="always")
def _step(x: Any) -> Any:
    """The next xorshift64 state."""
    x ^= x >> U12
    x ^= x << U25
    x ^= x >> U27
    return x


@njit(cache=True, inline="always")
def _below(x: Any, m: int) -> Any:
    """An integer in [0, m) from the output of state x (xorshift64*)."""
    return np.int64((((x * MULT) >> U32) * np.uint64(m)) >> U32)


@njit(cache=True, inline="always")
def _uniform(x: Any) -> float:
    """A float in [0, 1) from the output of state x."""
    return float((x * MULT) >> U11) * INV53


@njit(cache=True, inline="always")
def _fill_accept(accept: Any, temp: float) -> None:
    """accept[d] = exp(-d / temp), as powers of exp(-1 / temp): one exp per level."""
    q = np.exp(-1.0 / temp)
    accept[0] = 1.0
    for d in range(1, accept.shape[0]):
        accept[d] = accept[d - 1] * q


@njit(cache=True, inline="always")
def _record(
    trace_cost: Any, trace_temp: Any, ntrace: int, every: int, level: int, c: int, temp: float
) -> int:
    """Record cost and temperature on every ``every``-th level while there is room."""
    if every > 0 and level % every == 0 and ntrace < trace_cost.shape[0]:
        trace_cost[ntrace] = c
        trace_temp[ntrace] = temp
        return ntrace + 1
    return ntrace


@njit(cache=True)
def sirdey_kernel(  # noqa: PLR0913
    w: Any,
    conf: Any,
    free: Any,
    peers: Any,
    npeers: int,
    size: int,
    c: int,
    t0: float,
    t_final: float,
    rate: float,
    length: int,
    stall_levels: int,
    max_iterations: int,
    state: Any,
    best_w: Any,
    trace_every: int,
    trace_cost: Any,
    trace_temp: Any,
) -> Any:
    """One try of the paper's annealer on w (modified); returns cost, best, moves, levels
    and trace rows."""
    width = size + 1
    nfree = free.shape[0]
    accept = np.empty(npeers + 1, np.float64)
    best = c
    best_w[:] = w
    best_level = 0
    temp = t0
    level = 0
    iterations = 0
    ntrace = 0
    x = state[0]
    while temp >= t_final and c > 0 and nfree > 0:
        _fill_accept(accept, temp)
        for _ in range(length):
            x = _step(x)
            cell = free[_below(x, nfree)]
            old = w[cell]
            x = _step(x)
            new = 1 + _below(x, size - 1)
            if new >= old:
                new += 1
            d = conf[cell * width + new] - conf[cell * width + old]
            iterations += 1
            if d > 0:
                x = _step(x)
            if d <= 0 or _uniform(x) <= accept[d]:
                for k in range(cell * npeers, (cell + 1) * npeers):
                    peer = peers[k]
                    conf[peer * width + old] -= 1
                    conf[peer * width + new] += 1
                w[cell] = new
                c += d
                if c < best:
                    best = c
                    best_w[:] = w
                    best_level = level
                    if c == 0:
                        break
        ntrace = _record(trace_cost, trace_temp, ntrace, trace_every, level, c, temp)
        level += 1
        if c == 0 or (stall_levels > 0 and level - best_level >= stall_levels):
            break
        if max_iterations > 0 and iterations >= max_iterations:
            break
        temp = temp / (1 + rate * temp)
    state[0] = x
    return c, best, iterations, level, ntrace


@njit(cache=True, inline="always")
def _swap_delta(cnt: Any, line_a: int, line_b: int, va: int, vb: int, width: int) -> Any:
    """Cost change in one direction when va moves from line a to b and vb back."""
    if line_a == line_b:
        return 0
    a = line_a * width
    b = line_b * width
    return cnt[a + vb] - (cnt[a + va] - 1) + cnt[b + va] - (cnt[b + vb] - 1)


@njit(cache=True, inline="always")
def _swap_apply(cnt: Any, line_a: int, line_b: int, va: int, vb: int, width: int) -> None:
    """Update one direction's counts for the swap."""
    a = line_a * width
    b = line_b * width
    cnt[a + va] -= 1
    cnt[a + vb] += 1
    cnt[b + vb] -= 1
    cnt[b + va] += 1


@njit(cache=True)
def swap_kernel(  # noqa: PLR0913
    w: Any,
    rows: Any,
    cols: Any,
    movable: Any,
    blocks: Any,
    block_start: Any,
    block_free: Any,
    free_pos: Any,
    size: int,
    c: int,
    t0: float,
    cooling: float,
    length: int,
    reheat_levels: int,
    max_iterations: int,
    focus: int,
    state: Any,
    best_w: Any,
    trace_every: int,
    trace_cost: Any,
    trace_temp: Any,
) -> Any:
    """One try of the swap annealer on w (modified); returns cost, best, moves, levels
    and trace rows."""
    width = size + 1
    nmov = movable.shape[0]
    accept = np.empty(4 * size + 1, np.float64)
    best = c
    best_w[:] = w
    best_level = 0
    temp = t0
    level = 0
    iterations = 0
    ntrace = 0
    x = state[0]
    while c > 0 and nmov > 0 and iterations < max_iterations:
        _fill_accept(accept, temp)
        for _ in range(length):
            x = _step(x)
            a = movable[_below(x, nmov)]
            for _ in range(focus):
                if rows[(a // size) * width + w[a]] > 1 or cols[(a % size) * width + w[a]] > 1:
                    break
                x = _step(x)
                a = movable[_below(x, nmov)]
            blk = blocks[a]
            start = block_start[blk]
            count = block_start[blk + 1] - start
            x = _step(x)
            k = _below(x, count - 1)
            if k >= free_pos[a]:
                k += 1
            b = block_free[start + k]
            va = w[a]
            vb = w[b]
            ra = a // size
            rb = b // size
            ca = a % size
            cb = b % size
            d = _swap_delta(rows, ra, rb, va, vb, width) + _swap_delta(cols, ca, cb, va, vb, width)
            iterations += 1
            if d > 0:
                x = _step(x)
            if d <= 0 or _uniform(x) <= accept[d]:
                if ra != rb:
                    _swap_apply(rows, ra, rb, va, vb, width)
                if ca != cb:
                    _swap_apply(cols, ca, cb, va, vb, width)
                w[a] = vb
                w[b] = va
                c += d
                if c < best:
                    best = c
                    best_w[:] = w
                    best_level = level
                    if c == 0:
                        break
        ntrace = _record(trace_cost, trace_temp, ntrace, trace_every, level, c, temp)
        level += 1
        temp *= cooling
        if level - best_level >= reheat_levels:
            temp = t0
            best_level = level
    state[0] = x
    return c, best, iterations, level, ntrace


def _arr(values: list[int]) -> Any:
    """An int32 array (empty lists too)."""
    return np.asarray(values, dtype=I32)


def _trace_arrays(trace_every: int, max_levels: int) -> tuple[Any, Any]:
    """Room for the trace rows of one try (none when not tracing)."""
    rows = 0 if trace_every <= 0 else min(max_levels // trace_every + 1, TRACE_ROWS)
    return np.zeros(rows, dtype=np.int64), np.zeros(rows, dtype=np.float64)


def _result(out: Any, best_w: Any, trace_every: int, trace_cost: Any, trace_temp: Any) -> TryResult:
    """A TryResult from a kernel's return tuple and arrays."""
    c, best, iterations, levels, ntrace = (int(x) for x in out)
    lv = [k * trace_every for k in range(ntrace)]
    costs = [int(x) for x in trace_cost[:ntrace]]
    temps = [float(x) for x in trace_temp[:ntrace]]
    return TryResult(c, best, tuple(int(v) for v in best_w), iterations, levels, lv, costs, temps)


def sirdey_runner(
    grid: Grid, n: int, t: CostTables, p: SirdeyParams, trace_every: int
) -> Callable[[XorShift], TryResult]:
    """A function running one paper try in the kernel from the generator's state."""
    e_p, t0, t_final, length = sirdey_constants(n, p, len(t.free))
    rate = cooling_rate(p.delta, e_p)
    free, peers = _arr(t.free), _arr(t.peers)
    levels = level_count(t0, t_final, p.delta, e_p)
    if p.max_iterations:
        levels = min(levels, p.max_iterations // max(length, 1) + 1)

    def run(rng: XorShift) -> TryResult:
        w0, conf0, c = sirdey_start(grid, t, rng)
        w, best_w, conf = _arr(w0), _arr(w0), _arr(conf0)
        state = np.array([rng.state], dtype=np.uint64)
        tc, tt = _trace_arrays(trace_every, levels)
        out = sirdey_kernel(
            w, conf, free, peers, t.npeers, t.size, c, t0, t_final, rate, length,
            p.stall_levels, p.max_iterations, state, best_w, trace_every, tc, tt,
        )  # fmt: skip
        rng.state = int(state[0])
        return _result(out, best_w, trace_every, tc, tt)

    return run


def swap_runner(
    grid: Grid, n: int, t: CostTables, p: SwapParams, trace_every: int
) -> Callable[[XorShift], TryResult]:
    """A function running one swap try in the kernel from the generator's state."""
    movable, blocks = _arr(t.movable), _arr(block_of_cell(n))
    start, bfree, pos = _arr(t.block_start), _arr(t.block_free), _arr(t.free_pos)
    length = swap_level_length(t, p)
    levels = p.max_iterations // length + 1

    def run(rng: XorShift) -> TryResult:
        w0, r0, c0, c = swap_start(grid, t, rng)
        w, best_w, rows, cols = _arr(w0), _arr(w0), _arr(r0), _arr(c0)
        state = np.array([rng.state], dtype=np.uint64)
        tc, tt = _trace_arrays(trace_every, levels)
        out = swap_kernel(
            w, rows, cols, movable, blocks, start, bfree, pos, t.size, c, p.t0, p.cooling,
            length, p.reheat_levels, p.max_iterations, p.focus, state, best_w, trace_every, tc, tt,
        )  # fmt: skip
        rng.state = int(state[0])
        return _result(out, best_w, trace_every, tc, tt)

    return run


def kernel_runner(
    grid: Grid, n: int, t: CostTables, p: SirdeyParams | SwapParams, every: int
) -> Callable[[XorShift], TryResult]:
    """The runner of p's variant."""
    if isinstance(p, SirdeyParams):
        return sirdey_runner(grid, n, t, p, every)
    return swap_runner(grid, n, t, p, every)
