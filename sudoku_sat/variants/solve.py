"""Solving and counting variant puzzles on incremental PySAT solvers (true candidates:
``variants/true_candidates.py``).

Counting adds a blocking clause over the N*N true grid literals after each model (the
grid variables 1..N**3 decide every auxiliary, so distinct models are distinct grids);
with cells beyond the grid (``model/extra.py``) over theirs too: a solution is every
cell's digit, as sigh counts them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..deadline import TimedOut, effective_timeout
from ..grid import Grid
from ..model.builder import DEFAULT_SUMS, VariantFormula
from ..model.puzzle import Puzzle
from ..sat.pysat import NO_BUDGET, SUPPORTED, check_pysat_name, solve_stoppable, solve_within
from .encode import (
    cardinal_formula,
    encode_clues,
    encode_skeleton,
    encode_variant,
    group_pairs,
    skeleton_key,
)

DEFAULT_SOLVER = "g4"
"""Glucose 4: as fast as MiniSat 2.2 or faster on the variant benchmark (docs/variants.md)."""
CARDINAL_SOLVER = "gc4"
"""Gluecard 4 (Glucose 4.1 that keeps cardinality constraints itself): a puzzle a session
solves alone where it would take Glucose 4 (or CaDiCaL 1.5.3, :data:`SEARCH_SOLVER`) goes
there first, the structure's at-most-ones as groups (``encode.cardinal_formula``: 324
groups load in place of 11,664 pair clauses at 9x9, which took most of an easy puzzle's
time); past :attr:`Session.CARDINAL_BUDGET` conflicts the groups' pairs are added and the
search goes on (for the search solver's puzzles: on it, the solutions found kept). The
figures, and the roads that lost, are in docs/variants.md ("Gluecard 4 for a puzzle
alone")."""
SEARCH_SOLVER = "cd15"
"""CaDiCaL 1.5.3 for non-consecutive puzzles, whose time is in the search: 82 against 144 ms
a puzzle for Glucose 4 on four 9x9 puzzles (CPU), while on the others Glucose 4 is about
twice as fast (jigsaw 2.4 against 5.5 ms, killer 9.8 against 15.7 ms)."""


def solver_for(puzzle: Puzzle) -> str:
    """The PySAT solver a session uses by default for the puzzle's skeleton."""
    return SEARCH_SOLVER if any(c.search for c in puzzle.constraints) else DEFAULT_SOLVER


def interruptible(name: str) -> bool:
    """True when the PySAT solver can be stopped by a timeout."""
    return SUPPORTED.get(check_pysat_name(name), False)


def budgeted(name: str) -> bool:
    """True when the PySAT solver takes a conflict budget (Lingeling takes none: a session
    runs it without one)."""
    return check_pysat_name(name) not in NO_BUDGET


def decode_model(model: list[int] | Iterator[int], size: int, cells: int = 0) -> Grid:
    """The grid of a model (or any list of literals) on variables 1..N**3; with cells
    (the grid's and the extra cells', ``model/extra.py``), every cell's digit."""
    cells = cells or size * size
    grid = [0] * cells
    for lit in model:
        if 0 < lit <= cells * size:
            cell, d = divmod(lit - 1, size)
            grid[cell] = d + 1
    return tuple(grid)


def grid_of(model: list[int], size: int) -> Grid:
    """The grid of a full model whose cells hold one digit each (a session's): the true
    literals among the first N**3 variables, in cell order."""
    return tuple([(lit - 1) % size + 1 for lit in model[: size**3] if lit > 0])


def unused(clauses: list[list[int]], top: int) -> list[int]:
    """The variables up to top that no clause mentions: a session sets them false once,
    or the solver would branch on each of them in every call (with the skeleton's
    selector blocks numbered whatever their use, 4,146 decisions a call on a 9x9
    skeleton: 0.23 against 0.12 ms for a puzzle of givens only)."""
    used = bytearray(top + 1)
    for clause in clauses:
        for lit in clause:
            used[abs(lit)] = 1
    return [v for v in range(1, top + 1) if not used[v]]


def open_solver(formula: VariantFormula, solver: str = DEFAULT_SOLVER) -> Any:
    """A PySAT solver loaded with the formula."""
    from pysat.solvers import Solver

    check_pysat_name(solver)
    return Solver(name=solver, bootstrap_with=formula.clauses)


def blocking(grid: Grid, size: int) -> list[int]:
    """The clause that rules out this grid and nothing else among grids."""
    return [-(c * size + d) for c, d in enumerate(grid)]


def enumerate_solutions(
    puzzle: Puzzle, cap: int, solver: str = DEFAULT_SOLVER, sums: str = DEFAULT_SUMS
) -> list[Grid]:
    """Up to cap solutions of the puzzle, in the order the solver finds them."""
    found: list[Grid] = []
    with open_solver(encode_variant(puzzle, sums), solver) as s:
        while len(found) < cap and s.solve():
            found.append(decode_model(s.get_model(), puzzle.size, puzzle.cells))
            s.add_clause(blocking(found[-1], puzzle.size))
    return found


VERDICTS = {0: "none", 1: "unique", 2: "several"}


def _conflicts(s: Any) -> int:
    """The conflicts a PySAT solver has met so far."""
    return int((s.accum_stats() or {}).get("conflicts", 0))


@dataclass(frozen=True)
class Verdict:
    """unique, several or none, with the solutions found (at most two)."""

    verdict: str
    solutions: tuple[Grid, ...]


class Session:
    """Puzzles solved on shared solvers, for files of many puzzles: one solver per skeleton
    (size, regions, global rules) loaded once; each puzzle's clue clauses hold under a
    fresh activation literal, its givens are assumptions, its blocking clauses are guarded
    by the same literal, and the literal is retired (a unit clause) after the puzzle. A
    solver is replaced after :attr:`REFRESH` puzzles, as retired clauses pile up. A puzzle
    that spends :attr:`BUDGET` conflicts there is solved again on a solver of its own.
    A skeleton is opened only for a key whose last :attr:`SHARE_AFTER` puzzles were easy
    on solvers of their own (:meth:`_shared`); until then each puzzle gets its own.

    Numbering past the skeleton's top T: the k-th puzzle's activation literal is T+1+k,
    and every puzzle numbers its auxiliaries from T+REFRESH+1, the same numbers again:
    each clause that mentions a retired puzzle's auxiliary contains its retired literal
    (so do the clauses learnt from them: nothing holds the literal positively), so the
    numbers are free again, and the solver does not branch on a pile of dead variables
    in every later call."""

    REFRESH = 400
    KEEP = 4
    SEEN = 4096
    EASY = 100
    SHARE_AFTER = 4
    CARDINAL_BUDGET = 400
    """Conflicts a puzzle spends on :data:`CARDINAL_SOLVER` with its groups alone, before
    their pair clauses are added (an easy puzzle needs fewer). Against 100, on the 73 rows
    of real puzzles (least CPU of 3 rounds alternated, load 2.5-3.5, twice): 755 -> 705
    and 751 -> 709 ms summed, faster on 50 and 43 rows; 2,000: 786 -> 722 ms, faster on 47,
    sumline 0.70x (the pairs speed a longer search up)."""
    BUDGET = 1_000
    """Conflicts a puzzle may spend on the shared solver; past them it starts again on a
    solver of its own loaded with its whole CNF, givens and facts (pencil marks, parity)
    as unit clauses (:meth:`_alone`), which the solver simplifies away where assumptions
    stay decisions in every learnt clause and at every restart. "Pencilmark sudoku 3"
    (144 marks) took 93-114 s CPU on the shared solver (Glucose 4, CaDiCaL 1.5.3,
    MiniSat 2.2), 17-24 s on its own; its marks as assumptions of a solver of its own,
    124-130 s. The other real puzzles past 2,000 conflicts took about as long either way
    (one session, CPU): "Wecoc #1", the hardest real killer (35,000 conflicts), 0.78 s
    against 0.82 s; "hard pencilmarks #1" (10,900) 0.43 s against 0.36 s. The budget was
    10,000 conflicts: a real killer that needs 10,000 to 30,000 spent them twice (the
    hardest four of ``benchmarks/data/killers.jsonl``, one session, CPU: 4.02 s with
    10,000, 2.57 s with 1,000, 2.22 s with none; the 36: 7.74 s median with 10,000, 7.20 s
    with 1,000; with no budget each easy killer pays a solver of its own: 9.04 s against
    8.56 s with 1,000, with the 4-cell innie-outie differences). With the clauses kept,
    3 rounds alternated at load 6: 4.73 s with 1,000 against 5.64 s with 10,000. The cost:
    the 30 made 9x9 killers of ``bench_variants.py`` (unique, several, none), several of
    them past 1,000 conflicts, 28.1-28.8 ms a puzzle against 22.6-23.8 (2,000: 27.4;
    3,000: 28.3-29.4)."""

    def __init__(
        self, solver: str | None = None, sums: str = DEFAULT_SUMS, timeout: float | None = None
    ):
        if solver is not None:
            check_pysat_name(solver, timeout)
        self.solver, self.sums, self.timeout = solver, sums, timeout
        self._open: dict[tuple[object, ...], list[Any]] = {}
        self._spent = 0
        """The conflicts of the last puzzle solved alone."""
        self._easy: dict[tuple[object, ...], int] = {}
        """Skeleton key -> how many of its last puzzles in a row were easy on a solver
        of their own; the most recent key last, at most :attr:`SEEN` of them."""

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Delete every solver."""
        for entry in self._open.values():
            entry[0].delete()
        self._open.clear()

    def _shared(self, key: tuple[object, ...]) -> bool:
        """True when the puzzle of that skeleton key goes on the shared solver: its
        skeleton is open, or the last :attr:`SHARE_AFTER` puzzles of that key each took
        at most :attr:`EASY` conflicts on a solver of their own. The others go on a
        solver of their own (:meth:`_alone`): a skeleton holds every block of selectors
        its rules could assume, about twice a puzzle's own clauses (a real minimum
        puzzle: 28,559 against 12,118), so it pays only when puzzles share it; and on
        the shared solver the givens stay assumptions, decisions in every learnt clause,
        where a solver of its own simplifies them away: on the 157 real puzzles of 62
        rules in tests/data/constraints, a new session each, CPU a puzzle (library,
        diagnostic, /tmp scripts of 2026-12-02 19:30-19:50 UTC, load about 1): the
        skeleton always 6.42 s in all; alone always 3.72-3.91 s (with the cells' and
        units' clauses made once, ``encode.structure_clauses``); the skeleton from a
        key's third easy puzzle 4.03 s, from its fifth (this policy) 3.78 s. The
        skeleton wins on files of many easy puzzles of one skeleton (made puzzles: a
        puzzle of givens only takes 0.2-0.5 ms on the shared solver, 5-6 ms alone, most
        of it loading the solver), and loses where a few puzzles would pay for it (4
        real maximum puzzles: 11.5 ms a puzzle from the third, 5.1 alone).

        Tried and dropped: a base of the cells' and units' clauses alone, shared by
        every puzzle of a structure, each puzzle's every rule under its literal there,
        with 100 conflicts before a solver of its own (the same clauses): 5.07 s against
        4.14 s alone in the same run; it wins on files of easy puzzles (5 real clones:
        3.0 against 5.8 ms a puzzle) and loses more on hard ones (18 real killers: 85.7
        against 61.9 ms)."""
        if key in self._open:
            return True
        return self._easy.get(key, 0) >= self.SHARE_AFTER

    def _note(self, key: tuple[object, ...], conflicts: int) -> None:
        """Count a puzzle of that key solved alone: easy (at most :attr:`EASY`
        conflicts) or not (the count starts again)."""
        easy = self._easy.pop(key, 0)  # put back last: the most recent
        if len(self._easy) >= self.SEEN:
            del self._easy[next(iter(self._easy))]
        self._easy[key] = easy + 1 if conflicts <= self.EASY else 0

    def _entry(self, puzzle: Puzzle, key: tuple[object, ...]) -> list[Any]:
        from pysat.solvers import Solver

        entry = self._open.pop(key, None)  # put back last: the most recent
        if entry is not None and entry[2] >= self.REFRESH:
            entry[0].delete()
            entry = None
        if entry is None:
            if len(self._open) >= self.KEEP:  # the least recently used goes
                oldest = next(iter(self._open))
                self._open.pop(oldest)[0].delete()
            clauses, top = encode_skeleton(puzzle)
            name = self.solver or solver_for(puzzle)
            if effective_timeout(self.timeout) is not None and not interruptible(name):
                name = DEFAULT_SOLVER  # CaDiCaL cannot be interrupted
            s = Solver(name=name, bootstrap_with=clauses)
            for v in unused(clauses, top):
                s.add_clause([-v])
            entry = [s, top, 0, interruptible(name), budgeted(name)]
        self._open[key] = entry
        return entry

    def solutions(self, puzzle: Puzzle, cap: int) -> list[Grid]:
        """Up to cap solutions of the puzzle; TimedOut when a call passes the timeout. A
        puzzle with cells beyond the grid is solved on a solver of its own (the
        skeleton numbers its selectors where those cells' literals go)."""
        if puzzle.extra or puzzle.shaped:  # a skeleton is of N x N grids of N digits
            return self._alone(puzzle, cap, [])
        key = skeleton_key(puzzle)
        if not self._shared(key):
            alone = self._alone(puzzle, cap, [])
            self._note(key, self._spent)
            return alone
        entry = self._entry(puzzle, key)
        s, size = entry[0], puzzle.size
        act = entry[1] + 1 + entry[2]
        clauses, _, selected = encode_clues(puzzle, entry[1] + self.REFRESH, self.sums)
        add = s.solver.add_clause  # the solver's own method: one Python call less a clause
        for clause in clauses:
            add([*clause, -act])
        assume = [act, *selected] + [c * size + d for c, d in enumerate(puzzle.grid) if d]
        found: list[Grid] = []
        limit = _conflicts(s) + self.BUDGET
        try:
            while len(found) < cap:
                budget = limit - _conflicts(s) if entry[4] else None
                answer = self._budgeted(s, assume, entry[3], budget)
                if answer is None:
                    return self._alone(puzzle, cap, found, first=False)
                if not answer:
                    break
                found.append(grid_of(s.get_model(), size))
                add([*blocking(found[-1], size), -act])
        finally:
            add([-act])
            entry[2] += 1
        return found

    def _alone(self, puzzle: Puzzle, cap: int, found: list[Grid], first: bool = True) -> list[Grid]:
        """Up to cap solutions on a solver of the puzzle's own (every clause, givens and
        facts as units), the solutions already found blocked: on :data:`CARDINAL_SOLVER`
        (:meth:`_cardinal`) in place of the default solver, but after the shared solver's
        budget (not first)."""
        from pysat.solvers import Solver

        name = self.solver or solver_for(puzzle)
        if effective_timeout(self.timeout) is not None and not interruptible(name):
            name = DEFAULT_SOLVER
        formula = encode_variant(puzzle, self.sums)
        pairs = name == DEFAULT_SOLVER
        cardinal = first and self.solver is None and name in (DEFAULT_SOLVER, SEARCH_SOLVER)
        if cardinal and self._cardinal(puzzle, formula, cap, found, pairs):
            return found
        with Solver(name=name, bootstrap_with=formula.clauses) as s:
            for grid in found:
                s.add_clause(blocking(grid, puzzle.size))
            self._search(s, puzzle, cap, found, interruptible(name))
        return found

    def _cardinal(
        self, puzzle: Puzzle, formula: VariantFormula, cap: int, found: list[Grid], pairs: bool
    ) -> bool:
        """Up to cap solutions into found on :data:`CARDINAL_SOLVER`, the structure's
        at-most-ones as groups; past :attr:`CARDINAL_BUDGET` conflicts, with pairs their
        pair clauses are added and the search goes on, else it stops there (False: a
        puzzle of the search solver's goes on there, the solutions found kept)."""
        from pysat.solvers import Solver

        clauses, groups = cardinal_formula(puzzle, formula)
        with Solver(name=CARDINAL_SOLVER, bootstrap_with=clauses) as s:
            for group in groups:
                s.add_atmost(list(group), 1)
            for grid in found:
                s.add_clause(blocking(grid, puzzle.size))
            while len(found) < cap:
                answer = self._budgeted(s, [], True, self.CARDINAL_BUDGET - _conflicts(s))
                if answer is None and not pairs:
                    return False
                if answer is None:  # a long search: the pairs too, and on to the end
                    add = s.solver.add_clause  # one Python call less a clause
                    for pair in group_pairs(groups):
                        add(pair)
                    self._search(s, puzzle, cap, found, True)
                    return True
                if not answer:
                    break
                found.append(decode_model(s.get_model(), puzzle.size, puzzle.cells))
                s.add_clause(blocking(found[-1], puzzle.size))
            self._spent = _conflicts(s)
        return True

    def _search(self, s: Any, puzzle: Puzzle, cap: int, found: list[Grid], can_stop: bool) -> None:
        """Solutions into found, up to cap, on the loaded solver s (those found before
        blocked already); the conflicts it has spent in :attr:`_spent`."""
        while len(found) < cap and self._solve(s, [], can_stop):
            found.append(decode_model(s.get_model(), puzzle.size, puzzle.cells))
            s.add_clause(blocking(found[-1], puzzle.size))
        self._spent = _conflicts(s)

    def _solve(self, s: Any, assume: list[int], can_stop: bool) -> bool:
        answer = solve_within(s, assume, self.timeout, can_stop)
        if answer is None:
            raise TimedOut(self.timeout)
        return answer

    def _budgeted(
        self, s: Any, assume: list[int], can_stop: bool, budget: int | None
    ) -> bool | None:
        """One call that stops after budget conflicts (None; a budget of 0 or less: None
        at once; no budget, for a solver that takes none: to the end), TimedOut past the
        timeout; SIGINT and SIGTERM stop it at once (``solve_stoppable``)."""
        if budget is not None and budget <= 0:
            return None
        if budget is not None:
            s.conf_budget(budget)
        answer, timed_out = solve_stoppable(s, assume, self.timeout, can_stop, budget is not None)
        if timed_out:
            raise TimedOut(self.timeout)
        return answer

    def unique(self, puzzle: Puzzle) -> Verdict:
        """unique, several or none, stopping at the second solution."""
        found = self.solutions(puzzle, 2)
        return Verdict(VERDICTS[len(found)], tuple(found))


def count(puzzle: Puzzle, cap: int, solver: str = DEFAULT_SOLVER, sums: str = DEFAULT_SUMS) -> int:
    """Number of solutions, at most cap."""
    return len(enumerate_solutions(puzzle, cap, solver, sums))


def unique(puzzle: Puzzle, solver: str = DEFAULT_SOLVER, sums: str = DEFAULT_SUMS) -> Verdict:
    """Is the puzzle's solution unique? Stops at the second solution."""
    found = enumerate_solutions(puzzle, 2, solver, sums)
    return Verdict(VERDICTS[len(found)], tuple(found))
