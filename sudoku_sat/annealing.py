"""Simulated annealing for Sudoku: Sirdey's annealer as published, and a stronger swap annealer.

Two variants share one driver (:func:`anneal`): each *try* starts from a random grid that
keeps the clues and anneals until the cost is 0 or the try's stopping rule fires; tries
repeat until one solves or ``tries`` are spent.

``sirdey`` (R. Sirdey, "Sudokus et algorithmes de recuit", ../shared/seeds/003), verbatim:

- Omega: grids of values 1..N that keep the fixed clues; start from uniform random values.
- Cost c(w) = 1/2 sum_ij c_ij(w), c_ij = occurrences of w_ij among the 3N-2n-1 peers of ij:
  the number of pairs of peers holding the same value (:func:`cost`).
- Neighbour: one non-fixed cell (uniform) gets a different value (uniform among N-1).
- Acceptance min(1, exp(-delta_c / T)).
- Schedule: T0 = e_p, T_{k+1} = T_k / (1 + log(1+delta)/(e_p+1) T_k), n**4 iterations per
  level; e_p = n**4 (3n^2-2n-1)/2 is the largest cost (810 for 9x9; the paper's
  "e^{p+1}" is a typesetting slip for e_p + 1 = 811, as the practical session 002 writes).
- Stop: c = 0; or T < T_f = eps / (n**4 log N - log(1-alpha)) (the paper's T'_f,
  0.00273852 for 9x9, alpha = 0.99, eps = 1/2; ``instance_t_final`` takes equation (3)
  over the free cells instead); or the paper's ad-hoc rule, no better best cost for
  ``stall_levels`` = 10,000 levels (0 turns it off).

``swap`` (our design, after R. Lewis, "Metaheuristics can solve Sudoku puzzles", 2007):
every block holds a permutation of 1..N from the start, a move swaps two non-fixed cells of
one block, so only rows and columns can clash and the same c(w) counts their pairs. The
first cell of a swap is redrawn up to ``focus`` times until it clashes (conflict-directed
moves: on the 17-clue grid this took tries from about 3 in 10 solved to 10 in 10). The
temperature falls geometrically (``cooling`` per level of ``level_length`` moves) and is
reset to ``t0`` when the best cost has not improved for ``reheat_levels`` levels; a try
ends after ``max_iterations`` moves (redraws are not counted as moves).

Representation: the inner loop keeps ``conf[c][v]``, the number of peers of cell c holding
v (sirdey), or per-row and per-column value counts (swap), so a move is priced in O(1)
and only an accepted move pays O(peers) to update the table. exp(-d/T) is tabulated once
per level for d = 1..max. Random numbers come from xorshift64* seeded by splitmix64: the
pure-Python reference below and the numba kernel (:mod:`sudoku_sat.anneal_kernel`) draw
the same stream, so with one seed they make the same moves and tests can compare them.
The cell is drawn from the list of free cells, which is the paper's "draw i, j until ij
is not fixed" without the wasted draws; u is drawn only when the move costs more.

Roads not taken: recomputing c_ij over the peers at each move (20 reads instead of 2);
numpy's Generator inside the kernel (not callable from nopython code at this speed);
Cython (a build step for an optional speed-up; numba is a wheel).
"""

from __future__ import annotations

import math
import os
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from .errors import SolverError
from .grid import Grid, conflicts, geometry, is_solution
from .solvers import SolveResult

Variant = Literal["sirdey", "swap"]
Backend = Literal["auto", "numba", "python"]
VARIANTS: tuple[str, ...] = ("sirdey", "swap")
MASK64 = (1 << 64) - 1
XORSHIFT_MULT = 0x2545F4914F6CDD1D
TRACE_ROWS = 4_000_000
"""Trace rows kept per try at most (a full 16x16 paper try has ~75 M levels)."""


@dataclass(frozen=True)
class SirdeyParams:
    """The paper's parameters; None means "the paper's value for this order"."""

    t0: float | None = None
    delta: float = 0.1
    alpha: float = 0.99
    epsilon: float = 0.5
    e_p: float | None = None
    level_length: int | None = None
    t_final: float | None = None
    stall_levels: int = 10_000
    max_iterations: int = 0
    instance_t_final: bool = False


