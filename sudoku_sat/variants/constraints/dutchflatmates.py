"""Dutch flatmates (key ``dutchflatmates``, a key of this project: f-puzzles has none and
ignores it): every middle digit m (⌈N/2⌉: the 5 at 9x9) has a 1 directly above it or an
N directly below it, or both. The meaning is sigh's DutchFlatmates (its
``DutchFlatmateLine``: the middle digit ⌈N/2⌉, the flatmates 1 above and N below, down
each column), which sigh states on 9x9 only; sigh is not asked at other sizes.

sigh: ``.DutchFlatmates``. Clauses: one a cell, ¬x(c,m) ∨ x(above,1) ∨ x(below,N), the
missing neighbour of a cell on the top or bottom row left out (so an m on the top row
needs its N below). Nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions
from ...model.reading import Reader
from ._global import GlobalRule
from .global_entropy import read_flag


def flatmates(n: int, cell: int, rows: int = 0) -> list[tuple[int, int]]:
    """(neighbour, digit): the cell above wanting a 1, the cell below wanting N (the
    grid's rows in its N x N frame when rows is given: a shaped grid's)."""
    out = []
    if cell >= n:
        out.append((cell - n, 1))
    if cell < (rows or n) * n - n:
        out.append((cell + n, n))
    return out


@dataclass(frozen=True)
class DutchFlatmates(GlobalRule):
    """Each middle digit with a 1 above it or an N below it."""

    size: int = 9
    """The grid's size: sigh states the rule on 9x9 only."""
    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``: a 7x7 of 9 digits)."""
    key = "dutchflatmates"
    rule = "dutch-flatmates"
    label_name = "Dutch flatmates"
    sigh_name = "DutchFlatmates"
    sigh_names = ("DutchFlatmates",)
    any_shape = True

    @classmethod
    def instance(cls, size: int, regions: Regions) -> Constraint:
        return cls(size)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return [cls(reader.size, reader.shape) for _ in read_flag(cls, name, args, reader)]

    def cells(self, n: int) -> list[int]:
        """The grid's cells (a shaped grid's in its frame)."""
        rows, cols = self.shape if self.shape[0] else (n, n)
        return [r * n + c for r in range(rows) for c in range(cols)]

    def sigh(self, name: Callable[[int], str]) -> str:
        if self.size != 9:
            raise NotImplementedError("sigh's DutchFlatmates is 9x9 only")
        return ".DutchFlatmates"

    def clauses(self, b: Builder) -> list[Clause]:
        n = b.n
        mid = (n + 1) // 2
        rows = self.shape[0]
        return [
            [-b.x(c, mid), *(b.x(e, d) for e, d in flatmates(n, c, rows))] for c in self.cells(n)
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        mid = (n + 1) // 2
        for c in self.cells(n):
            mates = []
            for e, d in flatmates(n, c, self.shape[0]):
                there = m.NewBoolVar("")
                m.Add(x[e] == d).OnlyEnforceIf(there)
                m.Add(x[e] != d).OnlyEnforceIf(there.Not())
                mates.append(there.Not())
            m.Add(x[c] != mid).OnlyEnforceIf(mates)

    def holds(self, grid: Grid, n: int) -> bool:
        mid = (n + 1) // 2
        rows = self.shape[0]
        return all(
            any(grid[e] == d for e, d in flatmates(n, c, rows))
            for c in self.cells(n)
            if grid[c] == mid
        )

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (DutchFlatmates,)
