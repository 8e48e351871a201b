"""Anti-king (f-puzzles ``antiking``): two cells a king's move apart (diagonal neighbours;
orthogonal ones share a row or column already) never hold the same digit. Clauses: one
binary clause per digit and pair that shares no row, column or region. sigh:
``.AntiKing``. Nothing is drawn: the rule is in the puzzle's rules text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.drawing import Canvas
from ...model.geometry import KING
from ._global import MoveRule


@dataclass(frozen=True)
class AntiKing(MoveRule):
    """A king's move apart: different digits."""

    key = "antiking"
    rule = "anti-king"
    moves = KING
    sigh_name = "AntiKing"
    sigh_names = ("AntiKing",)
    sudoku_names = sigh_names
    from_zero = True

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (AntiKing,)
