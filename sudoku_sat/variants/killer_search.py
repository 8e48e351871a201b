"""Killer puzzles on the compiled killer search (:mod:`sudoku_sat.engines.killer`): which
puzzles it takes, the tables it reads, and their solutions.

It takes a square grid whose only rules are killer cages (:func:`fits`): rows, columns
and regions (boxes or a jigsaw's), cages with or without totals. Its tables: each cell's
peers (its houses' cells and its cage-mates), the houses, and the sums: each cage's
total with its digit sets; the law-of-45 sums of :mod:`.house_sums` (the same areas the
SAT encoding states), with digit sets when their cells must all differ, as bounds
otherwise; and the innie-outie differences (``mixed_sums``), as bounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..grid import Grid
from ..model.geometry import Regions, in_line
from ..model.puzzle import Puzzle
from .constraints._global import GroupRule
from .constraints.killer import Cage
from .house_sums import implied_sums, mixed_sums

MOST_SIZE = 16
"""Larger grids stay on the SAT path (masks are 64 bits; no measured puzzle there)."""
MOST_KEPT = 10_000
"""Counts past this stay on the SAT path (the kernel keeps every solution it counts)."""
MOST_COMBOS = 4096
"""A sum of more digit sets than this keeps its bounds only."""


def fits(puzzle: Puzzle) -> bool:
    """True when the killer search answers the puzzle: a square grid of N digits, rows,
    columns and regions, and killer cages as its only rules."""
    plain = not puzzle.extra and not puzzle.shaped and not puzzle.raw
    if not plain or not 1 < puzzle.size <= MOST_SIZE or len(puzzle.regions) != puzzle.size:
        return False
    return all(type(c) is Cage or isinstance(c, GroupRule) for c in puzzle.constraints)


@lru_cache(maxsize=1024)
def digit_sets(n: int, k: int, total: int) -> tuple[int, ...]:
    """The sets of k digits of 1..n summing to total, as bit masks (bit d-1 for d)."""
    return tuple(
        sum(1 << (d - 1) for d in s)
        for s in combinations(range(1, n + 1), k)
        if sum(s) == total
    )


@dataclass
class Tables:
    """What the kernel reads, as Python lists (``arrays`` makes them numpy arrays): the
    peers of each cell, the houses, the sums (cells, weights, total, digit sets, the
    cells that see every cell of the sum) and the sums of each cell."""

    n: int
    peers: list[list[int]]
    houses: list[list[int]]
    sums: list[tuple[list[int], list[int], int, tuple[int, ...]]]

    @classmethod
    def of(cls, puzzle: Puzzle) -> Tables:
        n = puzzle.size
        cages = [c for c in puzzle.constraints if isinstance(c, Cage)]
        houses = [list(line) for line in puzzle.lines] + [sorted(r) for r in puzzle.regions]
        groups = [g for c in puzzle.constraints for g in c.groups(n, puzzle.regions)]
        houses += [list(g) for g in groups if len(g) == n]  # every digit once: a house
        near: list[set[int]] = [set() for _ in range(n * n)]
        for group in [*houses, *groups]:
            for c in group:
                near[c].update(group)
        peers = [sorted(s - {c}) for c, s in enumerate(near)]
        sums = [
            (list(c.cells), [1] * len(c.cells), c.indexed, digit_sets(n, len(c.cells), c.indexed))
            for c in cages
            if c.indexed is not None
        ]
        sums += _implied(n, puzzle.regions, cages, near)
        return cls(n, peers, houses, sums)

    def arrays(self) -> tuple[Any, ...]:
        """The kernel's tuple ``t`` (:func:`sudoku_sat.engines.killer.count`)."""
        import numpy as np

        def csr(rows: list[list[int]] | list[tuple[int, ...]]) -> tuple[Any, Any]:
            ptr = np.zeros(len(rows) + 1, np.int64)
            ptr[1:] = np.cumsum([len(r) for r in rows])
            flat = np.array([x for r in rows for x in r], np.int64)
            return ptr, flat

        cells = self.n * self.n
        near = [set(p) for p in self.peers]
        outs = [
            sorted(set.intersection(*(near[c] for c in s[0])) - set(s[0])) if s[3] else []
            for s in self.sums
        ]
        of_cell: list[list[int]] = [[] for _ in range(cells)]
        for k, s in enumerate(self.sums):
            for c in s[0]:
                of_cell[c].append(k)
        houses_of: list[list[int]] = [[] for _ in range(cells)]
        for h, house in enumerate(self.houses):
            for c in house:
                houses_of[c].append(h)
        s_ptr, s_cells = csr([s[0] for s in self.sums])
        return (
            self.n,
            *csr(self.peers),
            np.array(self.houses, np.int64),
            *csr(houses_of),
            s_ptr,
            s_cells,
            np.array([w for s in self.sums for w in s[1]], np.int64),
            np.array([s[2] for s in self.sums], np.int64),
            *csr([s[3] for s in self.sums]),
            *csr(outs),
            *csr(of_cell),
        )


def _implied(
    n: int, regions: Regions, cages: list[Cage], near: list[set[int]]
) -> list[tuple[list[int], list[int], int, tuple[int, ...]]]:
    """The law-of-45 sums of the cages and their innie-outie differences (bounds, and
    digit sets when the cells all see each other)."""
    given = [(c.cells, c.indexed, None) for c in cages]
    out = []
    for cells, total, _ in implied_sums(n, regions, given):
        apart = all(b in near[a] for a, b in combinations(cells, 2))
        sets = digit_sets(n, len(cells), total) if apart else ()
        out.append((list(cells), [1] * len(cells), total, sets))
    for cells, weights, total, _ in mixed_sums(n, regions, given):
        out.append((list(cells), list(weights), total, ()))
    return [s if len(s[3]) <= MOST_COMBOS else (s[0], s[1], s[2], ()) for s in out]


def priorities(t: tuple[Any, ...]) -> Any:
    """The cells' first conflict scores: each house of a cell adds N, each sum of k cells
    max(2N - k, N) (small cages first), as sigh's handlers' priorities do."""
    import numpy as np

    n, ho_ptr, s_ptr, s_cells = t[0], t[4], t[6], t[7]
    out = n * (ho_ptr[1:] - ho_ptr[:-1])
    sizes = s_ptr[1:] - s_ptr[:-1]
    for k in range(len(sizes)):
        out[s_cells[s_ptr[k] : s_ptr[k + 1]]] += max(2 * n - int(sizes[k]), n)
    return out.astype(np.int64)


def solutions(puzzle: Puzzle, cap: int) -> tuple[list[Grid], int]:
    """Up to cap solutions of the puzzle (cap at most :data:`MOST_KEPT`), in the order
    the search finds them, and the search's nodes."""
    import numpy as np

    from ..engines.killer import count

    if cap > MOST_KEPT:
        raise ValueError(f"the killer search keeps at most {MOST_KEPT} solutions")
    n = puzzle.size
    t = Tables.of(puzzle).arrays()
    full = (1 << n) - 1
    start = np.array([1 << (d - 1) if d else full for d in puzzle.grid], np.int64)
    kept = np.zeros((max(cap, 0), n * n), np.int64)
    found, nodes = count(start, cap, t, kept, priorities(t))
    grids = [tuple(int(m).bit_length() for m in row) for row in kept[: int(found)].tolist()]
    return grids, int(nodes)
