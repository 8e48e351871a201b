"""Minimal unique puzzles of a chosen difficulty, by guided emptying.

The ladder (:mod:`sudoku_sat.difficulty.rating`) is monotone under emptying: a rung that solves
a puzzle solves every puzzle with more clues, so removing clues can only raise a
puzzle's level. The guided emptying uses this, in the spirit of tdoku's generator
(which maximises a loss while removing clues):

1. start from a full grid S (a unique "puzzle" of level ``singles``);
2. at each step, look at the clues in random order and rate the puzzle without each,
   with the rungs up to the target level only (:func:`rate_upto`); a removal is an
   *option* when some rung up to the target solves the result (so it stays unique);
   stop looking after ``width`` options;
3. take the option with the highest (level, score): the removal that raises the
   rating most while staying at or below the target;
4. a clue whose removal no rung up to the target solves is set aside for good: by
   monotonicity its removal stays out of reach as other clues go;
5. when no option is left, every remaining clue is set aside: the puzzle is minimal
   iff removing any of them breaks uniqueness (checked by the uniqueness checker),
   and it is kept iff it is minimal and rated exactly the target.

A try that ends below the target or on a clue whose removal keeps the puzzle unique but
harder than the target (not minimal at this level) is dropped and a new grid is
filled: the search is guided, and rejection is only the fallback. The level ``search``
is the target of a plain greedy emptying that prefers removals raising the rating up
to ``fl2`` and keeps the puzzle if no rung up to fl3 solves it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..batch.executor import Executor, Serial, batch_map
from ..grid import Grid, empty_grid
from ..puzzles.checkers import Checker, PysatChecker, independent_of
from ..puzzles.fill import fill
from ..puzzles.maker import Made, MakeOptions, checker, rng_for
from ..puzzles.orbits import without
from ..puzzles.verify import verify
from .rating import CHEAP, LEVELS, RUNGS, Rating, rate, rate_upto
from .rungs import fl_effort

WIDTH = 3
"""Options rated per step before the best is taken."""


@dataclass(frozen=True)
class Guided:
    """One guided emptying: the puzzle reached, its rating, whether it is kept (minimal
    and rated exactly the target), why not, and its cost in ratings."""

    puzzle: Grid
    rating: Rating
    ok: bool
    ratings: int
    reason: str = ""

    @property
    def key(self) -> tuple[int, int]:
        return self.rating.rank, self.rating.score


def _guide_level(level: str) -> str:
    return level if level in RUNGS else RUNGS[-2]


def guided_empty(
    start: Grid,
    solution: Grid,
    n: int,
    level: str,
    checker: Checker,
    rng: random.Random,
    width: int = WIDTH,
) -> Guided:
    """Empty start (unique, solved by solution) toward a minimal puzzle rated exactly
    level, by the guided search of the module doc."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    highest = _guide_level(level)
    fine = LEVELS.index(level) > LEVELS.index("fl")
    puzzle = list(start)
    aside: set[int] = set()
    ratings = 0
    while True:
        cells = [c for c, v in enumerate(puzzle) if v and c not in aside]
        rng.shuffle(cells)
        best: tuple[int, int, int, int] | None = None
        found = 0
        for c in cells:
            trial = without(tuple(puzzle), (c,))
            ratings += 1
            rated = _rate_trial(trial, solution, c, n, highest, level, checker)
            if rated is None:
                aside.add(c)
                continue
            effort = fl_effort(trial, n) if rated.level == "fl" and fine else 0
            key = (rated.rank, rated.score, effort, c)
            if best is None or key[:3] > best[:3]:
                best = key
            found += 1
            if found >= width:
                break
        if best is None:
            break
        puzzle[best[3]] = 0
    final = tuple(puzzle)
    return _judge(final, solution, n, level, checker, sorted(aside), ratings)


def make_at_level(
    solution: Grid,
    n: int,
    level: str,
    checker: Checker,
    rng: random.Random,
    width: int = WIDTH,
    climbs: int = 0,
    added: int = 2,
) -> Guided:
    """A guided emptying of solution, then up to ``climbs`` hill-climbing moves while the
    puzzle is rated below level: put ``added`` clues of solution back at random and
    empty again, keeping the result when its (level, score) is no lower."""
    best = guided_empty(solution, solution, n, level, checker, rng, width)
    ratings = best.ratings
    target = LEVELS.index(level)
    for _ in range(climbs):
        if best.ok or best.rating.rank > target:
            break
        start = list(best.puzzle)
        holes = [c for c, v in enumerate(start) if not v]
        for c in rng.sample(holes, min(added, len(holes))):
            start[c] = solution[c]
        tried = guided_empty(tuple(start), solution, n, level, checker, rng, width)
        ratings += tried.ratings
        if tried.ok or (tried.rating.rank <= target and tried.key >= best.key):
            best = tried
    return Guided(best.puzzle, best.rating, best.ok, ratings, best.reason)


