"""Emptying a full grid (or a unique puzzle) while its solution stays unique.

Three methods, all over *orbits*: single cells, or with ``symmetric`` the pairs of cells
exchanged by a 180° rotation (the centre cell alone), so a symmetric grid stays symmetric.

- **greedy**: orbits in random order; each is emptied if the puzzle stays unique. One
  pass gives a minimal puzzle: an orbit that could not go stays needed, since later
  removals only add solutions.
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

Uniqueness, fast path. The puzzle P is always unique with solution S. Emptying the cells
R leaves P' unique iff, for every r in R, P' has no solution with r != S[r] (any other
solution of P' differs from S on R). So a checker call is one SAT call per r, with the
clues and the unit ``not x(r, S[r])`` as assumptions, on one PySAT solver that keeps F_regle
and its learnt clauses across all checks and puzzles (learnt clauses follow from the
rules alone, so they stay valid). Before it, a naked single (the peers of r show the N-1
other values) proves the removal safe without a call. The EUP checker asks instead, per
r and other value w not shown by r's peers, whether P' with w at r has a solution
(:func:`has_other_solution`; ``by_values=False`` counts P' up to 2). Which one is faster
is measured in benchmarks/bench_generation.py.

Verification. :func:`verify` counts the solutions of the final puzzle with a *different*
method (the in-house EUP counter when PySAT built the puzzle, PySAT when EUP did), and
certifies minimality with a witness per orbit: a second solution of the puzzle minus
that orbit, checked against the rules by ``is_solution``, which trusts no solver. (EUP
refuting the other values of each orbit one by one, :func:`has_other_solution`, is the
road not taken for verification: right, but up to seconds per clue on 16x16.)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .encoding import clue_assumptions, decode, rules
from .errors import SudokuSatError
from .grid import Cell, Grid, clue_count, geometry, is_solution

EmptyMethod = Literal["greedy", "anneal", "exhaustive"]
EMPTY_METHODS: tuple[EmptyMethod, ...] = ("greedy", "anneal", "exhaustive")
CHECKERS = ("pysat", "eup", "counter")
EXHAUSTIVE_MAX_ORDER = 2
Orbit = tuple[Cell, ...]


def orbits(n: int, symmetric: bool = False) -> tuple[Orbit, ...]:
    """Single cells, or the orbits of the 180° rotation (pairs, and the centre alone)."""
    ncells = n**4
    if not symmetric:
        return tuple((c,) for c in range(ncells))
    return tuple(
        (c, ncells - 1 - c) if c != ncells - 1 - c else (c,) for c in range((ncells + 1) // 2)
    )


def filled_orbits(puzzle: Grid, n: int, symmetric: bool = False) -> list[Orbit]:
    """The orbits with at least one clue of puzzle, in cell order."""
    return [o for o in orbits(n, symmetric) if any(puzzle[c] for c in o)]


def without(grid: Grid, cells: Sequence[Cell]) -> Grid:
    """grid with cells emptied."""
    out = list(grid)
    for c in cells:
        out[c] = 0
    return tuple(out)


# --- uniqueness checkers ----------------------------------------------------------------


class Checker(Protocol):
    """Answers uniqueness questions for puzzles of one order."""

    name: str

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        """Is puzzle unique, knowing puzzle plus the emptied cells of solution was?"""
        ...

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        """Solutions of puzzle, counted up to cap."""
        ...

    def close(self) -> None: ...


class PysatChecker:
    """One PySAT solver holding F_regle; every question is a solve under assumptions."""

    def __init__(self, n: int, solver: str = "m22"):
        from pysat.solvers import Solver

        self.n, self.size, self.name = n, n * n, "pysat"
        self.solver = Solver(name=solver, bootstrap_with=rules(n))
        self.top = n**6
        self.calls = 0

    def differs(self, puzzle: Grid, solution: Grid, cells: Sequence[Cell]) -> bool:
        """Whether puzzle has a solution with another value than solution's at one of cells
        (one solve per cell, the unit ``not x(c, solution[c])`` added to the assumptions)."""
        clues = clue_assumptions(puzzle, self.n)
        for c in cells:
            self.calls += 1
            if self.solver.solve(assumptions=clues + [-(c * self.size + solution[c])]):
                return True
        return False

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        return not self.differs(puzzle, solution, emptied)

    def witness(self, puzzle: Grid, solution: Grid, cells: Sequence[Cell]) -> Grid | None:
        """A solution of puzzle with another value than solution's at one of cells."""
        if not self.differs(puzzle, solution, cells):
            return None
        return decode(self.solver.get_model() or [], self.n)[0]

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        """Count by blocking each model with a clause guarded by a fresh selector."""
        clues, found = clue_assumptions(puzzle, self.n), 0
        self.top += 1
        selector = self.top
        while found < cap and self.solver.solve(assumptions=clues + [selector]):
            found += 1
            model = self.solver.get_model() or []
            self.solver.add_clause([-selector] + [-lit for lit in model if 0 < lit <= self.n**6])
        self.solver.add_clause([-selector])
        return found

    def close(self) -> None:
        self.solver.delete()


