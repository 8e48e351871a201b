"""The in-house EUP engine: candidate bitmasks, three rules, backtracking (seed 001).

Representation. A state is a list of N*N ints, one *candidate mask* per cell: bit k-1
is set while value k is still allowed there (the course's characteristic vector G[c]).
A cell is *placed* when its mask has a single bit (``m & (m - 1) == 0``); an empty
mask is a contradiction. Popcounts use ``int.bit_count``.

Rules, looped until nothing changes (the course's BouclerRègles):

- Exclusivité: a placed value leaves every peer. Driven by a queue of cells placed
  since the last pass, so each placement is propagated exactly once.
- Unicité: per unit, OR/AND accumulations over its masks give the values seen at
  least once (``once``), at least twice (``twice``) and already placed (``placed``,
  through a lookup table of single-bit masks); ``once & ~twice & ~placed`` are the
  hidden singles, which go to their one cell. ``once != full`` means a value has no
  place in the unit: a contradiction. So does a cell asked to hold two such values.
  Only *dirty* units are looked at: an int with bit u set when a cell of unit u
  changed since Unicité last read it (the other units cannot have a new single).
- Parité: two cells of a unit with the same two-value mask (a naked pair) remove those
  two values from the other cells of the unit; a third cell with that mask is a
  contradiction. Each pair is checked again just before use, since an earlier pair
  may have broken it. Run only when the first two rules are stuck, as it rarely finds
  anything, and only on the units changed since it last ran.

Every rule returns the units it changed (an int mask) or -1 for a contradiction, so
BouclerRègles knows both what to look at next and when to stop.

Search. When the rules are stuck, branch on an open cell of minimum popcount, trying
each of its values on a copy of the state (copying N*N ints is cheaper in Python than
an undo trail, and restoring is just dropping the copy). Counting stops at a cap:
cap 2 settles uniqueness.

Roads not taken: a trail of (cell, old mask) undo records (more Python work per change
than one list copy per branch); scanning all 3N units for Unicité on every pass (what
the course does; 1.6x slower here than dirty units on the hardest set); numpy arrays
(slow element access for this scalar work); dancing links (fast, but not the course's
algorithm and no rules to show).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Protocol

from ...deadline import Deadline, TimedOut
from ...grid import Grid, check_grid, geometry
from ...result import SolveResult

State = list[int]
"""One candidate mask per cell, bit k-1 for value k."""

TABLE_MAX = 16
"""Largest grid side whose one- and two-value tests are lookup tables (2**16 entries)."""


class Lookup(Protocol):
    """Anything indexed by a mask: a list, or :class:`Singles`."""

    def __getitem__(self, mask: int, /) -> int: ...


class Singles:
    """``singles[m]`` is m when m has one bit, else 0: computed, for N > 16."""

    def __getitem__(self, mask: int) -> int:
        return 0 if mask & (mask - 1) else mask


class Doubles:
    """``doubles[m]`` is 1 when m has two bits, else 0: computed, for N > 16."""

    def __getitem__(self, mask: int) -> int:
        return int(mask.bit_count() == 2)


@dataclass(frozen=True)
class RuleTables:
    """Everything the rules read, precomputed per order as plain tuples of ints."""

    full: int
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    fetch: tuple[Callable[[State], tuple[int, ...]], ...]
    """Per unit, a function giving the masks of its cells (``operator.itemgetter``)."""
    singles: Lookup
    """``singles[m]``: m if it is a single value, 0 otherwise."""
    doubles: Lookup
    """``doubles[m]``: 1 if m holds two values, 0 otherwise."""
    unit_bits: tuple[int, ...]
    """Per cell, the bitmask of its three unit numbers (bit u for unit u)."""
    all_units: int


@cache
def tables(n: int) -> RuleTables:
    """The tables of order n, built once."""
    geo = geometry(n)
    full = (1 << geo.size) - 1
    singles: Lookup = Singles()
    doubles: Lookup = Doubles()
    if geo.size <= TABLE_MAX:
        singles = [0 if m & (m - 1) else m for m in range(full + 1)]
        doubles = [int(m.bit_count() == 2) for m in range(full + 1)]
    fetch = tuple(itemgetter(*unit) for unit in geo.units)
    unit_bits = tuple(sum(1 << u for u in us) for us in geo.units_of)
    all_units = (1 << len(geo.units)) - 1
    return RuleTables(full, geo.peers, geo.units, fetch, singles, doubles, unit_bits, all_units)


def initial_state(grid: Grid, n: int) -> tuple[State, list[int]]:
    """The masks before any rule (clues single, blanks full) and the clue cells to propagate."""
    check_grid(grid, n)
    full = tables(n).full
    state = [1 << (v - 1) if v else full for v in grid]
    return state, [c for c, v in enumerate(grid) if v]


def exclusivite(state: State, queue: list[int], t: RuleTables, dirty: int) -> int:
    """Remove each queued placed value from its peers.

    Returns dirty plus the units of every cell changed, or -1 when a cell is emptied.
    """
    peers, unit_bits = t.peers, t.unit_bits
    while queue:
        c = queue.pop()
        m = state[c]
        keep = ~m
        for p in peers[c]:
            pm = state[p]
            if pm & m:
                pm &= keep
                if not pm:
                    return -1
                state[p] = pm
                dirty |= unit_bits[p]
                if not pm & (pm - 1):
                    queue.append(p)
    return dirty


def unicite(state: State, queue: list[int], t: RuleTables, dirty: int) -> int:
    """In each dirty unit, place every value that has one place left.

    Returns the units of the cells placed (to check again), or -1 on a contradiction: a
    value with no place in a unit, or a cell asked to hold two values. Values already
    placed are the trivial case and are skipped, so the second pass over a unit's cells
    runs only when there is a hidden single.
    """
    full, singles, fetch, units = t.full, t.singles, t.fetch, t.units
    touched = 0
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        u = low.bit_length() - 1
        once = twice = placed = 0
        for m in fetch[u](state):
            twice |= once & m
            once |= m
            placed |= singles[m]
        if once != full:
            return -1
        alone = once & ~twice & ~placed
        if alone:
            placed_units = place_alone(state, queue, t, units[u], alone)
            if placed_units < 0:
                return -1
            touched |= placed_units
    return touched


def place_alone(
    state: State, queue: list[int], t: RuleTables, unit: tuple[int, ...], alone: int
) -> int:
    """Put each value of alone in its one cell of unit; the units touched, or -1."""
    touched = 0
    for c in unit:
        x = state[c] & alone
        if x:
            if x & (x - 1):
                return -1
            state[c] = x
            queue.append(c)
            touched |= t.unit_bits[c]
    return touched


def parite(state: State, queue: list[int], t: RuleTables, units: int) -> int:
    """Apply every naked pair of the given units (a bitmask of unit numbers) once.

    Returns the units of the cells changed (0: none), or -1 on a contradiction: three
    cells of a unit sharing one pair of values, or a cell emptied.
    """
    fetch, cells, doubles = t.fetch, t.units, t.doubles
    touched = 0
    while units:
        low = units & -units
        units ^= low
        u = low.bit_length() - 1
        pairs = [m for m in fetch[u](state) if doubles[m]]
        if len(pairs) < 2:
            continue
        for pair in {m for m in pairs if pairs.count(m) > 1}:
            changed = remove_pair(state, queue, t, cells[u], pair)
            if changed < 0:
                return -1
            touched |= changed
    return touched


def remove_pair(
    state: State, queue: list[int], t: RuleTables, unit: tuple[int, ...], pair: int
) -> int:
    """Remove the values of a naked pair from the other cells of unit (as parite returns).

    An earlier pair may have changed the cells since parite looked: the pair is checked
    again here, and skipped when it no longer holds.
    """
    holders = sum(1 for c in unit if state[c] == pair)
    if holders != 2:
        return -1 if holders > 2 else 0
    touched = 0
    keep = ~pair
    for c in unit:
        m = state[c]
        if m & pair and m != pair:
            m &= keep
            if not m:
                return -1
            state[c] = m
            touched |= t.unit_bits[c]
            if not m & (m - 1):
                queue.append(c)
    return touched


def propagate(state: State, queue: list[int], t: RuleTables, dirty: int) -> bool:
    """BouclerRègles: apply E, U, P until nothing changes; False on a contradiction.

    queue holds the cells placed but not yet propagated; dirty (a bitmask of unit
    numbers) the units changed since the rules last looked at them: every unit for a new
    grid, the three units of the branching cell for a child of a settled state.
    """
    changed = 0  # units changed since Parité last ran
    while True:
        dirty = exclusivite(state, queue, t, dirty)
        if dirty >= 0:
            changed |= dirty
            dirty = unicite(state, queue, t, dirty)
        if dirty < 0:
            return False
        if queue:
            continue
        dirty = parite(state, queue, t, changed)
        if dirty <= 0:
            return dirty == 0
        changed = 0


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


def values_of(mask: int, rng: random.Random | None = None) -> list[int]:
    """The single-bit masks of mask, highest first (so pop() gives the lowest), or shuffled."""
    bits = []
    while mask:
        bit = mask & -mask
        bits.append(bit)
        mask ^= bit
    bits.reverse()
    if rng is not None:
        rng.shuffle(bits)
    return bits


CHECK_EVERY = 256
"""Search nodes between two looks at the deadline."""


def search(
    root: State,
    t: RuleTables,
    cap: int,
    found: list[State],
    rng: random.Random | None,
    deadline: Deadline | None = None,
) -> int:
    """Solutions below a propagated state, up to cap; the ones found are appended to found.

    Depth-first with an explicit stack of (state, branching cell, values left to try),
    since a 36x36 grid can branch deeper than Python's recursion limit. Raises TimedOut
    once deadline has passed (looked at every CHECK_EVERY nodes).
    """
    c = branch_cell(root)
    if c < 0:
        found.append(root)
        return 1
    total = 0
    nodes = 0
    stack = [(root, c, values_of(root[c], rng))]
    while stack:
        nodes += 1
        if deadline is not None and nodes % CHECK_EVERY == 0:
            deadline.check()
        state, c, bits = stack[-1]
        if not bits:
            stack.pop()
            continue
        child = state[:]
        child[c] = bits.pop()
        if not propagate(child, [c], t, t.unit_bits[c]):
            continue
        nxt = branch_cell(child)
        if nxt >= 0:
            stack.append((child, nxt, values_of(child[nxt], rng)))
            continue
        found.append(child)
        total += 1
        if total >= cap:
            break
    return total


def to_grid(state: State) -> Grid:
    """The grid of a state whose cells are all placed."""
    return tuple(m.bit_length() for m in state)


def run(
    grid: Grid,
    n: int,
    cap: int,
    rng: random.Random | None = None,
    deadline: Deadline | None = None,
) -> tuple[int, list[State]]:
    """Count the solutions of grid up to cap; also return the solution states found."""
    t = tables(n)
    state, queue = initial_state(grid, n)
    found: list[State] = []
    if cap < 1 or not propagate(state, queue, t, t.all_units):
        return 0, found
    return search(state, t, cap, found, rng, deadline), found


def count_eup(grid: Grid, n: int, cap: int = 2) -> int:
    """The number of solutions of grid, up to cap: min(count, cap); 0 for a contradiction."""
    return run(grid, n, cap)[0]


def solve_eup(
    grid: Grid, n: int, rng: random.Random | None = None, deadline: Deadline | None = None
) -> Grid | None:
    """The first solution found (in random value order when rng is given), or None."""
    count, found = run(grid, n, 1, rng, deadline)
    return to_grid(found[0]) if count else None


def solve_engine(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    """``sudoku-sat solve --method eup``: the first solution, UNSAT, or unknown on timeout."""
    start = time.perf_counter()
    try:
        solution = solve_eup(grid, n, deadline=Deadline(timeout))
    except TimedOut as exc:
        return SolveResult("unknown", grid, time.perf_counter() - start, "eup", {}, str(exc))
    seconds = time.perf_counter() - start
    if solution is None:
        return SolveResult("unsat", grid, seconds, "eup")
    return SolveResult("solved", solution, seconds, "eup")
