"""The pure-Python reference annealers: one try of Sirdey's annealer and of the swap annealer.

The numba kernel (:mod:`.kernel`) makes exactly the same moves from the same seed.
"""

from __future__ import annotations

from ..grid import Grid
from .model import (
    CostTables,
    XorShift,
    acceptance_table,
    block_of_cell,
    cost,
    sirdey_start,
    swap_apply,
    swap_delta,
    swap_level_length,
    swap_start,
)
from .params import SirdeyParams, SwapParams, cooling_rate, sirdey_constants
from .results import TraceRows, TryResult


def sirdey_try_py(
    grid: Grid,
    t: CostTables,
    p: SirdeyParams,
    rng: XorShift,
    trace_every: int = 0,
    check: bool = False,
) -> TryResult:
    """One try of the paper's annealer in pure Python (the reference for the kernel).

    With ``check`` the running cost is compared with a full recomputation of c(w) after
    every move (slow; for tests).
    """
    n, size, npeers = t.n, t.size, t.npeers
    e_p, t0, t_final, length = sirdey_constants(n, p, len(t.free))
    rate = cooling_rate(p.delta, e_p)
    w, conf, c = sirdey_start(grid, t, rng)
    width = size + 1
    best, best_w, best_level = c, list(w), 0
    temp, level, iterations = t0, 0, 0
    trace = TraceRows(trace_every)
    nfree = len(t.free)
    while temp >= t_final and c > 0 and nfree:
        accept = acceptance_table(temp, npeers)
        for _ in range(length):
            cell = t.free[rng.below(nfree)]
            old = w[cell]
            new = 1 + rng.below(size - 1)
            if new >= old:
                new += 1
            d = conf[cell * width + new] - conf[cell * width + old]
            iterations += 1
            if d <= 0 or rng.uniform() <= accept[d]:
                for q in t.peers[cell * npeers : (cell + 1) * npeers]:
                    conf[q * width + old] -= 1
                    conf[q * width + new] += 1
                w[cell] = new
                c += d
                if check:
                    assert c == cost(tuple(w), n), (c, cost(tuple(w), n))
                if c < best:
                    best, best_w, best_level = c, list(w), level
                    if c == 0:
                        break
        trace.add(level, c, temp)
        level += 1
        if c == 0 or (p.stall_levels and level - best_level >= p.stall_levels):
            break
        if p.max_iterations and iterations >= p.max_iterations:
            break
        temp = temp / (1 + rate * temp)
    return TryResult(c, best, tuple(best_w), iterations, level, *trace.rows())


def swap_try_py(
    grid: Grid,
    t: CostTables,
    p: SwapParams,
    rng: XorShift,
    trace_every: int = 0,
    check: bool = False,
) -> TryResult:
    """One try of the swap annealer in pure Python (the reference for the kernel)."""
    size, width = t.size, t.size + 1
    w, rows, cols, c = swap_start(grid, t, rng)
    best, best_w, best_level = c, list(w), 0
    length = swap_level_length(t, p)
    temp, level, iterations = p.t0, 0, 0
    blocks = block_of_cell(t.n)
    trace = TraceRows(trace_every)
    nmov = len(t.movable)
    while c > 0 and nmov and iterations < p.max_iterations:
        accept = acceptance_table(temp, 4 * size)
        for _ in range(length):
            a = t.movable[rng.below(nmov)]
            for _ in range(p.focus):
                if rows[(a // size) * width + w[a]] > 1 or cols[(a % size) * width + w[a]] > 1:
                    break
                a = t.movable[rng.below(nmov)]
            blk = blocks[a]
            start, count = t.block_start[blk], t.block_start[blk + 1] - t.block_start[blk]
            k = rng.below(count - 1)
            if k >= t.free_pos[a]:
                k += 1
            b = t.block_free[start + k]
            va, vb = w[a], w[b]
            ra, rb, ca, cb = a // size, b // size, a % size, b % size
            d = swap_delta(rows, ra, rb, va, vb, width) + swap_delta(cols, ca, cb, va, vb, width)
            iterations += 1
            if d <= 0 or rng.uniform() <= accept[d]:
                if ra != rb:
                    swap_apply(rows, ra, rb, va, vb, width)
                if ca != cb:
                    swap_apply(cols, ca, cb, va, vb, width)
                w[a], w[b] = vb, va
                c += d
                if check:
                    assert c == cost(tuple(w), t.n), (c, cost(tuple(w), t.n))
                if c < best:
                    best, best_w, best_level = c, list(w), level
                    if c == 0:
                        break
        trace.add(level, c, temp)
        level += 1
        temp *= p.cooling
        if level - best_level >= p.reheat_levels:
            temp, best_level = p.t0, level
    return TryResult(c, best, tuple(best_w), iterations, level, *trace.rows())
