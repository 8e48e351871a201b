"""The killer kernel's propagation (:mod:`.killer` searches with it): a state is one
``int64`` mask per cell (bit d-1 for the digit d), narrowed to a fixpoint over the
table ``tab`` (:mod:`.killer_layout`), cheapest first: naked singles through the peers;
then one dirty sum of bounds or digit sets; then, none left, one dirty house's hidden
singles; then one dirty sum of the same digits on both sides; and again. The dirty sums
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
are equal).
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
    CW,
    HM,
    HOUSE,
    HW,
    K_PTR,
    O_PTR,
    P_PTR,
    PB,
    S_PTR,
    S_TOTAL,
    S_W,
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
            free = 0
            one = -1
            two = -1
            three = -1
            for k in range(a, b):
                m = st[tab[k]]
                small = np.int64(lowest(m)) + 1
                big = 64 - leading(m)
                span = max(span, big - small)
                if big > small:
                    free += 1
                    if one < 0:
                        one = k
                    elif two < 0:
                        two = k
                    else:
                        three = k
                if tab[s_w + k] > 0:
                    lo += small
                    hi += big
                else:
                    lo -= big
                    hi -= small
            total = tab[s_total + s]
            if total < lo or total > hi:
                return False
            if free == 2:  # two cells left: each keeps the digits the other completes
                rest = total
                for k in range(a, b):
                    if k != one and k != two:
                        rest -= tab[s_w + k] * (np.int64(lowest(st[tab[k]])) + 1)
                c, e = tab[one], tab[two]
                wc, we = tab[s_w + one], tab[s_w + two]
                apart = (tab[tab[PB] + c * cw + (e >> 6)] >> (e & 63)) & 1
                mc, me = st[c], st[e]
                kc = np.int64(0)
                ke = np.int64(0)
                x = mc
                while x:
                    bit = x & -x
                    x ^= bit
                    d = np.int64(lowest(bit)) + 1
                    y = (rest - wc * d) * we
                    if 1 <= y <= n and (me >> (y - 1)) & 1 and not (apart and y == d):
                        kc |= bit
                        ke |= np.int64(1) << (y - 1)
                if kc == 0:
                    return False
                if kc != mc:
                    qt = narrow(st, c, kc, qt, tab, work)
                if ke != me:
                    qt = narrow(st, e, ke, qt, tab, work)
                continue
            if free == 3:  # three left: each keeps the digits two of the others complete
                rest = total
                for k in range(a, b):
                    if k != one and k != two and k != three:
                        rest -= tab[s_w + k] * (np.int64(lowest(st[tab[k]])) + 1)
                c, e, f = tab[one], tab[two], tab[three]
                wc, we, wf = tab[s_w + one], tab[s_w + two], tab[s_w + three]
                ce = (tab[tab[PB] + c * cw + (e >> 6)] >> (e & 63)) & 1
                cf = (tab[tab[PB] + c * cw + (f >> 6)] >> (f & 63)) & 1
                ef = (tab[tab[PB] + e * cw + (f >> 6)] >> (f & 63)) & 1
                mc, me, mf = st[c], st[e], st[f]
                kc = np.int64(0)
                ke = np.int64(0)
                kf = np.int64(0)
                x = mc
                while x:
                    bit = x & -x
                    x ^= bit
                    d = np.int64(lowest(bit)) + 1
                    y = me
                    while y:
                        ybit = y & -y
                        y ^= ybit
                        g = np.int64(lowest(ybit)) + 1
                        if ce and g == d:
                            continue
                        z = (rest - wc * d - we * g) * wf
                        if z < 1 or z > n or not (mf >> (z - 1)) & 1:
                            continue
                        if (cf and z == d) or (ef and z == g):
                            continue
                        kc |= bit
                        ke |= ybit
                        kf |= np.int64(1) << (z - 1)
                if kc == 0:
                    return False
                if kc != mc:
                    qt = narrow(st, c, kc, qt, tab, work)
                if ke != me:
                    qt = narrow(st, e, ke, qt, tab, work)
                if kf != mf:
                    qt = narrow(st, f, kf, qt, tab, work)
                continue
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
