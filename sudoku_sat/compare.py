"""The in-house engines against CDCL solvers, puzzle by puzzle and dataset by dataset.

Per puzzle, one row per engine: in-house ``up`` and ``fl``, then each PySAT solver
(one per order and name, holding F_regle once; clues as assumptions). Columns: status,
cells filled beyond the clues, literals assigned at the end (the fixpoint, or the
model), time, CDCL decisions and conflicts (the change in ``accum_stats`` over the
call), and agreement with the reference solution: the one the file gives
(``puzzle:count:solution`` lines), else the answer of the first compared solver that
settled the puzzle, else minisat 2.2's model. A row *agrees* when it
contradicts nothing: every cell it filled holds the reference value (or, for an
UNSAT puzzle, it does not claim a solution).

Times are those of the engine's own work: propagation for ``up`` and ``fl``, the
``solve`` call for PySAT; building the unit clauses and reading the grid back are not
counted on either side. A dataset runs in ``jobs`` worker processes, each with its own
propagators and solvers; results come back in file order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from .completion import Completion, complete
from .crosscheck import ORACLE_SOLVER, Check, agrees, cdcl_model, check_sudoku
from .encoding import num_vars
from .grid import Grid, clue_count
from .gridio import Puzzle
from .solvers import PysatSudoku, SolveResult, check_pysat_name

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

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def engine_row(completion: Completion, engine: str, reference: Grid | None) -> Row:
    prop = completion.propagation
    return Row(
        engine,
        completion.status,
        completion.filled,
        len(prop.literals),
        prop.stats.seconds,
        None,
        None,
        agrees(completion.grid, completion.status, reference),
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
        reference, where = self._reference(puzzle, [r for r, _ in solved])
        rows = [engine_row(completions[name], name, reference) for name in ENGINE_ROWS]
        rows += [
            replace(row, agrees=agrees(result.grid, result.status, reference))
            for result, row in solved
        ]
        checks: tuple[Check, ...] = ()
        if self.check:
            checks = tuple(check_sudoku(puzzle.grid, puzzle.n, *completions.values()))
        return PuzzleComparison(
            index, puzzle.origin, clue_count(puzzle.grid), where, tuple(rows), checks
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


_worker: Comparer | None = None


def _init_worker(solvers: Sequence[str], check: bool) -> None:
    global _worker
    _worker = Comparer(solvers, check)


def _work(item: tuple[int, Puzzle]) -> PuzzleComparison:
    assert _worker is not None
    return _worker.compare(*item)


def compare_all(
    puzzles: Sequence[Puzzle], solvers: Sequence[str] = (), check: bool = False, jobs: int = 1
) -> Iterator[PuzzleComparison]:
    """Compare every puzzle (numbered from 1), in order, in ``jobs`` processes."""
    items = list(enumerate(puzzles, start=1))
    if jobs <= 1:
        with Comparer(solvers, check) as comparer:
            yield from (comparer.compare(*item) for item in items)
        return
    for name in solvers:  # here, not in the workers
        check_pysat_name(name)
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs, _init_worker, (solvers, check)) as pool:
        yield from pool.imap(_work, items, chunksize=8)


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


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """An aligned Markdown table."""
    cells = [[str(h) for h in headers], *[[str(v) for v in row] for row in rows]]
    widths = [max(len(r[k]) for r in cells) for k in range(len(headers))]
    lines = [
        "| " + " | ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)) + " |" for r in cells
    ]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def _opt(value: float | int | None, fmt: str) -> str:
    return "-" if value is None else format(value, fmt)


def puzzle_table(comparison: PuzzleComparison) -> str:
    """The per-puzzle table."""
    headers = ("engine", "status", "filled", "literals", "ms", "decisions", "conflicts", "agrees")
    rows = [
        (
            r.engine,
            r.status,
            r.filled,
            r.literals,
            f"{1000 * r.seconds:.3f}",
            _opt(r.decisions, "d"),
            _opt(r.conflicts, "d"),
            "yes" if r.agrees else "NO",
        )
        for r in comparison.rows
    ]
    return markdown_table(headers, rows)


def summary_table(summaries: Sequence[EngineSummary]) -> str:
    """The dataset summary as a Markdown table."""
    headers = (
        "engine",
        "puzzles",
        "solved",
        "solved %",
        "partial",
        "unsat",
        "mean ms",
        "p95 ms",
        "mean filled",
        "mean decisions",
        "mean conflicts",
        "disagree",
    )
    rows = [
        (
            s.engine,
            s.puzzles,
            s.solved,
            f"{s.solved_pct:.2f}",
            s.partial,
            s.unsat,
            f"{1000 * s.mean_seconds:.3f}",
            f"{1000 * s.p95_seconds:.3f}",
            f"{s.mean_filled:.1f}",
            _opt(s.mean_decisions, ".1f"),
            _opt(s.mean_conflicts, ".1f"),
            s.disagreements,
        )
        for s in summaries
    ]
    return markdown_table(headers, rows)


def summary_json(summaries: Sequence[EngineSummary], source: str, checks: int) -> dict[str, Any]:
    return {
        "dataset": source,
        "engines": [{**asdict(s), "solved_pct": s.solved_pct} for s in summaries],
        "failed_checks": checks,
    }
