"""The killer kernel: a compiled counting search for N x N grids of houses and sums.

What it reads is plain data (:class:`sudoku_sat.variants.killer_search.Tables` builds it
from a puzzle): the cells' peers (rows, columns, regions and cage-mates: all different),
the houses (hidden singles), and the sums. A sum is a list of cells with weights +1 or
-1 and a total; one whose cells all differ (a cage, an implied innie sum inside one
house) also carries its digit sets as bitmasks (the *combos*), the others (innies of two
rows, innie-outie differences) are bounds only. A state is one ``int64`` mask per cell
(bit d-1 for the digit d), a stack row per level of the search.

Propagation to a fixpoint, cheapest first: naked singles through the peers; then one
dirty sum; then one dirty house's hidden singles; and again. A sum of combos keeps the
sets that hold every placed digit of its cells, whose digits its cells' candidates cover
and that meet every cell's candidates; each cell keeps the union of those sets; a digit
in every set (the cage must hold it) with one place left goes there, and leaves the cells
that see the whole sum (sigh's Sum handler reasons the same way, and the SAT encoding
states it as clauses: ``sums.cage_combos``). A sum of bounds narrows each cell to what
the others' smallest and largest digits leave. Branching: an open cell of fewest
candidates, its digits lowest first. Counting stops at the cap (2 answers uniqueness);
the first solution is kept.

Roads not taken: a matching per combo (each cell's digit must leave the others a perfect
matching of the rest: stronger, and the union-of-candidates test is what sigh does too);
the implied sums found during the search (the areas are fixed up front, by
``variants.house_sums``, as the SAT encoding uses them).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ..kernel_cache import njit
from .count9 import lowest, popcount


def _ctlz(typingctx, x):  # type: ignore[no-untyped-def]  # pragma: no cover - compiled
    """The number of leading zero bits of a non-zero int64 (LLVM ctlz)."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


leading: Any = intrinsic(_ctlz)
DECAY = 1 << 14
"""Failed guesses between two halvings of the conflict scores (sigh's)."""


@njit(cache=True, inline="always")
def narrow(st, c, m, qt, sq, hq, t, w):  # type: ignore[no-untyped-def]
    """st[c] = m (a strict subset of it, not empty); its sums and houses marked dirty and
    the cell queued when it is placed (w: the queue, the flags and rings of the dirty
    sums and houses). The new tails (qt, sq, hq) as one tuple."""
    queue, s_dirty, s_queue, h_dirty, h_queue = w
    ho_ptr, ho, cs_ptr, cs = t[4], t[5], t[14], t[15]
    st[c] = m
    if m & (m - 1) == 0:
        queue[qt] = c
        qt += 1
    for k in range(cs_ptr[c], cs_ptr[c + 1]):
        s = cs[k]
        if s_dirty[s] == 0:
            s_dirty[s] = 1
            s_queue[sq % s_dirty.shape[0]] = s
            sq += 1
    for k in range(ho_ptr[c], ho_ptr[c + 1]):
        h = ho[k]
        if h_dirty[h] == 0:
            h_dirty[h] = 1
            h_queue[hq % h_dirty.shape[0]] = h
            hq += 1
    return qt, sq, hq


@njit(cache=True)
def propagate(st, qt, sq, hq, t, w):  # type: ignore[no-untyped-def]
    """Naked singles, sums and hidden singles on st to a fixpoint: w's queue[:qt] the
    cells placed and not yet taken from their peers, its rings s_queue[:sq] and
    h_queue[:hq] the dirty sums and houses (flags s_dirty, h_dirty; each ring as long as
    the sums or houses are many). False on a contradiction (the flags are then left
    set: the caller clears them)."""
    n, p_ptr, peers, houses = t[0], t[1], t[2], t[3]
    s_ptr, s_cells, s_w, s_total = t[6], t[7], t[8], t[9]
    k_ptr, combos, o_ptr, outs = t[10], t[11], t[12], t[13]
    queue, s_dirty, s_queue, h_dirty, h_queue = w
    full = (np.int64(1) << n) - 1
    ns = s_dirty.shape[0]
    nh = h_dirty.shape[0]
    qh = 0
    sh = 0
    hh = 0
    while True:
        while qh < qt:  # naked singles
            c = queue[qh]
            qh += 1
            m = st[c]
            for k in range(p_ptr[c], p_ptr[c + 1]):
                p = peers[k]
                pm = st[p]
                if pm & m:
                    pm ^= m
                    if pm == 0:
                        return False
                    qt, sq, hq = narrow(st, p, pm, qt, sq, hq, t, w)
        if sh != sq:  # one sum
            s = s_queue[sh % ns]
            sh += 1
            s_dirty[s] = 0
            a, b = s_ptr[s], s_ptr[s + 1]
            if k_ptr[s] < k_ptr[s + 1]:
                placed = np.int64(0)
                union = np.int64(0)
                for k in range(a, b):
                    m = st[s_cells[k]]
                    union |= m
                    if m & (m - 1) == 0:
                        placed |= m
                fit = np.int64(0)
                must = full
                for j in range(k_ptr[s], k_ptr[s + 1]):
                    m = combos[j]
                    if m & placed != placed or union & m != m:
                        continue
                    ok = True
                    for k in range(a, b):
                        if st[s_cells[k]] & m == 0:
                            ok = False
                            break
                    if ok:
                        fit |= m
                        must &= m
                if fit == 0:
                    return False
                for k in range(a, b):
                    c = s_cells[k]
                    m = st[c]
                    if m & ~fit:
                        qt, sq, hq = narrow(st, c, m & fit, qt, sq, hq, t, w)
                must &= ~placed
                while must:  # digits the cage must hold
                    bit = must & -must
                    must ^= bit
                    where = -1
                    for k in range(a, b):
                        if st[s_cells[k]] & bit:
                            where = -2 if where != -1 else s_cells[k]
                    if where == -1:
                        return False
                    if where >= 0 and st[where] != bit:
                        qt, sq, hq = narrow(st, where, bit, qt, sq, hq, t, w)
                    for k in range(o_ptr[s], o_ptr[s + 1]):
                        c = outs[k]
                        m = st[c]
                        if m & bit:
                            m ^= bit
                            if m == 0:
                                return False
                            qt, sq, hq = narrow(st, c, m, qt, sq, hq, t, w)
            else:
                lo = 0
                hi = 0
                for k in range(a, b):
                    m = st[s_cells[k]]
                    small = np.int64(lowest(m)) + 1
                    big = 64 - leading(m)
                    if s_w[k] > 0:
                        lo += small
                        hi += big
                    else:
                        lo -= big
                        hi -= small
                total = s_total[s]
                if total < lo or total > hi:
                    return False
                for k in range(a, b):
                    c = s_cells[k]
                    m = st[c]
                    small = np.int64(lowest(m)) + 1
                    big = 64 - leading(m)
                    if s_w[k] > 0:
                        first = total - (hi - big)
                        last = total - (lo - small)
                    else:
                        first = (lo + big) - total
                        last = (hi + small) - total
                    keep = m
                    if first > 1:
                        keep &= ~((np.int64(1) << (first - 1)) - 1) if first <= n else 0
                    if last < n:
                        keep &= (np.int64(1) << max(last, 0)) - 1
                    if keep != m:
                        if keep == 0:
                            return False
                        qt, sq, hq = narrow(st, c, keep, qt, sq, hq, t, w)
            continue
        if hh == hq:
            return True
        h = h_queue[hh % nh]
        hh += 1
        h_dirty[h] = 0
        once = np.int64(0)
        twice = np.int64(0)
        placed = np.int64(0)
        for k in range(n):
            m = st[houses[h, k]]
            twice |= once & m
            once |= m
            if m & (m - 1) == 0:
                placed |= m
        if once != full:
            return False
        alone = once & ~twice & ~placed
        for k in range(n):
            c = houses[h, k]
            m = st[c]
            x = m & alone
            if x:
                if x & (x - 1):
                    return False
                qt, sq, hq = narrow(st, c, x, qt, sq, hq, t, w)


