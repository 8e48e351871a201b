"""Rating a puzzle by the weakest rung of a fixed propagation ladder that solves it.

The ladder, weakest first (each rung derives at least what the previous one does):

========  ===============================================================
level     what solves the puzzle
========  ===============================================================
singles   unit propagation on the extended (Centrale) encoding: naked and
          hidden singles
locked    unit propagation on the augmented encoding: singles plus locked
          candidates (pointing and claiming)
fl        failed literals at depth 1 (the statement's ``propagation2``)
fl2       failed literals at depth 2: a probe fails when depth 1 under it
          reaches a conflict
fl3       failed literals at depth 3
search    none of the above: a search is needed
========  ===============================================================

"Solves" means the rung's fixpoint fixes every cell; since a rung only derives what
the clues entail, a puzzle some rung solves has exactly one solution.

Score. Within a level, puzzles are ordered by the number of cells the rung *below*
leaves open (the work left for the solving rung): the empty cells for ``singles``,
the cells open after singles for ``locked``, after locked for ``fl``, after fl for
``fl2``, after fl2 for ``fl3`` and after fl3 for ``search``. Fixpoints do not depend on
the order of propagation or probing, so neither does the score.

A puzzle whose propagation reaches a conflict has no solution; a puzzle the rungs up
to ``fl`` do not solve has its solutions counted by PySAT (up to 2) before the deeper
rungs run: ``unsat`` (0) and ``multiple`` (2) are reported, not rated.

Batches (``rate``) run :class:`RateTask` on any executor of :mod:`sudoku_sat.batch`
(this process, ``--jobs N`` local processes, a Dask cluster): a rating depends on the
puzzle alone, so every executor gives the same ratings, in input order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from ..batch.cache import cached
from ..batch.executor import Executor, Serial, batch_map
from ..batch.items import Packed, pack, unpack
from ..grid import Grid
from ..puzzles.checkers import Checker, make_checker
from .rungs import deep_rung, fl_rung, locked_rung, singles_rung

LEVELS = ("singles", "locked", "fl", "fl2", "fl3", "search")
"""The ladder, weakest first."""

RUNGS = LEVELS[:-1]
CHEAP = "fl"
"""The deepest rung run before solutions are counted: deeper ones only on unique puzzles."""

RatingStatus = Literal["rated", "unsat", "multiple"]


@dataclass(frozen=True)
class Rating:
    """A puzzle's level and score, or why it has none (``unsat``, ``multiple``)."""

    status: RatingStatus
    level: str | None = None
    score: int = 0

    @property
    def rank(self) -> int:
        """Position of the level on the ladder (len(LEVELS) when not rated)."""
        return LEVELS.index(self.level) if self.level else len(LEVELS)

    def as_dict(self) -> dict[str, object]:
        return {"status": self.status, "level": self.level, "score": self.score}

    def _repr_html_(self) -> str:
        """What a notebook shows: the ladder's levels, this one marked, and the score."""
        marked = "background:#ffcc80;font-weight:bold"
        cells = "".join(
            f'<td style="padding:2px 8px;{marked if name == self.level else "color:#999"}">'
            f"{name}</td>"
            for name in LEVELS
        )
        said = f": level <b>{self.level}</b>, score {self.score}" if self.level else ""
        return f"<div>rating <b>{self.status}</b>{said}<table><tr>{cells}</tr></table></div>"


RungResult = tuple[str, int]
"""(status ``solved``, ``partial`` or ``unsat``; cells left open)."""


def _deep(depth: int) -> Callable[[Grid, int], RungResult]:
    def rung(grid: Grid, n: int) -> RungResult:
        return deep_rung(grid, n, depth)

    return rung


RUNG_FUNCTIONS: dict[str, Callable[[Grid, int], RungResult]] = {
    "singles": singles_rung,
    "locked": locked_rung,
    "fl": fl_rung,
    "fl2": _deep(2),
    "fl3": _deep(3),
}


def rate_upto(grid: Grid, n: int, highest: str, start: int = 0, left: int = -1) -> Rating | None:
    """The rating if some rung up to ``highest`` solves grid (it is then unique), a
    ``unsat`` rating on a conflict, else None (harder than highest, or not unique).
    ``start``: the first rung tried, when the weaker ones are known to leave ``left``
    cells open."""
    if left < 0:
        left = sum(1 for v in grid if not v)
    for level in RUNGS[start : RUNGS.index(highest) + 1]:
        status, still_open = RUNG_FUNCTIONS[level](grid, n)
        if status == "solved":
            return Rating("rated", level, left)
        if status == "unsat":
            return Rating("unsat")
        left = still_open
    return None


def rate(grid: Grid, n: int, count: Callable[[Grid, int], int] | None = None) -> Rating:
    """The first rung of the ladder that solves grid; unsat or multiple otherwise.

    The rungs up to ``fl`` run first; a puzzle they do not solve has its solutions
    counted up to 2 by ``count(grid, n)`` (default: :func:`default_count`) before the
    deeper rungs run."""
    rated = rate_upto(grid, n, CHEAP)
    if rated is not None:
        return rated
    solutions = (count or default_count)(grid, n)
    if solutions != 1:
        return Rating("unsat" if solutions == 0 else "multiple")
    start = RUNGS.index(CHEAP)
    left = RUNG_FUNCTIONS[CHEAP](grid, n)[1]
    rated = rate_upto(grid, n, RUNGS[-1], start + 1, left)
    if rated is not None:
        return rated
    return Rating("rated", "search", RUNG_FUNCTIONS[RUNGS[-1]](grid, n)[1])


def default_count(grid: Grid, n: int) -> int:
    """Solutions of grid up to 2 by the method ``count``'s default picks at order n
    (:func:`sudoku_sat.puzzles.counting.auto_method`: the compiled EUP engine at 9x9 and
    16x16 when numba is there, else PySAT)."""
    from ..puzzles.counting import auto_method

    if auto_method(n) == "eup":
        from ..engines.eup.batch import count_one

        return count_one(grid, n, 2)
    return pysat_count(grid, n)


def pysat_count(grid: Grid, n: int) -> int:
    """Solutions of grid up to 2, by PySAT (one solver per order, process and thread,
    from the batch cache)."""
    counter: Checker = cached(("rating-counter", n), lambda: make_checker("pysat", n))
    return counter.count(grid, 2)


SCORE_UNITS = {
    "singles": "empty cells",
    "locked": "cells open after singles",
    "fl": "cells open after locked",
    "fl2": "cells open after fl",
    "fl3": "cells open after fl2",
    "search": "cells open after fl3",
}
"""What the score counts at each level."""


@dataclass(frozen=True)
class RateTask:
    """rate's task: the rating of each puzzle of a chunk of (order, grid) pairs, packed
    (:mod:`sudoku_sat.batch.items`). No options: it pickles as its class's name."""

    def __call__(self, chunk: list[Packed]) -> list[Rating]:
        return [rate(unpack(item), item[0]) for item in chunk]


def rate_many(
    items: Sequence[tuple[int, Grid]], executor: Executor | None = None
) -> Iterator[Rating]:
    """The rating of each (order, grid), in input order, on executor (default: here)."""
    packed = [pack(grid, n) for n, grid in items]
    return batch_map(executor or Serial(), RateTask(), packed)
