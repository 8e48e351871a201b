"""Anti-knight (f-puzzles ``antiknight``): two cells a knight's move apart never hold the
same digit. Clauses: one binary clause per digit and pair of cells a knight's move apart
that share no row, column or region (the units say it there). sigh: ``.AntiKnight``.
Nothing is drawn: the rule is in the puzzle's rules text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.drawing import Canvas
from ...model.geometry import KNIGHT
from ._global import MoveRule


@dataclass(frozen=True)
class AntiKnight(MoveRule):
    """A knight's move apart: different digits."""

    key = "antiknight"
    rule = "anti-knight"
    moves = KNIGHT
    sigh_name = "AntiKnight"
    sigh_names = ("AntiKnight",)
    sudoku_names = sigh_names
    from_zero = True

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (AntiKnight,)
