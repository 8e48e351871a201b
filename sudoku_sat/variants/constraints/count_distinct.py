"""Count-distinct cages (sigh's ``CountDistinct``; no f-puzzles key: ``countdistinct``
here): the digit of the first cell, the control, is how many different digits the other
cells hold (they may repeat).

Shape: ``"countdistinct": [{"cells": ["R3C3", "R3C2", "R2C2"]}, ...]``, the control first
(``_group``, no value). Sources: sigh's solver (``.CountDistinct~R3C3~R3C2~...``, its
``CountDistinct`` handler: the NValue constraint, handler_docs/count_distinct.md) and
the puzzle it collects ("Count Different (Circles)", SudokuPad fxjvp41pf9).

Clauses: p(d) "some counted cell holds d" (``_counting.presence``), a sequential counter
over the p(d) (``_counting.at_least``), and the control's digit k <-> at least k and not
k+1 of them. Over cells beyond the grid (a chaos construction's region cells, as
``.CountDistinct~R5C1~CC37~CC28~...``), the same count again, of the cells holding no
digit of a cell before them, over the "same digit" literals the construction and its
clues share (``chaos_same.same_label``): "The Fountain" of tests/data/extra/chaos.jsonl
took 63,000 conflicts without them, 12,000 with (Glucose 4; alone, without the presence
literals, 13,000-16,000; 2026-12-04). Drawn as the group's outline and a circle
in the control; made from paths of 2 to 5 cells and, as control, a free neighbour of the
path holding their count of digits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ...model.geometry import neighbours
from ._counting import control_counts, presence
from ._group import Group, grow, placed
from .chaos_same import same_label

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class CountDistinct(Group):
    """The first cell's digit is the number of different digits in the others."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the control's digit is the count, so
    from 0 its index is one more (and never 1: no cells hold no digit)."""
    key = "countdistinct"
    rule = "count-distinct"
    label_name = "count-distinct cage"
    sigh_name = "CountDistinct"
    sigh_names = ("CountDistinct",)
    any_shape = True
    from_zero = True
    has_clue = False
    distinct = False
    least = 2

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        return cls(cells, reader.low)

    def clauses(self, b: Builder) -> list[Clause]:
        control, counted = self.cells[0], self.cells[1:]
        out: list[Clause] = []
        there = []
        for d in b.digits():
            lit, more = presence(b, counted, d)
            there.append(lit)
            out += more
        out += control_counts(b, control, there, 1 - self.low)
        if b.implied and len(counted) > 1 and min(counted) >= b.n * b.n:
            out += self.firsts(b)
        return out

    def firsts(self, b: Builder) -> list[Clause]:
        """Cells beyond the grid (a chaos construction's region cells): the count again,
        of the cells holding no digit of a cell before them, over the formula's one
        literal a pair "they hold one digit" (``chaos_same.same_label``)."""
        control, counted = self.cells[0], self.cells[1:]
        out: list[Clause] = []
        firsts = []
        for i, c in enumerate(counted[1:], 1):  # the first cell is always the first
            new = b.fresh()
            sames = [same_label(b, c, e) for e in counted[:i]]
            out += [[-new, -s] for s in sames]
            out.append([new, *sames])
            firsts.append(new)
        return out + control_counts(b, control, firsts, 2 - self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """One Boolean a digit, true when some counted cell holds it; their sum is the
        control."""
        control, counted = self.cells[0], self.cells[1:]
        used = []
        for d in range(1, n + 1):
            there = []
            for c in counted:
                e = m.NewBoolVar("")
                m.Add(x[c] == d).OnlyEnforceIf(e)
                m.Add(x[c] != d).OnlyEnforceIf(e.Not())
                there.append(e)
            u = m.NewBoolVar("")
            m.AddMaxEquality(u, there)
            used.append(u)
        m.Add(sum(used) == x[control] + self.low - 1)

    def holds(self, grid: Grid, n: int) -> bool:
        count = grid[self.cells[0]] + self.low - 1
        return count == len({grid[c] for c in self.cells[1:]})

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.centre(self.cells[0])
        circle = tag("circle", cx=x, cy=y, r=CELL * 0.4, fill="none", stroke=self.stroke)
        return [*super().draw(canvas), circle]

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:

        def attempt(used: set[int]) -> tuple[Constraint, set[int]] | None:
            path = grow(n, rng, used, rng.randint(2, 5), None)
            if path is None:
                return None
            count = len({solution[c] for c in path})
            ends = [
                c
                for end in (path[0], path[-1])
                for c in neighbours(n, end, False)
                if c not in used and c not in path and solution[c] == count
            ]
            if not ends:
                return None
            cells = (rng.choice(ends), *path)
            return cls(cells), used | set(cells)

        return placed(cls.wanted(n), attempt)


FAMILY = (CountDistinct,)
