"""The census of 4x4 Sudoku: every grid, every clue set, computed with the EUP engine.

For order 2 there are 16 cells, so each full grid has 2**16 = 65,536 clue sets (subsets
of its cells, holding the grid's values). A clue set is *uniquely solvable* when the
grid is its only solution, and *minimal* when, moreover, removing any one clue leaves
several solutions. Each clue set (a puzzle) belongs to exactly one grid, so the totals
are sums over grids.

How it is computed. The engine counts the solutions of the empty grid (the number of
grids) and lists the grids whose first row is 1, 2, ..., N. Relabeling the values is a
bijection between grids that maps each first row to 1..N in exactly one way, so the
grids fall into classes of N! (24 for 4x4) with the same clue-set structure (which cells
make a unique or a minimal puzzle does not depend on the names of the values); the
census runs on one grid per class and multiplies by N!, after checking that
classes x N! equals the number of grids counted. Per grid the engine counts every clue
set up to 2 solutions (one compiled call for the 65,536 sets with numba); minimality
is then read off the table: a unique set is minimal when each set with one clue less
counts 2.

The tests check every figure by an independent method: the grids enumerated by PySAT,
and per grid the uniquely solvable sets as those hitting every *unavoidable set* (the
cells where another grid differs), with numpy, over all 288 grids without the
relabeling argument.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..accel import choose_compiled
from ..engines.eup import reference as eup
from ..engines.eup.batch import count_one, kernel
from ..errors import UsageError
from ..grid import Grid, empty_grid

CENSUS_ORDERS = (2,)
"""Orders whose clue sets can all be enumerated (2**16 per grid for 4x4; 2**81 for 9x9)."""


@dataclass(frozen=True)
class Census:
    """The figures of a census: grids, uniquely solvable clue sets, minimal puzzles."""

    order: int
    grids: int
    unique_clue_sets: int
    minimal_by_clues: dict[int, int]
    backend: str
    seconds: float
    classes: int = 0
    per_class: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def minimal(self) -> int:
        """Minimal puzzles in total."""
        return sum(self.minimal_by_clues.values())


def first_row_grids(n: int, backend: str) -> list[Grid]:
    """Every grid whose first row is 1, 2, ..., N, found by the engine."""
    size = n * n
    start = tuple(range(1, size + 1)) + (0,) * (size * size - size)
    if backend == "numba":
        import numpy as np

        eup_numba = kernel()
        found = eup_numba.all_solutions(np.array(start, np.int32), 10**6, *eup_numba.tables(n))
        return [tuple(int(v) for v in row) for row in found]
    t = eup.tables(n)
    state, queue = eup.initial_state(start, n)
    grids: list[eup.State] = []
    if eup.propagate(state, queue, t, t.all_units):
        eup.search(state, t, 10**6, grids, None)
    return [eup.to_grid(s) for s in grids]


def subset_counts(grid: Grid, n: int, backend: str) -> list[int]:
    """Solutions (up to 2) of every clue set of grid, indexed by the set's cell bits."""
    if backend == "numba":
        import numpy as np

        eup_numba = kernel()
        counts = eup_numba.subset_counts(np.array(grid, np.int32), *eup_numba.tables(n))
        return [int(c) for c in counts]
    ncells = len(grid)
    return [
        eup.count_eup(tuple(v if mask >> c & 1 else 0 for c, v in enumerate(grid)), n, 2)
        for mask in range(1 << ncells)
    ]


def tally(counts: list[int], ncells: int) -> tuple[int, dict[int, int]]:
    """The uniquely solvable sets and the minimal ones by clue count, from a count table."""
    unique = 0
    minimal: dict[int, int] = {}
    for mask, count in enumerate(counts):
        if count != 1:
            continue
        unique += 1
        if all(counts[mask ^ (1 << c)] >= 2 for c in range(ncells) if mask >> c & 1):
            clues = mask.bit_count()
            minimal[clues] = minimal.get(clues, 0) + 1
    return unique, minimal


def census(
    n: int = 2, backend: str = "auto", step: Callable[[int, int], None] | None = None
) -> Census:
    """The census of order n (only 2 is within reach); step(k, total) after each grid."""
    if n not in CENSUS_ORDERS:
        raise UsageError(
            f"a census enumerates every clue set: only order 2 (4x4) is within reach, not {n}"
        )
    backend = choose_compiled(backend)
    t0 = time.perf_counter()
    grids = count_one(empty_grid(n), n, 10**9, backend)
    classes = first_row_grids(n, backend)
    per_class = math.factorial(n * n)
    if len(classes) * per_class != grids:
        raise AssertionError(f"{len(classes)} classes x {per_class} != {grids} grids")
    unique = 0
    minimal: dict[int, int] = {}
    for k, grid in enumerate(classes, 1):
        u, m = tally(subset_counts(grid, n, backend), n**4)
        unique += u
        for clues, number in m.items():
            minimal[clues] = minimal.get(clues, 0) + number
        if step is not None:
            step(k, len(classes))
    return Census(
        n,
        grids,
        unique * per_class,
        {k: v * per_class for k, v in sorted(minimal.items())},
        backend,
        time.perf_counter() - t0,
        len(classes),
        per_class,
    )
