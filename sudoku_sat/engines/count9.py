"""The 9x9 count kernel of the bulk path (``unique`` and ``count`` on a file of 9x9 lines):
the rules and the search of the EUP count (:mod:`.eup.search`), written for 9x9 only.

The EUP kernel serves every order: ``uint64`` masks, tables passed at run time (numba
learns their sizes only then), flags per unit in arrays, and a stack that grows. This one
knows it is 9x9, which is all that changes:

- a state is 81 ``int32`` masks (bit k-1 for value k), copied by a plain loop;
- the peer, unit and cell-unit tables are module constants of *unsigned* bytes, and so
  is the propagation queue: numba tests every signed index for a negative value
  (Python's wraparound), an unsigned one it does not (this alone: 17-clue 1.18-1.26x ->
  1.42-1.51x the EUP kernel, forum-hardest 1.06-1.14x -> 1.36-1.40x);
- the units to look at for hidden singles are the bits of one integer (27 bits, boxes
  first), walked lowest first by count-trailing-zeros, instead of a flag array; after
  each unit that places a hidden single the naked singles run again first;
- the stack (82 rows: every level places a cell) is allocated once per chunk, not per
  puzzle, and the puzzles come in as the characters of their lines (``1``-``9``, ``.``
  or ``0``), so no array of values is built in Python.

The rules and the branching are EUP's, and so are the trees (nodes per uniqueness check:
17-clue 6.1, forum-hardest 1905 173, against EUP's 6.0 and 173): naked singles through
the peers, hidden singles per changed unit (values already placed left out; a value
missing from a unit is a contradiction), clues settled in one sweep over the units, no
naked pairs (their scans cost more than they save at 9x9, :mod:`.eup.search`), and the
branching cell of fewest candidates whose values its peers share most (a peer with two
counting three times). Counting stops at the cap (2 answers uniqueness). The roads
measured, kept and not, with their figures: docs/speed.md. Cross-checked against the EUP
kernel in tests/test_count9.py and against PySAT in tests/test_bulk.py.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ..grid import geometry
from ..kernel_cache import njit

_GEO = geometry(3)
PEERS = np.array(_GEO.peers, dtype=np.uint8)
_FIRST = [*range(18, 27), *range(18)]
UNITS = np.array([_GEO.units[u] for u in _FIRST], dtype=np.uint8)
CU = np.array([[_FIRST.index(u) for u in units] for units in _GEO.units_of], dtype=np.uint8)
UNITS_OF = np.array([sum(1 << u for u in units) for units in CU.tolist()], dtype=np.int64)
"""The three units of each cell as bits of one integer."""
FULL = 0x1FF
ALL_UNITS = (1 << 27) - 1
DEPTHS = 82
"""Rows of the stack: every level places one cell at least."""


def _cttz(typingctx, x):  # type: ignore[no-untyped-def]  # pragma: no cover - compiled
    """The index of the lowest set bit of a non-zero int64 (LLVM cttz)."""
    sig = types.uint64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]  # pragma: no cover - compiled
    """The number of set bits of an int64 (LLVM ctpop)."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return sig, codegen


lowest: Any = intrinsic(_cttz)
popcount: Any = intrinsic(_ctpop)


@njit(cache=True)
def propagate(st, queue, qt, dirty):  # type: ignore[no-untyped-def]
    """Naked and hidden singles on st to a fixpoint: queue[:qt] holds the cells placed
    and not yet taken from their peers, dirty (bits) the units to look at for hidden
    singles. False on a contradiction."""
    qh = 0
    while True:
        while qh < qt:  # naked singles
            c = queue[qh]
            qh += 1
            m = st[c]
            for k in range(20):
                p = PEERS[c, k]
                pm = st[p]
                if pm & m:
                    pm ^= m
                    if pm == 0:
                        return False
                    st[p] = pm
                    dirty |= UNITS_OF[p]
                    if pm & (pm - 1) == 0:
                        queue[qt] = p
                        qt += 1
        if dirty == 0:
            return True
        todo = dirty
        dirty = 0
        while todo:  # hidden singles
            u = lowest(todo)
            todo &= todo - 1
            once = 0
            twice = 0
            placed = 0
            for k in range(9):
                m = st[UNITS[u, k]]
                twice |= once & m
                once |= m
                if m & (m - 1) == 0:
                    placed |= m
            if once != FULL:
                return False
            alone = once & ~twice & ~placed
            if alone == 0:
                continue
            for k in range(9):
                c = UNITS[u, k]
                m = st[c]
                x = m & alone
                if x:
                    if x & (x - 1):
                        return False
                    st[c] = x
                    queue[qt] = c
                    qt += 1
                    dirty |= UNITS_OF[c]
            dirty |= todo  # back to the naked singles first
            break


