"""Equal sums (sigh's ``EqualSum``; no f-puzzles key: ``equalsum`` here): several groups of
cells, the segments, all have the same sum; digits may repeat, a segment may be one
cell, and segments may share cells (a magic square's rows, columns and diagonals).

Shape: ``"equalsum": [{"segments": [["R4C4", "R4C5"], ["R5C4", "R5C5"]]}, ...]``. Sources:
sigh's solver (``.EqualSum~R4C4~R4C5~-~R5C4~R5C5``, the segments separated by ``-``;
its builder equates every segment with a one-cell segment when there is one, else every
two) and the puzzles it collects ("Magic square", Cracking the Cryptic video
hAyZ9K2EBF0).

Clauses: as a region sum line's segments (``sum_forms.equal_totals`` in the family's
encoding, ``running`` by default: each segment's one-hot totals, bounded by the least
most of any segment, equal to the first's; pairs equal to a single cell summed into it).
Drawn as one dashed outline a segment, made as two or three paths of 1 to 4 cells with
one sum on the grid.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..sum_forms import encoding, equal_totals
from ._group import Group, grow
from ._making import few_wanted

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

SEPARATOR = "-"


@dataclass(frozen=True)
class EqualSum(Constraint):
    """Every segment's digits have the same sum."""

    segments: tuple[tuple[int, ...], ...]
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the sums are of the digits
    (``equal_totals``)."""
    key = "equalsum"
    rule = "equal-sum"
    label_name = "equal sums"
    sigh_names = ("EqualSum",)
    any_shape = True
    from_zero = True
    sum_encoding = "running"
    layer = 2

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        segments = item.get("segments")
        if not isinstance(segments, list) or not segments:
            raise reader.error("expected 'segments', a non-empty list of cell lists")
        return [cls(tuple(reader.cells(s) for s in segments), reader.low)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"segments": [[name(c) for c in s] for s in self.segments]}

    def sigh(self, name: Callable[[int], str]) -> str:
        args: list[str] = []
        for k, s in enumerate(self.segments):
            args += [SEPARATOR] * (k > 0) + [name(c) for c in s]
        return "." + "~".join(["EqualSum", *args])

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        segments: list[list[str]] = [[]]
        for a in args:
            if a.strip() == SEPARATOR:
                segments.append([])
            else:
                segments[-1].append(a)
        return [cls(tuple(reader.cells(s) for s in segments), reader.low)]

    def cells_named(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(c for s in self.segments for c in s))

    def clauses(self, b: Builder) -> list[Clause]:
        if len(self.segments) < 2:
            return []
        return equal_totals(b, self.segments, encoding(b, self.sum_encoding), self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        k = self.low - 1
        first = sum(x[c] + k for c in self.segments[0])
        for s in self.segments[1:]:
            m.Add(sum(x[c] + k for c in s) == first)

    def holds(self, grid: Grid, n: int) -> bool:
        k = self.low - 1
        return len({sum(grid[c] + k for c in s) for s in self.segments}) == 1

    def draw(self, canvas: Canvas) -> list[str]:
        return [e for s in self.segments for e in _Segment(s).draw(canvas)]

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Up to N/2 + 1 instances: a first path of 1 to 4 cells, then paths grown at
        random until one or two more have its sum."""
        used: set[int] = set()
        out: list[Constraint] = []
        for _ in range(20 * few_wanted(n)):
            if len(out) >= few_wanted(n):
                break
            first = grow(n, rng, used, rng.randint(1, 4), None)
            if first is None:
                continue
            total, taken = sum(solution[c] for c in first), used | set(first)
            segments = [first]
            for _ in range(200):
                if len(segments) == 3:
                    break
                other = grow(n, rng, taken, rng.randint(1, 4), None)
                if other is not None and sum(solution[c] for c in other) == total:
                    segments.append(other)
                    taken |= set(other)
            if len(segments) > 1:
                out.append(cls(tuple(segments)))
                used = taken
        return out


@dataclass(frozen=True)
class _Segment(Group):
    """One segment, drawn as a group with no clue."""

    has_clue = False
    stroke = "#2a7"


FAMILY = (EqualSum,)
