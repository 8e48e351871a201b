"""Killer puzzles on the compiled killer search (:mod:`sudoku_sat.engines.killer`): which
puzzles it takes, the tables it reads, and their solutions.

It takes a square grid whose only rules are killer cages, diagonals, disjoint groups,
anti-knight and anti-king (:func:`fits`): rows, columns and regions (boxes or a
jigsaw's), cages with or without totals. Its tables: each cell's peers (its houses'
cells, cage-mates, group-mates, a knight's or king's move away), the
houses (every group of N cells is one), and the sums: each cage's total with its digit
sets; the law-of-45 sums of :mod:`.house_sums` (its areas), with digit sets when their
cells must all differ, bounds otherwise; the innie-outie differences (bounds); and the
box-line intersections (the same digits on both sides).

``auto`` sends a killer here (:func:`routed`, asked in ``methods._by``) when it is at
most 9x9, no timeout is set (the kernel cannot be stopped) and the kernel is built ahead
of time by the warm-up (:func:`build_ahead`: no numba import, 0.14 s for a first killer)
or numba's is compiled; on a cold cache the SAT session answers, as before, while the
warm-up runs. Measured (``benchmarks/bench_killers.py --rounds 5``, 2026-12-04 19:24,
load 2.6): the 36 real killers as one ``unique`` process 1.19 s wall and 1.11 s CPU,
sigh's solver 2.09 and 2.09 s in the same run (2.23x sigh wall, 2.24x CPU; the SAT
path alone: 3.8 s CPU in one session; 2026-12-03: 1.46x wall). Tables: 1.9 ms a
puzzle once warm; the 36 built first in a process 0.176 s (``arrays`` finds the sums
meeting each house through each cell's sums; every sum against every house: 0.357 s).
Larger grids stay on the SAT path: no 16x16 killer was measured.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

from ..grid import Grid
from ..model.geometry import Regions
from ..model.puzzle import Puzzle
from .constraints._global import GroupRule, MoveRule
from .constraints.killer import Cage
from .house_sums import implied_sums, mixed_sums

MOST_SIZE = 16
"""Larger grids stay on the SAT path (masks are 64 bits; no measured puzzle there)."""
MOST_ROUTED = 9
"""``auto`` routes killers of at most 9 digits (the ones measured against the SAT path)."""
MOST_KEPT = 10_000
"""Counts past this stay on the SAT path (the kernel keeps every solution it counts)."""
MOST_IMPLIED = 8
"""Law-of-45 sums over more cells are left out (the SAT encoding stops at 4: a sum is
cheap here, clauses are not there)."""
MOST_MIXED = 4
"""Innie-outie differences over more cells are left out."""
MOST_COMBOS = 4096
"""A sum of more digit sets than this keeps its bounds only."""


def fits(puzzle: Puzzle) -> bool:
    """True when the killer search answers the puzzle: a square grid of N digits, rows,
    columns and regions, and as its only rules killer cages, groups of different digits
    (diagonals, disjoint groups), anti-knight and anti-king."""
    plain = not puzzle.extra and not puzzle.shaped and not puzzle.raw
    if not plain or not 1 < puzzle.size <= MOST_SIZE or len(puzzle.regions) != puzzle.size:
        return False
    return all(type(c) is Cage or isinstance(c, KERNEL_RULES) for c in puzzle.constraints)


KERNEL_RULES = (GroupRule, MoveRule)
"""Besides cages, the rules the kernel states, as peers (a digit placed leaves them).
Non-consecutive was tried as neighbours a placed d leaves d - 1 and d + 1: on made 9x9
puzzles (6.8 givens) 531 ms and 304,000 nodes a puzzle against the SAT session's 284 ms,
so it stays there (its propagation would need more than singles)."""


@lru_cache(maxsize=1024)
def digit_sets(n: int, k: int, total: int) -> tuple[int, ...]:
    """The sets of k digits of 1..n summing to total, as bit masks (bit d-1 for d)."""
    return tuple(
        sum(1 << (d - 1) for d in s) for s in combinations(range(1, n + 1), k) if sum(s) == total
    )


Sum = tuple[list[int], list[int], int, tuple[int, ...], bool]
"""A sum's cells, weights (+1, -1), total, digit sets (none: bounds only), and whether
its two sides hold the same digits (a box and a line beside their intersection)."""


@dataclass
class Tables:
    """What the kernel reads, as Python lists (``arrays`` makes them numpy arrays): the
    peers of each cell, the houses, the sums (cells, weights, total, digit sets, the
    cells that see every cell of the sum) and the sums of each cell."""

    n: int
    peers: list[list[int]]
    houses: list[list[int]]
    sums: list[Sum]

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
        for rule in puzzle.constraints:
            if isinstance(rule, MoveRule):  # a knight's or king's move apart: peers
                for a, b in rule.pairs(n):
                    near[a].add(b)
                    near[b].add(a)
        peers = [sorted(s - {c}) for c, s in enumerate(near)]
        sums: list[Sum] = [
            (
                list(c.cells),
                [1] * len(c.cells),
                c.indexed,
                digit_sets(n, len(c.cells), c.indexed),
                False,
            )
            for c in cages
            if c.indexed is not None
        ]
        sums += _implied(n, puzzle.regions, cages, near)
        sums += _intersections(n, puzzle.lines, puzzle.regions)
        return cls(n, peers, houses, sums)

    def arrays(self) -> Any:
        """The kernel's table ``tab`` (:mod:`sudoku_sat.engines.killer`: a header, then
        its sections, one int64 array)."""
        import numpy as np

        from ..engines import killer_layout as k

        cells = self.n * self.n
        near = [set(p) for p in self.peers]
        outs = [
            sorted(set.intersection(*(near[c] for c in s[0])) - set(s[0])) if s[3] else []
            for s in self.sums
        ]
        words, house_words = -(-len(self.sums) // 64) or 1, -(-len(self.houses) // 64) or 1
        cell_words = -(-cells // 64)

        def bits(kinds: Sequence[bool], per_cell: Sequence[Sequence[int]], size: int) -> list[int]:
            """Each cell's bit set (size words, low word first) of its items of a kind."""
            out = [0] * (len(per_cell) * size)
            for c, items in enumerate(per_cell):
                for i in items:
                    if kinds[i]:
                        out[c * size + (i >> 6)] |= 1 << (i & 63)
            return [word - 2**64 if word >> 63 else word for word in out]  # as int64s

        of_cell: list[list[int]] = [[] for _ in range(cells)]
        for i, s in enumerate(self.sums):
            for c in s[0]:
                of_cell[c].append(i)
        houses_of: list[list[int]] = [[] for _ in range(cells)]
        for h, house in enumerate(self.houses):
            for c in house:
                houses_of[c].append(h)
        tab = [0] * k.HEADER
        tab[k.N], tab[k.CELLS], tab[k.SUMS], tab[k.HOUSES] = (
            self.n,
            cells,
            len(self.sums),
            len(self.houses),
        )
        tab[k.W], tab[k.HW], tab[k.CW] = words, house_words, cell_words

        def flat(at: int, values: list[int]) -> int:
            tab[at] = len(tab)
            tab.extend(values)
            return tab[at]

        def rows(at: int, lists: Sequence[Sequence[int]]) -> None:
            """A pointer section and, after it, the rows it points at."""
            base = flat(at, [0] * (len(lists) + 1))
            for i, row in enumerate(lists):
                tab[base + i] = len(tab)
                tab.extend(row)
            tab[base + len(lists)] = len(tab)

        rows(k.P_PTR, self.peers)
        flat(k.HOUSE, [c for house in self.houses for c in house])
        rows(k.S_PTR, [s[0] for s in self.sums])
        tab[k.S_W] = 0
        weights = [w for s in self.sums for w in s[1]]
        cells_at = tab[tab[k.S_PTR]]
        tab[k.S_W] = len(tab) - cells_at  # a weight sits S_W past its cell
        tab.extend(weights)
        flat(k.S_TOTAL, [s[2] for s in self.sums])
        rows(k.K_PTR, [s[3] for s in self.sums])
        rows(k.O_PTR, outs)
        flat(k.SAME, [int(s[4]) for s in self.sums])
        plain = [not s[4] for s in self.sums]
        flat(k.CM_SUMS, bits(plain, of_cell, words))
        flat(k.CM_SAME, bits([s[4] for s in self.sums], of_cell, words))
        flat(k.HM, bits([True] * len(self.houses), houses_of, house_words))
        flat(k.PB, bits([True] * cells, self.peers, cell_words))
        meets: list[list[int]] = []
        for house in self.houses:  # each sum of digit sets meeting it, its positions
            held: dict[int, int] = {}
            for j, c in enumerate(house):
                for i in of_cell[c]:
                    if self.sums[i][3]:
                        held[i] = held.get(i, 0) | 1 << j
            many = [i for i in sorted(held) if 1 < held[i].bit_count() < len(house)]
            meets.append([x for i in many for x in (i, held[i])])  # one cell: hidden singles
        rows(k.H_SUMS, meets)
        return np.array(tab, np.int64)


