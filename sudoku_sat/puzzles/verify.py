"""Verification. :func:`verify` counts the solutions of the final puzzle with a *different*
method (the in-house EUP counter when PySAT built the puzzle, PySAT when EUP did), and
certifies minimality with a witness per orbit: a second solution of the puzzle minus
that orbit, checked against the rules by ``is_solution``, which trusts no solver. (EUP
refuting the other values of each orbit one by one, :func:`has_other_solution`, is the
road not taken for verification: right, but up to seconds per clue on 16x16.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grid import Grid, is_solution
from .checkers import Checker, PysatChecker
from .emptying_compiled import NO_WITNESSES, Witnesses
from .orbits import Orbit, filled_orbits, without


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
    witnesses: Witnesses = NO_WITNESSES,
) -> Verdict:
    """Check that puzzle is unique (counter counts 1) and minimal (a checked witness per orbit).

    Minimality is a claim that each looser puzzle has a second solution, so it is
    certified by exhibiting one: finder proposes a grid for the puzzle minus each filled
    orbit, and the grid is accepted only if it differs from solution and satisfies the
    rules and the remaining clues (``is_solution``, which trusts no solver). Uniqueness
    has no such certificate, so it is counted by the independent counter. Minimal means
    no orbit can go: for symmetric puzzles, no rotation pair. Witnesses already found
    (by the compiled greedy) are checked the same way, and finder is asked only for the
    orbits without a valid one.
    """
    unique = is_solution(solution, n, puzzle) and _unique(counter, puzzle, solution)
    valid = witnesses.valid(puzzle, solution, n) if unique else set()
    minimal = unique and all(
        orbit in valid or _second_solution(without(puzzle, orbit), solution, orbit, n, finder)
        for orbit in filled_orbits(puzzle, n, symmetric)
    )
    return Verdict(unique, minimal, counter.name)


def _unique(counter: Checker, puzzle: Grid, solution: Grid) -> bool:
    """Whether puzzle has no solution but solution: one solve when the counter can rule
    out every other solution at once (PySAT), else a count up to 2."""
    only = getattr(counter, "only_solution", None)
    if only is not None:
        return bool(only(puzzle, solution))
    return counter.count(puzzle) == 1


def _second_solution(
    loose: Grid, solution: Grid, orbit: Orbit, n: int, finder: PysatChecker
) -> bool:
    """True when finder's witness is a real second solution of loose."""
    return _valid(finder.witness(loose, solution, orbit), loose, solution, n)


def _valid(other: Grid | None, loose: Grid, solution: Grid, n: int) -> bool:
    """True when other is a solution of loose other than solution (checked on the rules)."""
    return other is not None and other != solution and is_solution(other, n, loose)