class EupChecker:
    """The in-house EUP counter (counting module).

    ``by_values``: ask, per emptied cell and other value, whether that value has a
    solution (:func:`has_other_solution`), instead of counting the puzzle up to 2.
    """

    def __init__(self, n: int, by_values: bool = True):
        from .counting import count_eup

        self.n, self.name, self._count = n, "eup", count_eup
        self.by_values = by_values
        self.calls = 0

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        if self.by_values:
            return not has_other_solution(puzzle, solution, emptied, self.n, self)
        return self.count(puzzle) == 1

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        self.calls += 1
        return int(self._count(puzzle, self.n, cap=cap))

    def close(self) -> None:
        pass


class CounterChecker:
    """The counting module's incremental PysatCounter, capped at 2."""

    def __init__(self, n: int):
        from .counting import PysatCounter

        self.n, self.name = n, "counter"
        self.counter = PysatCounter(n)
        self.calls = 0

    def still_unique(self, puzzle: Grid, solution: Grid, emptied: Sequence[Cell]) -> bool:
        return self.count(puzzle) == 1

    def count(self, puzzle: Grid, cap: int = 2) -> int:
        self.calls += 1
        return int(self.counter.count(puzzle, cap=cap))

    def close(self) -> None:
        self.counter.close()


def make_checker(name: str, n: int) -> Checker:
    """A checker by name: pysat (assumption trick), eup, or counter (PysatCounter)."""
    if name == "pysat":
        return PysatChecker(n)
    if name == "eup":
        return EupChecker(n)
    if name == "counter":
        return CounterChecker(n)
    raise SudokuSatError(f"unknown uniqueness checker {name!r}; use one of {', '.join(CHECKERS)}")


def has_other_solution(
    puzzle: Grid, solution: Grid, cells: Sequence[Cell], n: int, checker: Checker
) -> bool:
    """Whether puzzle has a solution besides solution, given that puzzle plus the values
    of solution at cells was unique: then another solution must put another value w at
    some cell c of cells. One satisfiability question (count up to 1) per such (c, w),
    skipping the values c's peers already show.
    """
    geo = geometry(n)
    trial = list(puzzle)
    for c in cells:
        seen = {puzzle[p] for p in geo.peers[c]}
        for w in range(1, geo.size + 1):
            if w != solution[c] and w not in seen:
                trial[c] = w
                if checker.count(tuple(trial), cap=1):
                    return True
        trial[c] = 0
    return False


def independent_of(name: str) -> str:
    """The verifier for a checker: EUP for the PySAT ones, PySAT for EUP."""
    return "pysat" if name == "eup" else "eup"


def forced(grid: Grid, cell: Cell, n: int) -> bool:
    """True when the peers of cell show the N-1 values other than its own (naked single)."""
    geo = geometry(n)
    return len({grid[p] for p in geo.peers[cell]} - {0}) == geo.size - 1


def removable(
    current: Grid,
    solution: Grid,
    cells: Sequence[Cell],
    n: int,
    checker: Checker,
    singles: bool = True,
) -> bool:
    """Whether current (already without cells) stays unique; naked singles skip the check."""
    if singles and all(forced(current, c, n) for c in cells):
        return True
    return checker.still_unique(current, solution, cells)


# --- greedy --------------------------------------------------------------------------


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

    ``singles=False`` asks the checker even when a naked single settles it (for ablation).
    """
    current = list(puzzle)
    order = filled_orbits(puzzle, n, symmetric)
    rng.shuffle(order)
    for orbit in order:
        _try_empty(current, solution, orbit, n, checker, singles)
    return tuple(current)


# --- annealing ------------------------------------------------------------------------


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
                f"annealing schedule needs finite ti > tf > 0 and step > 0, got "
                f"ti={self.ti}, tf={self.tf}, step={self.step}"
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


# --- exhaustive --------------------------------------------------------------------------


class _Witness:
    """A PySAT solver answering 'another solution than S with these clues?' with it."""

    def __init__(self, n: int, solution: Grid):
        from pysat.solvers import Solver

        size = n * n
        self.n, self.solution = n, solution
        self.solver = Solver(name="m22", bootstrap_with=rules(n))
        self.solver.add_clause([-(c * size + v) for c, v in enumerate(solution)])
        self.checks = 0

    def other(self, clues: Grid) -> Grid | None:
        self.checks += 1
        if not self.solver.solve(assumptions=clue_assumptions(clues, self.n)):
            return None
        return decode(self.solver.get_model() or [], self.n)[0]

    def close(self) -> None:
        self.solver.delete()


def empty_exhaustive(
    puzzle: Grid, solution: Grid, n: int, symmetric: bool = False
) -> tuple[Grid, dict[str, Any]]:
    """A unique puzzle with the fewest clues among the subsets of puzzle's clues."""
    if n > EXHAUSTIVE_MAX_ORDER:
        raise SudokuSatError(
            f"exhaustive emptying is for order {EXHAUSTIVE_MAX_ORDER} (4x4) only; "
            "use greedy or anneal for larger grids"
        )
    group = filled_orbits(puzzle, n, symmetric)
    witness = _Witness(n, solution)
    search = _HittingSearch(group, solution, witness)
    try:
        for limit in range(len(group) + 1):
            found = search.run(limit)
            if found is not None:
                stats = {"checks": witness.checks, "unavoidable_sets": len(search.sets)}
                return _with_orbits(solution, found), stats
    finally:
        witness.close()
    raise SudokuSatError("the given clues are not a unique puzzle")


