"""The in-house EUP engine: candidate bitmasks, three rules, backtracking (seed 001).

Representation. A state is a list of N*N ints, one *candidate mask* per cell: bit k-1
is set while value k is still allowed there (the course's characteristic vector G[c]).
A cell is *placed* when its mask has a single bit (``m & (m - 1) == 0``); an empty
mask is a contradiction. Popcounts use ``int.bit_count``.

Rules, looped until nothing changes (the course's BouclerRègles):

- Exclusivité: a placed value leaves every peer. Driven by a queue of cells placed
  since the last pass, so each placement is propagated exactly once.
- Unicité: per unit, two OR/AND accumulations give the values seen at least once
  (``once``) and at least twice (``twice``); ``once & ~twice`` are the values with a
  single place, which go there. ``once != full`` means a value has no place in the
  unit: a contradiction. So does a cell asked to hold two such values.
- Parité: two cells of a unit with the same two-value mask (a naked pair) remove those
  two values from the other cells of the unit. Run only when the first two rules are
  stuck, since it finds nothing most of the time.

Search. When the rules are stuck, branch on an open cell of minimum popcount, trying
each of its values on a copy of the state (copying N*N ints is cheaper in Python than
an undo trail, and restoring is just dropping the copy). Counting stops at a cap:
cap 2 settles uniqueness.

Roads not taken: a trail of (cell, old mask) undo records (more Python work per change
than one list copy per branch); numpy arrays (slow element access for this scalar
work); dancing links (fast, but not the course's algorithm and no rules to show).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import cache

from .errors import GridError
from .grid import Grid, geometry
from .solvers import SolveResult

State = list[int]
"""One candidate mask per cell, bit k-1 for value k."""


@dataclass(frozen=True)
class Tables:
    """Everything the rules read, precomputed per order as plain tuples of ints."""

    n: int
    size: int
    full: int
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]


@cache
def tables(n: int) -> Tables:
    """The tables of order n, built once."""
    geo = geometry(n)
    return Tables(n, geo.size, (1 << geo.size) - 1, geo.peers, geo.units)


def check_grid(grid: Grid, n: int) -> None:
    """Raise GridError unless grid has N**4 cells valued 0..N."""
    size = n * n
    if len(grid) != size * size:
        raise GridError(f"a grid of order {n} has {size * size} cells, got {len(grid)}")
    if any(not 0 <= v <= size for v in grid):
        raise GridError(f"grid values must lie in 0..{size}")


def initial_state(grid: Grid, n: int) -> tuple[State, list[int]]:
    """The masks before any rule (clues single, blanks full) and the clue cells to propagate."""
    check_grid(grid, n)
    full = (1 << (n * n)) - 1
    state = [1 << (v - 1) if v else full for v in grid]
    return state, [c for c, v in enumerate(grid) if v]


def exclusivite(state: State, queue: list[int], peers: tuple[tuple[int, ...], ...]) -> bool:
    """Remove each queued placed value from its peers; False on an emptied cell."""
    while queue:
        c = queue.pop()
        m = state[c]
        keep = ~m
        for p in peers[c]:
            pm = state[p]
            if pm & m:
                pm &= keep
                if not pm:
                    return False
                state[p] = pm
                if not pm & (pm - 1):
                    queue.append(p)
    return True


def unicite(state: State, queue: list[int], t: Tables) -> bool:
    """Place every value that has one place left in a unit; False on a contradiction."""
    full = t.full
    for unit in t.units:
        once = twice = 0
        for c in unit:
            m = state[c]
            twice |= once & m
            once |= m
        if once != full:
            return False
        alone = once & ~twice
        if not alone:
            continue
        for c in unit:
            m = state[c]
            x = m & alone
            if x and x != m:
                if x & (x - 1):
                    return False
                state[c] = x
                queue.append(c)
    return True


def parite(state: State, queue: list[int], t: Tables) -> bool | None:
    """Apply every naked pair once: True if a mask changed, None if not, False on a contradiction."""
    changed: bool | None = None
    for unit in t.units:
        pairs = [c for c in unit if state[c].bit_count() == 2]
        for i, a in enumerate(pairs):
            pair = state[a]
            if pair.bit_count() != 2 or all(state[b] != pair for b in pairs[i + 1 :]):
                continue
            for c in unit:
                m = state[c]
                if m & pair and m != pair:
                    m &= ~pair
                    if not m:
                        return False
                    state[c] = m
                    changed = True
                    if not m & (m - 1):
                        queue.append(c)
    return changed


def propagate(state: State, queue: list[int], t: Tables) -> bool:
    """BouclerRègles: apply E, U, P until nothing changes; False on a contradiction."""
    peers = t.peers
    while True:
        if not exclusivite(state, queue, peers) or not unicite(state, queue, t):
            return False
        if queue:
            continue
        changed = parite(state, queue, t)
        if changed is False:
            return False
        if changed is None:
            return True


def branch_cell(state: State) -> int:
    """An open cell of minimum popcount, or -1 when every cell is placed."""
    best, fewest = -1, 1 << 30
    for c, m in enumerate(state):
        if m & (m - 1):
            k = m.bit_count()
            if k < fewest:
                best, fewest = c, k
                if k == 2:
                    break
    return best


def values_of(mask: int) -> list[int]:
    """The single-bit masks of mask, lowest first."""
    bits = []
    while mask:
        bit = mask & -mask
        bits.append(bit)
        mask ^= bit
    return bits


def search(state: State, t: Tables, cap: int, found: list[State], rng: random.Random | None) -> int:
    """Solutions below a propagated state, up to cap; the first ones are appended to found."""
    c = branch_cell(state)
    if c < 0:
        found.append(state)
        return 1
    total = 0
    bits = values_of(state[c])
    if rng is not None:
        rng.shuffle(bits)
    for bit in bits:
        child = state[:]
        child[c] = bit
        if propagate(child, [c], t):
            total += search(child, t, cap - total, found, rng)
            if total >= cap:
                break
    return total


def to_grid(state: State) -> Grid:
    """The grid of a state whose cells are all placed."""
    return tuple(m.bit_length() for m in state)


def run(grid: Grid, n: int, cap: int, rng: random.Random | None = None) -> tuple[int, list[State]]:
    """Count the solutions of grid up to cap; also return the solution states found."""
    t = tables(n)
    state, queue = initial_state(grid, n)
    found: list[State] = []
    if cap < 1 or not propagate(state, queue, t):
        return 0, found
    return search(state, t, cap, found, rng), found


def count_eup(grid: Grid, n: int, cap: int = 2) -> int:
    """The number of solutions of grid, up to cap: min(count, cap); 0 for a contradiction."""
    return run(grid, n, cap)[0]


def solve_eup(grid: Grid, n: int, rng: random.Random | None = None) -> Grid | None:
    """The first solution found (in random value order when rng is given), or None."""
    count, found = run(grid, n, 1, rng)
    return to_grid(found[0]) if count else None


def solve_engine(grid: Grid, n: int) -> SolveResult:
    """``sudoku-sat solve --engine eup``: the first solution, or UNSAT."""
    start = time.perf_counter()
    solution = solve_eup(grid, n)
    seconds = time.perf_counter() - start
    if solution is None:
        return SolveResult("unsat", grid, seconds, "eup")
    return SolveResult("solved", solution, seconds, "eup")
