"""Greedy emptying in two stages, for 25x25 and above: propagation first, CDCL second.

The one-pass greedy (:mod:`.emptying`) asks a CDCL question for every orbit in random
order. At 25x25 that order drives the puzzle, with about 300 clues left, into the region
where the questions are hardest (random holes near the quasigroup-completion peak): m22
then spent 1 to 177 s per question and held 1.7 GB of learnt clauses. Here the same
random order is walked twice:

1. **propagation**: an orbit goes when the puzzle without it is still filled by unit
   propagation on the rules (naked and hidden singles, looped; a naked single alone
   skips the call). No search: about 360 of 625 cells go in a few seconds, and the
   puzzle left (about 265 clues) is solved by propagation alone.
2. **CDCL**: every orbit that stage 1 kept is asked the usual question, "a solution
   with a cell of the orbit other than S's?", with the clues as assumptions and S's
   values as the preferred phases. Yes: the orbit stays and the solution is its
   *witness*; no: it goes. Near a propagation-solved puzzle the questions are easy
   (most answers are yes, mean about 0.05-0.15 s, the longest seen 2 s).

The result is minimal: every orbit left was asked in stage 2 and kept with a witness,
which stays a second solution as later removals only add solutions. The witnesses are
the minimality certificates :func:`.verify.verify` checks against the rules. The solver
is reloaded every ``renew_every`` questions, which drops its learnt clauses (they made
later questions slower and the process bigger: 733 MB without renewal, 460 MB with it).

Roads not taken (measured on the same grid): the product and sequential at-most-one
encodings load faster but made these questions 2-6x slower than pairwise F_regle;
confining the witness search to the band and stack of the cell first rarely found one;
reusing witnesses across orbits cannot fire in one greedy pass (a witness found for one
orbit agrees with S on every clue still there, so it never frees a later one).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..grid import Grid
from .checkers import PysatChecker, forced
from .emptying_compiled import Witnesses
from .orbits import Orbit

STAGED_MIN_ORDER = 5
"""Greedy emptying on a PySAT checker runs in stages from this order (25x25) up."""
RENEW_EVERY = 40
"""CDCL questions between two reloads of the solver."""


def staged_greedy(
    puzzle: Grid,
    solution: Grid,
    n: int,
    order: Sequence[Orbit],
    checker: PysatChecker,
    singles: bool = True,
    renew_every: int = RENEW_EVERY,
) -> tuple[Grid, Witnesses]:
    """The minimal puzzle reached trying orbits in order, propagation first, and a
    witness for every orbit kept."""
    current = list(puzzle)
    deferred = [o for o in order if not _propagation_empties(current, o, n, checker, singles)]
    checker.prefer(solution)
    kept: list[Orbit] = []
    grids: list[Grid] = []
    for asked, orbit in enumerate(deferred):
        if asked and asked % renew_every == 0:
            checker.renew()
            checker.prefer(solution)
        other = _cdcl_empties(current, solution, orbit, n, checker, singles)
        if other is not None:
            kept.append(orbit)
            grids.append(other)
    return tuple(current), _witnesses(kept, grids)


def _propagation_empties(
    current: list[int], orbit: Orbit, n: int, checker: PysatChecker, singles: bool
) -> bool:
    """Empty orbit in place if propagation still fills the grid; say if it did."""
    filled = [c for c in orbit if current[c]]
    saved = [current[c] for c in filled]
    for c in filled:
        current[c] = 0
    grid = tuple(current)
    if (singles and all(forced(grid, c, n) for c in filled)) or checker.propagates(grid):
        return True
    for c, v in zip(filled, saved, strict=True):
        current[c] = v
    return False


def _cdcl_empties(
    current: list[int],
    solution: Grid,
    orbit: Orbit,
    n: int,
    checker: PysatChecker,
    singles: bool,
) -> Grid | None:
    """Empty orbit in place if the puzzle stays unique (None); else put it back and
    return the second solution found (the orbit's witness)."""
    filled = [c for c in orbit if current[c]]
    for c in filled:
        current[c] = 0
    grid = tuple(current)
    if singles and all(forced(grid, c, n) for c in filled):
        return None
    other = checker.witness(grid, solution, filled)
    if other is not None:
        for c in filled:
            current[c] = solution[c]
    return other


def _witnesses(kept: list[Orbit], grids: list[Grid]) -> Witnesses:
    import numpy as np

    if not kept:
        return Witnesses((), None)
    return Witnesses(tuple(kept), np.array(grids, dtype=np.int32))
