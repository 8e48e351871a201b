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
pure-Python reference below and the numba kernel (:mod:`.kernel`) draw
the same stream, so with one seed they make the same moves and tests can compare them.
The cell is drawn from the list of free cells, which is the paper's "draw i, j until ij
is not fixed" without the wasted draws; u is drawn only when the move costs more.

Roads not taken: recomputing c_ij over the peers at each move (20 reads instead of 2);
numpy's Generator inside the kernel (not callable from nopython code at this speed);
Cython (a build step for an optional speed-up; numba is a wheel).
"""

from __future__ import annotations

import os
import time
import zlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal

from ..accel import choose_compiled
from ..deadline import Deadline
from ..errors import UsageError
from ..grid import Grid, geometry, is_solution
from ..result import SolveResult
from .model import XorShift, cost, splitmix64, tables
from .params import Params, SirdeyParams, make_params
from .reference import sirdey_try_py, swap_try_py
from .results import AnnealResult, TryResult, make_trace

Backend = Literal["auto", "numba", "python"]


TryRunner = Callable[[XorShift], TryResult]


def try_runner(grid: Grid, n: int, p: Params, backend: str, trace_every: int) -> TryRunner:
    """A function running one try from the generator's current state."""
    t = tables(grid, n)
    if backend == "numba":
        from .kernel import kernel_runner

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
    deadline: Deadline | None = None,
    keep_trace: bool = True,
    **params: Any,
) -> AnnealResult:
    """Anneal up to ``tries`` times from random starts; stop at the first solution.

    ``params`` are the variant's fields (:class:`SirdeyParams`, :class:`SwapParams`);
    ``trace_every`` > 0 records cost and temperature every that many levels;
    ``on_try(k, result)`` is called after each try (for progress bars); no try starts
    once ``deadline`` has passed (the first always runs). ``keep_trace=False`` drops each
    try's trace once ``on_try`` has seen it (a caller streaming the trace to a file keeps
    one try in memory, not the run: the result's trace is then empty). A grid whose
    clues already clash cannot reach cost 0: it returns at once with no try made.
    """
    p = make_params(variant, params)
    if tries < 1:
        raise UsageError("--tries must be at least 1")
    if len(grid) != geometry(n).ncells or not all(0 <= v <= n * n for v in grid):
        raise UsageError(f"not a grid of order {n}: {n**4} values in 0..{n * n} expected")
    seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
    chosen = choose_compiled(backend)
    start = time.perf_counter()
    clashes = cost(grid, n)
    if clashes:
        return AnnealResult(None, 0, 0, 0.0, clashes, grid, variant, chosen, seed)
    if is_solution(grid, n):
        return AnnealResult(grid, 0, 0, 0.0, 0, grid, variant, chosen, seed)
    run = try_runner(grid, n, p, chosen, trace_every)
    results = run_tries(run, tries, seed, on_try, deadline, keep_trace)
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
    run: TryRunner,
    tries: int,
    seed: int,
    on_try: Callable[[int, TryResult], None] | None,
    deadline: Deadline | None = None,
    keep_trace: bool = True,
) -> list[TryResult]:
    """Tries until one solves or ``tries`` are made; one generator for the whole run, so a
    seed fixes every try."""
    rng = XorShift(splitmix64(seed))
    results: list[TryResult] = []
    for k in range(1, tries + 1):
        results.append(run(rng))
        if on_try is not None:
            on_try(k, results[-1])
        if not keep_trace:
            results[-1] = replace(results[-1], trace_levels=[], trace_costs=[], trace_temps=[])
        if results[-1].best_cost == 0 or (deadline is not None and deadline.passed()):
            break
    return results


def solve_engine(grid: Grid, n: int, timeout: float | None = None) -> SolveResult:
    """``solve --method anneal``: the swap annealer, 10 tries, status unknown on failure.

    The seed is the CRC-32 of the grid, so the same puzzle always gives the same run
    (``sudoku-sat anneal --seed`` chooses it freely). With a timeout, no try starts after
    the deadline (a try of the default schedule is at most 20 M moves, under a second).
    """
    deadline = Deadline(timeout)
    result = anneal(grid, n, "swap", tries=10, seed=zlib.crc32(bytes(grid)), deadline=deadline)
    stats = {"tries": result.tries, "iterations": result.iterations, "best_cost": result.best_cost}
    if result.solution is not None:
        return SolveResult("solved", result.solution, result.seconds, "anneal-swap", stats)
    detail = f"best cost {result.best_cost} after {result.tries} tries"
    if deadline.passed():
        detail = f"timeout after {timeout} s; {detail}"
    return SolveResult("unknown", result.best_grid, result.seconds, "anneal-swap", stats, detail)
