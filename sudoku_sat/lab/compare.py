"""The in-house engines against CDCL solvers, puzzle by puzzle and dataset by dataset.

Per puzzle, one row per engine: in-house ``up`` and ``fl``, then each PySAT solver
(one per order and name, holding F_regle once; clues as assumptions). Columns: status,
cells filled beyond the clues, literals assigned at the end (the fixpoint, or the
model), time, CDCL decisions and conflicts (the change in ``accum_stats`` over the
call), and agreement with the reference solution: the one the file gives
(``puzzle:count:solution`` lines), else the answer of the first compared solver that
settled the puzzle, else minisat 2.2's model. The file's solution is checked first: one
that breaks a rule or a clue is not used, and the comparison says so (``rejected``). A
row *agrees* when it contradicts nothing: a grid it calls solved is a solution of the
puzzle (any solution: a puzzle with several has no single right answer), a partial grid
holds the reference value in every cell it filled, and it claims UNSAT only when no
solution is known.

Times are those of the engine's own work: propagation for ``up`` and ``fl``, the
``solve`` call for PySAT; building the unit clauses and reading the grid back are not
counted on either side. A dataset runs on any executor of :mod:`sudoku_sat.batch`
(``CompareTask`` over chunks), each worker with its own Comparer, built once; results come
back in file order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..batch.cache import cached
from ..batch.executor import Executor, Serial, batch_map
from ..batch.items import Packed, pack, unpack
from ..encoding import num_vars
from ..engines.completion import Completion, complete
from ..grid import Grid, clue_count, is_solution, solution_problem
from ..gridio import Puzzle
from ..result import SolveResult
from ..sat.pysat import PysatSudoku, check_pysat_name
from .crosscheck import ORACLE_SOLVER, Check, agrees, cdcl_model, check_sudoku

ENGINE_ROWS = ("up", "fl")


@dataclass(frozen=True)
class Row:
    """One engine on one puzzle."""

    engine: str
    status: str
    filled: int
    literals: int
    seconds: float
    decisions: int | None
    conflicts: int | None
    agrees: bool


@dataclass(frozen=True)
class PuzzleComparison:
    """Every engine on one puzzle, the reference used, and the cross-checks if asked."""

    index: int
    origin: str
    clues: int
    reference: str
    rows: tuple[Row, ...]
    checks: tuple[Check, ...] = ()
    rejected: str = ""
    """Why the file's ``:solution`` was not used (empty when it was, or there was none)."""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def judged(grid: Grid, status: str, puzzle: Puzzle, reference: Grid | None) -> bool:
    """A row's *agrees*: a claimed solution must be one; anything else must fit the reference."""
    if status == "solved":
        return is_solution(grid, puzzle.n, puzzle.grid)
    return agrees(grid, status, reference)


def engine_row(completion: Completion, engine: str, puzzle: Puzzle, reference: Grid | None) -> Row:
    prop = completion.propagation
    return Row(
        engine,
        completion.status,
        completion.filled,
        len(prop.literals),
        prop.stats.seconds,
        None,
        None,
        judged(completion.grid, completion.status, puzzle, reference),
    )


def solver_row(result: SolveResult, before: dict[str, int], puzzle: Puzzle) -> Row:
    after = result.stats
    solved = result.status == "solved"
    return Row(
        result.solver,
        result.status,
        len(puzzle.grid) - clue_count(puzzle.grid) if solved else 0,
        num_vars(puzzle.n) if solved else 0,
        result.seconds,
        int(after.get("decisions", 0)) - int(before.get("decisions", 0)),
        int(after.get("conflicts", 0)) - int(before.get("conflicts", 0)),
        True,  # set against the reference once it is known
    )


