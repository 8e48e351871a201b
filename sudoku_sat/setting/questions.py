"""The questions asked of a puzzle with solutions: where two differ, which one given
would make it unique, which cells hold equal digits in every solution, and which members
it needs.

All on one :class:`Oracle`, every member assumed, with a pool of the solutions met so far
(every SAT answer joins it) that settles most questions without a call:

- **free cells** (:func:`free_cells`): the cells whose digit is not the same in every
  solution, by calls asking for a solution that differs from the first somewhere not yet
  seen (each SAT answer frees at least one cell; one UNSAT settles the rest);
- **fixes** (:func:`fixes`): a given (c, d) makes the puzzle unique when exactly one
  solution has d at c. Only free cells can hold one, with a digit some solution puts
  there (:func:`candidates`, found the same way: a solution with some digit not yet seen
  in its cell). Two pooled solutions with d at c rule it out; with one, S, a call under
  x(c, d) and "not S" (a blocking clause behind a guard kept per solution) decides:
  UNSAT, a fix.
- **equal cells** (:func:`equal_pairs`): each pair of free cells equal in every pooled
  solution is tried under "these two differ" (clauses behind a guard, retired after):
  UNSAT, equal in every solution.
- **needed members** (:func:`needed`): with S the only solution, member m is needed when
  the other members and "not S" have a solution (kept as its witness); one call each.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..grid import Grid
from .oracle import Oracle


class Pool:
    """The solutions met so far, each with its blocking guard once one is made."""

    def __init__(self, o: Oracle, members: list[int]) -> None:
        self.o, self.members = o, members
        self.grids: list[Grid] = []
        self.guards: dict[int, int] = {}

    def found(self) -> Grid:
        """Add the last SAT call's solution; it."""
        grid = self.o.grid()
        self.grids.append(grid)
        return grid

    def first(self, count: int) -> list[Grid]:
        """Up to count solutions, each new one not among the others."""
        while len(self.grids) < count:
            extra = [self.guard(k) for k in range(len(self.grids))]
            if not self.o.sat(self.members, extra):
                break
            self.found()
        return self.grids[:count]

    def guard(self, k: int) -> int:
        """The guard that rules out pooled solution k."""
        if k not in self.guards:
            self.guards[k] = self.o.block(self.grids[k])
        return self.guards[k]

    def having(self, cell: int, digit: int) -> list[int]:
        """The pooled solutions with digit at cell (their places in the pool)."""
        return [k for k, g in enumerate(self.grids) if g[cell] == digit]


def differ(a: Grid, b: Grid) -> list[int]:
    """The cells where two grids differ."""
    return [c for c, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def free_cells(pool: Pool) -> list[int]:
    """The cells whose digit is not the same in every solution (the pool holds one): one
    call at a time asks for a solution that differs from the first at some cell not yet
    seen to differ (a clause behind a guard); UNSAT settles every cell left."""
    o = pool.o
    first = pool.grids[0]
    free = {c for c in range(len(first)) if any(g[c] != first[c] for g in pool.grids)}
    while len(free) < len(first):
        rest = [c for c in range(len(first)) if c not in free]
        guard = o.guarded([[-o.literal(c, first[c]) for c in rest]])
        found = o.sat(pool.members, [guard])
        o.retire(guard)
        if not found:
            break
        grid = pool.found()
        free |= {c for c in rest if grid[c] != first[c]}
    return sorted(free)


def candidates(pool: Pool, cells: list[int]) -> set[tuple[int, int]]:
    """Every (cell, digit) of these cells that some solution has: one call at a time asks
    for a solution placing some digit not yet seen in its cell; UNSAT ends the search."""
    o, n = pool.o, pool.o.size
    seen = {(c, g[c]) for g in pool.grids for c in cells}
    while True:
        unseen = [(c, d) for c in cells for d in range(1, n + 1) if (c, d) not in seen]
        if not unseen:
            return seen
        guard = o.guarded([[o.literal(c, d) for c, d in unseen]])
        found = o.sat(pool.members, [guard])
        o.retire(guard)
        if not found:
            return seen
        grid = pool.found()
        seen |= {(c, grid[c]) for c in cells}


def fixes(pool: Pool, cells: list[int], limit: int | None) -> Iterator[tuple[int, int]]:
    """Each (cell, digit) that alone makes the puzzle unique, in cell then digit order,
    cells being those where some two solutions differ; at most limit of them."""
    o, shown = pool.o, 0
    possible = candidates(pool, cells)
    for c, d in sorted(possible):
        if limit is not None and shown >= limit:
            return
        having = pool.having(c, d)
        if len(having) >= 2:
            continue
        if o.sat(pool.members, [o.literal(c, d), pool.guard(having[0])]):
            pool.found()
            continue
        shown += 1
        yield c, d


def equal_pairs(pool: Pool, cells: list[int], cap: int) -> tuple[list[tuple[int, int]], bool]:
    """The pairs of cells (among cells, those not fixed) equal in every solution: at most
    cap of them, and whether the cap cut the list short."""
    o, n = pool.o, pool.o.size
    out: list[tuple[int, int]] = []
    for a, b in combinations(cells, 2):
        if any(g[a] != g[b] for g in pool.grids):
            continue
        guard = o.guarded([[-o.literal(a, d), -o.literal(b, d)] for d in range(1, n + 1)])
        apart = o.sat(pool.members, [guard])
        if apart:
            pool.found()
        o.retire(guard)
        if not apart:
            if len(out) == cap:
                return out, True
            out.append((a, b))
    return out, False


def needed(o: Oracle, members: list[int], solution: Grid) -> dict[int, Grid]:
    """The members without which the unique puzzle would have several solutions, each
    with a witness: a solution of the other members that is not solution."""
    guard = o.block(solution)
    out = {}
    for m in members:
        if o.sat([k for k in members if k != m], [guard]):
            out[m] = o.grid()
    o.retire(guard)
    return out


def keep_set(
    o: Oracle, members: list[int], removable: list[int], solution: Grid
) -> tuple[list[int], dict[int, Grid]]:
    """A minimal set of members to keep, the puzzle staying unique, with a witness for
    each removable member kept (a second solution without it). The removable ones are
    dropped one at a time, givens first, then rule instances in the puzzle's order, each dropped
    when the rest still has no other solution than solution."""
    guard = o.block(solution)
    kept = set(members)
    witnesses = {}
    givens = [m for m in removable if o.s.members[m].key == "given"]
    for m in givens + [m for m in removable if m not in givens]:
        if o.sat(sorted(kept - {m}), [guard]):
            witnesses[m] = o.grid()
        else:
            kept.discard(m)
    o.retire(guard)
    return sorted(kept), witnesses


def witnesses(o: Oracle, core: list[int]) -> dict[int, Grid]:
    """For each member of an unsatisfiable core, a solution of the others (empty when
    one has none: the core was not minimal)."""
    out = {}
    for m in core:
        if not o.sat([k for k in core if k != m]):
            return {}
        out[m] = o.grid()
    return out