@dataclass(frozen=True)
class SwapParams:
    """The swap annealer's parameters; None means "derived from the puzzle"."""

    t0: float = 0.5
    cooling: float = 0.99
    level_length: int | None = None
    reheat_levels: int = 100
    max_iterations: int = 20_000_000
    focus: int = 30


Params = SirdeyParams | SwapParams


@dataclass(frozen=True)
class Trace:
    """Cost and temperature at the end of every ``every``-th level of every try."""

    tries: tuple[int, ...]
    levels: tuple[int, ...]
    costs: tuple[int, ...]
    temperatures: tuple[float, ...]
    every: int = 1


@dataclass
class TraceRows:
    """One try's trace being recorded: every ``every``-th level, TRACE_ROWS at most."""

    every: int
    levels: list[int] = field(default_factory=list)
    costs: list[int] = field(default_factory=list)
    temps: list[float] = field(default_factory=list)

    def add(self, level: int, c: int, temp: float) -> None:
        """Record the level's cost and temperature if it is one to keep."""
        if self.every and level % self.every == 0 and len(self.levels) < TRACE_ROWS:
            self.levels.append(level)
            self.costs.append(c)
            self.temps.append(temp)

    def rows(self) -> tuple[list[int], list[int], list[float]]:
        """Levels, costs and temperatures, as TryResult takes them."""
        return self.levels, self.costs, self.temps


@dataclass(frozen=True)
class TryResult:
    """One try: final cost, best cost and grid, moves and levels made, its trace."""

    cost: int
    best_cost: int
    best_grid: Grid
    iterations: int
    levels: int
    trace_levels: list[int] = field(default_factory=list)
    trace_costs: list[int] = field(default_factory=list)
    trace_temps: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class AnnealResult:
    """A run of tries: the solution (None when every try failed) and what it cost."""

    solution: Grid | None
    tries: int
    iterations: int
    seconds: float
    best_cost: int
    best_grid: Grid
    variant: str = "swap"
    backend: str = "python"
    seed: int = 0
    levels: int = 0
    trace: Trace | None = None


# ---------------------------------------------------------------- cost and schedule


def cost(grid: Grid, n: int) -> int:
    """c(w) = 1/2 sum of c_ij: the number of pairs of peer cells holding one value."""
    return len(conflicts(grid, n))


def max_cost(n: int) -> int:
    """e_p, the largest cost: every cell clashing with all its peers (810 for 9x9)."""
    geo = geometry(n)
    return geo.ncells * len(geo.peers[0]) // 2


def final_temperature(
    n: int, alpha: float = 0.99, epsilon: float = 0.5, free_cells: int | None = None
) -> float:
    """T_f = eps / (k log N - log(1 - alpha)), k = n**4 (the paper's T'_f) or free cells."""
    k = n**4 if free_cells is None else free_cells
    return epsilon / (k * math.log(n * n) - math.log(1 - alpha))


def cooling_rate(delta: float, e_p: float) -> float:
    """log(1 + delta) / (e_p + 1), the constant of T_{k+1} = T_k / (1 + rate T_k)."""
    return math.log(1 + delta) / (e_p + 1)


def level_count(t0: float, t_final: float, delta: float, e_p: float) -> int:
    """Levels run before T < T_f: 1 + floor(Lambda), Lambda from the paper's section V."""
    lam = (1 + e_p) / math.log(1 + delta) * (1 / t_final - 1 / t0)
    return 1 + math.floor(lam) if lam >= 0 else 0


# ---------------------------------------------------------------- random numbers


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


# ---------------------------------------------------------------- puzzle tables


@dataclass(frozen=True)
class Tables:
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


def tables(grid: Grid, n: int) -> Tables:
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
    return Tables(n, geo.size, free, peers, npeers, block_start, block_free, free_pos, movable)


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


# ---------------------------------------------------------------- the reference: sirdey


def random_fill(grid: Grid, size: int, rng: XorShift, free: Sequence[int]) -> list[int]:
    """The grid with each free cell set to a uniform value 1..N."""
    w = list(grid)
    for c in free:
        w[c] = 1 + rng.below(size)
    return w


def conflict_table(w: Sequence[int], t: Tables) -> list[int]:
    """conf[c*(N+1) + v] = number of peers of c holding v."""
    width = t.size + 1
    conf = [0] * (len(w) * width)
    for c in range(len(w)):
        for p in t.peers[c * t.npeers : (c + 1) * t.npeers]:
            conf[c * width + w[p]] += 1
    return conf


