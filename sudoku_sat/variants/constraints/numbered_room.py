"""Numbered rooms (sigh's ``NumberedRoom``; no f-puzzles key: ``numberedroom`` here): a
number outside the grid beside a row or column is the digit in the X-th cell of that row
or column read from the clue's side, X being the digit in the first of them (so a first
cell of 1 is itself the clue).

Shape: ``"numberedroom": [{"cell": "R0C3", "value": "4"}, ...]``, as f-puzzles stores the
other outside clues (``outside.LineClue``: the cell one step outside the grid on any
side); an empty value is passed over. Sources: sigh's solver
(``.NumberedRoom~R3~FROM_LEFT~FROM_RIGHT``, its ``Indexing`` handler: the first cell
indexes the line, the indexed cell holds the clue) and logic-masters' numbered-room
puzzles ("N is for Numbered Rooms", 000B8L).

Clauses: x(first, d) -> x(line[d-1], value) for every digit d, binary and no auxiliary
(unit propagation is arc consistent on it: a cell that cannot hold the value rules its
index out of the first cell, and back). No other encoding was considered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..outside import LineClue, sigh_line
from ._line_clue import read_sigh_line

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class NumberedRoom(LineClue):
    """The X-th cell from the clue holds value, X the first cell's digit."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): value is the digit's index 1..N, the
    digit ``value + low - 1`` written and drawn; X is the first cell's digit, so from 0
    the first cell is not 0 (sigh's rule: no cell to point at)."""
    key = "numberedroom"
    rule = "numbered-room"
    label_name = "numbered room"
    sigh_names = ("NumberedRoom",)
    from_zero = True
    any_shape = True

    def clauses(self, b: Builder) -> list[Clause]:
        first, line, value, s = self.line[0], self.line, self.value, self.low - 1
        if not 1 <= value <= b.n:
            return [[-b.x(first, d)] for d in b.digits()]
        return [  # X past the line (a shape's shorter rows): no cell to point at
            [-b.x(first, d), b.x(line[d + s - 1], value)]
            if 1 <= d + s <= len(line)
            else [-b.x(first, d)]
            for d in b.digits()
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """The first cell's digit, less one, indexes the line (an element constraint)."""
        index = m.NewIntVar(0, len(self.line) - 1, "")
        m.Add(index == x[self.line[0]] + self.low - 2)
        m.AddElement(index, [x[c] for c in self.line], self.value)

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        return digits[digits[0] - 1]

    def holds(self, grid: Grid, n: int) -> bool:
        count = grid[self.line[0]] + self.low - 1
        return 1 <= count <= len(self.line) and grid[self.line[count - 1]] == self.value

    def sigh(self, name: Callable[[int], str]) -> str:
        return sigh_line("NumberedRoom", replace(self, value=self.value + self.low - 1))

    def draw(self, canvas: Canvas) -> list[str]:
        return [canvas.text(self.value + self.low - 1, *canvas.beside(*self.place), size=16)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """sigh's clues name a digit: kept as its index (from 0, one more)."""
        shift, clues = 1 - reader.low, read_sigh_line(cls, args, reader)
        return [
            replace(c, value=c.value + shift, low=reader.low)
            for c in clues
            if isinstance(c, NumberedRoom)
        ]


FAMILY = (NumberedRoom,)
