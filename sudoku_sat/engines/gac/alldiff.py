"""Generalized arc consistency on the all-different units, over the compiled EUP bitmasks.

A unit of a Sudoku of order n is N = n^2 cells taking N values, all different: a
permutation. Régin's filter (AAAI 1994) keeps exactly the values of a cell that appear in
some complete assignment of the unit: find a maximum matching cells <-> values; if it
does not cover every cell the unit has no assignment (a conflict); else an edge
(cell c, value v) not in the matching lies on some perfect matching iff it lies on an
alternating cycle, i.e. iff c and the cell matched to v are in the same strongly
connected component of the graph on cells with an arc c -> d when the value matched
to d is a candidate of c. (With as many values as cells, every value is matched: the
other case of Régin's rule, even alternating paths from a free value, cannot occur.)
So a cell keeps the values matched inside its component.

Representation (one unit at a time, N <= 64, so one ``uint64`` per set): the candidate
masks of the unit's cells ``d[k]``; the matching as ``cellval[k]`` / ``valcell[v]``; the
cell graph as bitmasks ``adj[k]`` (successors) and ``vcells[v]`` (cells having v; the
predecessors of the cell matched to v). The matching is found by augmenting paths
(breadth first, the frontier of values seen as one mask) from the last matching of the
unit (``hint[u]``, kept across calls and never restored: it is only a start, each of its
edges is checked against the masks). Components: forward and backward reach of one
open cell inside the cells left, by bitmask sweeps; their intersection is its
component, removed, and so on. Placed cells are their own components and are left out.

:func:`gac_propagate` runs the rules E and U of :func:`.eup_search.propagate` (Parité is
subsumed) to their fixpoint, then GAC on every unit changed since its last filter, and
back, until nothing changes; on a contradiction it returns the unit to blame (for
dom/wdeg weights, :mod:`.restarts`).
"""

from __future__ import annotations

import numpy as np

from ...kernel_cache import njit
from ..eup.bits import ONE, ZERO, singles, to_state, trailing

OK = -1
"""What :func:`gac_propagate` returns at a fixpoint (a unit number on a contradiction)."""


@njit(cache=True)
def scratch(size):  # type: ignore[no-untyped-def]
    """Work arrays of :func:`gac_unit` for units of size cells: (ints 4 x size, masks
    3 x size, changed cells)."""
    return np.empty((4, size), np.int64), np.empty((3, size), np.uint64), np.empty(size, np.int64)


@njit(cache=True)
def _augment(d, k0, free, cellval, valcell, pcell, todo):  # type: ignore[no-untyped-def]
    """An augmenting path from the unmatched cell k0, applied: the free value it ends on,
    or -1 when there is none (breadth first over cells, values seen kept as one mask)."""
    seen = ZERO
    todo[0] = k0
    head, tail = 0, 1
    while head < tail:
        k = todo[head]
        head += 1
        nv = d[k] & ~seen
        seen |= nv
        end = nv & free
        if end:
            v = np.int64(trailing(end))
            pcell[v] = k
            last = v
            while True:  # flip the path back to k0
                k = pcell[v]
                old = cellval[k]
                cellval[k] = v
                valcell[v] = k
                if k == k0:
                    return last
                v = old
        while nv:
            bit = nv & (~nv + ONE)
            nv ^= bit
            v = np.int64(trailing(bit))
            pcell[v] = k
            todo[tail] = valcell[v]
            tail += 1
    return -1


@njit(cache=True)
def _match(st, u, units, hint, wi, d):  # type: ignore[no-untyped-def]
    """A matching of unit u covering every cell into wi[0] (cellval) and wi[1] (valcell),
    saved as hint[u]; False when none exists. Fills d with the unit's masks."""
    size = units.shape[1]
    cellval, valcell, pcell, todo = wi[0], wi[1], wi[2], wi[3]
    for k in range(size):
        cellval[k] = -1
        valcell[k] = -1
    for k in range(size):
        m = st[units[u, k]]
        d[k] = m
        if m & (m - ONE) == ZERO:  # placed (or empty): its only value
            if m == ZERO:
                return False
            v = np.int64(trailing(m))
            if valcell[v] >= 0:
                return False
            cellval[k] = v
            valcell[v] = k
    for v in range(size):  # the unit's last matching, where still valid
        k = hint[u, v]
        if valcell[v] < 0 and k >= 0 and cellval[k] < 0 and d[k] >> np.uint64(v) & ONE:
            cellval[k] = v
            valcell[v] = k
    free = ZERO
    for v in range(size):
        if valcell[v] < 0:
            free |= ONE << np.uint64(v)
    for k in range(size):
        if cellval[k] >= 0:
            continue
        v = _augment(d, k, free, cellval, valcell, pcell, todo)
        if v < 0:
            return False
        free ^= ONE << np.uint64(v)
    for v in range(size):
        hint[u, v] = valcell[v]
    return True


@njit(cache=True)
def _reach(k, adj, vcells, cellval, within, backward):  # type: ignore[no-untyped-def]
    """Cells of within reachable from cell k (backward: reaching k) in the cell graph."""
    seen = ONE << np.uint64(k)
    frontier = seen
    while frontier:
        bit = frontier & (~frontier + ONE)
        frontier ^= bit
        j = np.int64(trailing(bit))
        nxt = vcells[cellval[j]] if backward else adj[j]
        nxt &= within & ~seen
        seen |= nxt
        frontier |= nxt
    return seen


