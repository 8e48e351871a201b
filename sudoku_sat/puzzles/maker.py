"""Making puzzles end to end: fill a grid, empty it, verify the result independently.

Reproducibility. Puzzle number i draws everything from ``random.Random(f"{seed}/{i}")``,
and nothing else carries state from one puzzle to the next that could change its
outcome: the full grid comes from a fresh solver (or a stateless method), and the
shared uniqueness checker only answers yes or no, which its learnt clauses cannot
change. So the same seed gives the same puzzles on every executor of
:mod:`sudoku_sat.batch`: this process, local worker processes or a Dask cluster.

Checkers live in the batch cache (one per order and kind, per worker process and
thread), so one PySAT solver serves every check of every puzzle a worker makes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..batch.cache import cached
from ..batch.executor import Executor, Serial, batch_map
from ..batch.items import Packed, pack, unpack
from ..errors import SudokuSatError
from ..grid import Grid, clue_count, empty_grid
from ..methods import EMPTY, parse_method
from ..model.puzzle import Puzzle
from .checkers import CHECKERS, Checker, PysatChecker, independent_of, make_checker, resolve_checker
from .emptying import EMPTY_METHODS, Schedule, empty
from .emptying_large import LARGE_EMPTY_MIN_ORDER, empty_large
from .exhaustive import EXHAUSTIVE_MAX_ORDER
from .fill import FILL_METHODS, fill, fill_backtrack
from .verify import Verdict, verify
from .verify_large import verify_large


def method_options(method: str = "auto") -> tuple[str, str]:
    """The emptying's uniqueness checker and the backtracking fill's search for a method
    of ``generate`` and ``minimize``: ``auto`` (compiled EUP up to 16x16, PySAT above),
    ``eup``, ``pysat`` (one incremental m22) or ``counter`` (PySAT's model counter); the
    fill runs on EUP, or on a fresh PySAT solver when the method is pysat or counter."""
    chosen = parse_method(method, EMPTY)
    return chosen.name, "pysat" if chosen.name in ("pysat", "counter") else "eup"


@dataclass(frozen=True)
class MakeOptions:
    """How puzzles are made: order, fill and emptying methods, checker, schedule, seed."""

    n: int = 3
    fill: str = "backtrack"
    empty: str = "greedy"
    symmetric: bool = False
    checker: str = "auto"
    schedule: Schedule = Schedule()
    seed: int = 0
    fill_engine: str = "eup"
    question_workers: int = 1
    """Processes sharing a puzzle's first questions from 25x25 up (:mod:`.emptying_large`)."""

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
    rules: Puzzle | None = None
    """The puzzle made with its constraints, when it has some (made by a session)."""

    @property
    def ok(self) -> bool:
        return self.puzzle is not None and self.verdict is not None and self.verdict.ok

    @property
    def clues(self) -> int:
        return clue_count(self.puzzle) if self.puzzle is not None else 0

    def made(self, origin: str = "generated") -> Puzzle | None:
        """The puzzle made, with its rules and solution (None when none was made)."""
        if self.rules is not None:
            return replace(self.rules, origin=self.rules.origin or origin)
        if self.puzzle is None:
            return None
        return Puzzle(self.n * self.n, self.puzzle, origin, solution=self.solution)


def rng_for(seed: int, index: int) -> random.Random:
    """The random source of puzzle number index: a function of (seed, index) only."""
    return random.Random(f"{seed}/{index}")


def new_seed() -> int:
    """A fresh seed, for runs not given one (reported so they can be replayed)."""
    return random.SystemRandom().getrandbits(48)


def checker(name: str, n: int) -> Checker:
    """This worker's checker of that kind and order, made on first use (again once the
    compiled kernels are ready, :func:`~sudoku_sat.accel.numba_available`)."""
    from ..accel import numba_available

    return cached(("checker", name, n, numba_available()), lambda: make_checker(name, n))


def _finish(
    options: MakeOptions,
    index: int,
    start: Grid,
    solution: Grid,
    rng: random.Random,
    t0: float,
    stats: dict[str, Any],
) -> Made:
    """Empty start (unique, solved by solution), verify it independently, wrap it up.
    From 25x25 up (:func:`large_path`): the rules, then a small SAT question per clue,
    checked by CaDiCaL and the witnesses (:mod:`.emptying_large`, :mod:`.verify_large`)."""
    n = options.n
    name = resolve_checker(options.checker, n)
    if large_path(options, name):
        large = empty_large(start, solution, n, rng, workers=options.question_workers)
        t1 = time.perf_counter()
        grid, verdict = large.grid, verify_large(large.grid, solution, n, large.witnesses)
        timing = large.stats | {"verify_seconds": round(time.perf_counter() - t1, 6)}
    else:
        emptied = empty(
            start,
            solution,
            n,
            options.empty,
            checker(name, n),
            rng,
            options.symmetric,
            options.schedule,
        )
        judge = checker(independent_of(name, n), n)
        finder = checker("pysat", n)
        assert isinstance(finder, PysatChecker)
        grid = emptied.grid
        verdict = verify(grid, solution, n, judge, finder, options.symmetric, emptied.witnesses)
        timing = emptied.stats | {"empty_seconds": round(emptied.seconds, 6)}
    seconds = time.perf_counter() - t0
    detail = "" if verdict.ok else f"independent check failed: {verdict}"
    return Made(index, n, grid, solution, seconds, verdict, detail, stats | timing)


def large_path(options: MakeOptions, checker_name: str) -> bool:
    """Whether the puzzles are made by :mod:`.emptying_large`: greedy, not symmetric, on the
    PySAT checker (what ``auto`` stands for there), from 25x25 up."""
    return (
        options.n >= LARGE_EMPTY_MIN_ORDER
        and options.empty == "greedy"
        and not options.symmetric
        and checker_name == "pysat"
    )


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
    count = checker(resolve_checker(options.checker, n), n).count(grid)
    if count != 1:
        why = "has no solution" if count == 0 else "has several solutions"
        return Made(index, n, None, None, time.perf_counter() - t0, None, f"the puzzle {why}")
    solved = fill_backtrack(grid, n, rng_for(options.seed, index), options.fill_engine)
    if solved.grid is None:
        raise SudokuSatError(f"checker found one solution but the solver none: {solved.detail}")
    return _finish(options, index, grid, solved.grid, rng_for(options.seed, index), t0, {})


@dataclass(frozen=True)
class MakeTask:
    """generate's task: puzzle number i of options.seed for each i of a chunk."""

    options: MakeOptions

    def __call__(self, chunk: list[int]) -> list[Made]:
        return [make_one(self.options, index) for index in chunk]


@dataclass(frozen=True)
class MinimizeTask:
    """minimize's task: each (index, packed grid) of a chunk emptied to a minimal puzzle."""

    options: MakeOptions

    def __call__(self, chunk: list[tuple[int, Packed]]) -> list[Made]:
        return [minimize_one(self.options, (k, packed[0], unpack(packed))) for k, packed in chunk]


def minimize_items(grids: list[tuple[int, Grid]]) -> list[tuple[int, Packed]]:
    """(order, grid) pairs as MinimizeTask takes them: numbered from 0, packed."""
    return [(index, pack(grid, n)) for index, (n, grid) in enumerate(grids)]


def make_many(options: MakeOptions, count: int, executor: Executor | None = None) -> Iterator[Made]:
    """Puzzles 0..count-1 of options.seed, in order, on executor (default: here)."""
    return batch_map(executor or Serial(), MakeTask(options), list(range(count)))


def minimize_many(
    options: MakeOptions, grids: list[tuple[int, Grid]], executor: Executor | None = None
) -> Iterator[Made]:
    """Each (order, grid) emptied to a minimal unique puzzle, in order, on executor."""
    return batch_map(executor or Serial(), MinimizeTask(options), minimize_items(grids))
