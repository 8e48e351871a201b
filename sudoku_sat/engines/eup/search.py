"""The rules of seed 001 and the depth-first search of the compiled EUP engine.

The rules run to a fixpoint as in the pure-Python reference :mod:`sudoku_sat.engines.eup.reference`:

- Exclusivité: a queue of cells placed since the last pass; each placed value leaves
  its peers (``peers[c]``), and a peer left with one value joins the queue.
- Unicité: per *dirty* unit (a flag per unit set when one of its cells changed), OR/AND
  accumulations give the values seen once, twice and placed; ``once != full`` is a
  contradiction, ``once & ~twice & ~placed`` are hidden singles, placed at once.
- Parité: when E and U are stuck, naked pairs of the units looked at by U since the last
  Parité remove their two values from the other cells of the unit.

Search: depth-first with an explicit stack of states (one row of a 2-D array per depth,
doubled when full), a branching cell of minimum popcount and the values left to try as a
mask. Which cell of minimum popcount: when counting (no preferred solution, no random
fill), the one whose values its peers share most, a peer with two candidates counting
three times (:func:`branch_cell_scored`): placing either value removes the most
candidates, and the trees shrink (nodes per uniqueness check on the samples of
benchmarks/bench_eup.py: forum-hardest 1106 568.0 down to 265.0, 1905 267.9 to 144.4,
17-clue 6.22 to 4.31; the score costs about 0.4 µs per node). A random fill and the
emptying question (a preferred solution) look for one solution and keep the first
cell of minimum popcount, as in the reference (:func:`branch_cell`; scored, the greedy
emptying pass ran 8-10 % slower, and the fills would draw other grids from a seed).
Before the first :func:`propagate`, :func:`settle_root` applies Exclusivité of the
root's placed cells in one sweep over the units. With both, the count kernel ran 1.53x
faster on 1106, 1.38x on 1905 and 1.20x on 17-clue, side by side with the kernel
before them (best of 9, 2026-11-23).
Counting at 9x9 runs without Parité: its scans of every changed unit cost more there than
the nodes they save (1,000 puzzles, cap 2, best of 5 CPU, alternated with the kernel
before in one run, 2026-11-25: forum-hardest 1905 4,588-4,685 -> 5,605-5,683 puzzles/s,
1106 2,655-2,658 -> 3,165-3,236/s, 17-clue unchanged at 87-89 k/s). Fills, the emptying
question and other orders keep it, so a seed draws the same grids as before. Locked
candidates (pointing and claiming over the 54 box-line segments when the rules are
stuck) were tried on the count search too and cost more than they saved (forum-hardest
1905: 4,398-4,629/s against 4,754-4,897/s), so they are not here.
Values are tried lowest first, in random order (a seeded numba generator) to fill
grids, or a preferred value first (``prefer[c]``, a mask): the emptying question
"a solution where c differs from S[c]?" prefers S elsewhere. No Python object is
touched inside the loops.
"""

from __future__ import annotations

import numpy as np

from ...kernel_cache import njit
from .bits import ONE, ZERO, popcount

TWO = np.uint64(2)
FIRST_DEPTHS = 16
"""Rows of the state stack allocated at first; doubled when a search goes deeper."""


@njit(cache=True)
def _mark(dirty, cu, c):  # type: ignore[no-untyped-def]
    for t in range(3):
        dirty[cu[c, t]] = 1


@njit(cache=True)
def propagate(st, queue, qt, dirty, changed, units, cu, peers, full, pairs=True):  # type: ignore[no-untyped-def]
    """BouclerRègles on st: queue[:qt] holds the placed cells to propagate, dirty the
    units for Unicité, changed those for Parité (skipped when not pairs). False on a
    contradiction; on True every flag is clear again."""
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
                        return False
                    st[p] = pm
                    _mark(dirty, cu, p)
                    if pm & (pm - ONE) == ZERO:
                        queue[qt] = p
                        qt += 1
        for u in range(nunits):  # Unicité
            if dirty[u] == 0:
                continue
            dirty[u] = 0
            changed[u] = 1
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
                return False
            alone = once & ~twice & ~placed
            if alone:
                for k in range(size):
                    c = units[u, k]
                    x = st[c] & alone
                    if x:
                        if x & (x - ONE):
                            return False
                        st[c] = x
                        queue[qt] = c
                        qt += 1
                        _mark(dirty, cu, c)
        if qh < qt:
            continue
        if not pairs:
            changed[:] = 0
            return True
        progress = False
        for u in range(nunits):  # Parité
            if changed[u] == 0:
                continue
            changed[u] = 0
            for a in range(size):
                m = st[units[u, a]]
                if popcount(m) != TWO:
                    continue
                for b in range(a + 1, size):
                    if st[units[u, b]] != m:
                        continue
                    for k in range(size):
                        c = units[u, k]
                        x = st[c]
                        if k == a or k == b or not x & m:  # noqa: SIM109 (numba)
                            continue
                        if x == m:
                            return False
                        x &= ~m
                        st[c] = x
                        progress = True
                        _mark(dirty, cu, c)
                        if x & (x - ONE) == ZERO:
                            queue[qt] = c
                            qt += 1
                    break
        if not progress:
            return True


@njit(cache=True)
def branch_cell(st):  # type: ignore[no-untyped-def]
    """An open cell of minimum popcount (the first with two ends the scan), or -1."""
    best = -1
    fewest = ONE << np.uint64(32)
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE):
            k = popcount(m)
            if k < fewest:
                best = c
                fewest = k
                if k == np.uint64(2):
                    break
    return best


