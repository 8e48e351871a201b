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

import numpy as np

from ..kernel_cache import njit
from .count9 import popcount
from .killer_layout import CW, HOUSES, HW, SAME, SUMS, W
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