class Comparer:
    """Compares engines and PySAT solvers on puzzles; holds one solver per (order, name)."""

    def __init__(self, solvers: Sequence[str] = (), check: bool = False):
        for name in solvers:
            check_pysat_name(name)
        self.names = list(solvers)
        self.check = check
        self.solvers: dict[tuple[int, str], PysatSudoku] = {}

    def __enter__(self) -> Comparer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Free every PySAT solver."""
        for solver in self.solvers.values():
            solver.close()
        self.solvers.clear()

    def _solve(self, puzzle: Puzzle, name: str) -> tuple[SolveResult, Row]:
        key = (puzzle.n, name)
        if key not in self.solvers:
            self.solvers[key] = PysatSudoku(puzzle.n, name)
        solver = self.solvers[key]
        before = dict(solver.solver.accum_stats() or {})
        result = solver.solve(puzzle.grid)
        return result, solver_row(result, before, puzzle)

    def compare(self, index: int, puzzle: Puzzle) -> PuzzleComparison:
        """Every engine and solver on one puzzle, with the checks when asked."""
        completions = {name: complete(puzzle.grid, puzzle.n, name) for name in ENGINE_ROWS}
        solved = [self._solve(puzzle, name) for name in self.names]
        rejected = ""
        if puzzle.solution is not None:
            rejected = solution_problem(puzzle.solution, puzzle.n, puzzle.grid) or ""
        trusted = replace(puzzle, solution=None) if rejected else puzzle
        reference, where = self._reference(trusted, [r for r, _ in solved])
        rows = [engine_row(completions[name], name, puzzle, reference) for name in ENGINE_ROWS]
        rows += [
            replace(row, agrees=judged(result.grid, result.status, puzzle, reference))
            for result, row in solved
        ]
        checks: tuple[Check, ...] = ()
        if self.check:
            checks = tuple(check_sudoku(puzzle.grid, puzzle.n, *completions.values()))
        return PuzzleComparison(
            index, puzzle.origin, clue_count(puzzle.grid), where, tuple(rows), checks, rejected
        )

    def _reference(self, puzzle: Puzzle, results: list[SolveResult]) -> tuple[Grid | None, str]:
        if puzzle.solution is not None:
            return puzzle.solution, "file"
        for result in results:
            if result.status in ("solved", "unsat"):
                grid = result.grid if result.status == "solved" else None
                return grid, f"{result.solver} {result.status}"
        model = cdcl_model(puzzle.grid, puzzle.n)
        return model, f"{ORACLE_SOLVER} " + ("solved" if model else "unsat")


CompareItem = tuple[int, Packed, str, str]
"""A puzzle for CompareTask: its number, packed grid, origin, packed solution ('' if none)."""


def compare_items(puzzles: Sequence[Puzzle]) -> list[CompareItem]:
    """The puzzles numbered from 1, as CompareTask takes them."""
    return [
        (k, pack(p.grid, p.n), p.origin, pack(p.solution, p.n)[1] if p.solution else "")
        for k, p in enumerate(puzzles, start=1)
    ]


@dataclass(frozen=True)
class CompareTask:
    """compare's task: every engine and solver on each puzzle of a chunk (one Comparer
    per worker, from the batch cache)."""

    solvers: tuple[str, ...] = ()
    check: bool = False

    def __call__(self, chunk: list[CompareItem]) -> list[PuzzleComparison]:
        comparer = cached(
            ("comparer", self.solvers, self.check), lambda: Comparer(self.solvers, self.check)
        )
        out = []
        for index, packed, origin, solution in chunk:
            n = packed[0]
            known = unpack((n, solution)) if solution else None
            puzzle = Puzzle(n * n, unpack(packed), origin, solution=known)
            out.append(comparer.compare(index, puzzle))
        return out


def compare_all(
    puzzles: Sequence[Puzzle],
    solvers: Sequence[str] = (),
    check: bool = False,
    executor: Executor | None = None,
) -> Iterator[PuzzleComparison]:
    """Compare every puzzle (numbered from 1), in order, on executor (default: here)."""
    for name in solvers:  # here, before any work
        check_pysat_name(name)
    task = CompareTask(tuple(solvers), check)
    return batch_map(executor or Serial(), task, compare_items(puzzles))


def pick(puzzles: Sequence[Puzzle], limit: int | None, seed: int) -> list[Puzzle]:
    """``limit`` puzzles drawn at random with ``seed``, in file order (all if no limit)."""
    if limit is None or limit >= len(puzzles):
        return list(puzzles)
    chosen = sorted(random.Random(seed).sample(range(len(puzzles)), limit))
    return [puzzles[i] for i in chosen]


@dataclass(frozen=True)
class EngineSummary:
    """One engine over a dataset."""

    engine: str
    puzzles: int
    solved: int
    partial: int
    unsat: int
    mean_seconds: float
    p95_seconds: float
    mean_filled: float
    mean_decisions: float | None
    mean_conflicts: float | None
    disagreements: int

    @property
    def solved_pct(self) -> float:
        return 100.0 * self.solved / self.puzzles if self.puzzles else 0.0


def p95(values: Sequence[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0.0


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summarize_engine(engine: str, rows: Sequence[Row]) -> EngineSummary:
    times = [r.seconds for r in rows]
    cdcl = rows and rows[0].decisions is not None
    return EngineSummary(
        engine,
        len(rows),
        sum(r.status == "solved" for r in rows),
        sum(r.status == "partial" for r in rows),
        sum(r.status == "unsat" for r in rows),
        _mean(times),
        p95(times),
        _mean([r.filled for r in rows]),
        _mean([r.decisions or 0 for r in rows]) if cdcl else None,
        _mean([r.conflicts or 0 for r in rows]) if cdcl else None,
        sum(not r.agrees for r in rows),
    )


def summarize(comparisons: Sequence[PuzzleComparison]) -> list[EngineSummary]:
    """One summary per engine, in row order."""
    by_engine: dict[str, list[Row]] = {}
    for comparison in comparisons:
        for row in comparison.rows:
            by_engine.setdefault(row.engine, []).append(row)
    return [summarize_engine(name, rows) for name, rows in by_engine.items()]


def failed_checks(comparisons: Sequence[PuzzleComparison]) -> list[tuple[str, Check]]:
    """(origin, check) for every cross-check that did not hold."""
    return [(c.origin, check) for c in comparisons for check in c.checks if not check.ok]


def summary_json(summaries: Sequence[EngineSummary], source: str, checks: int) -> dict[str, Any]:
    return {
        "dataset": source,
        "engines": [{**asdict(s), "solved_pct": s.solved_pct} for s in summaries],
        "failed_checks": checks,
    }