@njit(cache=True)
def branch_cell(st):  # type: ignore[no-untyped-def]
    """An open cell of fewest candidates, or -1 when every cell is placed; among those,
    the one with the most peers sharing one of its values, a peer with two candidates
    counting three times (ties: the first)."""
    fewest = 10
    start = -1
    for c in range(81):
        k = popcount(st[c])
        if 1 < k < fewest:
            fewest = k
            start = c
            if k == 2:
                break
    if start < 0:
        return -1
    best = start
    score = -1
    for c in range(start, 81):
        m = st[c]
        if popcount(m) != fewest:
            continue
        s = 0
        for k in range(20):
            x = st[PEERS[c, k]]
            if x & m:
                s += 3 if popcount(x) == 2 else 1
        if s > score:
            best = c
            score = s
    return best


@njit(cache=True)
def settle(line, st, queue):  # type: ignore[no-untyped-def]
    """st from the characters of a line (``1``-``9`` a clue, anything else blank), the
    clues taken from their units in one sweep; the cells this places go to queue.
    Their number, or -1 on a contradiction (a value twice in a unit, a cell left empty)."""
    placed = np.zeros(27, np.int32)
    for c in range(81):
        v = np.int32(line[c]) - 48
        if 1 <= v <= 9:
            m = np.int32(1) << (v - 1)
            st[c] = m
            for t in range(3):
                u = CU[c, t]
                if placed[u] & m:
                    return -1
                placed[u] |= m
        else:
            st[c] = FULL
    qt = 0
    for c in range(81):
        m = st[c]
        if m & (m - 1):
            m &= ~(placed[CU[c, 0]] | placed[CU[c, 1]] | placed[CU[c, 2]])
            if m == 0:
                return -1
            st[c] = m
            if m & (m - 1) == 0:
                queue[qt] = c
                qt += 1
    return qt


@njit(cache=True)
def count_line(line, cap, states, cells, rems, queue):  # type: ignore[no-untyped-def]
    """min(count, cap) of one puzzle (the characters of its line), on the given stack."""
    root = states[0]
    qt = settle(line, root, queue)
    if cap < 1 or qt < 0 or not propagate(root, queue, qt, ALL_UNITS):
        return 0
    c = branch_cell(root)
    if c < 0:
        return 1
    cells[0] = c
    rems[0] = root[c]
    depth = 0
    count = 0
    while depth >= 0:
        rem = rems[depth]
        if rem == 0:
            depth -= 1
            continue
        c = cells[depth]
        bit = rem & -rem
        rems[depth] = rem ^ bit
        child = states[depth + 1]
        parent = states[depth]
        for k in range(81):
            child[k] = parent[k]
        child[c] = bit
        queue[0] = c
        if not propagate(child, queue, 1, UNITS_OF[c]):
            continue
        nxt = branch_cell(child)
        if nxt < 0:
            count += 1
            if count >= cap:
                break
            continue
        depth += 1
        cells[depth] = nxt
        rems[depth] = child[nxt]
    return count


@njit(cache=True)
def count_lines(lines, cap):  # type: ignore[no-untyped-def]
    """min(count, cap) of every puzzle of lines (a row of 81 characters each, as
    ``uint8``): one ``int64`` array."""
    n = lines.shape[0]
    counts = np.zeros(n, np.int64)
    states = np.empty((DEPTHS, 81), np.int32)
    cells = np.empty(DEPTHS, np.uint8)
    rems = np.empty(DEPTHS, np.int32)
    queue = np.empty(96, np.uint8)
    for i in range(n):
        counts[i] = count_line(lines[i], cap, states, cells, rems, queue)
    return counts
