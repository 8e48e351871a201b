"""The true minimum for small orders (4x4), as a hitting-set search over unavoidable sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..encoding import blocking_clause, clue_assumptions, decode
from ..errors import SudokuSatError
from ..grid import Cell, Grid
from ..sat.pysat import rules_solver
from .orbits import Orbit, filled_orbits

EXHAUSTIVE_MAX_ORDER = 2


class _Witness:
    """A PySAT solver answering 'another solution than S with these clues?' with it."""

    def __init__(self, n: int, solution: Grid):

        self.n, self.solution = n, solution
        self.solver = rules_solver(n)
        self.solver.add_clause(blocking_clause(solution, n))
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
