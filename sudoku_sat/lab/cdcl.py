"""CDCL per encoding: the same puzzles through PySAT solvers and solver binaries, once
per encoding, with time and conflicts; optionally beside the in-house ladder levels.

PySAT: one solver per (encoding, name) holds the rules; each puzzle's clues are
assumptions (``reduced`` has no shared rules: a fresh solver per puzzle loads its
formula). The time is the ``solve`` call's; conflicts are the change in
``accum_stats`` over it. Binaries: the whole formula goes to a DIMACS file and the time
is the process's wall time (start-up and parsing included); conflicts are read from the
solver's statistics. A run *agrees* when a claimed solution solves the puzzle (checked
with ``is_solution``) and UNSAT is claimed only where the reference (minisat 2.2 on the
extended encoding) finds no model. In-house levels (``up``, ``fl``, ``fl2`` ...) run
:func:`sudoku_sat.lab.puzzle_propagation.propagate_puzzle` on the same formula: the time is
the propagation's, a fixpoint with open cells is ``partial`` (it agrees when every cell it
filled holds the reference's value), a conflict is ``unsat``; they report no conflicts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..encodings import check_names, encode
from ..encodings.solving import EncodedPysat, solve_binary
from ..engines.propagation import LEVELS
from ..errors import UsageError
from ..grid import Grid, is_solution
from ..gridio import Puzzle
from ..methods import COMPARE, parse_methods
from ..result import SolveResult, Status
from ..sat.external import find_binary
from ..sat.pysat import check_pysat_name
from .crosscheck import cdcl_model

Outcome = tuple[SolveResult, int | None]
"""A solver's result on one puzzle and the conflicts it took (None: not reported)."""


@dataclass(frozen=True)
class Plan:
    """What to run: encodings, the at-most-one method, PySAT names, binaries."""

    encodings: tuple[str, ...]
    amo: str = "pairwise"
    solvers: tuple[str, ...] = ("m22",)
    binaries: tuple[str, ...] = ("cadical",)
    timeout: float | None = None
    levels: tuple[str, ...] = ()
    """In-house ladder levels run beside the solvers (up, fl, fl2 ... fl9)."""

    def check(self) -> None:
        """SudokuSatError or SolverError for an unknown name or a missing binary."""
        for encoding in self.encodings:
            check_names(encoding, self.amo)
        for name in self.solvers:
            check_pysat_name(name)
        for binary in self.binaries:
            find_binary(binary)
        for level in self.levels:
            if level not in LEVELS:
                raise UsageError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")

    def runs(self) -> int:
        """Solver calls per puzzle."""
        return len(self.encodings) * (len(self.solvers) + len(self.binaries) + len(self.levels))


