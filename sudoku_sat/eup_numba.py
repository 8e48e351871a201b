"""The EUP engine compiled with numba (extra ``fast``): same rules, same search, arrays.

A state is a ``uint64`` array with one candidate mask per cell (bit k-1 for value k), so
any order up to n = 8 (N = 64 values) fits. The rules of seed 001 run to a fixpoint as
in the pure-Python reference :mod:`sudoku_sat.engines.eup`:

- Exclusivité: a queue of cells placed since the last pass; each placed value leaves
  its peers (``peers[c]``), and a peer left with one value joins the queue.
- Unicité: per *dirty* unit (a flag per unit set when one of its cells changed), OR/AND
  accumulations give the values seen once, twice and placed; ``once != full`` is a
  contradiction, ``once & ~twice & ~placed`` are hidden singles, placed at once.
- Parité: when E and U are stuck, naked pairs of the units looked at by U since the last
  Parité remove their two values from the other cells of the unit.

Search: depth-first with an explicit stack of states (one row of a 2-D array per depth,
doubled when full), a branching cell of minimum popcount (the first one with two
candidates ends the scan, as in the reference) and the values left to try as a mask.
Values are tried lowest first, in random order (a seeded numba generator) to fill
grids, or a preferred value first (``prefer[c]``, a mask): the emptying question
"a solution where c differs from S[c]?" prefers S elsewhere. No Python object is
touched inside the loops, and every batch entry takes a 2-D ``int32`` array of puzzles
and returns arrays, so a file is one compiled call.

Popcount and count-trailing-zeros are LLVM intrinsics (``ctpop``/``cttz``). Every mask
constant is a ``uint64`` (``ONE``), since numba turns ``uint64 - int64`` into a float.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from .grid import geometry

ONE = np.uint64(1)
ZERO = np.uint64(0)
FIRST_DEPTHS = 16
"""Rows of the state stack allocated at first; doubled when a search goes deeper."""


def _ctpop(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """The number of set bits of a uint64 (LLVM ctpop)."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


