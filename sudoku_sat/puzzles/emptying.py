"""Emptying a full grid (or a unique puzzle) while its solution stays unique.

Three methods, all over *orbits*: single cells, or with ``symmetric`` the pairs of cells
exchanged by a 180° rotation (the centre cell alone), so a symmetric grid stays symmetric.

- **greedy**: orbits in random order; each is emptied if the puzzle stays unique. One
  pass gives a minimal puzzle: an orbit that could not go stays needed, since later
  removals only add solutions. From 25x25 up, on a PySAT checker, the same order is
  walked in two stages (:mod:`.emptying_staged`): removals that unit propagation
  settles first, then a CDCL question for each orbit left.
- **anneal**: the report's annealing. A random orbit is picked; a filled one is emptied
  if uniqueness holds, an empty one is refilled (a *degradation*) with probability
  e^(-1/T); T falls from Ti to Tf by a fixed step; the puzzle with the fewest clues is
  kept and then made minimal by greedy. A cache of orbits known to be needed (cleared
  by each refill) spares the checks that cannot succeed.
- **exhaustive**: the true minimum for small orders (4x4), as a hitting-set search over
  unavoidable sets: a clue set is unique iff it hits every set of cells where another
  solution differs from S, so each failed check yields such a set (from the second
  solution) and the search branches only on the cells of a set not yet hit, with
  iterative deepening on the clue count. The report's 2^81 enumeration is not needed.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import SudokuSatError, UsageError
from ..grid import Grid, clue_count
from .checkers import Checker, PysatChecker, removable
from .emptying_compiled import NO_WITNESSES, Witnesses, greedy_with_witnesses
from .emptying_staged import STAGED_MIN_ORDER, staged_greedy
from .exhaustive import empty_exhaustive
from .orbits import Orbit, filled_orbits

EmptyMethod = Literal["greedy", "anneal", "exhaustive"]


EMPTY_METHODS: tuple[EmptyMethod, ...] = ("greedy", "anneal", "exhaustive")


def empty_greedy(
    puzzle: Grid,
    solution: Grid,
    n: int,
    checker: Checker,
    rng: random.Random,
    symmetric: bool = False,
    singles: bool = True,
) -> Grid:
    """Empty orbits in random order while the puzzle stays unique: a minimal puzzle.

    ``singles=False`` asks the checker even when a single settles it (for ablation): a
    naked single here, a naked or hidden single in the compiled pass.
    """
    return empty_greedy_witnessed(puzzle, solution, n, checker, rng, symmetric, singles)[0]


def empty_greedy_witnessed(
    puzzle: Grid,
    solution: Grid,
    n: int,
    checker: Checker,
    rng: random.Random,
    symmetric: bool = False,
    singles: bool = True,
) -> tuple[Grid, Witnesses]:
    """:func:`empty_greedy` and a witness per orbit kept: with the compiled EUP checker
    (:mod:`.emptying_compiled`: the whole pass is one compiled call) and, from 25x25 up,
    with a PySAT checker (:mod:`.emptying_staged`: propagation first, then CDCL); no
    witnesses otherwise."""
    order = filled_orbits(puzzle, n, symmetric)
    rng.shuffle(order)
    if getattr(checker, "compiled", False):
        return greedy_with_witnesses(puzzle, solution, n, order, singles)
    if isinstance(checker, PysatChecker) and n >= STAGED_MIN_ORDER:
        return staged_greedy(puzzle, solution, n, order, checker, singles)
    current = list(puzzle)
    for orbit in order:
        _try_empty(current, solution, orbit, n, checker, singles)
    return tuple(current), NO_WITNESSES


MAX_ITERATIONS = 10**9
"""Longest annealing schedule (hours of work): past it a step is a typing mistake."""


@dataclass(frozen=True)
class Schedule:
    """The report's temperature schedule: T from ti down to tf by step per iteration.

    The report's best was ti=1, tf=0.15, step=0.0002 (4,250 iterations, 22-23 clues).
    The default spends 66,667 iterations where refills are rare but not negligible
    (e^(-1/T) from 3.6% down to 0.005%): about 21 clues in ~1.5 s for 9x9, measured in
    benchmarks/bench_generation.py.
    """

    ti: float = 0.3
    tf: float = 0.1
    step: float = 0.000003

    def __post_init__(self) -> None:
        if not (math.isfinite(self.ti) and self.ti > self.tf > 0 and self.step > 0):
            raise SudokuSatError(
                f"annealing schedule needs finite --t0 > --t-final > 0 and --step > 0, got "
                f"--t0 {self.ti}, --t-final {self.tf}, --step {self.step}"
            )
        if (self.ti - self.tf) / self.step > MAX_ITERATIONS:
            raise SudokuSatError(
                f"annealing schedule of more than {MAX_ITERATIONS:,} iterations: "
                f"(--t0 - --t-final) / --step is {(self.ti - self.tf) / self.step:.3g}"
            )

    @property
    def iterations(self) -> int:
        return math.ceil((self.ti - self.tf) / self.step)


REPORT_SCHEDULE = Schedule(1.0, 0.15, 0.0002)
"""The report's best parameters, kept as the reference for comparisons."""


