"""``rate`` and ``explain`` on any puzzle, by its engine (``route.engine_of``): a classic
grid on the propagation ladder of the Centrale encoding (``difficulty.rating``,
``difficulty.explain``: naked and hidden singles, locked candidates, failed literals),
a puzzle with constraints on the same ladder over its own CNF, every step naming the
constraints behind it (``difficulty.variants``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..batch.items import Packed
from ..difficulty.explain import MAX_DEPTH, Explanation
from ..difficulty.explain import explain as explain_grid
from ..difficulty.rating import RateTask, Rating
from ..difficulty.variants import RateVariants, explain_variant
from ..model.puzzle import Puzzle
from .route import SESSION, engine_of
from .solving import Item, item_of


@dataclass(frozen=True)
class RateJob:
    """rate's task: each puzzle of a chunk rated by its engine (no options)."""

    def __call__(self, chunk: list[Item]) -> list[Rating]:
        out: list[Rating] = []
        for item in chunk:
            if isinstance(item, Puzzle):
                out += RateVariants()([item])
            else:
                out += RateTask()([item])
        return out


def rate_items(puzzles: list[Puzzle]) -> list[Packed | Puzzle]:
    """The puzzles as RateJob takes them."""
    return [item_of(p) for p in puzzles]


def explain(p: Puzzle, depth: int = MAX_DEPTH) -> Explanation:
    """p solved step by step, each step with the weakest rule that works."""
    if engine_of(p) == SESSION:
        return explain_variant(p, depth)
    return explain_grid(p.grid, p.n, depth)


def rate(p: Puzzle) -> Rating:
    """p's level on the ladder."""
    return RateJob()([item_of(p)])[0]


def drawing(e: Explanation, p: Puzzle) -> str:
    """An explained solve as SVG: cells coloured by the rule that filled them, on the
    classic grid's drawing, or on the puzzle's own (its rules drawn) for an explanation
    over its CNF."""
    from ..difficulty.svg import colour, render_svg

    if not e.size:
        return render_svg(e)
    from ..model.svg import draw

    fills: list[str | None] = [colour(rule) if rule != "clue" else None for rule in e.filled_by]
    return draw(p, e.grid, fills)
