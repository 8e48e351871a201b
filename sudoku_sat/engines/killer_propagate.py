"""The killer kernel's propagation (:mod:`.killer` searches with it): a state is one
``int64`` mask per cell (bit d-1 for the digit d), narrowed to a fixpoint over the
table ``tab`` (:mod:`.killer_layout`), cheapest first: naked singles through the peers;
then one dirty sum of bounds or digit sets; then, none left, one dirty house's hidden
singles (and, with none, :func:`held`); then one dirty sum of the same digits on both
sides; and again. Both kernels here are compiled without numba's reference counts
(``_nrt=False``: they allocate nothing; the counts of the arrays passed to the inlined
helpers were 12-16 % of the samples of a search, perf on the ahead-of-time build). The dirty sums
and houses are bit sets (a change marks a cell's sums by a few word ORs, :func:`narrow`;
a loop over its sums and their flags took a third more time a node).

A sum of combos keeps the sets that hold every placed digit of its cells, whose digits
its cells' candidates cover and that meet every cell's candidates; each cell keeps their
union; a digit in every set with one place left goes there; and a digit in every set
leaves the cells that see all of the sum's cells that may hold it (the cells' peers are
bit sets too). sigh's Sum handler reasons the same way but for the last step, which it
does only for the cells that see the whole sum; the SAT encoding states the sets as
clauses (``sums.cage_combos``). A sum of bounds narrows each cell to what the others'
smallest and largest digits leave (skipped when its total is in reach of every cell's
whole range). One of the same digits on both sides (a box and a line beside their
intersection) narrows each side to the other's candidates (skipped when the two unions
are equal). A sum of digit sets that meets a house in 2 to N-1 cells holds every digit
the house's other cells cannot hold (its sets without one go): 110,246 -> 80,895 nodes
on the 36 real killers; only a cage's own group of cells: 81,009.
"""

from __future__ import annotations

import numpy as np

from ..kernel_cache import njit
from .count9 import lowest
from .killer_bounds import bounds
from .killer_layout import CELLS, CW, H_SUMS, HOUSE, HW, K_PTR, O_PTR, P_PTR, PB, S_PTR, S_W, N, W
from .killer_state import narrow, pop_bit


@njit(cache=True, _nrt=False)
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
    k_ptr, o_ptr = tab[K_PTR], tab[O_PTR]
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
                fit, must, placed, qt = keep_sets(
                    st, a, b, j0, j1, np.int64(0), full, qt, tab, work
                )
                if fit == 0:
                    return False
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
            ok, qt = bounds(st, s, a, b, qt, tab, work)
            if not ok:
                return False
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
            ok, qt = held(st, h, placed, qt, tab, work)
            if not ok:
                return False
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


@njit(cache=True, _nrt=False)
def held(st, h, placed, qt, tab, work):  # type: ignore[no-untyped-def]
    """The house h: a sum of digit sets holds every digit the house's other cells cannot
    (its sets without them go). (False, qt) on a contradiction, else (True, qt)."""
    n = tab[N]
    full = (np.int64(1) << n) - 1
    row = tab[HOUSE] + h * n
    s_ptr, k_ptr, h_sums = tab[S_PTR], tab[K_PTR], tab[H_SUMS]
    for i in range(tab[h_sums + h], tab[h_sums + h + 1], 2):
        s, mine = tab[i], tab[i + 1]
        outside = np.int64(0)
        for k in range(n):
            if not (mine >> k) & 1:
                outside |= st[tab[row + k]]
        need = full & ~outside
        if need & ~placed == 0:
            continue
        a, b = tab[s_ptr + s], tab[s_ptr + s + 1]
        j0, j1 = tab[k_ptr + s], tab[k_ptr + s + 1]
        fit, _, _, qt = keep_sets(st, a, b, j0, j1, need, full, qt, tab, work)
        if fit == 0:
            return False, qt
    return True, qt


@njit(cache=True, _nrt=False, inline="always")
def keep_sets(st, a, b, j0, j1, need, full, qt, tab, work):  # type: ignore[no-untyped-def]
    """The digit sets tab[j0:j1] of the sum over the cells tab[a:b] that hold need and
    every digit placed in its cells, lie within their candidates and meet each cell's:
    (their union, the digits in all of them, the placed digits, qt), each cell narrowed
    to the union (left as it is when no set fits: the union 0 is a contradiction). The
    one place a sum's sets are kept, for :func:`propagate` and :func:`held` (inlined: the
    36 real killers 0.55 s of kernel CPU against 0.51-0.75 s with the loop written twice,
    the same 78,388 nodes; 0.58 s not inlined)."""
    placed = np.int64(0)
    union = np.int64(0)
    for k in range(a, b):
        m = st[tab[k]]
        union |= m
        if m & (m - 1) == 0:
            placed |= m
    need |= placed
    fit = np.int64(0)
    must = full
    for j in range(j0, j1):
        m = tab[j]
        if m & need != need or union & m != m:
            continue
        ok = True
        for k in range(a, b):
            if st[tab[k]] & m == 0:
                ok = False
                break
        if ok:
            fit |= m
            must &= m
    if fit:
        for k in range(a, b):
            c = tab[k]
            m = st[c]
            if m & ~fit:
                qt = narrow(st, c, m & fit, qt, tab, work)
    return fit, must, placed, qt
