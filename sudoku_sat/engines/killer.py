"""The killer kernel: a compiled counting search for N x N grids of houses and sums.

What it reads is plain data (:class:`sudoku_sat.variants.killer_search.Tables` builds it
from a puzzle, :mod:`.killer_layout` says where each part sits): the cells' peers (rows,
columns, regions and cage-mates: all different), the houses (hidden singles), and the
sums. A sum is a list of cells with weights +1 or -1 and a total; one whose cells all
differ (a cage, an implied innie sum inside one house) also carries its digit sets as
bitmasks (the *combos*); the others (innies of two rows, innie-outie differences) are
sums of bounds (:mod:`.killer_bounds`), and the box-line intersections are sums of the
same digits on both sides. A state is one ``int64`` mask per cell (bit d-1 for the digit
d, :mod:`.killer_state`), a stack row per level of the search; :mod:`.killer_propagate`
narrows it to a fixpoint. Branching: sigh's conflict scores (:func:`branch_cell`),
digits lowest first, but a cell of three candidates or more with a digit of two places
in one of its houses splits in two, that digit and the rest (:func:`split`). Counting
stops at the cap (2 answers uniqueness); the first solutions are kept.

What ``auto`` runs on a killer since issue 40 (``variants/killer_search.py`` routes and
builds the tables). On the 36 real killers of ``benchmarks/data/killers.jsonl``
(``bench_killers.py``, CPU in one process): 265,000 nodes and 3.1 s at the start of
2026-12-03's second session, 110,000 nodes and 1.2-1.5 s after it; the hardest, "Wecoc
#1 [mod A]", 82,000 nodes and 1.0-1.4 s, then 38,000 and 0.4-0.55 s (sigh: 82,000
values tried, 0.57 s). The steps, each measured on the 36 (docs/variants.md, "Killers
against sigh"): the dirty sums and houses as bit sets, not rings of flags (a third less
a node); the sums of the same digits looked at last, after the houses; skipping a sum of
bounds whose total is in reach of every cell's range, and a sum of the same digits whose
two unions are equal; a digit a cage must hold leaving the cells that see all of its
cells that may hold it (265,000 -> 174,000 nodes); sums of bounds exact on two and three
open cells (174,000 -> 110,000). 2026-12-04: a digit whose places in a house all lie
in one sum of digit sets is that sum's (``killer_propagate.held``: 110,246 -> 80,895
nodes; "Wecoc #1 [mod A]" 38,266 -> 22,270); the split on a digit of two places (->
78,388 and 20,183; always splitting off the lowest digit instead: 95,707); propagate
compiled without reference counts (they were 12-16 % of its samples); the 36 in one
process 0.69-0.71 -> 0.56-0.58 s of kernel CPU, alternated runs at load 3.

Roads measured and not kept: a digit with two places in a house leaving the cells that
see both (174,000 -> 163,000 nodes, no faster); cages exact on two and three open cells
too (110,000 -> 102,000 nodes, slower; again on 2026-12-04, 78,388 -> 72,073 nodes and
0.56-0.58 -> 0.67-0.70 s); other branching scores (fewest candidates first, or scores
per candidate squared: 1.4 to 3 times the nodes; a cell with a digit of two places
counted as two candidates: 96,194 nodes); failed-literal probing at the root (no node
fewer below it); naked pairs in the houses (80,311 nodes against 80,895, slower). Left to try: a
matching per combo, implied sums found during the search, and a cheaper three-cell step
(sigh's tables of pairwise sums).
"""

from __future__ import annotations

import numpy as np

from ..kernel_cache import njit
from .count9 import lowest, popcount
from .killer_layout import CW, HM, HOUSE, HOUSES, HW, SAME, SUMS, N, W
from .killer_propagate import propagate
from .killer_state import narrow

DECAY = 1 << 14
"""Failed guesses between two halvings of the conflict scores (sigh's)."""


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
def split(st, c, tab):  # type: ignore[no-untyped-def]
    """A candidate of the cell c (a bit) with two places in one of its houses, when c
    has three candidates or more; else 0."""
    m = st[c]
    if popcount(m) < 3:
        return 0
    n, hw = tab[N], tab[HW]
    mine = tab[HM] + c * hw
    for j in range(hw):
        x = tab[mine + j]
        while x:
            h = j * 64 + np.int64(lowest(x))
            x &= x - 1
            row = tab[HOUSE] + h * n
            once = np.int64(0)
            twice = np.int64(0)
            thrice = np.int64(0)
            for k in range(n):
                v = st[tab[row + k]]
                thrice |= twice & v
                twice |= once & v
                once |= v
            two = m & twice & ~thrice
            if two:
                return two & -two
    return 0


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
    rests = np.zeros(cells + 1, np.int64)
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
        c = branch[depth]
        if rem == 0:
            bit = rests[depth]
            if bit == 0:
                depth -= 1
                continue
            rests[depth] = 0
        else:
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
        d = split(child, nxt, tab)
        if d:
            rems[depth] = d
            rests[depth] = child[nxt] & ~d
        else:
            rems[depth] = child[nxt]
            rests[depth] = 0
    return found, nodes
