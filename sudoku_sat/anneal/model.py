"""What both annealers share: the cost, the flat tables of a puzzle, the starts and the RNG.

Random numbers come from xorshift64* seeded by splitmix64: the pure-Python reference
(:mod:`.reference`) and the numba kernel (:mod:`.kernel`) draw the same stream, so with
one seed they make the same moves and tests can compare them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..grid import Grid, conflicts, geometry
from .params import SwapParams

MASK64 = (1 << 64) - 1


XORSHIFT_MULT = 0x2545F4914F6CDD1D


def cost(grid: Grid, n: int) -> int:
    """c(w) = 1/2 sum of c_ij: the number of pairs of peer cells holding one value."""
    return len(conflicts(grid, n))


def splitmix64(seed: int) -> int:
    """A well-mixed non-zero 64-bit state from any integer seed."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) or 1


class XorShift:
    """xorshift64*, the generator the numba kernel implements too (same stream)."""

    def __init__(self, state: int):
        self.state = state

    def next(self) -> int:
        """The next 64-bit output."""
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (x * XORSHIFT_MULT) & MASK64

    def below(self, m: int) -> int:
        """An integer in [0, m) from the top 32 bits (Lemire's multiply, bias < m / 2**32)."""
        return ((self.next() >> 32) * m) >> 32

    def uniform(self) -> float:
        """A float in [0, 1) from the top 53 bits."""
        return (self.next() >> 11) * (1.0 / (1 << 53))


@dataclass(frozen=True)
class CostTables:
    """Flat integer tables the inner loops read, built once per puzzle."""

    n: int
    size: int
    free: list[int]
    peers: list[int]
    npeers: int
    block_start: list[int]
    block_free: list[int]
    free_pos: list[int]
    movable: list[int]


def tables(grid: Grid, n: int) -> CostTables:
    """Free cells, flat peer lists, and per block the free cells that can swap."""
    geo = geometry(n)
    free = [c for c in range(geo.ncells) if not grid[c]]
    block_start, block_free = [0], []
    free_pos = [-1] * geo.ncells
    movable = []
    for mine, _ in block_holes(grid, n):
        for k, c in enumerate(mine):
            free_pos[c] = k
        block_free.extend(mine)
        block_start.append(len(block_free))
        if len(mine) >= 2:
            movable.extend(mine)
    peers = [p for c in range(geo.ncells) for p in geo.peers[c]]
    npeers = len(geo.peers[0])
    return CostTables(n, geo.size, free, peers, npeers, block_start, block_free, free_pos, movable)


def block_of_cell(n: int) -> list[int]:
    """Block number of every cell."""
    geo = geometry(n)
    return [geo.units_of[c][2] - 2 * geo.size for c in range(geo.ncells)]


def acceptance_table(temperature: float, top: int) -> list[float]:
    """exp(-d / T) for d = 0..top as powers of exp(-1/T), one exp per level (as the kernel)."""
    q = math.exp(-1.0 / temperature)
    table = [1.0]
    for _ in range(top):
        table.append(table[-1] * q)
    return table


def random_fill(grid: Grid, size: int, rng: XorShift, free: Sequence[int]) -> list[int]:
    """The grid with each free cell set to a uniform value 1..N."""
    w = list(grid)
    for c in free:
        w[c] = 1 + rng.below(size)
    return w


def conflict_table(w: Sequence[int], t: CostTables) -> list[int]:
    """conf[c*(N+1) + v] = number of peers of c holding v."""
    width = t.size + 1
    conf = [0] * (len(w) * width)
    for c in range(len(w)):
        for p in t.peers[c * t.npeers : (c + 1) * t.npeers]:
            conf[c * width + w[p]] += 1
    return conf


def sirdey_start(grid: Grid, t: CostTables, rng: XorShift) -> tuple[list[int], list[int], int]:
    """A random start keeping the clues, its conflict table and its cost c(w)."""
    w = random_fill(grid, t.size, rng, t.free)
    conf = conflict_table(w, t)
    width = t.size + 1
    return w, conf, sum(conf[c * width + w[c]] for c in range(len(w))) // 2


def block_holes(grid: Grid, n: int) -> list[tuple[list[int], list[int]]]:
    """Per block, its free cells and the values its clues leave missing (ascending)."""
    geo = geometry(n)
    values = set(range(1, geo.size + 1))
    return [
        ([c for c in block if not grid[c]], sorted(values - {grid[c] for c in block}))
        for block in geo.blocks
    ]


def block_fill(grid: Grid, n: int, rng: XorShift) -> list[int]:
    """The grid with each block's missing values shuffled into its free cells."""
    w = list(grid)
    for holes, missing in block_holes(grid, n):
        for k in range(len(missing) - 1, 0, -1):
            j = rng.below(k + 1)
            missing[k], missing[j] = missing[j], missing[k]
        for c, v in zip(holes, missing, strict=False):
            w[c] = v
    return w


def line_counts(w: Sequence[int], size: int) -> tuple[list[int], list[int]]:
    """Per row and per column, how many cells hold each value (flat, width N+1)."""
    width = size + 1
    rows = [0] * (size * width)
    cols = [0] * (size * width)
    for c, v in enumerate(w):
        rows[(c // size) * width + v] += 1
        cols[(c % size) * width + v] += 1
    return rows, cols


def pair_cost(counts: Sequence[int]) -> int:
    """Sum over a count table of the pairs k(k-1)/2 that one value makes."""
    return sum(k * (k - 1) // 2 for k in counts)


def swap_delta(cnt: list[int], line_a: int, line_b: int, va: int, vb: int, width: int) -> int:
    """Cost change in one direction (rows or columns) when va moves out of line a into b."""
    if line_a == line_b:
        return 0
    a, b = line_a * width, line_b * width
    return cnt[a + vb] - (cnt[a + va] - 1) + cnt[b + va] - (cnt[b + vb] - 1)


def swap_apply(cnt: list[int], line_a: int, line_b: int, va: int, vb: int, width: int) -> None:
    """Update one direction's counts for the swap priced by :func:`swap_delta`."""
    a, b = line_a * width, line_b * width
    cnt[a + va] -= 1
    cnt[a + vb] += 1
    cnt[b + vb] -= 1
    cnt[b + va] += 1


def swap_start(
    grid: Grid, t: CostTables, rng: XorShift
) -> tuple[list[int], list[int], list[int], int]:
    """A start whose blocks are permutations, its row and column counts and its cost."""
    w = block_fill(grid, t.n, rng)
    rows, cols = line_counts(w, t.size)
    return w, rows, cols, pair_cost(rows) + pair_cost(cols)


def swap_level_length(t: CostTables, p: SwapParams) -> int:
    """Moves per level: the option, or the number of free cells (at least 1)."""
    return p.level_length if p.level_length is not None else max(1, len(t.free))
