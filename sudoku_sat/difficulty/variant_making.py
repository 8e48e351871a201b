"""``generate --rule`` and ``minimize`` of puzzles with constraints as batch tasks: each
puzzle from its own random stream (the seed and its index), so that every executor (this
process, ``--jobs``, a Dask cluster) makes the same puzzles in the same order; with a
level, made again until :func:`rate_variant` gives exactly that level (at most
:data:`TRIES` times). Every puzzle is then checked unique and minimal by CP-SAT
(``variants.minimal.check_minimal``: the emptier's witnesses of its clues checked, not
searched for again). Results are the classic maker's
:class:`~sudoku_sat.puzzles.maker.Made`, the puzzle with its rules in ``rules``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..errors import SolverError
from ..model.puzzle import Puzzle
from ..puzzles.maker import Made
from ..puzzles.verify import Verdict
from ..variants.make import blank, minimize_puzzle
from ..variants.make_chaos import check_any, make_any
from .variants import rate_variant

TRIES = 30
"""Puzzles made per requested one before ``--difficulty`` gives up on it."""
CHECKER = "cpsat"


def stream(seed: int, index: int) -> random.Random:
    """The random stream of puzzle index (from 1) of a run with seed."""
    return random.Random(f"{seed}/{index}")


def _made(
    index: int, p: Puzzle, seconds: float, problem: str | None, extra: Mapping[str, object]
) -> Made:
    unique = problem is None or problem.endswith("can be removed")  # else not, or unknown
    verdict = Verdict(unique, problem is None, CHECKER)
    assert p.solution is not None
    detail = "" if problem is None else f"independent check failed: {problem}"
    return Made(index, p.n, p.grid, p.solution, seconds, verdict, detail, dict(extra), p)


@dataclass(frozen=True)
class MakeVariants:
    """generate's task with rules: puzzle k (from 0) of the rules for each k of a chunk."""

    kinds: tuple[str, ...]
    size: int
    seed: int
    level: str | None = None
    solver: str | None = None
    shape: str = ""
    """sigh's shape spelling (``6x8``, ``9x9~0-8``: ``variants.make_shape``), or none."""
    no_boxes: bool = False
    streamed = True
    """Each puzzle takes seconds: one a chunk, each written as it is made."""

    def __call__(self, chunk: list[int]) -> list[Made]:
        return [self.one(k) for k in chunk]

    def one(self, k: int) -> Made:
        rng = stream(self.seed, k + 1)
        start = time.perf_counter()
        empty = blank(self.size, self.shape, self.no_boxes)
        for tries in range(1, TRIES + 1):
            puzzle, witnesses = make_any(list(self.kinds), self.size, rng, self.solver, empty)
            if self.level is None or rate_variant(puzzle).level == self.level:
                made = time.perf_counter() - start
                problem = check_any(puzzle, witnesses)
                checked = time.perf_counter() - start - made
                stats = {"check_seconds": round(checked, 6), "tries": tries}
                return _made(k, puzzle, made, problem, stats)
        seconds = time.perf_counter() - start
        why = f"no puzzle rated {self.level} in {TRIES} tries"
        return Made(k, 0, None, None, seconds, None, why)


@dataclass(frozen=True)
class MinimizeVariants:
    """minimize's task with rules: each (index, puzzle) of a chunk emptied to a minimal
    subset of its givens, from the stream of its index."""

    seed: int
    solver: str | None = None

    def __call__(self, chunk: list[tuple[int, Puzzle]]) -> list[Made]:
        return [self.one(k, v) for k, v in chunk]

    def one(self, k: int, v: Puzzle) -> Made:
        start = time.perf_counter()
        try:
            made = minimize_puzzle(v, stream(self.seed, k + 1).randrange(2**32), self.solver)
        except SolverError as exc:
            return Made(k, v.n, None, None, time.perf_counter() - start, None, str(exc))
        made = replace(made, origin=v.origin)
        return _made(k, made, time.perf_counter() - start, None, {})