@njit(cache=True)
def branch_cell_scored(st, peers):  # type: ignore[no-untyped-def]
    """An open cell of minimum popcount, or -1; among those, the one with the most peers
    sharing one of its values, a peer with two candidates counting three times (ties: the
    first). Placing either value of that cell then removes the most candidates."""
    ncells, npeers = st.shape[0], peers.shape[1]
    start = branch_cell(st)  # the first cell of minimum popcount
    if start < 0:
        return -1
    fewest = popcount(st[start])
    best = -1
    score = -1
    for c in range(start, ncells):
        m = st[c]
        if popcount(m) != fewest:
            continue
        s = 0
        for k in range(npeers):
            x = st[peers[c, k]]
            if x & m:
                s += 3 if popcount(x) == TWO else 1
        if s > score:
            best = c
            score = s
    return best


@njit(cache=True)
def _branch(st, peers, simple):  # type: ignore[no-untyped-def]
    """The branching cell: the first of minimum popcount when simple (a random fill or a
    search for a solution near a preferred one), else the scored one (counting)."""
    return branch_cell(st) if simple else branch_cell_scored(st, peers)


@njit(cache=True)
def pick(rem, randomize, prefer):  # type: ignore[no-untyped-def]
    """The value to try next from the mask rem: the preferred one, a random one, or the lowest."""
    if rem & prefer:
        return rem & prefer
    if randomize:
        k = np.random.randint(0, popcount(rem))
        for _ in range(k):
            rem &= rem - ONE
    return rem & (~rem + ONE)


@njit(cache=True)
def settle_root(st, queue, units, cu):  # type: ignore[no-untyped-def]
    """Exclusivité of the cells st places, in one sweep: per unit the mask of its placed
    values, then every open cell loses those of its units (3 ORs per cell, where the
    queue would visit every peer of every clue). The cells this places go to queue for
    :func:`propagate`; returns their number, or -1 on a contradiction (a cell without
    a value, or a value placed twice in a unit). The fixpoint reached is the same."""
    nunits, size = units.shape
    placed = np.empty(nunits, np.uint64)
    for u in range(nunits):
        seen = ZERO
        for k in range(size):
            m = st[units[u, k]]
            if m & (m - ONE) == ZERO:
                if m == ZERO or seen & m:
                    return -1
                seen |= m
        placed[u] = seen
    qt = 0
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE):
            m &= ~(placed[cu[c, 0]] | placed[cu[c, 1]] | placed[cu[c, 2]])
            if m == ZERO:
                return -1
            st[c] = m
            if m & (m - ONE) == ZERO:
                queue[qt] = c
                qt += 1
    return qt


@njit(cache=True)
def search(root, cap, units, cu, peers, full, out, randomize, prefer):  # type: ignore[no-untyped-def]
    """Solutions of the state root (rules not yet applied), up to cap; solution k is copied
    to row k of out while there are rows. root is overwritten."""
    ncells, nunits = root.shape[0], units.shape[0]
    queue = np.empty(ncells, np.int32)
    dirty = np.ones(nunits, np.uint8)
    changed = np.ones(nunits, np.uint8)
    simple = randomize or prefer.any()
    pairs = simple or ncells != 81  # counting at 9x9: no Parité (see the module's text)
    qt = settle_root(root, queue, units, cu)
    if cap < 1 or qt < 0:
        return 0
    if not propagate(root, queue, qt, dirty, changed, units, cu, peers, full, pairs):
        return 0
    c = _branch(root, peers, simple)
    if c < 0:
        out[0, :] = root
        return 1
    depths = min(FIRST_DEPTHS, ncells + 1)
    states, cells, rems = stack(root, c, depths)
    depth = 0
    count = 0
    while depth >= 0:
        rem = rems[depth]
        if rem == ZERO:
            depth -= 1
            continue
        c = cells[depth]
        bit = pick(rem, randomize, prefer[c])
        rems[depth] = rem ^ bit
        if depth + 1 == depths:
            states, cells, rems = _deeper(states, cells, rems)
            depths *= 2
        child = states[depth + 1]
        child[:] = states[depth]
        child[c] = bit
        queue[0] = c
        _mark(dirty, cu, c)
        _mark(changed, cu, c)
        if not propagate(child, queue, 1, dirty, changed, units, cu, peers, full, pairs):
            dirty[:] = 0
            changed[:] = 0
            continue
        nxt = _branch(child, peers, simple)
        if nxt < 0:
            if count < out.shape[0]:
                out[count, :] = child
            count += 1
            if count >= cap:
                break
            continue
        depth += 1
        cells[depth] = nxt
        rems[depth] = child[nxt]
    return count


@njit(cache=True)
def stack(root, c, depths):  # type: ignore[no-untyped-def]
    """A search stack of depths rows whose first holds root, branching on cell c."""
    states = np.empty((depths, root.shape[0]), np.uint64)
    cells = np.empty(depths, np.int64)
    rems = np.empty(depths, np.uint64)
    states[0, :] = root
    cells[0] = c
    rems[0] = root[c]
    return states, cells, rems


@njit(cache=True)
def _deeper(states, cells, rems):  # type: ignore[no-untyped-def]
    """The search stack with twice the rows."""
    depths = states.shape[0]
    bigger = np.empty((2 * depths, states.shape[1]), np.uint64)
    bigger[:depths] = states
    more_cells = np.empty(2 * depths, np.int64)
    more_cells[:depths] = cells
    more_rems = np.empty(2 * depths, np.uint64)
    more_rems[:depths] = rems
    return bigger, more_cells, more_rems
