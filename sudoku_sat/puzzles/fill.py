"""Full grids of any order, three ways (the seed report 004's generation methods).

- **backtrack**: a complete search that is randomized. With ``engine="eup"`` (the
  default: faster than a fresh PySAT solver, 1.4 against 7.3 ms for 9x9 and 15 against
  97 ms for 16x16 in benchmarks/bench_generation.py)
  the in-house EUP engine of the counting module solves it, branching on values in
  random order. With ``engine="pysat"`` a *fresh* PySAT solver is loaded with F_regle,
  given random phases (one random value per cell is preferred, the others are tried
  false first) and solved with the clues as assumptions. A fresh solver costs ~3 ms for
  9x9 but makes the grid a function of the seed alone: a reused solver would remember
  learnt clauses and activities, so the grid would depend on the puzzles made before
  it, and ``--jobs`` could not reproduce ``--seed``.
- **permute**: the report's random permutations with criterion improvement. Each block
  is filled with a random permutation of its missing values, so blocks never clash;
  the criterion is the report's count of surplus occurrences (every occurrence of a
  value in a row or column beyond the first). A move swaps two free cells of one block
  and is kept when the criterion drops (``sideways=True`` also keeps equal moves,
  which crosses plateaus); after ``patience`` moves without a drop it restarts.
- **anneal**: Sirdey's simulated annealing from the annealing module.

Every method returns a :class:`FillResult` whose grid has been checked with
``is_solution`` against the clues, or ``grid=None`` and a ``detail`` saying why it
failed. Roads not taken: swapping any two cells of the grid (the report's literal
wording) breaks blocks and converges much more slowly; a hand-written Python
backtracker would duplicate the EUP engine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..anneal.model import block_holes
from ..encoding import cell_var, clue_assumptions, decode
from ..errors import SolverError
from ..grid import Grid, conflicts, geometry, is_solution
from ..sat.pysat import rules_solver

FillMethod = Literal["backtrack", "permute", "anneal"]
FILL_METHODS: tuple[FillMethod, ...] = ("backtrack", "permute", "anneal")


@dataclass(frozen=True)
class FillResult:
    """A full grid checked valid, or ``grid=None`` with the reason in ``detail``."""

    grid: Grid | None
    method: str
    seconds: float
    detail: str = ""
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.grid is not None


def _checked(
    grid: Grid | None, start: Grid, n: int, method: str, t0: float, detail: str = "", **stats: Any
) -> FillResult:
    """Wrap a candidate grid, refusing it unless it is a solution keeping the clues.

    ``detail`` says why a method found no grid.
    """
    seconds = time.perf_counter() - t0
    if grid is not None and not is_solution(grid, n, start):
        grid, detail = None, "produced a grid that is not a solution"
    return FillResult(grid, method, seconds, detail, stats)


def clue_clash(grid: Grid, n: int) -> str:
    """A sentence naming two clashing clues, or '' when the clues break no rule."""
    found = conflicts(grid, n)
    if not found:
        return ""
    size = n * n
    a, b = found[0]
    return (
        f"the clues break a rule: r{a // size + 1}c{a % size + 1} and "
        f"r{b // size + 1}c{b % size + 1} both hold {grid[a]}"
    )


# --- (a) randomized backtracking -------------------------------------------------------


def random_phases(n: int, rng: random.Random) -> list[int]:
    """One random preferred value per cell: its literal positive, the cell's others negative."""
    size = n * n
    phases: list[int] = []
    for cell in range(size * size):
        chosen = rng.randrange(1, size + 1)
        phases.extend(cell_var(n, cell, k) * (1 if k == chosen else -1) for k in range(1, size + 1))
    return phases


def fill_backtrack(
    grid: Grid, n: int, rng: random.Random, engine: str = "eup", solver: str = "m22"
) -> FillResult:
    """Complete grid by a randomized complete search (PySAT with random phases, or EUP)."""
    t0 = time.perf_counter()
    clash = clue_clash(grid, n)
    if clash:
        return _checked(None, grid, n, "backtrack", t0, detail=clash)
    if engine == "eup":
        found = _eup_fill(grid, n, rng.getrandbits(32))
    elif engine == "pysat":
        found = _pysat_fill(grid, n, rng, solver)
    else:
        raise SolverError(f"unknown fill engine {engine!r}; use pysat or eup")
    detail = "" if found is not None else "the clues admit no solution (UNSAT)"
    return _checked(found, grid, n, "backtrack", t0, engine=engine, detail=detail)


def _eup_fill(grid: Grid, n: int, seed: int) -> Grid | None:
    """The EUP fill: up to 16x16 the same grid on both back-ends, so that a run switching
    to the compiled kernels halfway (:mod:`sudoku_sat.accel`) keeps its seed's puzzles;
    above, the compiled random search (compiled in the foreground when cold)."""
    from ..accel import numba_installed
    from ..engines.eup.batch import ORDERED_MAX_ORDER, ordered_fill, random_solution

    if n <= ORDERED_MAX_ORDER:
        return ordered_fill(grid, n, seed)
    return random_solution(grid, n, seed, "numba" if numba_installed() else "python")


def _pysat_fill(grid: Grid, n: int, rng: random.Random, name: str) -> Grid | None:
    with rules_solver(n, name) as solver:
        solver.set_phases(random_phases(n, rng))
        if not solver.solve(assumptions=clue_assumptions(grid, n)):
            return None
        found, _ = decode(solver.get_model() or [], n)
        return found


