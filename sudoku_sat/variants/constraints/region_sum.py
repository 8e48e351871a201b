"""Region sum lines (f-puzzles ``regionsumline``): a line crosses region borders, and the
digits of each of its segments (the consecutive cells it has in one region) sum to the
same total. A line entering the same region twice makes two segments, each with that
total.

Shape: ``"regionsumline": [{"lines": [["R1C3", "R1C4", "R1C5"]]}]`` (f-puzzles; the
f-puzzles solver add-on, dclamage/SudokuVariantSolverJS, RegionSumLinesConstraint.ts,
cuts the line into segments by region the same way; sigh's RegionSumLine says the same
and uses jigsaw regions when the grid has no boxes). SudokuPad draws it blue.
sigh: ``.RegionSumLine~R1C3~R1C4~R1C5``.

The segments are fixed when the line is read, from the puzzle's regions (boxes, or the
jigsaw pieces of ``grid[r][c].region``), so the instance carries them and any size
works. A line inside one region says nothing (one segment). Clauses: the one-hot running
sum of each segment (``sum_literals``), every segment's total literals equivalent to the
first segment's, a total another segment cannot reach false, and a total k different
digits cannot make (below 1+...+k, above N+...+(N-k+1)) false at once: a segment's cells
share a region, so its digits differ.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..sum_forms import encoding, equal_totals
from ._line import Line
from ._making import few_wanted, paths

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


def segments(
    line: tuple[int, ...], regions: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """The line cut where it passes from one region to another; a cell in no region (an
    f-puzzles jigsaw may leave some) is passed over, as the f-puzzles solver add-on does."""
    region = {c: k for k, cells in enumerate(regions) for c in cells}
    out: list[list[int]] = []
    last = None
    for c in line:
        if c not in region:
            continue
        if out and region[c] == last:
            out[-1].append(c)
        else:
            out.append([c])
        last = region[c]
    return tuple(tuple(s) for s in out)


@dataclass(frozen=True)
class RegionSumLine(Line):
    """A line whose segments in each region share one sum."""

    segments: tuple[tuple[int, ...], ...] = ()
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the segments' digits share one sum, so
    from 0 a segment of k cells sums k more on the indexes (``equal_totals``)."""
    key = "regionsumline"
    sum_encoding = "running"
    rule = "region-sum-line"
    colour = "#2ECBFF"
    sigh_name = "RegionSumLine"
    sigh_names = ("RegionSumLine",)
    from_zero = True
    any_shape = True
    lengths = (3, 7)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Lines of at least two segments; a line's first segment sets the total, each
        later one must reach it exactly before the line leaves its region."""

        def sums(path: list[int]) -> list[int]:
            return [sum(solution[c] for c in seg) for seg in segments(tuple(path), regions)]

        def fits(path: list[int]) -> bool:
            totals = sums(path)  # the last segment may still grow
            return all(t == totals[0] for t in totals[1:-1]) and totals[-1] <= totals[0]

        def done(path: list[int]) -> bool:
            totals = sums(path)
            return len(totals) >= 2 and len(set(totals)) == 1

        lines = paths(n, rng, fits, done, (cls.lengths[0], min(cls.lengths[1], n)), few_wanted(n))
        return [cls(line, segments(line, regions)) for line in lines]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[RegionSumLine]:  # type: ignore[override]
        if not reader.regions:
            raise reader.error("region sum lines need the puzzle's regions")
        return [
            cls(line, segments(line, reader.regions), reader.low) for line in reader.paths(item)
        ]

    def clauses(self, b: Builder) -> list[Clause]:
        if len(self.segments) < 2:
            return []
        return equal_totals(b, self.segments, encoding(b, self.sum_encoding), self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        if len(self.segments) < 2:
            return
        s = self.low - 1
        first = sum(x[c] + s for c in self.segments[0])
        for seg in self.segments[1:]:
            m.Add(sum(x[c] + s for c in seg) == first)

    def holds(self, grid: Grid, n: int) -> bool:
        s = self.low - 1
        return len({sum(grid[c] + s for c in seg) for seg in self.segments}) <= 1


FAMILY = (RegionSumLine,)