def sirdey_start(grid: Grid, t: Tables, rng: XorShift) -> tuple[list[int], list[int], int]:
    """A random start keeping the clues, its conflict table and its cost c(w)."""
    w = random_fill(grid, t.size, rng, t.free)
    conf = conflict_table(w, t)
    width = t.size + 1
    return w, conf, sum(conf[c * width + w[c]] for c in range(len(w))) // 2


def sirdey_try_py(
    grid: Grid,
    t: Tables,
    p: SirdeyParams,
    rng: XorShift,
    trace_every: int = 0,
    check: bool = False,
) -> TryResult:
    """One try of the paper's annealer in pure Python (the reference for the kernel).

    With ``check`` the running cost is compared with a full recomputation of c(w) after
    every move (slow; for tests).
    """
    n, size, npeers = t.n, t.size, t.npeers
    e_p, t0, t_final, length = sirdey_constants(n, p, len(t.free))
    rate = cooling_rate(p.delta, e_p)
    w, conf, c = sirdey_start(grid, t, rng)
    width = size + 1
    best, best_w, best_level = c, list(w), 0
    temp, level, iterations = t0, 0, 0
    trace = TraceRows(trace_every)
    nfree = len(t.free)
    while temp >= t_final and c > 0 and nfree:
        accept = acceptance_table(temp, npeers)
        for _ in range(length):
            cell = t.free[rng.below(nfree)]
            old = w[cell]
            new = 1 + rng.below(size - 1)
            if new >= old:
                new += 1
            d = conf[cell * width + new] - conf[cell * width + old]
            iterations += 1
            if d <= 0 or rng.uniform() <= accept[d]:
                for q in t.peers[cell * npeers : (cell + 1) * npeers]:
                    conf[q * width + old] -= 1
                    conf[q * width + new] += 1
                w[cell] = new
                c += d
                if check:
                    assert c == cost(tuple(w), n), (c, cost(tuple(w), n))
                if c < best:
                    best, best_w, best_level = c, list(w), level
                    if c == 0:
                        break
        trace.add(level, c, temp)
        level += 1
        if c == 0 or (p.stall_levels and level - best_level >= p.stall_levels):
            break
        if p.max_iterations and iterations >= p.max_iterations:
            break
        temp = temp / (1 + rate * temp)
    return TryResult(c, best, tuple(best_w), iterations, level, *trace.rows())


def sirdey_constants(n: int, p: SirdeyParams, free_cells: int) -> tuple[float, float, float, int]:
    """e_p, T0, T_f and the level length, the paper's values where p leaves None.

    T_f is the paper's T'_f (all n**4 cells), or its equation (3) over the free cells when
    ``instance_t_final`` is set.
    """
    e_p = float(max_cost(n)) if p.e_p is None else p.e_p
    t0 = e_p if p.t0 is None else p.t0
    cells = free_cells if p.instance_t_final else None
    t_final = final_temperature(n, p.alpha, p.epsilon, cells) if p.t_final is None else p.t_final
    length = n**4 if p.level_length is None else p.level_length
    return e_p, t0, t_final, length


# ---------------------------------------------------------------- the reference: swap


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


def swap_start(grid: Grid, t: Tables, rng: XorShift) -> tuple[list[int], list[int], list[int], int]:
    """A start whose blocks are permutations, its row and column counts and its cost."""
    w = block_fill(grid, t.n, rng)
    rows, cols = line_counts(w, t.size)
    return w, rows, cols, pair_cost(rows) + pair_cost(cols)