def _cttz(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """The index of the lowest set bit of a non-zero uint64 (LLVM cttz)."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


popcount: Any = intrinsic(_ctpop)
trailing: Any = intrinsic(_cttz)


@cache
def tables(n: int) -> tuple[Any, Any, Any, Any]:
    """units (3N x N), the units of each cell (C x 3), peers (C x P), and the full mask."""
    geo = geometry(n)
    units = np.array(geo.units, dtype=np.int32)
    cell_units = np.array(geo.units_of, dtype=np.int32)
    peers = np.array(geo.peers, dtype=np.int32)
    full = np.uint64((1 << geo.size) - 1)
    for array in (units, cell_units, peers):
        array.setflags(write=False)
    return units, cell_units, peers, full


@njit(cache=True)
def _mark(dirty, cu, c):  # type: ignore[no-untyped-def]
    for t in range(3):
        dirty[cu[c, t]] = 1


@njit(cache=True)
def propagate(st, queue, qt, dirty, changed, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """BouclerRègles on st: queue[:qt] holds the placed cells to propagate, dirty the
    units for Unicité, changed those for Parité. False on a contradiction; on True every
    flag is clear again."""
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
        progress = False
        for u in range(nunits):  # Parité
            if changed[u] == 0:
                continue
            changed[u] = 0
            for a in range(size):
                m = st[units[u, a]]
                if popcount(m) != 2:
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
def search(root, cap, units, cu, peers, full, out, randomize, prefer):  # type: ignore[no-untyped-def]
    """Solutions of the state root (rules not yet applied), up to cap; solution k is copied
    to row k of out while there are rows. root is overwritten."""
    ncells, nunits = root.shape[0], units.shape[0]
    queue = np.empty(ncells, np.int32)
    dirty = np.ones(nunits, np.uint8)
    changed = np.ones(nunits, np.uint8)
    qt = 0
    for c in range(ncells):
        m = root[c]
        if m & (m - ONE) == ZERO:
            queue[qt] = c
            qt += 1
    if cap < 1 or not propagate(root, queue, qt, dirty, changed, units, cu, peers, full):
        return 0
    c = branch_cell(root)
    if c < 0:
        out[0, :] = root
        return 1
    depths = min(FIRST_DEPTHS, ncells + 1)
    states = np.empty((depths, ncells), np.uint64)
    cells = np.empty(depths, np.int64)
    rems = np.empty(depths, np.uint64)
    states[0, :] = root
    cells[0] = c
    rems[0] = root[c]
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
        if not propagate(child, queue, 1, dirty, changed, units, cu, peers, full):
            dirty[:] = 0
            changed[:] = 0
            continue
        nxt = branch_cell(child)
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


@njit(cache=True)
def to_state(grid, full):  # type: ignore[no-untyped-def]
    """Masks of a grid: clues single, blanks full."""
    st = np.empty(grid.shape[0], np.uint64)
    for c in range(grid.shape[0]):
        v = grid[c]
        st[c] = full if v == 0 else ONE << np.uint64(v - 1)
    return st


@njit(cache=True)
def to_grid(st, out):  # type: ignore[no-untyped-def]
    """Values of a solved state into out."""
    for c in range(st.shape[0]):
        out[c] = np.int32(trailing(st[c])) + 1


@njit(cache=True)
def count_batch(puzzles, cap, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Per puzzle (a row of values), min(count, cap) and its first solution (zeros if none)."""
    npuzzles, ncells = puzzles.shape
    counts = np.zeros(npuzzles, np.int64)
    solutions = np.zeros((npuzzles, ncells), np.int32)
    out = np.empty((1, ncells), np.uint64)
    none = np.zeros(ncells, np.uint64)
    for i in range(npuzzles):
        counts[i] = search(
            to_state(puzzles[i], full), cap, units, cu, peers, full, out, False, none
        )
        if counts[i]:
            to_grid(out[0], solutions[i])
    return counts, solutions


@njit(cache=True)
def all_solutions(puzzle, cap, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Every solution of puzzle (at most cap), one row each."""
    ncells = puzzle.shape[0]
    out = np.empty((cap, ncells), np.uint64)
    none = np.zeros(ncells, np.uint64)
    found = search(to_state(puzzle, full), cap, units, cu, peers, full, out, False, none)
    grids = np.zeros((found, ncells), np.int32)
    for k in range(found):
        to_grid(out[k], grids[k])
    return grids


@njit(cache=True)
def differs(puzzle, solution, cell, units, cu, peers, full, out):  # type: ignore[no-untyped-def]
    """1 when puzzle has a solution with cell != solution[cell] (copied to out[0]), else 0."""
    st = to_state(puzzle, full)
    st[cell] &= ~(ONE << np.uint64(solution[cell] - 1))
    if st[cell] == ZERO:
        return 0
    return search(st, 1, units, cu, peers, full, out, False, to_state(solution, full))


@njit(cache=True)
def other_solution(puzzle, solution, cells, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """A solution of puzzle differing from solution at one of cells, or zeros."""
    ncells = puzzle.shape[0]
    out = np.empty((1, ncells), np.uint64)
    grid = np.zeros(ncells, np.int32)
    for k in range(cells.shape[0]):
        if differs(puzzle, solution, cells[k], units, cu, peers, full, out):
            to_grid(out[0], grid)
            break
    return grid


@njit(cache=True)
def random_solution(puzzle, seed, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """A solution of puzzle found with values tried in random order (seeded), or zeros."""
    np.random.seed(seed)
    ncells = puzzle.shape[0]
    out = np.empty((1, ncells), np.uint64)
    grid = np.zeros(ncells, np.int32)
    none = np.zeros(ncells, np.uint64)
    if search(to_state(puzzle, full), 1, units, cu, peers, full, out, True, none):
        to_grid(out[0], grid)
    return grid


@njit(cache=True)
def naked_single(puzzle, cell, peers, full):  # type: ignore[no-untyped-def]
    """True when the clues among cell's peers show every value but one."""
    seen = ZERO
    for k in range(peers.shape[1]):
        v = puzzle[peers[cell, k]]
        if v:
            seen |= ONE << np.uint64(v - 1)
    return popcount(full & ~seen) == ONE


@njit(cache=True)
def greedy_empty(puzzle, solution, orbits, order, singles, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Empty orbits (rows of cells, -1 padded) in the given order while puzzle stays unique.

    Returns the minimal puzzle and, per orbit kept, its witness: a solution of the final
    puzzle minus that orbit (found when the orbit could not go, and still one later, since
    removals only add solutions); rows of zeros for the orbits emptied.
    """
    ncells = puzzle.shape[0]
    current = puzzle.copy()
    out = np.empty((1, ncells), np.uint64)
    witnesses = np.zeros((orbits.shape[0], ncells), np.int32)
    for k in range(order.shape[0]):
        o = order[k]
        filled = 0
        for t in range(orbits.shape[1]):
            c = orbits[o, t]
            if c >= 0 and current[c]:
                current[c] = 0
                filled += 1
        if filled == 0:
            continue
        safe = singles
        for t in range(orbits.shape[1]):
            c = orbits[o, t]
            if safe and c >= 0 and puzzle[c] and not naked_single(current, c, peers, full):
                safe = False
        if safe:
            continue
        for t in range(orbits.shape[1]):
            c = orbits[o, t]
            if c >= 0 and puzzle[c] and differs(current, solution, c, units, cu, peers, full, out):
                to_grid(out[0], witnesses[o])
                for r in range(orbits.shape[1]):
                    if orbits[o, r] >= 0:
                        current[orbits[o, r]] = puzzle[orbits[o, r]]
                break
    return current, witnesses


@njit(cache=True)
def subset_counts(grid, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """For every subset of the cells of a full grid (bit c of the index for cell c), the
    solutions of those clues up to 2. For 4x4 (16 cells): 65,536 searches."""
    ncells = grid.shape[0]
    counts = np.empty(1 << ncells, np.int8)
    puzzle = np.zeros(ncells, np.int32)
    out = np.empty((1, ncells), np.uint64)
    none = np.zeros(ncells, np.uint64)
    for mask in range(1 << ncells):
        for c in range(ncells):
            puzzle[c] = grid[c] if (mask >> c) & 1 else 0
        counts[mask] = search(to_state(puzzle, full), 2, units, cu, peers, full, out, False, none)
    return counts
