"""``count`` and ``unique`` on any puzzle: :class:`CountJob` counts each puzzle of a chunk
up to the cap by every method asked, on its engine (``route.engine_of``): the classic
grids, packed, by the classic counters (``puzzles.tasks.CountTask``: the compiled EUP
engine, PySAT, ganak, the candidate CNF from 25x25 up), the puzzles with constraints by
their session (``variants.methods.VariantTask``: ``auto``, ``pysat[:NAME]``,
``bin:NAME``, ``all``), which also sends back the solutions it found (a unique puzzle's
solution, compared with the file's and certified)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import SolverError
from ..grid import Grid
from ..methods import COUNT
from ..model.puzzle import Puzzle
from .route import SESSION, check_options, engines
from .solving import Item, item_of

if TYPE_CHECKING:
    from ..puzzles.tasks import CountTask
    from ..variants.methods import VariantTask


@dataclass(frozen=True)
class Counted:
    """One puzzle's counts by method (each at most the cap), and the solutions kept."""

    counts: dict[str, int]
    solutions: tuple[Grid, ...] = ()
    detail: str = ""
    crashed: bool = field(default=False)

    @property
    def count(self) -> int | None:
        """The count every method gave, or None when they disagree."""
        values = set(self.counts.values())
        return values.pop() if len(values) == 1 else None


@dataclass(frozen=True)
class CountJob:
    """min(count, cap) of each puzzle by its engine's methods; keep solutions sent back."""

    classic: CountTask | None
    session: VariantTask | None

    @property
    def streamed(self) -> bool:
        """Puzzles with constraints take milliseconds each: one a chunk, each answer
        written as it comes (``batch.executor.streamed``)."""
        return self.session is not None

    def __call__(self, chunk: list[Item]) -> list[Counted]:
        results: list[Counted | None] = [None] * len(chunk)
        packed = [k for k, item in enumerate(chunk) if not isinstance(item, Puzzle)]
        if packed and self.classic is not None:
            done = self.classic([chunk[k] for k in packed])  # type: ignore[misc]
            for k, counts in zip(packed, done, strict=True):
                results[k] = Counted(counts)
        for k, item in enumerate(chunk):
            if isinstance(item, Puzzle) and self.session is not None:
                a = self.session.answer(item)
                bad = a.status in ("crashed", "unknown")
                results[k] = Counted(a.counts, a.solutions, f"{a.solver}: {a.detail}", bad)
        return [r for r in results if r is not None]


def plan(
    puzzles: list[Puzzle],
    cap: int,
    method: str = "auto",
    keep: int = 0,
    given: dict[str, str] | None = None,
) -> tuple[CountJob, list[Item]]:
    """The job for these options and its items, checked before any work."""
    check_options(puzzles, given or {})
    needed = engines(puzzles)
    session = classic = None
    if SESSION in needed:
        from ..variants.methods import VariantTask, variant_method  # loaded for a rule only

        variant_method(method, COUNT)
        session = VariantTask(method, cap, keep)
    if needed - {SESSION}:
        from ..puzzles.counting import counting_plan  # loaded for a classic grid only
        from ..puzzles.tasks import CountTask
        from ..sat.pysat import check_pysat_name

        methods, solver = counting_plan(method)
        check_pysat_name(solver)
        classic = CountTask(cap, tuple(methods), solver)
    return CountJob(classic, session), [item_of(p) for p in puzzles]


def count_one(p: Puzzle, cap: int, method: str = "auto") -> int:
    """min(number of solutions, cap) of one puzzle (the API's); SolverError when the
    methods disagree or one fails."""
    job, items = plan([p], cap, method)
    counted = job(items)[0]
    if counted.crashed or counted.count is None:
        raise SolverError(counted.detail or f"methods disagree: {counted.counts}")
    return counted.count
