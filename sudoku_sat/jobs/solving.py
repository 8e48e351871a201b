"""``solve`` on any puzzle: :class:`SolveJob` sends each puzzle of a chunk to its engine
(``route.engine_of``): the classic grids, packed, to the classic task
(``puzzles.solving.SolveTask``: the compiled EUP engine, PySAT, binaries, the in-house
engines, the candidate CNF from 25x25 up), the puzzles with constraints to their session
(``variants.methods.VariantTask``: ``auto``, ``pysat[:NAME]``, ``bin:NAME``). One result
type, :class:`~sudoku_sat.result.SolveResult`, in input order, on any executor."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..batch.items import Packed, pack, unpack
from ..methods import SOLVE, parse_method
from ..model.puzzle import Puzzle
from ..result import SolveResult
from .route import SESSION, check_options, engine_of, engines

if TYPE_CHECKING:
    from ..puzzles.solving import SolveTask
    from ..variants.methods import VariantTask

Item = Packed | Puzzle
"""A puzzle on the wire: a classic grid packed (a few bytes), else the puzzle itself."""


def item_of(p: Puzzle) -> Item:
    """How p travels to a worker."""
    return p if engine_of(p) == SESSION else pack(p.grid, p.n)


@dataclass(frozen=True)
class SolveJob:
    """The first solution of each puzzle, by its engine."""

    classic: SolveTask | None
    session: VariantTask | None

    @property
    def streamed(self) -> bool:
        """Puzzles with constraints take milliseconds each: one a chunk, each solution
        written as it comes (``batch.executor.streamed``)."""
        return self.session is not None

    def __call__(self, chunk: list[Item]) -> list[SolveResult]:
        results: list[SolveResult | None] = [None] * len(chunk)
        packed = [k for k, item in enumerate(chunk) if not isinstance(item, Puzzle)]
        if packed and self.classic is not None:
            done = self.classic([chunk[k] for k in packed])  # type: ignore[misc]
            for k, result in zip(packed, done, strict=True):
                results[k] = result
        for k, item in enumerate(chunk):
            if isinstance(item, Puzzle) and self.session is not None:
                results[k] = _result(self.session.answer(item), item)
        return [r for r in results if r is not None]


def _result(answer: object, p: Puzzle) -> SolveResult:
    from ..variants.methods import Answer

    assert isinstance(answer, Answer)
    status = {"solved": "solved", "unsat": "unsat", "unknown": "unknown"}.get(
        answer.status, "crashed"
    )
    grid = answer.solutions[0] if answer.solutions else p.grid
    return SolveResult(status, grid, answer.seconds, answer.solver, {}, answer.detail)  # type: ignore[arg-type]


def plan(
    puzzles: list[Puzzle],
    method: str = "auto",
    timeout: float | None = None,
    encoding: str = "extended",
    amo: str = "pairwise",
    given: dict[str, str] | None = None,
) -> tuple[SolveJob, list[Item]]:
    """The job for these options and the items it takes, every option checked against
    the engines the puzzles need before any work."""
    check_options(puzzles, given or {})
    needed = engines(puzzles)
    parse_method(method, SOLVE)
    session = None
    if SESSION in needed:
        from ..variants.methods import VariantTask, variant_method  # loaded for a rule only

        variant_method(method, SOLVE, timeout)
        session = VariantTask(method, 1, 1, timeout)
    classic = None
    if needed - {SESSION}:
        from ..puzzles.solving import plan_method  # loaded for a classic grid only

        classic = plan_method(method, timeout, encoding, amo)
    return SolveJob(classic, session), [item_of(p) for p in puzzles]


def solve_one(p: Puzzle, method: str = "auto", timeout: float | None = None) -> SolveResult:
    """One puzzle's first solution (the API's)."""
    job, items = plan([p], method, timeout)
    return job(items)[0]


__all__ = ["SolveJob", "item_of", "plan", "solve_one", "unpack"]
