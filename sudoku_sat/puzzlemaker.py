"""Making puzzles end to end: fill a grid, empty it, verify the result independently.

Reproducibility. Puzzle number i draws everything from ``random.Random(f"{seed}/{i}")``,
and nothing else carries state from one puzzle to the next that could change its
outcome: the full grid comes from a fresh solver (or a stateless method), and the
shared uniqueness checker only answers yes or no, which its learnt clauses cannot
change. So the same seed gives the same puzzles, in one process or spread over
``jobs`` worker processes.

Checkers live in a per-process cache (one per order and kind), so one PySAT solver
serves every check of every puzzle a process makes.
"""

from __future__ import annotations

import atexit
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, TypeVar

from .emptying import (
    CHECKERS,
    EMPTY_METHODS,
    EXHAUSTIVE_MAX_ORDER,
    Checker,
    PysatChecker,
    Schedule,
    Verdict,
    empty,
    independent_of,
    make_checker,
    verify,
)
from .errors import SudokuSatError
from .generation import FILL_METHODS, fill, fill_backtrack
from .grid import Grid, clue_count, empty_grid

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class MakeOptions:
    """How puzzles are made: order, fill and emptying methods, checker, schedule, seed."""

    n: int = 3
    fill: str = "backtrack"
    empty: str = "greedy"
    symmetric: bool = False
    checker: str = "pysat"
    schedule: Schedule = Schedule()
    seed: int = 0
    fill_engine: str = "eup"

    def __post_init__(self) -> None:
        for value, known, what in (
            (self.fill, FILL_METHODS, "fill method"),
            (self.empty, EMPTY_METHODS, "emptying method"),
            (self.checker, CHECKERS, "checker"),
            (self.fill_engine, ("eup", "pysat"), "backtracking engine"),
        ):
            if value not in known:
                raise SudokuSatError(f"unknown {what} {value!r}; use one of {', '.join(known)}")
        if self.empty == "exhaustive" and self.n > EXHAUSTIVE_MAX_ORDER:
            raise SudokuSatError(
                f"--empty exhaustive is for 4x4 (order {EXHAUSTIVE_MAX_ORDER}) only: the true "
                f"minimum of a {self.n**2}x{self.n**2} grid is out of reach; use greedy or anneal"
            )


@dataclass(frozen=True)
class Made:
    """One puzzle made (or not): the puzzle, its solution, the verdict, time and stats."""

    index: int
    n: int
    puzzle: Grid | None
    solution: Grid | None
    seconds: float
    verdict: Verdict | None = None
    detail: str = ""
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.puzzle is not None and self.verdict is not None and self.verdict.ok

    @property
    def clues(self) -> int:
        return clue_count(self.puzzle) if self.puzzle is not None else 0


def rng_for(seed: int, index: int) -> random.Random:
    """The random source of puzzle number index: a function of (seed, index) only."""
    return random.Random(f"{seed}/{index}")


def new_seed() -> int:
    """A fresh seed, for runs not given one (reported so they can be replayed)."""
    return random.SystemRandom().getrandbits(48)


_CACHE: dict[tuple[str, int], Checker] = {}


def checker(name: str, n: int) -> Checker:
    """This process's checker of that kind and order, made on first use."""
    if not _CACHE:
        atexit.register(close_checkers)
    if (name, n) not in _CACHE:
        _CACHE[(name, n)] = make_checker(name, n)
    return _CACHE[(name, n)]


def close_checkers() -> None:
    """Free the cached checkers' solvers (at exit, before PySAT's module is torn down)."""
    for made in _CACHE.values():
        made.close()
    _CACHE.clear()


def _finish(
    options: MakeOptions,
    index: int,
    start: Grid,
    solution: Grid,
    rng: random.Random,
    t0: float,
    stats: dict[str, Any],
) -> Made:
    """Empty start (unique, solved by solution), verify it independently, wrap it up."""
    n = options.n
    emptied = empty(
        start,
        solution,
        n,
        options.empty,
        checker(options.checker, n),
        rng,
        options.symmetric,
        options.schedule,
    )
    judge = checker(independent_of(options.checker), n)
    finder = checker("pysat", n)
    assert isinstance(finder, PysatChecker)
    verdict = verify(emptied.grid, solution, n, judge, finder, options.symmetric)
    seconds = time.perf_counter() - t0
    detail = "" if verdict.ok else f"independent check failed: {verdict}"
    stats = stats | emptied.stats | {"empty_seconds": round(emptied.seconds, 6)}
    return Made(index, n, emptied.grid, solution, seconds, verdict, detail, stats)


def make_one(options: MakeOptions, index: int) -> Made:
    """Puzzle number index: fill an empty grid, empty it, verify it."""
    t0 = time.perf_counter()
    rng = rng_for(options.seed, index)
    extra = {"engine": options.fill_engine} if options.fill == "backtrack" else {}
    filled = fill(empty_grid(options.n), options.n, options.fill, rng, **extra)
    if filled.grid is None:
        seconds = time.perf_counter() - t0
        return Made(index, options.n, None, None, seconds, None, f"fill failed: {filled.detail}")
    stats = {"fill_seconds": round(filled.seconds, 6)} | filled.stats
    return _finish(options, index, filled.grid, filled.grid, rng, t0, stats)


def minimize_one(options: MakeOptions, item: tuple[int, int, Grid]) -> Made:
    """Puzzle (index, order, grid) emptied to a minimal unique subset of its clues."""
    index, n, grid = item
    options = replace(options, n=n)
    t0 = time.perf_counter()
    count = checker(options.checker, n).count(grid)
    if count != 1:
        why = "has no solution" if count == 0 else "has several solutions"
        return Made(index, n, None, None, time.perf_counter() - t0, None, f"the puzzle {why}")
    solved = fill_backtrack(grid, n, rng_for(options.seed, index), options.fill_engine)
    if solved.grid is None:
        raise SudokuSatError(f"checker found one solution but the solver none: {solved.detail}")
    return _finish(options, index, grid, solved.grid, rng_for(options.seed, index), t0, {})


def _in_pool(work: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """work over items, in order, in jobs worker processes (never more than items; here
    when that is one)."""
    jobs = min(jobs, len(items))
    if jobs <= 1:
        yield from map(work, items)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap(work, items)


def make_many(options: MakeOptions, count: int, jobs: int = 1) -> Iterator[Made]:
    """Puzzles 0..count-1 of options.seed, in order, made by jobs processes."""
    return _in_pool(partial(make_one, options), range(count), jobs)


def minimize_many(
    options: MakeOptions, grids: list[tuple[int, Grid]], jobs: int = 1
) -> Iterator[Made]:
    """Each (order, grid) emptied to a minimal unique puzzle, in order, by jobs processes."""
    items = [(index, n, grid) for index, (n, grid) in enumerate(grids)]
    return _in_pool(partial(minimize_one, options), items, jobs)