# --- (b) random permutations with criterion improvement --------------------------------


class _Permutations:
    """Blocks filled with permutations; row and column value counts kept up to date."""

    def __init__(self, grid: Grid, n: int, rng: random.Random):
        geo = geometry(n)
        self.size, self.rng = geo.size, rng
        self.values = list(grid)
        self.holes = block_holes(grid, n)
        self.movable = [cells for cells, _ in self.holes if len(cells) >= 2]
        self.rows = [[0] * (geo.size + 1) for _ in range(geo.size)]
        self.cols = [[0] * (geo.size + 1) for _ in range(geo.size)]

    def shuffle(self) -> int:
        """Refill every block with a random permutation of its missing values; the cost."""
        for cells, missing in self.holes:
            values = list(missing)
            self.rng.shuffle(values)
            for cell, value in zip(cells, values, strict=True):
                self.values[cell] = value
        for line in self.rows + self.cols:
            line[:] = [0] * (self.size + 1)
        for cell, value in enumerate(self.values):
            self.rows[cell // self.size][value] += 1
            self.cols[cell % self.size][value] += 1
        return sum(max(0, k - 1) for line in self.rows + self.cols for k in line)

    def delta(self, a: int, b: int) -> int:
        """Change of the criterion if the values of cells a and b (one block) were swapped."""
        va, vb, size = self.values[a], self.values[b], self.size
        change = 0
        if a // size != b // size:
            change += _moved(self.rows[a // size], va, vb) + _moved(self.rows[b // size], vb, va)
        if a % size != b % size:
            change += _moved(self.cols[a % size], va, vb) + _moved(self.cols[b % size], vb, va)
        return change

    def swap(self, a: int, b: int) -> None:
        va, vb, size = self.values[a], self.values[b], self.size
        for line, gone, new in (
            (self.rows[a // size], va, vb),
            (self.rows[b // size], vb, va),
            (self.cols[a % size], va, vb),
            (self.cols[b % size], vb, va),
        ):
            line[gone] -= 1
            line[new] += 1
        self.values[a], self.values[b] = vb, va


def _moved(line: list[int], gone: int, new: int) -> int:
    """Change of a line's surplus when it loses one ``gone`` and gains one ``new``."""
    return (line[new] >= 1) - (line[gone] >= 2)


def fill_permute(
    grid: Grid,
    n: int,
    rng: random.Random,
    restarts: int = 200,
    patience: int | None = None,
    sideways: bool = True,
) -> FillResult:
    """The report's permutations with criterion improvement, with restarts.

    ``patience`` moves without a drop of the criterion end a descent (default 40*N*N).
    """
    t0 = time.perf_counter()
    clash = clue_clash(grid, n)
    if clash:
        return _checked(None, grid, n, "permute", t0, detail=clash)
    state = _Permutations(grid, n, rng)
    patience = patience or 40 * n**4
    best, moves = 1 << 30, 0
    for attempt in range(1, restarts + 1):
        cost, used = _descend(state, state.shuffle(), patience, sideways)
        moves += used
        best = min(best, cost)
        if cost == 0:
            return _checked(
                tuple(state.values), grid, n, "permute", t0, restarts=attempt, moves=moves
            )
    detail = f"no valid grid after {restarts} restarts (best criterion {best} surplus values)"
    return _checked(None, grid, n, "permute", t0, detail=detail, restarts=restarts, moves=moves)


def _descend(state: _Permutations, cost: int, patience: int, sideways: bool) -> tuple[int, int]:
    """Swap random pairs until the criterion is 0 or stalls; the final cost and moves tried."""
    if not state.movable:
        return cost, 0
    rng, moves, stall = state.rng, 0, 0
    while cost and stall < patience:
        a, b = rng.sample(rng.choice(state.movable), 2)
        change = state.delta(a, b)
        moves += 1
        stall += 1
        if change < 0 or (sideways and change == 0):
            state.swap(a, b)
            cost += change
            if change < 0:
                stall = 0
    return cost, moves


# --- (c) simulated annealing ------------------------------------------------------------


def fill_anneal(
    grid: Grid, n: int, rng: random.Random, tries: int = 10, **params: Any
) -> FillResult:
    """Sirdey's simulated annealing (the annealing module): a valid grid or its best cost."""
    t0 = time.perf_counter()
    clash = clue_clash(grid, n)
    if clash:
        return _checked(None, grid, n, "anneal", t0, detail=clash)
    from ..anneal.driver import anneal

    result = anneal(grid, n, variant="swap", tries=tries, seed=rng.getrandbits(32), **params)
    stats = {"tries": result.tries, "iterations": result.iterations, "best_cost": result.best_cost}
    detail = f"annealing found no valid grid in {result.tries} tries (best cost {result.best_cost})"
    if result.solution is not None:
        detail = ""
    return _checked(result.solution, grid, n, "anneal", t0, detail=detail, **stats)


FILLERS: dict[str, Callable[..., FillResult]] = {
    "backtrack": fill_backtrack,
    "permute": fill_permute,
    "anneal": fill_anneal,
}


def fill(grid: Grid, n: int, method: str, rng: random.Random, **options: Any) -> FillResult:
    """A full grid from grid (empty or partial) by the named method and its options."""
    if method not in FILLERS:
        raise SolverError(f"unknown fill method {method!r}; use one of {', '.join(FILLERS)}")
    return FILLERS[method](grid, n, rng, **options)
