"""Zipper lines (f-puzzles ``zipperline``): digits the same distance from the centre of
the line have the same sum; on a line of odd length that sum is the centre cell's digit.

Shape: ``"zipperline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]`` (the f-puzzles solver
add-on, dclamage/SudokuVariantSolverJS, FPuzzlesInterfaces.ts and
ZipperLineConstraint.ts: pairs (i, L-1-i) of equal sum, plus the centre cell for odd L;
sigh's Zipper says the same). Drawn lavender. sigh: ``.Zipper~R1C1~R1C2~R1C3``.

Clauses: each pair's one-hot sum (``sum_literals``); with a centre, each pair's total t
equivalent to the centre's digit t (totals above N false); without one, every pair's
totals equivalent to the first pair's. Any size.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..sum_forms import encoding, equal_totals
from ._line import Line
from ._making import few_wanted, middles, mirrored

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


@dataclass(frozen=True)
class Zipper(Line):
    """A line whose mirrored pairs share one sum (the centre's digit when there is one)."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the sums are of the digits, so from 0 a
    centre equals a pair's indexes less one (``equal_totals``)."""
    key = "zipperline"

    sum_encoding = "running"
    rule = "zipper"
    colour = "#B4A0F0"
    sigh_name = "Zipper"
    sigh_names = ("Zipper",)
    any_shape = True
    from_zero = True
    lengths = (3, 7)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls(line, reader.low) for line in reader.paths(item, cls.least)]

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Lines grown from a middle cell (the total) or two (their sum is the total)."""

        def pair(line: list[int], p: int, q: int) -> bool:
            ends = solution[line[0]] + solution[line[-1]]
            total = solution[line[len(line) // 2]] if len(line) % 2 else ends
            return solution[p] + solution[q] == total

        middle = middles(n, rng, lambda a, b: True)
        lengths = (cls.lengths[0], min(cls.lengths[1], n))
        return [cls(line) for line in mirrored(n, rng, middle, pair, lengths, few_wanted(n))]

    def pairs(self) -> list[tuple[int, int]]:
        k = len(self.line)
        return [(self.line[i], self.line[k - 1 - i]) for i in range(k // 2)]

    def centre(self) -> int | None:
        return self.line[len(self.line) // 2] if len(self.line) % 2 else None

    def clauses(self, b: Builder) -> list[Clause]:
        centre = self.centre()
        groups: list[tuple[int, ...]] = [(centre,)] if centre is not None else []
        how = encoding(b, self.sum_encoding)
        return equal_totals(b, [*groups, *self.pairs()], how, self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        centre, pairs, s = self.centre(), self.pairs(), self.low - 1
        first = x[pairs[0][0]] + x[pairs[0][1]] + 2 * s
        total = x[centre] + s if centre is not None else first
        for a, c in pairs:
            m.Add(x[a] + x[c] + 2 * s == total)

    def holds(self, grid: Grid, n: int) -> bool:
        s = self.low - 1
        sums = {grid[a] + grid[c] + 2 * s for a, c in self.pairs()}
        centre = self.centre()
        if centre is not None:
            sums.add(grid[centre] + s)
        return len(sums) == 1


FAMILY = (Zipper,)