def _intersections(n: int, lines: Sequence[tuple[int, ...]], regions: Regions) -> list[Sum]:
    """A region and a line that share more than one cell: the region's other cells and
    the line's other cells hold the same digits (box-line reduction; sigh's house
    intersections), stated as a sum of difference 0."""
    out: list[Sum] = []
    for line in lines:
        for region in regions:
            shared = set(line) & set(region)
            if 1 < len(shared) < n:
                a = sorted(set(region) - shared)
                b = sorted(set(line) - shared)
                out.append(([*a, *b], [1] * len(a) + [-1] * len(b), 0, (), True))
    return out


def _implied(n: int, regions: Regions, cages: list[Cage], near: list[set[int]]) -> list[Sum]:
    """The law-of-45 sums of the cages and their innie-outie differences (bounds, and
    digit sets when the cells all see each other)."""
    given = [(c.cells, c.indexed, None) for c in cages]
    out = []
    for cells, total, _ in implied_sums(n, regions, given, MOST_IMPLIED):
        apart = all(b in near[a] for a, b in combinations(cells, 2))
        sets = digit_sets(n, len(cells), total) if apart else ()
        out.append((list(cells), [1] * len(cells), total, sets, False))
    for cells, weights, total, _ in mixed_sums(n, regions, given, MOST_MIXED):
        out.append((list(cells), list(weights), total, (), False))
    return [s if len(s[3]) <= MOST_COMBOS else (s[0], s[1], s[2], (), False) for s in out]


