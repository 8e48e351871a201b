"""``generate`` and ``minimize`` on any rules: the engine that makes the puzzles is
chosen here from what is asked (``--rule``) or from each puzzle given
(``route.engine_of``): the classic maker (``puzzles.maker``: fill, empty, verify
independently; ``difficulty.making`` for a level) for plain grids, the session's maker
(``difficulty.variant_making``: a solution under the rules, clues drawn by each rule's
module, givens emptied on one incremental solver, checked by CP-SAT) for rules. Both
give :class:`~sudoku_sat.puzzles.maker.Made` results, in order, on any executor."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..batch.items import Packed, pack, unpack
from ..difficulty.making import LevelOptions, LevelTask
from ..errors import UsageError
from ..model.puzzle import Puzzle
from ..puzzles.maker import Made, MakeOptions, MakeTask, MinimizeTask
from .route import CLASSIC_ONLY, REASONS, SESSION, check_options, engine_of

if TYPE_CHECKING:
    from ..difficulty.variant_making import MinimizeVariants


def plan_generate(
    rules: list[str],
    size: int,
    options: MakeOptions,
    level: str | None = None,
    method: str = "auto",
    given: dict[str, str] | None = None,
    shape: str = "",
    no_boxes: bool = False,
) -> Callable[[list[int]], list[Made]]:
    """The task that makes puzzle k for each k (from 0) of a chunk: with rules or on a
    grid of sigh's (shape: ``6x8``, ``9x9~0-8``; no_boxes), the session's maker at size
    N (each rule's classes drawing their clues); else the classic maker at options.n."""
    if rules or shape or no_boxes:  # the variant makers loaded only here
        from ..difficulty.variant_making import MakeVariants
        from ..variants.make_chaos import check_rules
        from ..variants.methods import variant_emptier

        for name, flag in (given or {}).items():
            if name in CLASSIC_ONLY or name == "alphabet":
                raise UsageError(f"{flag}: {REASONS.get(name, DIGITS)}")
        check_rules(rules, size, shape, no_boxes)
        emptier = variant_emptier(method)
        return MakeVariants(tuple(rules), size, options.seed, level, emptier, shape, no_boxes)
    if level is not None:
        return LevelTask(options, LevelOptions(level))
    return MakeTask(options)


DIGITS = (
    "puzzles with rules or on sigh's grids are written as f-puzzles JSON or sigh strings, "
    "digits as numbers"
)
"""Why generate --rule refuses --alphabet."""

Item = tuple[int, Packed | Puzzle]


@dataclass(frozen=True)
class MinimizeJob:
    """minimize's task: each (index, puzzle) of a chunk emptied by its engine's maker."""

    classic: MinimizeTask
    session: MinimizeVariants
    streamed: bool = False
    """True when some puzzle has constraints (each takes seconds): one a chunk, each
    written as it is emptied (``batch.executor.streamed``)."""

    def __call__(self, chunk: list[Item]) -> list[Made]:
        out: list[Made] = []
        for k, item in chunk:
            if isinstance(item, Puzzle):
                out += self.session([(k, item)])
            else:
                out += self.classic([(k, item)])
        return out


def plan_minimize(
    puzzles: list[Puzzle],
    options: MakeOptions,
    method: str = "auto",
    given: dict[str, str] | None = None,
) -> tuple[MinimizeJob, list[Item]]:
    """The task that empties each puzzle, and its items, checked before any work."""
    from ..difficulty.variant_making import MinimizeVariants
    from ..variants.methods import variant_emptier

    check_options(puzzles, given or {})
    rules = any(engine_of(p) == SESSION for p in puzzles)
    solver = variant_emptier(method) if rules else None
    job = MinimizeJob(MinimizeTask(options), MinimizeVariants(options.seed, solver), rules)
    items: list[Item] = [
        (k, p if engine_of(p) == SESSION else pack(p.grid, p.n)) for k, p in enumerate(puzzles)
    ]
    return job, items


__all__ = ["MinimizeJob", "plan_generate", "plan_minimize", "unpack"]
