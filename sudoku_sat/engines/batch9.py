"""The 9x9 batch engine (compiled with numba, extra ``fast``): counts and solutions of a
whole array of puzzles in one call, written apart from the EUP engine so that it can
verify what EUP made (``generate``'s independent count at 9x9).

The EUP kernel (:mod:`.eup.search`) serves every order with ``uint64`` masks, tables
whose sizes numba learns only at run time, naked pairs and a scored branching cell.
This one knows it is 9x9: a state is
81 ``int32`` candidate masks (bit k-1 for value k), the peer and unit tables are module
constants (20 peers, 27 units of 9, loops of fixed length numba can unroll) and the
popcount of a 9-bit mask is a table look-up. What it does, after tdoku's account of
simple fast solvers (its docs/sudoku.md: naked and hidden singles, then guess the most
constrained cell), none of its code:

- *naked singles*: a queue of cells holding one value; each removes its value from its
  20 peers, a peer left with one value joins the queue, a peer left with none is a
  contradiction (two clues that clash end there too: the clues are the first queue);
- *hidden singles*: per unit, OR/AND accumulations give the values seen once and twice;
  a value missing from a unit is a contradiction, a value seen once is placed;
- *guessing*: depth-first with an explicit stack of states, on an open cell of fewest
  candidates (the first with two ends the scan), values lowest first; counting stops
  at the cap (2 answers uniqueness).

Cross-checked against PySAT in tests/test_bulk.py. Measured beside the EUP kernel (one
loaded run, 2026-11-25): 29,000-45,000 17-clue puzzles/s where EUP counts 65,000-106,000,
about 1,400-2,000 forum-hardest where EUP counts 2,200-2,800 (EUP's naked pairs and
scored branching prune more); so EUP's rules and branching are the default counter (at
9x9 on a file of lines, written for 9x9 in :mod:`.count9`) and this one verifies.
A locked-candidates pass (box-line) was tried and dropped: on the forum-hardest it
cost more than the guesses it saved.
"""

from __future__ import annotations

import numpy as np

from ..grid import geometry
from ..kernel_cache import njit

_GEO = geometry(3)
PEERS = np.array(_GEO.peers, dtype=np.int32)
UNITS = np.array(_GEO.units, dtype=np.int32)
CU = np.array(_GEO.units_of, dtype=np.int32)
FULL = 0x1FF
POP = np.array([bin(m).count("1") for m in range(512)], dtype=np.int32)
LOW = np.array([(m & -m).bit_length() if m else 0 for m in range(512)], dtype=np.int32)
"""The value (1-9) of the lowest candidate of a mask, by table."""


@njit(cache=True)
def _eliminate(st, queue, qh, qt, dirty):  # type: ignore[no-untyped-def]
    """Naked singles from queue[qh:qt] to a fixpoint; the new qt, or -1 on a contradiction."""
    while qh < qt:
        c = queue[qh]
        qh += 1
        m = st[c]
        for k in range(20):
            p = PEERS[c, k]
            pm = st[p]
            if pm & m:
                pm &= ~m
                if pm == 0:
                    return -1
                st[p] = pm
                dirty[CU[p, 0]] = 1
                dirty[CU[p, 1]] = 1
                dirty[CU[p, 2]] = 1
                if pm & (pm - 1) == 0:
                    queue[qt] = p
                    qt += 1
    return qt


@njit(cache=True)
def _hidden(st, queue, qt, dirty):  # type: ignore[no-untyped-def]
    """Hidden singles of every dirty unit placed (and queued); the new qt, or -1."""
    for u in range(27):
        if dirty[u] == 0:
            continue
        dirty[u] = 0
        once = 0
        twice = 0
        for k in range(9):
            m = st[UNITS[u, k]]
            twice |= once & m
            once |= m
        if once != FULL:
            return -1
        alone = once & ~twice
        if alone == 0:
            continue
        for k in range(9):
            c = UNITS[u, k]
            m = st[c]
            x = m & alone
            if x and x != m:
                if x & (x - 1):
                    return -1
                st[c] = x
                queue[qt] = c
                qt += 1
    return qt


@njit(cache=True)
def propagate(st, queue, qt, dirty):  # type: ignore[no-untyped-def]
    """Naked and hidden singles on st to a fixpoint, starting
    from the cells queue[:qt]; dirty flags the units to look at for hidden singles (every
    unit at the root, the units of the cells changed since). False on a contradiction."""
    qh = 0
    while True:
        nq = _eliminate(st, queue, qh, qt, dirty)
        if nq < 0:
            return False
        qh = nq
        qt = _hidden(st, queue, nq, dirty)
        if qt < 0:
            return False
        if qt == qh:
            return True


@njit(cache=True)
def _branch_cell(st):  # type: ignore[no-untyped-def]
    """An open cell of fewest candidates (the first with two), or -1 when all are placed."""
    best = -1
    fewest = 10
    for c in range(81):
        k = POP[st[c]]
        if 1 < k < fewest:
            best = c
            fewest = k
            if k == 2:
                break
    return best


@njit(cache=True)
def _start(puzzle, st, queue):  # type: ignore[no-untyped-def]
    """st from the values of puzzle (0 blank); the clues queued; their number, or -1
    for a value out of range."""
    qt = 0
    for c in range(81):
        v = puzzle[c]
        if v == 0:
            st[c] = FULL
        elif 1 <= v <= 9:
            st[c] = 1 << (v - 1)
            queue[qt] = c
            qt += 1
        else:
            return -1
    return qt


@njit(cache=True)
def count_one(puzzle, cap, solution):  # type: ignore[no-untyped-def]
    """min(count, cap) of one puzzle; its first solution written to solution (81 values)."""
    states = np.empty((82, 81), np.int32)
    cells = np.empty(82, np.int32)
    rems = np.empty(82, np.int32)
    queue = np.empty(96, np.int32)
    dirty = np.ones(27, np.uint8)
    root = states[0]
    qt = _start(puzzle, root, queue)
    if cap < 1 or qt < 0 or not propagate(root, queue, qt, dirty):
        return 0
    c = _branch_cell(root)
    if c < 0:
        _to_values(root, solution)
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
        child[:] = states[depth]
        child[c] = bit
        queue[0] = c
        dirty[CU[c, 0]] = 1
        dirty[CU[c, 1]] = 1
        dirty[CU[c, 2]] = 1
        if not propagate(child, queue, 1, dirty):
            dirty[:] = 0
            continue
        nxt = _branch_cell(child)
        if nxt < 0:
            if count == 0:
                _to_values(child, solution)
            count += 1
            if count >= cap:
                break
            continue
        depth += 1
        cells[depth] = nxt
        rems[depth] = child[nxt]
    return count


@njit(cache=True)
def _to_values(st, out):  # type: ignore[no-untyped-def]
    for c in range(81):
        out[c] = LOW[st[c]]


@njit(cache=True)
def count_batch(puzzles, cap):  # type: ignore[no-untyped-def]
    """Per puzzle (a row of 81 values, 0 blank), min(count, cap) and its first solution
    (zeros when it has none)."""
    n = puzzles.shape[0]
    counts = np.zeros(n, np.int64)
    solutions = np.zeros((n, 81), np.int32)
    for i in range(n):
        counts[i] = count_one(puzzles[i], cap, solutions[i])
    return counts, solutions