def _with_orbits(solution: Grid, chosen: Sequence[Orbit]) -> Grid:
    out = [0] * len(solution)
    for orbit in chosen:
        for c in orbit:
            out[c] = solution[c]
    return tuple(out)


class _HittingSearch:
    """Depth-first search for a set of orbits hitting every unavoidable set."""

    def __init__(self, group: list[Orbit], solution: Grid, witness: _Witness):
        self.group, self.solution, self.witness = group, solution, witness
        self.orbit_of = {c: o for o in group for c in o}
        self.sets: list[frozenset[Cell]] = []

    def unhit(self, cells: set[Cell], banned: frozenset[Orbit]) -> list[Orbit] | None:
        """The allowed orbits of the unhit set with fewest of them, [] if one is dead."""
        best: list[Orbit] | None = None
        for s in self.sets:
            if s.isdisjoint(cells):
                allowed = sorted({self.orbit_of[c] for c in s if c in self.orbit_of} - banned)
                if best is None or len(allowed) < len(best):
                    best = allowed
        return best

    def run(self, limit: int) -> list[Orbit] | None:
        """A hitting set of at most limit orbits that makes the puzzle unique, or None."""
        return self._run([], frozenset(), limit)

    def _run(self, chosen: list[Orbit], banned: frozenset[Orbit], limit: int) -> list[Orbit] | None:
        cells = {c for o in chosen for c in o}
        branch = self.unhit(cells, banned)
        if branch is None:
            other = self.witness.other(_with_orbits(self.solution, chosen))
            if other is None:
                return chosen
            self.sets.append(frozenset(c for c, v in enumerate(other) if v != self.solution[c]))
            branch = self.unhit(cells, banned)
        if branch is None or len(chosen) >= limit:
            return None
        for k, orbit in enumerate(branch):
            found = self._run(chosen + [orbit], banned | frozenset(branch[:k]), limit)
            if found is not None:
                return found
        return None


# --- one entry point -------------------------------------------------------------------


@dataclass(frozen=True)
class Emptied:
    """A puzzle emptied from a unique start, with how long it took and what it cost."""

    grid: Grid
    method: str
    seconds: float
    stats: dict[str, Any] = field(default_factory=dict)

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
    if method == "greedy":
        grid = empty_greedy(puzzle, solution, n, checker, rng, symmetric)
    elif method == "anneal":
        grid, stats = empty_anneal(puzzle, solution, n, checker, rng, symmetric, schedule)
    elif method == "exhaustive":
        grid, stats = empty_exhaustive(puzzle, solution, n, symmetric)
    else:
        raise SudokuSatError(f"unknown emptying method {method!r}; use {', '.join(EMPTY_METHODS)}")
    return Emptied(grid, method, time.perf_counter() - t0, stats)


# --- verification ----------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """An independent check: is the puzzle unique, is it minimal, and by what method."""

    unique: bool
    minimal: bool
    method: str

    @property
    def ok(self) -> bool:
        return self.unique and self.minimal


def verify(
    puzzle: Grid,
    solution: Grid,
    n: int,
    counter: Checker,
    finder: PysatChecker,
    symmetric: bool = False,
) -> Verdict:
    """Check that puzzle is unique (counter counts 1) and minimal (a checked witness per orbit).

    Minimality is a claim that each looser puzzle has a second solution, so it is
    certified by exhibiting one: finder proposes a grid for the puzzle minus each filled
    orbit, and the grid is accepted only if it differs from solution and satisfies the
    rules and the remaining clues (``is_solution``, which trusts no solver). Uniqueness
    has no such certificate, so it is counted by the independent counter. Minimal means
    no orbit can go: for symmetric puzzles, no rotation pair.
    """
    unique = is_solution(solution, n, puzzle) and counter.count(puzzle) == 1
    minimal = unique and all(
        _second_solution(without(puzzle, orbit), solution, orbit, n, finder)
        for orbit in filled_orbits(puzzle, n, symmetric)
    )
    return Verdict(unique, minimal, counter.name)


def _second_solution(
    loose: Grid, solution: Grid, orbit: Orbit, n: int, finder: PysatChecker
) -> bool:
    """True when finder's witness is a real second solution of loose."""
    other = finder.witness(loose, solution, orbit)
    return other is not None and other != solution and is_solution(other, n, loose)