def empty_anneal(
    puzzle: Grid,
    solution: Grid,
    n: int,
    checker: Checker,
    rng: random.Random,
    symmetric: bool = False,
    schedule: Schedule = Schedule(),
) -> tuple[Grid, dict[str, Any]]:
    """The report's annealing emptying, then greedy on its best puzzle; grid and stats.

    Energy is the clue count. Refills put back the puzzle's own clues only, so the result
    is always a subset of puzzle.
    """
    current = list(puzzle)
    group = filled_orbits(puzzle, n, symmetric)
    best, clues = puzzle, clue_count(puzzle)
    needed: set[Orbit] = set()
    degradations = 0
    for k in range(schedule.iterations):
        orbit = rng.choice(group)
        if any(current[c] for c in orbit):
            if orbit in needed:
                continue
            if _try_empty(current, solution, orbit, n, checker):
                clues -= sum(1 for c in orbit if puzzle[c])
                if clues < clue_count(best):
                    best = tuple(current)
            else:
                needed.add(orbit)
        elif rng.random() < math.exp(-1.0 / (schedule.ti - k * schedule.step)):
            for c in orbit:
                current[c] = puzzle[c]
            clues += sum(1 for c in orbit if puzzle[c])
            needed.clear()
            degradations += 1
    final = empty_greedy(best, solution, n, checker, rng, symmetric)
    stats = {"iterations": schedule.iterations, "degradations": degradations}
    return final, stats | {"best": clue_count(best)}


def _try_empty(
    current: list[int],
    solution: Grid,
    orbit: Orbit,
    n: int,
    checker: Checker,
    singles: bool = True,
) -> bool:
    """Empty the filled cells of orbit in place if the puzzle stays unique; say if it did."""
    filled = [c for c in orbit if current[c]]
    for c in filled:
        current[c] = 0
    if removable(tuple(current), solution, filled, n, checker, singles):
        return True
    for c in filled:
        current[c] = solution[c]
    return False


@dataclass(frozen=True)
class Emptied:
    """A puzzle emptied from a unique start, with how long it took and what it cost."""

    grid: Grid
    method: str
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict)
    witnesses: Witnesses = NO_WITNESSES
    """Per orbit kept, a second solution of the puzzle without it (compiled greedy only)."""

    @property
    def clues(self) -> int:
        return clue_count(self.grid)


def empty(
    puzzle: Grid,
    solution: Grid,
    n: int,
    method: str,
    checker: Checker,
    rng: random.Random,
    symmetric: bool = False,
    schedule: Schedule = Schedule(),
) -> Emptied:
    """Empty puzzle (unique, solved by solution) by the named method."""
    t0 = time.perf_counter()
    stats: dict[str, Any] = {}
    witnesses = NO_WITNESSES
    if method == "greedy":
        grid, witnesses = empty_greedy_witnessed(puzzle, solution, n, checker, rng, symmetric)
    elif method == "anneal":
        grid, stats = empty_anneal(puzzle, solution, n, checker, rng, symmetric, schedule)
    elif method == "exhaustive":
        grid, stats = empty_exhaustive(puzzle, solution, n, symmetric)
    else:
        raise UsageError(f"unknown emptying method {method!r}; use {', '.join(EMPTY_METHODS)}")
    return Emptied(grid, method, time.perf_counter() - t0, stats, witnesses)