def swap_try_py(
    grid: Grid,
    t: Tables,
    p: SwapParams,
    rng: XorShift,
    trace_every: int = 0,
    check: bool = False,
) -> TryResult:
    """One try of the swap annealer in pure Python (the reference for the kernel)."""
    size, width = t.size, t.size + 1
    w, rows, cols, c = swap_start(grid, t, rng)
    best, best_w, best_level = c, list(w), 0
    length = swap_level_length(t, p)
    temp, level, iterations = p.t0, 0, 0
    blocks = block_of_cell(t.n)
    trace = TraceRows(trace_every)
    nmov = len(t.movable)
    while c > 0 and nmov and iterations < p.max_iterations:
        accept = acceptance_table(temp, 4 * size)
        for _ in range(length):
            a = t.movable[rng.below(nmov)]
            for _ in range(p.focus):
                if rows[(a // size) * width + w[a]] > 1 or cols[(a % size) * width + w[a]] > 1:
                    break
                a = t.movable[rng.below(nmov)]
            blk = blocks[a]
            start, count = t.block_start[blk], t.block_start[blk + 1] - t.block_start[blk]
            k = rng.below(count - 1)
            if k >= t.free_pos[a]:
                k += 1
            b = t.block_free[start + k]
            va, vb = w[a], w[b]
            ra, rb, ca, cb = a // size, b // size, a % size, b % size
            d = swap_delta(rows, ra, rb, va, vb, width) + swap_delta(cols, ca, cb, va, vb, width)
            iterations += 1
            if d <= 0 or rng.uniform() <= accept[d]:
                if ra != rb:
                    swap_apply(rows, ra, rb, va, vb, width)
                if ca != cb:
                    swap_apply(cols, ca, cb, va, vb, width)
                w[a], w[b] = vb, va
                c += d
                if check:
                    assert c == cost(tuple(w), t.n), (c, cost(tuple(w), t.n))
                if c < best:
                    best, best_w, best_level = c, list(w), level
                    if c == 0:
                        break
        trace.add(level, c, temp)
        level += 1
        temp *= p.cooling
        if level - best_level >= p.reheat_levels:
            temp, best_level = p.t0, level
    return TryResult(c, best, tuple(best_w), iterations, level, *trace.rows())


def swap_level_length(t: Tables, p: SwapParams) -> int:
    """Moves per level: the option, or the number of free cells (at least 1)."""
    return p.level_length if p.level_length is not None else max(1, len(t.free))


# ---------------------------------------------------------------- the driver


def make_params(variant: str, params: dict[str, Any]) -> Params:
    """The variant's parameter record from keyword arguments, naming unknown ones."""
    cls: type[SirdeyParams] | type[SwapParams]
    if variant == "sirdey":
        cls = SirdeyParams
    elif variant == "swap":
        cls = SwapParams
    else:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(params) - known)
    if unknown:
        raise ValueError(
            f"unknown {variant} parameter(s) {', '.join(unknown)}; known: {', '.join(known)}"
        )
    p = cls(**{k: v for k, v in params.items() if v is not None})
    check_params(p)
    return p


def check_params(p: Params) -> None:
    """ValueError naming the first parameter out of its range."""
    rules: list[tuple[str, bool]] = [
        ("t0 must be > 0", p.t0 is None or p.t0 > 0),
        ("level_length must be >= 1", p.level_length is None or p.level_length >= 1),
        ("max_iterations must be >= 0", p.max_iterations >= 0),
    ]
    if isinstance(p, SirdeyParams):
        rules += [
            ("delta must be > 0", p.delta > 0),
            ("alpha must be in (0, 1)", 0 < p.alpha < 1),
            ("epsilon must be > 0", p.epsilon > 0),
            ("e_p must be > 0", p.e_p is None or p.e_p > 0),
            ("t_final must be > 0", p.t_final is None or p.t_final > 0),
            ("stall_levels must be >= 0", p.stall_levels >= 0),
        ]
    else:
        rules += [
            ("cooling must be in (0, 1]", 0 < p.cooling <= 1),
            ("reheat_levels must be >= 1", p.reheat_levels >= 1),
            ("focus must be >= 0", p.focus >= 0),
            ("max_iterations must be >= 1 for swap", p.max_iterations >= 1),
        ]
    for message, ok in rules:
        if not ok:
            raise ValueError(message)


def numba_available() -> bool:
    """True when numba and numpy can be imported."""
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def choose_backend(backend: str) -> str:
    """numba when asked for or available under auto; python otherwise."""
    if backend not in ("auto", "numba", "python"):
        raise ValueError(f"unknown backend {backend!r}; known: auto, numba, python")
    if backend == "python":
        return "python"
    if numba_available():
        return "numba"
    if backend == "auto":
        return "python"
    raise SolverError("numba not installed: pip install 'sudoku-sat[anneal]'")


TryRunner = Callable[[XorShift], TryResult]


def try_runner(grid: Grid, n: int, p: Params, backend: str, trace_every: int) -> TryRunner:
    """A function running one try from the generator's current state."""
    t = tables(grid, n)
    if backend == "numba":
        from .anneal_kernel import kernel_runner

        return kernel_runner(grid, n, t, p, trace_every)
    if isinstance(p, SirdeyParams):
        return lambda rng: sirdey_try_py(grid, t, p, rng, trace_every)
    return lambda rng: swap_try_py(grid, t, p, rng, trace_every)


def anneal(
    grid: Grid,
    n: int,
    variant: str = "swap",
    tries: int = 10,
    seed: int | None = None,
    *,
    backend: str = "auto",
    trace_every: int = 0,
    on_try: Callable[[int, TryResult], None] | None = None,
    **params: Any,
) -> AnnealResult:
    """Anneal up to ``tries`` times from random starts; stop at the first solution.

    ``params`` are the variant's fields (:class:`SirdeyParams`, :class:`SwapParams`);
    ``trace_every`` > 0 records cost and temperature every that many levels;
    ``on_try(k, result)`` is called after each try (for progress bars). A grid whose
    clues already clash cannot reach cost 0: it returns at once with no try made.
    """
    p = make_params(variant, params)
    if tries < 1:
        raise ValueError("tries must be at least 1")
    if len(grid) != geometry(n).ncells or not all(0 <= v <= n * n for v in grid):
        raise ValueError(f"not a grid of order {n}: {n**4} values in 0..{n * n} expected")
    seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
    chosen = choose_backend(backend)
    start = time.perf_counter()
    clashes = cost(grid, n)
    if clashes:
        return AnnealResult(None, 0, 0, 0.0, clashes, grid, variant, chosen, seed)
    if is_solution(grid, n):
        return AnnealResult(grid, 0, 0, 0.0, 0, grid, variant, chosen, seed)
    run = try_runner(grid, n, p, chosen, trace_every)
    results = run_tries(run, tries, seed, on_try)
    best = min(results, key=lambda r: r.best_cost)
    solution = best.best_grid if best.best_cost == 0 else None
    if solution is not None and not is_solution(solution, n, grid):
        raise AssertionError("annealer returned a grid that is not a solution")
    return AnnealResult(
        solution,
        tries=len(results),
        iterations=sum(r.iterations for r in results),
        seconds=time.perf_counter() - start,
        best_cost=best.best_cost,
        best_grid=best.best_grid,
        variant=variant,
        backend=chosen,
        seed=seed,
        levels=sum(r.levels for r in results),
        trace=make_trace(results, trace_every) if trace_every else None,
    )


def run_tries(
    run: TryRunner, tries: int, seed: int, on_try: Callable[[int, TryResult], None] | None
) -> list[TryResult]:
    """Tries until one solves or ``tries`` are made; one generator for the whole run, so a
    seed fixes every try."""
    rng = XorShift(splitmix64(seed))
    results: list[TryResult] = []
    for k in range(1, tries + 1):
        results.append(run(rng))
        if on_try is not None:
            on_try(k, results[-1])
        if results[-1].best_cost == 0:
            break
    return results


def make_trace(results: list[TryResult], every: int) -> Trace:
    """The traces of tries 1, 2, ... as one Trace."""
    rows = [
        (k, level, c, temp)
        for k, r in enumerate(results, start=1)
        for level, c, temp in zip(r.trace_levels, r.trace_costs, r.trace_temps, strict=True)
    ]
    if not rows:
        return Trace((), (), (), (), every)
    tries, levels, costs, temps = zip(*rows, strict=True)
    return Trace(tries, levels, costs, temps, every)


def solve_engine(grid: Grid, n: int) -> SolveResult:
    """``solve --engine anneal``: the swap annealer, 10 tries, status unknown on failure.

    The seed is the CRC-32 of the grid, so the same puzzle always gives the same run
    (``sudoku-sat anneal --seed`` chooses it freely).
    """
    result = anneal(grid, n, "swap", tries=10, seed=zlib.crc32(bytes(grid)))
    stats = {"tries": result.tries, "iterations": result.iterations, "best_cost": result.best_cost}
    if result.solution is not None:
        return SolveResult("solved", result.solution, result.seconds, "anneal-swap", stats)
    detail = f"best cost {result.best_cost} after {result.tries} tries"
    return SolveResult("unknown", result.best_grid, result.seconds, "anneal-swap", stats, detail)


__all__ = [
    "AnnealResult",
    "SirdeyParams",
    "SwapParams",
    "Trace",
    "anneal",
    "cost",
    "final_temperature",
    "level_count",
    "max_cost",
]
