"""``generate --rule`` and ``minimize`` on variants as batch tasks: each puzzle from its
own random stream (the seed and its index), so that every executor (this process,
``--jobs``, a Dask cluster) makes the same puzzles in the same order; with a level, made
again until :func:`rate_variant` gives exactly that level (at most :data:`TRIES` times).
Every puzzle is then checked unique and minimal by CP-SAT (``variants.make.check_minimal``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ..errors import SolverError
from ..model.puzzle import Puzzle
from ..variants.make import check_minimal, make, minimize_puzzle
from .variants import rate_variant

TRIES = 30
"""Puzzles made per requested one before ``--difficulty`` gives up on it."""


def stream(seed: int, index: int) -> random.Random:
    """The random stream of puzzle index (from 1) of a run with seed."""
    return random.Random(f"{seed}/{index}")


@dataclass(frozen=True)
class VariantMade:
    """One puzzle made (or None), how long it took, and its check (None: passed)."""

    index: int
    puzzle: Puzzle | None
    seconds: float
    problem: str | None
    check_seconds: float = 0.0
    tries: int = 1


@dataclass(frozen=True)
class MakeVariants:
    """generate's task on variants: puzzle k of the rule sets for each k of a chunk."""

    kinds: tuple[str, ...]
    size: int
    seed: int
    level: str | None = None
    solver: str | None = None

    def __call__(self, chunk: list[int]) -> list[VariantMade]:
        return [self.one(k) for k in chunk]

    def one(self, k: int) -> VariantMade:
        rng = stream(self.seed, k)
        start = time.perf_counter()
        for tries in range(1, TRIES + 1):
            puzzle, _ = make(list(self.kinds), self.size, rng, solver=self.solver)
            if self.level is None or rate_variant(puzzle).level == self.level:
                made = time.perf_counter() - start
                problem = check_minimal(puzzle)
                checked = time.perf_counter() - start - made
                return VariantMade(k, puzzle, made, problem, checked, tries)
        seconds = time.perf_counter() - start
        why = f"no puzzle rated {self.level} in {TRIES} tries"
        return VariantMade(k, None, seconds, why, 0.0, TRIES)


@dataclass(frozen=True)
class MinimizeVariants:
    """minimize's task on variants: each (index, puzzle) of a chunk emptied to a minimal
    subset of its givens, from the stream of its index."""

    seed: int
    solver: str | None = None

    def __call__(self, chunk: list[tuple[int, Puzzle]]) -> list[VariantMade]:
        return [self.one(k, v) for k, v in chunk]

    def one(self, k: int, v: Puzzle) -> VariantMade:
        start = time.perf_counter()
        try:
            made = minimize_puzzle(v, stream(self.seed, k).randrange(2**32), self.solver)
        except SolverError as exc:
            return VariantMade(k, None, time.perf_counter() - start, str(exc))
        return VariantMade(k, replace(made, origin=v.origin), time.perf_counter() - start, None)
