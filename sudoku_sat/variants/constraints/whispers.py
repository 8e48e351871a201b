"""Whispers lines (f-puzzles ``whispers``): neighbouring digits along a line differ by at
least a given amount; German whispers (no value) by at least 5 on a 9x9.

Shape: ``"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "4"}]``, ``value``
optional (a number or a string of digits; Dutch whispers write 4). Source: the f-puzzles
solver add-on (dclamage/SudokuVariantSolverJS, WhispersConstraint.ts) reads ``whispers``
with ``lines`` and an optional ``value``, the default difference being ceil(N/2): 5 at
9x9, 3 at 6x6, 2 at 4x4. That is the default here too. SudokuPad's f-puzzles import
draws the line green. sigh: ``.Whisper~5~R1C1~R1C2`` (the difference always written).

Clauses: for each two neighbours (a, b) on the line and digit d, x(a,d) → OR x(b,e) over
the e with |d-e| ≥ difference, both ways; a digit with no partner is excluded outright
(the 5 of a German whisper at 9x9).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ._line import DifferenceLine

if TYPE_CHECKING:
    from ..builder import Builder


@dataclass(frozen=True)
class Whispers(DifferenceLine):
    """A line whose neighbours differ by at least the difference (value, or ceil(N/2))."""

    key = "whispers"
    rule = "whispers"
    colour = "#67F067"
    sigh_name = "Whisper"

    @classmethod
    def default(cls, size: int) -> int:
        return (size + 1) // 2

    def clauses(self, b: Builder) -> list[Clause]:
        v, out = self.difference, []
        for a, c in pairwise(self.line):
            for p, q in ((a, c), (c, a)):
                for d in b.digits():
                    out.append([-b.x(p, d)] + [b.x(q, e) for e in b.digits() if abs(d - e) >= v])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c in pairwise(self.line):
            up = m.NewBoolVar("")
            m.Add(x[c] - x[a] >= self.difference).OnlyEnforceIf(up)
            m.Add(x[a] - x[c] >= self.difference).OnlyEnforceIf(up.Not())

    def holds(self, grid: Grid, n: int) -> bool:
        pairs = pairwise(self.line)
        return all(abs(grid[a] - grid[c]) >= self.difference for a, c in pairs)

    def sigh(self, name: Callable[[int], str]) -> str:
        cells = "~".join(name(c) for c in self.line)
        return f".Whisper~{self.difference}~{cells}"


FAMILY = (Whispers,)
