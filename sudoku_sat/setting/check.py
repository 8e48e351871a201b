"""The second method: every answer of ``why`` and ``redundant`` confirmed, before it is
returned, by methods that share nothing with the selector formula that found it.

Two kinds of claims:

- **a set of members has a solution** (each member of a core is needed; a member is
  needed for uniqueness): the finder hands over its witness, a full grid, and
  ``Puzzle.problem`` checks it against the puzzle of those members, each constraint's
  ``holds`` on the digits: no formula, no solver;
- **a set of members has no solution, one, or these** (the core; the reduced puzzle is
  unique; a member can go; the solutions of a several-solution puzzle): counted again on
  the puzzle rebuilt from its members (``members.reduced``) by the second method:

  - a classic grid: the in-house exact-cover search (``engines.eup.reference``, pure
    Python: no SAT solver);
  - a variant, ``auto``: the production CNF (``variants.encode``, built in one piece,
    not from the members' builders) on another PySAT solver, MiniSat 2.2;
  - a variant, ``cpsat`` (``--method cpsat``): OR-tools CP-SAT (``variants.cpsat``:
    integers, all-different, linear sums; shares nothing with the CNF). Not the default:
    importing OR-tools takes 1.2-1.6 s on the reference machine, more than the whole
    answer's goal (docs/why.md).

A disagreement raises :class:`~sudoku_sat.errors.SolverError` (exit 3), naming what the
second method found.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..errors import SolverError, UsageError
from ..grid import LARGE_ORDER, Grid
from ..methods import CONFIRM
from ..model.puzzle import Puzzle
from .members import Selectable, reduced, with_given

CHECKS = CONFIRM
"""The names of the second method a caller may choose for a variant."""
ENUMERATED = 256
"""Solutions a several-solution puzzle is enumerated to by the second method: below it,
the fixes and equal cells are checked complete; above, each fix is counted alone."""


def method_name(puzzle: Puzzle, method: str = "auto") -> str:
    """The second method's name for the puzzle."""
    if method not in CHECKS:
        raise UsageError(f"--method {method!r}: known are {', '.join(CHECKS)}")
    if puzzle.is_classic and puzzle.n < LARGE_ORDER:
        return "exact-cover search"
    return "cp-sat" if method == "cpsat" else "pysat:m22"


def solutions(puzzle: Puzzle, cap: int, method: str = "auto") -> list[Grid]:
    """Up to cap solutions of the puzzle by the second method."""
    name = method_name(puzzle, method)
    if name == "exact-cover search":
        from ..engines.eup import reference as eup

        _, found = eup.run(puzzle.grid, math.isqrt(puzzle.size), cap)
        return [eup.to_grid(state) for state in found]
    if name == "cp-sat":
        from ..variants import cpsat

        return cpsat.solutions(puzzle, cap)
    from ..variants.solve import enumerate_solutions

    return enumerate_solutions(puzzle, cap, "m22")


def count(puzzle: Puzzle, cap: int, method: str = "auto") -> int:
    """min(solutions, cap) by the second method."""
    return len(solutions(puzzle, cap, method))


def disagree(what: str, puzzle: Puzzle, method: str) -> SolverError:
    """The error for an answer the second method contradicts (exit 3)."""
    name = method_name(puzzle, method)
    return SolverError(f"{puzzle.origin}: the second method ({name}) {what}")


def check_witnesses(
    s: Selectable,
    members: list[int],
    found: dict[int, Grid],
    method: str,
    other_than: Grid | None = None,
) -> None:
    """Each witness solves the members but its own (and is not other_than: it then shows
    a second solution)."""
    for m, grid in found.items():
        rest = reduced(s, [k for k in members if k != m])
        if grid == other_than or rest.problem(grid) is not None:
            raise disagree(f"finds the witness for {s.members[m]} wrong", s.puzzle, method)


def check_core(s: Selectable, core: list[int], found: dict[int, Grid], method: str) -> None:
    """The core has no solution, and each member is needed (its witness holds)."""
    if count(reduced(s, core), 1, method):
        raise disagree("finds a solution of the core", s.puzzle, method)
    if sorted(found) != sorted(core):
        raise disagree("finds the core not minimal", s.puzzle, method)
    check_witnesses(s, core, found, method)


def check_solutions(puzzle: Puzzle, grids: Iterable[Grid], method: str) -> None:
    """Each grid is a solution of the puzzle."""
    if any(puzzle.problem(g) is not None for g in grids):
        raise disagree("finds a reported solution wrong", puzzle, method)


def check_several(
    puzzle: Puzzle,
    fixes: list[tuple[int, int]],
    complete: bool,
    equal: list[tuple[int, int]] | None,
    capped: bool,
    method: str,
) -> None:
    """The fixes each leave one solution, and are all there are when complete; the equal
    pairs hold in every solution, and are all there are unless capped."""
    found = solutions(puzzle, ENUMERATED, method)
    if len(found) < 2:
        raise disagree(f"finds {len(found)} solution(s), not several", puzzle, method)
    if len(found) == ENUMERATED:  # too many to list: each fix counted alone
        for c, d in fixes:
            if count(with_given(puzzle, c, d), 2, method) != 1:
                raise disagree("finds a suggested given not making it unique", puzzle, method)
        return
    tally: dict[tuple[int, int], int] = {}
    for grid in found:
        for c, d in enumerate(grid):
            tally[c, d] = tally.get((c, d), 0) + 1
    free = sorted(c for c in range(puzzle.ncells) if len({g[c] for g in found}) > 1)
    exact = sorted(k for k, v in tally.items() if v == 1 and k[0] in free)
    if fixes != (exact if complete else exact[: len(fixes)]):
        shown = ", ".join(f"({c}, {d})" for c, d in exact[:10]) or "none"
        raise disagree(f"finds the suggested givens {shown}", puzzle, method)
    if equal is None:
        return
    pairs = [(a, b) for a in free for b in free if a < b and all(g[a] == g[b] for g in found)]
    if (pairs != sorted(equal)) if not capped else not set(equal) <= set(pairs):
        raise disagree("finds other cells equal in every solution", puzzle, method)


def check_needed(
    s: Selectable,
    needed: dict[int, Grid],
    keep: list[int],
    found: dict[int, Grid],
    solution: Grid,
    method: str,
) -> None:
    """The members needed are exactly those listed, and keep is a minimal set to keep:

    - each member needed, and each member kept, has a witness (a second solution of the
      others, checked rule by rule);
    - the puzzle of the kept members is unique (counted), and the solution solves the
      whole puzzle: so every member outside keep can go alone (the rest holds keep);
    - each member kept but not needed can go alone (counted, one by one)."""
    members = list(range(len(s.members)))
    check_witnesses(s, members, needed, method, solution)
    if s.puzzle.problem(solution) is not None:
        raise disagree("finds the solution wrong", s.puzzle, method)
    if count(reduced(s, keep), 2, method) != 1:
        raise disagree("finds the reduced puzzle not unique", s.puzzle, method)
    if sorted(found) != keep:
        raise disagree("finds a member kept without a witness", s.puzzle, method)
    check_witnesses(s, keep, found, method, solution)
    for m in keep:
        if m not in needed and count(reduced(s, [k for k in members if k != m]), 2, method) != 1:
            raise disagree(f"finds {s.members[m]} needed", s.puzzle, method)
