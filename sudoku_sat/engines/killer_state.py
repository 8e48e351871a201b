"""The killer kernel's state and its marks (:mod:`.killer_propagate` and :mod:`.killer`
change cells through :func:`narrow`): one ``int64`` mask per cell (bit d-1 for the digit
d), and in ``work`` the queue of placed cells and the bit sets of the dirty sums and
houses (a change marks a cell's sums by a few word ORs; a loop over its sums and their
flags took a third more time a node).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ..kernel_cache import njit
from .count9 import lowest
from .killer_layout import (
    CELLS,
    CM_SAME,
    CM_SUMS,
    HM,
    HW,
    W,
)


def _ctlz(typingctx, x):  # type: ignore[no-untyped-def]  # pragma: no cover - compiled
    """The number of leading zero bits of a non-zero int64 (LLVM ctlz)."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


leading: Any = intrinsic(_ctlz)


@njit(cache=True, inline="always")
def narrow(st, c, m, qt, tab, work):  # type: ignore[no-untyped-def]
    """st[c] = m (a strict subset of it, not empty); its sums and houses marked dirty and
    the cell queued when it is placed; the queue's new tail. work: the queue of placed
    cells (work[:CELLS + 1]), then the bits of the dirty sums (W words: the sums of
    bounds and digit sets), of the dirty sums of the same digits (W words, looked at
    last) and of the dirty houses (HW words)."""
    w, hw = tab[W], tab[HW]
    st[c] = m
    if m & (m - 1) == 0:
        work[qt] = c
        qt += 1
    at = tab[CELLS] + 1
    mine = tab[CM_SUMS] + c * w
    last = tab[CM_SAME] + c * w
    for k in range(w):
        work[at + k] |= tab[mine + k]
        work[at + w + k] |= tab[last + k]
    at += 2 * w
    mine = tab[HM] + c * hw
    for k in range(hw):
        work[at + k] |= tab[mine + k]
    return qt


@njit(cache=True, inline="always")
def pop_bit(work, at, words):  # type: ignore[no-untyped-def]
    """The lowest set bit of work[at:at + words] (a bit set), cleared; -1 when none is."""
    for k in range(words):
        x = work[at + k]
        if x:
            work[at + k] = x & (x - 1)
            return k * 64 + np.int64(lowest(x))
    return -1
