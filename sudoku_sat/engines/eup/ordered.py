"""A random full grid that every back-end draws the same: the first solution in a fixed order.

A seed gives every cell an order of its values (:func:`value_orders`, numpy's PCG64, the
same on every platform). The grid filled from it is the first solution of the puzzle in
the order these define: cells taken lowest first, each trying its values in its own
order. A depth-first search that branches on the lowest open cell and tries its values in
that order meets the solutions in exactly that order, whatever rules prune its branches
(a rule only cuts branches without a solution). So the pure-Python search below, on the
reference rules, and the compiled one (:func:`sudoku_sat.engines.eup.compiled.ordered_solution`),
on the compiled rules, find the same grid: ``generate`` may start on the pure-Python
engines while the kernels compile (:mod:`sudoku_sat.accel`) and switch to them halfway,
and still print, for a seed, the puzzles a warm run prints.

Roads not taken: the branching of the other searches (an open cell of fewest values,
where the two back-ends' rules may stop at different states, and so branch on different
cells); values drawn inside the kernel (numba's generator and Python's differ).
"""

from __future__ import annotations

from typing import Any

from ...grid import Grid
from . import reference as eup


def value_orders(seed: int, cells: int, size: int) -> Any:
    """A (cells x size) ``int32`` array: row c holds the values 1..size in the order cell c
    tries them, drawn from seed."""
    import numpy as np

    draws = np.random.Generator(np.random.PCG64(seed)).random((cells, size))
    orders: Any = draws.argsort(axis=1, kind="stable").astype(np.int32) + 1
    return orders


def _open(state: eup.State, start: int) -> int:
    """The lowest open cell from start on, or -1."""
    for c in range(start, len(state)):
        m = state[c]
        if m & (m - 1):
            return c
    return -1


def ordered_solution(grid: Grid, n: int, orders: list[list[int]]) -> Grid | None:
    """The first solution of grid, cells lowest first, values in orders[c]; None if none."""
    t = eup.tables(n)
    state, queue = eup.initial_state(grid, n)
    if not eup.propagate(state, queue, t, t.all_units):
        return None
    c = _open(state, 0)
    if c < 0:
        return eup.to_grid(state)
    stack = [(state, c, 0)]
    size = n * n
    while stack:
        state, c, k = stack.pop()
        bit = 0
        while k < size and not bit:
            bit = state[c] & (1 << (orders[c][k] - 1))
            k += 1
        if not bit:
            continue
        stack.append((state, c, k))
        child = state[:]
        child[c] = bit
        if not eup.propagate(child, [c], t, t.unit_bits[c]):
            continue
        nxt = _open(child, c + 1)
        if nxt < 0:
            return eup.to_grid(child)
        stack.append((child, nxt, 0))
    return None
