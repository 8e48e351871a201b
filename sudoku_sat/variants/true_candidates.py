"""True candidates of variant puzzles on one incremental PySAT solver.

True candidates (``candidates``): the digits each cell takes in at least one solution. One
solver: every model found marks all its grid literals; each literal still unmarked (and not
already excluded) is tried once under the assumption x(c,d): SAT marks the new model's
literals, UNSAT excludes x(c,d) for good (added as a unit clause, which helps later calls).
With ``cap``, each candidate's solutions are counted up to cap, blocking clauses guarded by
a fresh selector literal that is retired (a unit clause) after its count.
"""

from __future__ import annotations

from typing import Any

from ..grid import Grid
from ..model.builder import DEFAULT_SUMS
from ..model.puzzle import Puzzle
from ..result import Candidates
from .encode import encode_variant
from .solve import blocking, decode_model, open_solver, solver_for


def candidates(
    puzzle: Puzzle, cap: int | None = None, solver: str | None = None, sums: str = DEFAULT_SUMS
) -> Candidates:
    """The true candidates of every cell, and with cap their solution counts up to cap."""
    size = puzzle.size
    nlits = size**3
    marked = bytearray(nlits + 1)
    excluded = bytearray(nlits + 1)
    calls = 1
    with open_solver(encode_variant(puzzle, sums), solver or solver_for(puzzle)) as s:
        if not s.solve():
            return Candidates(size, tuple(() for _ in range(size * size)), None, cap, False, calls)
        _mark(s.get_model(), marked, nlits)
        for lit in range(1, nlits + 1):
            if marked[lit] or excluded[lit]:
                continue
            calls += 1
            if s.solve(assumptions=[lit]):
                _mark(s.get_model(), marked, nlits)
            else:
                excluded[lit] = 1
                s.add_clause([-lit])
        counts = None if cap is None else _counts(s, marked, size, cap, puzzle.cells)
    digits = tuple(
        tuple(d for d in range(1, size + 1) if marked[c * size + d]) for c in range(size * size)
    )
    return Candidates(size, digits, counts, cap, True, calls)


def _mark(model: list[int], marked: bytearray, nlits: int) -> None:
    for lit in model:
        if 0 < lit <= nlits:
            marked[lit] = 1


ENUMERATE_FIRST = 2000
"""--counts first enumerates the solutions, up to 20 times the cap and at most this many:
when there are fewer, each candidate's count is read from them (one solve per solution,
not one count per candidate); past it, each candidate is counted on its own to the cap."""


def _counts(
    s: Any, marked: bytearray, size: int, cap: int, cells: int
) -> dict[tuple[int, int], int]:
    top = s.nof_vars() + 1
    limit = min(ENUMERATE_FIRST, 20 * cap)
    every = _enumerate(s, top + 1, [], size, limit, cells)
    tally = [0] * (size**3 + 1)
    for grid in every if len(every) < limit else ():
        for c, d in enumerate(grid[: size * size]):
            tally[c * size + d] += 1
    out: dict[tuple[int, int], int] = {}
    top += 1
    for lit in range(1, size**3 + 1):
        if marked[lit]:
            cell, d = divmod(lit - 1, size)
            if len(every) < limit:
                out[(cell, d + 1)] = min(tally[lit], cap)
            else:
                top += 1
                out[(cell, d + 1)] = len(_enumerate(s, top, [lit], size, cap, cells))
    return out


def _enumerate(
    s: Any, guard: int, assumptions: list[int], size: int, cap: int, cells: int
) -> list[Grid]:
    """Up to cap solutions under the assumptions, blocking clauses guarded by guard
    (retired)."""
    found: list[Grid] = []
    while len(found) < cap and s.solve(assumptions=[*assumptions, guard]):
        found.append(decode_model(s.get_model(), size, cells))
        s.add_clause([-guard, *blocking(found[-1], size)])
    s.add_clause([-guard])
    return found