@njit(cache=True)
def branch_cell(st, scores):  # type: ignore[no-untyped-def]
    """The open cell of highest conflict score per candidate (the first of them), of
    fewest candidates when every open cell scores 0; -1 when every cell is placed."""
    best = -1
    best_score = 0
    best_count = 1
    fewest = 65
    small = -1
    for c in range(st.shape[0]):
        k = popcount(st[c])
        if k < 2:
            continue
        if scores[c] * best_count > best_score * k or best < 0:
            best, best_score, best_count = c, scores[c], k
        if k < fewest:
            fewest, small = k, c
    return small if best_score == 0 else best


@njit(cache=True)
def count(start, cap, t, kept, scores):  # type: ignore[no-untyped-def]
    """min(count, cap) of the puzzle whose candidates are start (a mask per cell), and
    the search nodes; the first solutions found go to the rows of kept (a mask per
    cell), as many as it has rows. scores: each cell's conflict score, its priority to
    start with (changed: a guess on the cell that fails adds one, all halve every
    DECAY failures)."""
    cells = start.shape[0]
    ns = t[9].shape[0]
    nh = t[3].shape[0]
    states = np.empty((cells + 1, cells), np.int64)
    branch = np.empty(cells + 1, np.int64)
    rems = np.empty(cells + 1, np.int64)
    queue = np.empty(cells + 1, np.int64)
    s_dirty = np.ones(ns, np.uint8)
    s_queue = np.arange(ns).astype(np.int64)
    h_dirty = np.ones(nh, np.uint8)
    h_queue = np.arange(nh).astype(np.int64)
    root = states[0]
    qt = 0
    for c in range(cells):
        root[c] = start[c]
        if start[c] == 0:
            return 0, 0
        if start[c] & (start[c] - 1) == 0:
            queue[qt] = c
            qt += 1
    nodes = 1
    w = (queue, s_dirty, s_queue, h_dirty, h_queue)
    if cap < 1 or not propagate(root, qt, ns, nh, t, w):
        return 0, nodes
    c = branch_cell(root, scores)
    if c < 0:
        if kept.shape[0]:
            kept[0] = root
        return 1, nodes
    branch[0] = c
    rems[0] = root[c]
    depth = 0
    found = 0
    fails = 0
    while depth >= 0:
        rem = rems[depth]
        if rem == 0:
            depth -= 1
            continue
        c = branch[depth]
        bit = rem & -rem
        rems[depth] = rem ^ bit
        child = states[depth + 1]
        child[:] = states[depth]
        s_dirty[:] = 0
        h_dirty[:] = 0
        sq, hq = 0, 0
        qt, sq, hq = narrow(child, c, bit, 0, sq, hq, t, w)
        nodes += 1
        if not propagate(child, qt, sq, hq, t, w):
            scores[c] += 1
            fails += 1
            if fails % DECAY == 0:
                for k in range(cells):
                    scores[k] >>= 1
            continue
        nxt = branch_cell(child, scores)
        if nxt < 0:
            if found < kept.shape[0]:
                kept[found] = child
            found += 1
            if found >= cap:
                break
            continue
        depth += 1
        branch[depth] = nxt
        rems[depth] = child[nxt]
    return found, nodes