def priorities(tables: Tables) -> Any:
    """The cells' first conflict scores: each house of a cell adds N, each sum of k cells
    max(2N - k, N) (small cages first), as sigh's handlers' priorities do."""
    import numpy as np

    n = tables.n
    out = [0] * (n * n)
    for house in tables.houses:
        for c in house:
            out[c] += n
    for cells, *_ in tables.sums:
        weight = max(2 * n - len(cells), n)
        for c in cells:
            out[c] += weight
    return np.array(out, np.int64)


def routed(puzzle: Puzzle, cap: int, timeout: float | None = None) -> bool:
    """True when ``auto`` gives the puzzle to the killer search rather than the SAT
    session: it :func:`fits`, is at most :data:`MOST_ROUTED` digits, no timeout is set
    (the kernel cannot be stopped), the cap is at most :data:`MOST_KEPT`, and the
    kernel is built ahead of time or numba's is compiled."""
    if timeout is not None or not 0 < cap <= MOST_KEPT or puzzle.size > MOST_ROUTED:
        return False
    if not fits(puzzle):
        return False
    from ..accel import numba_available

    return aot_count() is not None or numba_available()


def kernel() -> Callable[..., Any]:
    """The kernel's count: built ahead of time, else numba's."""
    found = aot_count()
    if found is None:
        from ..engines.killer import count

        found = count
    return found


@lru_cache(maxsize=64)
def _tables(rules: Puzzle) -> tuple[Any, Any]:
    """The kernel's table and the cells' first scores of a puzzle without its givens
    (they are the search's start, not its tables): puzzles of the same grid and rules
    (the anti-knights and diagonals of a file, a generator's candidates) build them
    once, 1.7 ms a 9x9; the last 64 kept."""
    tables = Tables.of(rules)
    return tables.arrays(), priorities(tables)


def solutions(
    puzzle: Puzzle, cap: int, count: Callable[..., Any] | None = None
) -> tuple[list[Grid], int]:
    """Up to cap solutions of the puzzle (cap at most :data:`MOST_KEPT`), in the order
    the search finds them, and the search's nodes; on count (:func:`kernel` unless
    given)."""
    import numpy as np

    count = count or kernel()
    if cap > MOST_KEPT:
        raise ValueError(f"the killer search keeps at most {MOST_KEPT} solutions")
    n = puzzle.size
    rules = replace(puzzle, grid=(0,) * len(puzzle.grid), origin="", count=None, solution=None)
    try:
        tab, scores = _tables(rules)
    except TypeError:  # a rule that cannot be hashed: built for this puzzle alone
        tab, scores = _tables.__wrapped__(rules)
    full = (1 << n) - 1
    start = np.array([1 << (d - 1) if d else full for d in puzzle.grid], np.int64)
    kept = np.zeros((max(cap, 0), n * n), np.int64)
    found, nodes = count(start, cap, tab, kept, scores.copy())  # the scores change
    grids = [tuple(int(m).bit_length() for m in row) for row in kept[: int(found)].tolist()]
    return grids, int(nodes)


AOT = "killer_aot"
"""The kernel compiled ahead of time by the warm-up (:func:`build_ahead`) beside the 9x9
count kernel's: a CPython extension that needs numpy, not numba, so a run of a few
killers skips importing numba and loading its cache (about 0.4 and 0.3 s of CPU on an
idle machine, 1.2 and 0.8 s at load 6)."""


def aot_path(folder: Path | None = None) -> Path:
    """Where the warm-up puts the ahead-of-time kernel (by the bulk count kernel's)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from ..kernel_cache import aot_folder

    return aot_folder(folder) / (AOT + EXTENSION_SUFFIXES[0])


@cache
def aot_count() -> Callable[..., Any] | None:
    """:func:`sudoku_sat.engines.killer.count` compiled ahead of time, or None when it is
    not built (or cannot be loaded)."""
    from ..kernel_cache import load_ahead

    found: Callable[..., Any] | None = load_ahead(aot_path(), AOT, "count")
    return found


def build_ahead(folder: Path) -> None:
    """The kernel compiled ahead of time into folder (numba's pycc and a C compiler:
    ``kernel_cache.compile_ahead``)."""
    from ..engines import killer
    from ..kernel_cache import compile_ahead

    def signature(types: Any) -> Any:
        one, two = types.Array(types.int64, 1, "C"), types.Array(types.int64, 2, "C")
        return types.UniTuple(types.int64, 2)(one, types.int64, one, two, one)

    compile_ahead(aot_path(folder), AOT, "count", signature, killer.count)
