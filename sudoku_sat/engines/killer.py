"""The killer kernel: a compiled counting search for N x N grids of houses and sums.

What it reads is plain data (:class:`sudoku_sat.variants.killer_search.Tables` builds it
from a puzzle): the cells' peers (rows, columns, regions and cage-mates: all different),
the houses (hidden singles), and the sums. A sum is a list of cells with weights +1 or
-1 and a total; one whose cells all differ (a cage, an implied innie sum inside one
house) also carries its digit sets as bitmasks (the *combos*), the others (innies of two
rows, innie-outie differences) are bounds only. A state is one ``int64`` mask per cell
(bit d-1 for the digit d), a stack row per level of the search.

Propagation to a fixpoint: naked singles through the peers; then one dirty sum; then,
no sum left dirty, one dirty house's hidden singles; and again. A sum of combos keeps the
sets that hold every placed digit of its cells, whose digits its cells' candidates cover
and that meet every cell's candidates; each cell keeps their union; a digit in every set
with one place left goes there, and leaves the cells that see the whole sum (sigh's Sum
handler reasons the same way; the SAT encoding states it as clauses, ``sums.cage_combos``).
A sum of bounds narrows each cell to what the others' smallest and largest digits leave;
one of the same digits on both sides (a box and a line) narrows each side to the other's
candidates. Branching: sigh's conflict scores (:func:`branch_cell`), digits lowest
first. Counting stops at the cap (2 answers uniqueness); the first solutions are kept.

What ``auto`` runs on a killer since issue 40 (``variants/killer_search.py`` routes and
builds the tables). The 36 real killers of ``benchmarks/data/killers.jsonl``, each in
one process, CPU, the kernel against one SAT ``Session`` (``bench_killers.py``,
2026-12-03, load 5-6 on 2 cores): 3.15 s against 5.09 s in all, median 13 against
39 ms; the hardest: "Wecoc #1 [mod A]" 1.00 s (SAT 0.92 s), "Wecoc #1" 0.61 s (0.76),
"tarek all #37-#39" 0.17-0.25 s (0.54-0.61). Its trees are sigh's size (Wecoc #1 55,000
nodes against sigh's 82,000 values tried; tarek all #37 15,000 against 57,000).

How it got there, step by step with its figures: docs/variants.md ("Killers against
sigh"): sigh's conflict scores with the cells' starting priorities, the box-line
intersections as sums of the same digits, the law-of-45 sums over up to 8 cells and the
innie-outie differences over up to 4 (the SAT path's 4 and 3: a clause costs there, a
sum does not here), and one int64 table (``killer_layout``) in place of a tuple of
arrays, whose every use numba counted as a reference (20 % of a node's time).

Roads not taken: a matching per combo (stronger; sigh's union test is this one); implied
sums found during the search (the areas are fixed up front, ``house_sums``). Left to try: sigh's
distinct-value bounds for the sums whose cells may repeat (innies of two rows), its
hidden and combined cages, a sum of a house's complement beside each cage (sigh's
``setComplementCells``), and a node faster than its 15-25 microseconds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

from ..kernel_cache import njit
from .count9 import lowest, popcount
from .killer_layout import (
    CELLS,
    CM_ALL,
    CM_LO,
    CM_MID,
    CW,
    HM,
    HOUSE,
    HOUSES,
    HW,
    K_PTR,
    O_PTR,
    P_PTR,
    PB,
    S_PTR,
    S_TOTAL,
    S_W,
    SAME,
    SUMS,
    N,
    W,
)


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
def narrow(st, c, m, qt, tab, work):  # type: ignore[no-untyped-def]
    """st[c] = m (a strict subset of it, not empty); its sums and houses marked dirty and
    the cell queued when it is placed; the queue's new tail. work: the queue of placed
    cells (work[:CELLS + 1]), then the bits of the dirty sums (W words: the sums of
    bounds and digit sets), of the dirty sums of the same digits (W words, looked at
    last) and of the dirty houses (HW words). A sum of bounds whose cells' ends stay as
    they were is left clean."""
    w, hw = tab[W], tab[HW]
    old = st[c]
    same_ends = (old & -old) == (m & -m) and leading(old) == leading(m)
    st[c] = m
    if m & (m - 1) == 0:
        work[qt] = c
        qt += 1
    at = tab[CELLS] + 1
    mine = tab[CM_MID if same_ends else CM_ALL] + c * w
    last = tab[CM_LO] + c * w
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


@njit(cache=True)
def propagate(st, qt, tab, work):  # type: ignore[no-untyped-def]
    """Naked singles, sums and hidden singles on st to a fixpoint: work[:qt] the cells
    placed and not yet taken from their peers, the dirty sums and houses as bits
    (:func:`narrow`). False on a contradiction (bits may then be left set: the caller
    clears them)."""
    n = tab[N]
    full = (np.int64(1) << n) - 1
    w, hw = tab[W], tab[HW]
    at_sums = tab[CELLS] + 1
    at_same, at_houses = at_sums + w, at_sums + 2 * w
    cw = tab[CW]
    at_peers = at_houses + hw
    p_ptr, house, s_ptr, s_w = tab[P_PTR], tab[HOUSE], tab[S_PTR], tab[S_W]
    s_total, k_ptr, o_ptr = tab[S_TOTAL], tab[K_PTR], tab[O_PTR]
    qh = 0
    while True:
        while qh < qt:  # naked singles
            c = work[qh]
            qh += 1
            m = st[c]
            for k in range(tab[p_ptr + c], tab[p_ptr + c + 1]):
                p = tab[k]
                pm = st[p]
                if pm & m:
                    pm ^= m
                    if pm == 0:
                        return False
                    qt = narrow(st, p, pm, qt, tab, work)
        s = pop_bit(work, at_sums, w)
        if s >= 0:  # one sum
            a, b = tab[s_ptr + s], tab[s_ptr + s + 1]
            j0, j1 = tab[k_ptr + s], tab[k_ptr + s + 1]
            if j0 < j1:  # its own changes leave its sets as they are (its bit set again)
                work[at_sums + (s >> 6)] |= np.int64(1) << (s & 63)
                placed = np.int64(0)
                union = np.int64(0)
                for k in range(a, b):
                    m = st[tab[k]]
                    union |= m
                    if m & (m - 1) == 0:
                        placed |= m
                fit = np.int64(0)
                must = full
                for j in range(j0, j1):
                    m = tab[j]
                    if m & placed != placed or union & m != m:
                        continue
                    ok = True
                    for k in range(a, b):
                        if st[tab[k]] & m == 0:
                            ok = False
                            break
                    if ok:
                        fit |= m
                        must &= m
                if fit == 0:
                    return False
                for k in range(a, b):
                    c = tab[k]
                    m = st[c]
                    if m & ~fit:
                        qt = narrow(st, c, m & fit, qt, tab, work)
                work[at_sums + (s >> 6)] &= ~(np.int64(1) << (s & 63))
                must &= ~placed
                if must == 0:
                    continue
                once = np.int64(0)  # digits the sum must hold: one place left, goes there
                twice = np.int64(0)
                for k in range(a, b):
                    m = st[tab[k]]
                    twice |= once & m
                    once |= m
                if must & ~once:
                    return False
                alone = must & ~twice
                if alone:
                    for k in range(a, b):
                        c = tab[k]
                        x = st[c] & alone
                        if x and st[c] != x:
                            if x & (x - 1):
                                return False
                            qt = narrow(st, c, x, qt, tab, work)
                for k in range(tab[o_ptr + s], tab[o_ptr + s + 1]):  # and leave who sees it all
                    c = tab[k]
                    m = st[c]
                    if m & must:
                        m &= ~must
                        if m == 0:
                            return False
                        qt = narrow(st, c, m, qt, tab, work)
                spread = must & twice  # a digit it must hold, in some of its cells:
                while spread:  # it leaves the cells that see all of them
                    bit = spread & -spread
                    spread ^= bit
                    for j in range(cw):
                        work[at_peers + j] = -1
                    every = True
                    for k in range(a, b):
                        c = tab[k]
                        if st[c] & bit:
                            mine = tab[PB] + c * cw
                            for j in range(cw):
                                work[at_peers + j] &= tab[mine + j]
                        else:
                            every = False
                    if every:  # as above
                        continue
                    for j in range(cw):
                        x = work[at_peers + j]
                        while x:
                            c = j * 64 + np.int64(lowest(x))
                            x &= x - 1
                            m = st[c]
                            if m & bit:
                                m ^= bit
                                if m == 0:
                                    return False
                                qt = narrow(st, c, m, qt, tab, work)
                continue
            lo = 0
            hi = 0
            span = 0
            for k in range(a, b):
                m = st[tab[k]]
                small = np.int64(lowest(m)) + 1
                big = 64 - leading(m)
                span = max(span, big - small)
                if tab[s_w + k] > 0:
                    lo += small
                    hi += big
                else:
                    lo -= big
                    hi -= small
            total = tab[s_total + s]
            if total < lo or total > hi:
                return False
            if total - lo >= span and hi - total >= span:  # no cell's ends move
                continue
            for k in range(a, b):
                c = tab[k]
                m = st[c]
                small = np.int64(lowest(m)) + 1
                big = 64 - leading(m)
                if tab[s_w + k] > 0:
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
                    qt = narrow(st, c, keep, qt, tab, work)
            continue
        h = pop_bit(work, at_houses, hw)
        if h < 0:
            s = pop_bit(work, at_same, w)
            if s < 0:
                return True
            # a sum of the same digits on both sides (their sums then agree)
            a, b = tab[s_ptr + s], tab[s_ptr + s + 1]
            plus = np.int64(0)
            minus = np.int64(0)
            for k in range(a, b):
                if tab[s_w + k] > 0:
                    plus |= st[tab[k]]
                else:
                    minus |= st[tab[k]]
            if plus == minus:  # the common case: nothing to narrow
                continue
            extra_plus = plus & ~minus
            extra_minus = minus & ~plus
            for k in range(a, b):
                c = tab[k]
                m = st[c]
                if tab[s_w + k] > 0:
                    if m & extra_plus == 0:
                        continue
                    keep = m & minus
                else:
                    if m & extra_minus == 0:
                        continue
                    keep = m & plus
                if keep == 0:
                    return False
                qt = narrow(st, c, keep, qt, tab, work)
            continue
        # one house
        once = np.int64(0)
        twice = np.int64(0)
        placed = np.int64(0)
        row = house + h * n
        for k in range(n):
            m = st[tab[row + k]]
            twice |= once & m
            once |= m
            if m & (m - 1) == 0:
                placed |= m
        if once != full:
            return False
        alone = once & ~twice & ~placed
        if alone == 0:
            continue
        for k in range(n):
            c = tab[row + k]
            m = st[c]
            x = m & alone
            if x:
                if x & (x - 1):
                    return False
                qt = narrow(st, c, x, qt, tab, work)
        continue


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
def count(start, cap, tab, kept, scores):  # type: ignore[no-untyped-def]
    """min(count, cap) of the puzzle whose candidates are start (a mask per cell), and
    the search nodes; the first solutions found go to the rows of kept (a mask per
    cell), as many as it has rows. scores: each cell's conflict score, its priority to
    start with (changed: a guess on the cell that fails adds one, all halve every
    DECAY failures)."""
    cells = start.shape[0]
    ns, nh = tab[SUMS], tab[HOUSES]
    w, hw = tab[W], tab[HW]
    at = cells + 1
    work = np.zeros(at + 2 * w + hw + tab[CW], np.int64)
    states = np.empty((cells + 1, cells), np.int64)
    branch = np.empty(cells + 1, np.int64)
    rems = np.empty(cells + 1, np.int64)
    for k in range(ns):  # every sum and house dirty at the root
        lo = tab[tab[SAME] + k]
        work[at + lo * w + (k >> 6)] |= np.int64(1) << (k & 63)
    for k in range(nh):
        work[at + 2 * w + (k >> 6)] |= np.int64(1) << (k & 63)
    root = states[0]
    qt = 0
    for c in range(cells):
        root[c] = start[c]
        if start[c] == 0:
            return 0, 0
        if start[c] & (start[c] - 1) == 0:
            work[qt] = c
            qt += 1
    nodes = 1
    if cap < 1 or not propagate(root, qt, tab, work):
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
        work[at:] = 0
        qt = narrow(child, c, bit, 0, tab, work)
        nodes += 1
        if not propagate(child, qt, tab, work):
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