@njit(cache=True)
def gac_unit(st, u, units, hint, wi, wu, hit):  # type: ignore[no-untyped-def]
    """Régin's filter on unit u of st: removes every value of a cell that no complete
    assignment of the unit gives it. Returns the number of cells changed (listed in hit),
    or -1 when the unit has no complete assignment."""
    size = units.shape[1]
    d, adj, vcells = wu[0], wu[1], wu[2]
    if not _match(st, u, units, hint, wi, d):
        return -1
    cellval, valcell = wi[0], wi[1]
    opened = ZERO
    for v in range(size):
        vcells[v] = ZERO
    for k in range(size):
        m = d[k]
        if m & (m - ONE) == ZERO:
            continue
        kbit = ONE << np.uint64(k)
        opened |= kbit
        a = ZERO
        while m:
            bit = m & (~m + ONE)
            m ^= bit
            v = np.int64(trailing(bit))
            vcells[v] |= kbit
            a |= ONE << np.uint64(valcell[v])
        adj[k] = a
    left = opened
    nhit = 0
    while left:
        k = np.int64(trailing(left))
        comp = _reach(k, adj, vcells, cellval, left, False)
        comp &= _reach(k, adj, vcells, cellval, left, True)
        left &= ~comp
        values = ZERO
        rest = comp
        while rest:
            bit = rest & (~rest + ONE)
            rest ^= bit
            values |= ONE << np.uint64(cellval[np.int64(trailing(bit))])
        while comp:
            bit = comp & (~comp + ONE)
            comp ^= bit
            j = np.int64(trailing(bit))
            if d[j] & ~values:
                c = units[u, j]
                st[c] = d[j] & values
                hit[nhit] = c
                nhit += 1
    return nhit


@njit(cache=True)
def _mark2(dirty, gdirty, cu, c):  # type: ignore[no-untyped-def]
    for t in range(3):
        dirty[cu[c, t]] = 1
        gdirty[cu[c, t]] = 1


@njit(cache=True)
def _blame(dirty, gdirty, u):  # type: ignore[no-untyped-def]
    """The contradiction of unit u: every flag cleared, u returned."""
    dirty[:] = 0
    gdirty[:] = 0
    return u


@njit(cache=True)
def _shared(cu, c, p):  # type: ignore[no-untyped-def]
    """A unit holding both peers c and p (row, column or block, in that order)."""
    for t in range(3):
        if cu[c, t] == cu[p, t]:
            return cu[c, t]
    return cu[c, 0]


@njit(cache=True)
def gac_propagate(st, queue, qt, dirty, gdirty, units, cu, peers, full, hint, work):  # type: ignore[no-untyped-def]
    """E and U (as :func:`.eup_search.propagate`) and GAC on each unit flagged in gdirty,
    to a fixpoint: queue[:qt] holds placed cells to propagate, dirty the units for U.
    Returns OK (-1) with every flag clear, or the unit whose rule failed (flags cleared)."""
    wi, wu, hit = work
    nunits, size, npeers = units.shape[0], units.shape[1], peers.shape[1]
    qh = 0
    while True:
        while qh < qt:  # Exclusivité
            c = queue[qh]
            qh += 1
            m = st[c]
            for k in range(npeers):
                p = peers[c, k]
                pm = st[p]
                if pm & m:
                    pm &= ~m
                    if pm == ZERO:
                        return _blame(dirty, gdirty, _shared(cu, c, p))
                    st[p] = pm
                    _mark2(dirty, gdirty, cu, p)
                    if pm & (pm - ONE) == ZERO:
                        queue[qt] = p
                        qt += 1
        for u in range(nunits):  # Unicité
            if dirty[u] == 0:
                continue
            dirty[u] = 0
            once = ZERO
            twice = ZERO
            placed = ZERO
            for k in range(size):
                m = st[units[u, k]]
                twice |= once & m
                once |= m
                if m & (m - ONE) == ZERO:
                    placed |= m
            if once != full:
                return _blame(dirty, gdirty, u)
            alone = once & ~twice & ~placed
            if alone:
                for k in range(size):
                    c = units[u, k]
                    x = st[c] & alone
                    if x:
                        if x & (x - ONE):
                            return _blame(dirty, gdirty, u)
                        st[c] = x
                        queue[qt] = c
                        qt += 1
                        _mark2(dirty, gdirty, cu, c)
        if qh < qt:
            continue
        progress = False
        for u in range(nunits):  # GAC, unit by unit
            if gdirty[u] == 0:
                continue
            gdirty[u] = 0
            changed = gac_unit(st, u, units, hint, wi, wu, hit)
            if changed < 0:
                return _blame(dirty, gdirty, u)
            for i in range(changed):
                c = hit[i]
                m = st[c]
                _mark2(dirty, gdirty, cu, c)
                if m & (m - ONE) == ZERO:
                    queue[qt] = c
                    qt += 1
            if changed:
                gdirty[u] = 0  # the filter is idempotent: u is at its fixpoint
                progress = True
        if not progress:
            return OK


@njit(cache=True)
def gac_root(puzzle, units, cu, peers, full, hint):  # type: ignore[no-untyped-def]
    """The puzzle's masks after E, U and GAC, and OK or the unit of a contradiction."""
    st = to_state(puzzle, full)
    queue, qt = singles(st)
    dirty = np.ones(units.shape[0], np.uint8)
    gdirty = np.ones(units.shape[0], np.uint8)
    work = scratch(units.shape[1])
    return st, gac_propagate(st, queue, qt, dirty, gdirty, units, cu, peers, full, hint, work)
