"""Whispers lines (f-puzzles ``whispers``): neighbouring digits along a line differ by at
least a given amount; German whispers (no value) by at least 5 on a 9x9.

Shape: ``"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "4"}]``, ``value``
optional (a number or a string of digits; Dutch whispers write 4). Source: the f-puzzles
solver add-on (dclamage/SudokuVariantSolverJS, WhispersConstraint.ts) reads ``whispers``
with ``lines`` and an optional ``value``, the default difference being ceil(N/2): 5 at
9x9, 3 at 6x6, 2 at 4x4. That is the default here too. SudokuPad's f-puzzles import
draws the line green. sigh: ``.Whisper~5~R1C1~R1C2`` (the difference always written).

Clauses: for each two neighbours (a, b) on the line and digit d, x(a,d) → OR x(b,e) over
the e with |d-e| ≥ difference, both ways (arc consistent); a digit with no partner is
excluded outright (the 5 of a German whisper at 9x9). In a session, a line of the
default difference or one less (German, Dutch) assumes the skeleton's selector of each
pair instead (the skeleton holds those clauses for every two cells a king's move apart,
behind one selector a pair): 2.7 -> 1.6 ms a real puzzle (CPU).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ._line import DifferenceLine

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.reading import Reader


@cache
def _fits(n: int, v: int) -> dict[int, list[int]]:
    """digit -> the neighbour's digits at least v away."""
    return {d: [e for e in range(1, n + 1) if abs(d - e) >= v] for d in range(1, n + 1)}


@dataclass(frozen=True)
class Whispers(DifferenceLine):
    """A line whose neighbours differ by at least the difference (value, or ceil(N/2))."""

    key = "whispers"
    rule = "whispers"
    colour = "#67F067"
    sigh_name = "Whisper"
    sigh_names = ("Whisper",)
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Whisper~5~R1C1~...``; a line with no difference (its first argument a cell,
        as sigh's German whispers are written) has sigh's default of 5."""
        if args and not args[0].isdigit():
            args = ["5", *args]
        return super().read_sigh(name, args, reader)

    lengths = (3, 7)

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        return all(abs(a - c) >= cls.default(n) for a, c in pairwise(digits))

    @classmethod
    def default(cls, size: int) -> int:
        return (size + 1) // 2

    @classmethod
    def pair_relations(cls, n: int) -> dict[int, dict[int, list[int]]]:
        """The default difference and one less (German and Dutch whispers at 9x9)."""
        v = cls.default(n)
        return {d: _fits(n, d) for d in (v, v - 1) if d >= 1}

    def clauses(self, b: Builder) -> list[Clause]:
        v, out = self.difference, []
        fits = _fits(b.n, v)
        for a, c in pairwise(self.line):
            out += b.related((Whispers, v), a, c, fits)
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
