"""The killer kernel's sums of bounds (:mod:`.killer_propagate` calls :func:`bounds`): a
sum of cells with weights +1 or -1 whose cells may repeat a digit (innies of two rows,
innie-outie differences). With two or three cells left open, each keeps the digits the
others complete (exact, distinct where two cells see each other: sigh's Sum handler
does the same with its tables of pairwise sums); with more, each cell narrows to what
the others' smallest and largest digits leave (skipped when the total is in reach of
every cell's whole range). Measured on the 36 real killers (nodes of the uniqueness
checks): bounds only 174,000; two cells exact 147,000; three 110,000.
"""

from __future__ import annotations

import numpy as np

from ..kernel_cache import njit
from .count9 import lowest
from .killer_layout import CW, PB, S_TOTAL, S_W, N
from .killer_state import leading, narrow


@njit(cache=True, inline="always")
def sees(tab, cw, c, e):  # type: ignore[no-untyped-def]
    """1 when the cells c and e see each other (their digits differ), else 0."""
    return (tab[tab[PB] + c * cw + (e >> 6)] >> (e & 63)) & 1


@njit(cache=True, inline="always")
def settle(st, c, m, qt, tab, work):  # type: ignore[no-untyped-def]
    """The cell c narrowed to m (a subset of its candidates, not empty) when that is
    fewer; the queue's new tail."""
    return narrow(st, c, m, qt, tab, work) if m != st[c] else qt


@njit(cache=True, inline="always")
def bounds(st, s, a, b, qt, tab, work):  # type: ignore[no-untyped-def]
    """The sum s (its cells tab[a:b]) on st: (False, qt) on a contradiction, else (True,
    qt), qt the new tail of the queue of placed cells."""
    n, cw = tab[N], tab[CW]
    s_w, s_total = tab[S_W], tab[S_TOTAL]
    lo = 0
    hi = 0
    span = 0
    free = 0
    fixed = 0  # the placed cells' part of the total
    one = -1
    two = -1
    three = -1
    for k in range(a, b):
        m = st[tab[k]]
        small = np.int64(lowest(m)) + 1
        big = 64 - leading(m)
        span = max(span, big - small)
        if big == small:
            fixed += tab[s_w + k] * small
        else:
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
        return False, qt
    rest = total - fixed
    if free == 2:  # two cells left: each keeps the digits the other completes
        c, e = tab[one], tab[two]
        wc, we = tab[s_w + one], tab[s_w + two]
        apart = sees(tab, cw, c, e)
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
            return False, qt
        return True, settle(st, e, ke, settle(st, c, kc, qt, tab, work), tab, work)
    if free == 3:  # three left: each keeps the digits two of the others complete
        c, e, f = tab[one], tab[two], tab[three]
        wc, we, wf = tab[s_w + one], tab[s_w + two], tab[s_w + three]
        ce, cf, ef = sees(tab, cw, c, e), sees(tab, cw, c, f), sees(tab, cw, e, f)
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
            return False, qt
        qt = settle(st, c, kc, settle(st, e, ke, qt, tab, work), tab, work)
        return True, settle(st, f, kf, qt, tab, work)
    if total - lo >= span and hi - total >= span:  # no cell's ends move
        return True, qt
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
                return False, qt
            qt = narrow(st, c, keep, qt, tab, work)
    return True, qt