def _rate_trial(
    trial: Grid, solution: Grid, cell: int, n: int, highest: str, level: str, checker: Checker
) -> Rating | None:
    """trial's rating if a rung up to highest solves it (or, for the level search, a
    ``search`` rating when it is unique), else None: the removal is set aside."""
    cheap = highest if RUNGS.index(highest) <= RUNGS.index(CHEAP) else CHEAP
    rated = rate_upto(trial, n, cheap)
    if rated is not None:
        return rated if rated.level else None
    if cheap == highest and level != "search":
        return None
    if not checker.still_unique(trial, solution, (cell,)):
        return None
    deeper = rate_upto(trial, n, highest, start=RUNGS.index(cheap) + 1)
    if deeper is not None:
        return deeper if deeper.level else None
    return Rating("rated", "search", 0) if level == "search" else None


def _judge(
    puzzle: Grid,
    solution: Grid,
    n: int,
    level: str,
    checker: Checker,
    aside: Sequence[int],
    ratings: int,
) -> Guided:
    rating = rate(puzzle, n)
    for c in aside:
        if puzzle[c] and checker.still_unique(without(puzzle, (c,)), solution, (c,)):
            return Guided(puzzle, rating, False, ratings, "not minimal at this level")
    if rating.level != level:
        return Guided(puzzle, rating, False, ratings, f"rated {rating.level}")
    return Guided(puzzle, rating, True, ratings)


MAX_TRIES = 200
"""Full grids tried per puzzle before giving up."""
CLIMBS = 8
"""Hill-climbing moves per full grid."""


@dataclass(frozen=True)
class LevelOptions:
    """How puzzles of a level are made: the level, options per try, tries per puzzle."""

    level: str
    width: int = WIDTH
    climbs: int = CLIMBS
    tries: int = MAX_TRIES


def make_one_at_level(options: MakeOptions, target: LevelOptions, index: int) -> Made:
    """Puzzle number index rated exactly target.level: fill, guided emptying and climbing,
    a new grid when that fails; then the independent check of uniqueness and minimality."""
    t0 = time.perf_counter()
    n = options.n
    rng = rng_for(options.seed, index)
    ratings = 0
    for attempt in range(1, target.tries + 1):
        extra = {"engine": options.fill_engine} if options.fill == "backtrack" else {}
        filled = fill(empty_grid(n), n, options.fill, rng, **extra)
        if filled.grid is None:
            continue
        uniqueness = checker(options.checker, n)
        made = make_at_level(
            filled.grid, n, target.level, uniqueness, rng, target.width, target.climbs
        )
        ratings += made.ratings
        if not made.ok:
            continue
        judge = checker(independent_of(options.checker, n), n)
        finder = checker("pysat", n)
        assert isinstance(finder, PysatChecker)
        verdict = verify(made.puzzle, filled.grid, n, judge, finder)
        stats = {
            "level": made.rating.level,
            "score": made.rating.score,
            "tries": attempt,
            "ratings": ratings,
        }
        detail = "" if verdict.ok else f"independent check failed: {verdict}"
        seconds = time.perf_counter() - t0
        return Made(index, n, made.puzzle, filled.grid, seconds, verdict, detail, stats)
    seconds = time.perf_counter() - t0
    why = f"no puzzle rated {target.level} in {target.tries} full grids"
    return Made(index, n, None, None, seconds, None, why, {"ratings": ratings})


@dataclass(frozen=True)
class LevelTask:
    """generate --difficulty's task: puzzle number i of options.seed rated exactly the
    target level, for each i of a chunk."""

    options: MakeOptions
    target: LevelOptions

    def __call__(self, chunk: list[int]) -> list[Made]:
        return [make_one_at_level(self.options, self.target, index) for index in chunk]


def make_many_at_level(
    options: MakeOptions, target: LevelOptions, count: int, executor: Executor | None = None
) -> Iterator[Made]:
    """Puzzles 0..count-1 of options.seed rated exactly target.level, in order, on
    executor (default: here; the same puzzles on any executor: see the maker's seeding)."""
    return batch_map(executor or Serial(), LevelTask(options, target), list(range(count)))
