"""Bitmask vocabulary of the compiled EUP engine: masks, intrinsics, tables, conversions.

A state is a ``uint64`` array with one candidate mask per cell (bit k-1 for value k), so
any order up to n = 8 (N = 64 values) fits. Popcount and count-trailing-zeros are LLVM
intrinsics (``ctpop``/``cttz``). Every mask constant is a ``uint64`` (``ONE``), since
numba turns ``uint64 - int64`` into a float. The rules and the search live in
:mod:`.search`, the batch entries in :mod:`.compiled`, the greedy emptying in
:mod:`.greedy`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ...grid import geometry
from ...kernel_cache import njit

ONE = np.uint64(1)
ZERO = np.uint64(0)


def _ctpop(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """The number of set bits of a uint64 (LLVM ctpop)."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


def _cttz(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """The index of the lowest set bit of a non-zero uint64 (LLVM cttz)."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


popcount: Any = intrinsic(_ctpop)
trailing: Any = intrinsic(_cttz)


@cache
def tables(n: int) -> tuple[Any, Any, Any, Any]:
    """units (3N x N), the units of each cell (C x 3), peers (C x P), and the full mask."""
    geo = geometry(n)
    units = np.array(geo.units, dtype=np.int32)
    cell_units = np.array(geo.units_of, dtype=np.int32)
    peers = np.array(geo.peers, dtype=np.int32)
    full = np.uint64((1 << geo.size) - 1)
    for array in (units, cell_units, peers):
        array.setflags(write=False)
    return units, cell_units, peers, full


@njit(cache=True)
def to_state(grid, full):  # type: ignore[no-untyped-def]
    """Masks of a grid: clues single, blanks full."""
    st = np.empty(grid.shape[0], np.uint64)
    for c in range(grid.shape[0]):
        v = grid[c]
        st[c] = full if v == 0 else ONE << np.uint64(v - 1)
    return st


@njit(cache=True)
def to_grid(st, out):  # type: ignore[no-untyped-def]
    """Values of a solved state into out."""
    for c in range(st.shape[0]):
        out[c] = np.int32(trailing(st[c])) + 1


@njit(cache=True)
def singles(st):  # type: ignore[no-untyped-def]
    """A propagation queue (one slot per cell) holding the cells of st with one
    candidate, and its length."""
    queue = np.empty(st.shape[0], np.int32)
    qt = 0
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE) == ZERO:
            queue[qt] = c
            qt += 1
    return queue, qt