def split_methods(text: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The PySAT solvers, the binaries and the in-house levels a comma-separated
    ``--methods`` value names: ``pysat[:NAME]`` (m22 by default), ``bin:NAME``, ``up``,
    ``fl``, ``flK``; 'none' for none."""
    solvers: list[str] = []
    binaries: list[str] = []
    levels: list[str] = []
    for method in parse_methods(text, COMPARE):
        if method.name == "pysat":
            solvers.append(method.detail or "m22")
        elif method.name == "bin":
            binaries.append(method.detail)
        elif method.detail:
            raise UsageError(f"--methods {method}: the levels run on the default back-end here")
        else:
            levels.append(method.name)
    return tuple(solvers), tuple(binaries), tuple(levels)


@dataclass(frozen=True)
class Run:
    """One solver on one puzzle in one encoding."""

    encoding: str
    solver: str
    status: str
    seconds: float
    conflicts: int | None
    agrees: bool


def agrees(result: SolveResult, puzzle: Grid, n: int, reference: Grid | None) -> bool:
    """A solution must solve the puzzle; UNSAT must match a reference without model."""
    if result.status == "solved":
        return is_solution(result.grid, n, puzzle)
    if result.status == "unsat":
        return reference is None
    if result.status == "partial" and reference is not None:
        return all(v == 0 or v == r for v, r in zip(result.grid, reference, strict=True))
    return True


def _delta(after: dict[str, Any], before: dict[str, Any]) -> int:
    return int(after.get("conflicts", 0)) - int(before.get("conflicts", 0))


class Runner:
    """Holds one PySAT solver per (order, encoding, name) across puzzles."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.solvers: dict[tuple[int, str, str], EncodedPysat] = {}

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        for solver in self.solvers.values():
            solver.close()
        self.solvers.clear()

    def _pysat(self, puzzle: Puzzle, encoding: str, name: str) -> Outcome:
        key = (puzzle.n, encoding, name)
        if key not in self.solvers:
            self.solvers[key] = EncodedPysat(puzzle.n, name, encoding, self.plan.amo)
        holder = self.solvers[key]
        before = holder.stats()
        result = holder.solve(puzzle.grid, self.plan.timeout)
        return result, _delta(result.stats, before)

    def _binary(self, puzzle: Puzzle, encoding: str, binary: str) -> Outcome:
        result = solve_binary(
            puzzle.grid, puzzle.n, binary, self.plan.timeout, encoding, self.plan.amo, True
        )
        conflicts = result.stats.get("conflicts")
        return result, None if conflicts is None else int(conflicts)

    def _level(self, puzzle: Puzzle, encoding: str, level: str) -> Outcome:
        from ..lab.puzzle_propagation import propagate_puzzle  # the lab builds on encodings

        fix = propagate_puzzle(puzzle.grid, puzzle.n, level, encoding, self.plan.amo)
        status: Status = (
            "solved"
            if fix.status == "solved"
            else "unsat"
            if fix.status == "conflict"
            else "partial"
        )
        return SolveResult(status, fix.grid, fix.propagation.stats.seconds, level), None

    def puzzle(self, puzzle: Puzzle) -> Iterator[Run]:
        """Every (encoding, solver) run on one puzzle."""
        reference = puzzle.solution or cdcl_model(puzzle.grid, puzzle.n)
        for encoding in self.plan.encodings:
            jobs: list[tuple[str, Callable[[Puzzle, str, str], Outcome]]]
            jobs = [(name, self._pysat) for name in self.plan.solvers]
            jobs += [(binary, self._binary) for binary in self.plan.binaries]
            jobs += [(level, self._level) for level in self.plan.levels]
            for name, run in jobs:
                result, conflicts = run(puzzle, encoding, name)
                yield Run(
                    encoding,
                    name,
                    result.status,
                    result.seconds,
                    conflicts,
                    agrees(result, puzzle.grid, puzzle.n, reference),
                )


def run_all(puzzles: Sequence[Puzzle], plan: Plan) -> Iterator[Run]:
    """Every run on every puzzle, puzzle by puzzle."""
    plan.check()
    with Runner(plan) as runner:
        for puzzle in puzzles:
            yield from runner.puzzle(puzzle)


@dataclass(frozen=True)
class EncodingSummary:
    """One (encoding, solver) over the puzzles."""

    encoding: str
    amo: str
    solver: str
    clauses: float
    variables: int
    puzzles: int
    solved: int
    unsat: int
    unknown: int
    mean_seconds: float
    puzzles_per_second: float
    mean_conflicts: float | None
    disagreements: int


def formula_size(puzzles: Sequence[Puzzle], encoding: str, amo: str) -> tuple[float, int]:
    """Mean clauses of the puzzles' full formulas, and their variable count."""
    if not puzzles:
        return 0.0, 0
    sizes = [encode(p.grid, p.n, encoding, amo) for p in puzzles]
    return sum(len(f) for f in sizes) / len(sizes), max(f.nvars for f in sizes)


def summarize(runs: Sequence[Run], puzzles: Sequence[Puzzle], amo: str) -> list[EncodingSummary]:
    """One summary per (encoding, solver), in run order."""
    groups: dict[tuple[str, str], list[Run]] = {}
    for run in runs:
        groups.setdefault((run.encoding, run.solver), []).append(run)
    sizes = {enc: formula_size(puzzles, enc, amo) for enc, _ in groups}
    out = []
    for (encoding, solver), rows in groups.items():
        seconds = sum(r.seconds for r in rows) / len(rows)
        conflicts = [r.conflicts for r in rows if r.conflicts is not None]
        out.append(
            EncodingSummary(
                encoding,
                amo,
                solver,
                round(sizes[encoding][0], 1),
                sizes[encoding][1],
                len(rows),
                sum(r.status == "solved" for r in rows),
                sum(r.status == "unsat" for r in rows),
                sum(r.status in ("unknown", "partial") for r in rows),
                seconds,
                1.0 / seconds if seconds > 0 else math.inf,
                sum(conflicts) / len(conflicts) if conflicts else None,
                sum(not r.agrees for r in rows),
            )
        )
    return out
