"""Equality cages (sigh's ``EqualityCage``; no f-puzzles key: ``equalitycage`` here): the
digits of a cage all differ, as many are even as odd, and as many are low as high (low:
the N/2 smallest digits, high: the N/2 largest; for an odd N the middle digit, 5 on a
9x9, is in no cage). A cage has an even number of cells.

Shape: ``"equalitycage": [{"cells": ["R1C1", "R1C2"]}, ...]`` (``_group``, no value).
Sources: sigh's solver (``.EqualityCage~R1C1~R1C2...``: all different and two
``EqualSizePartitions``, odd against even and the low half against the high half, the
values in neither excluded) and the puzzle it collects ("Equality cages", SudokuPad
qftcbycmyg).

Clauses: the cells all differ (``_group``), no cell holds the middle digit, and a
sequential counter (``_counting.count_is``) says exactly half the cells are even and
exactly half low, over one literal a cell (even, low: the disjunction of its
digits, both ways). No other encoding was considered.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ._counting import count_is
from ._group import Group

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


def halves(n: int, first: int = 1) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The even digits, the low half and the high half of the N digits from first, as
    indexes 1..N (``Puzzle.low``: from 0, the even digits are the odd indexes)."""
    half = n // 2
    even = tuple(d for d in range(1, n + 1) if (d + first - 1) % 2 == 0)
    return even, tuple(range(1, half + 1)), tuple(range(n - half + 1, n + 1))


def balanced(digits: list[int], n: int, first: int = 1) -> bool:
    even, low, high = halves(n, first)
    k = len(digits)
    return (
        k % 2 == 0
        and 2 * sum(d in even for d in digits) == k
        and 2 * sum(d in low for d in digits) == k
        and all(d in low or d in high for d in digits)
    )


@dataclass(frozen=True)
class EqualityCage(Group):
    """Cells all different, half of them even, half low, none the middle digit."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): parity is the digits', so from 0 the
    even digits 0, 2, ... are the odd indexes; the halves are the same indexes."""
    key = "equalitycage"
    rule = "equality-cage"
    label_name = "equality cage"
    sigh_name = "EqualityCage"
    sigh_names = ("EqualityCage",)
    any_shape = True
    from_zero = True
    has_clue = False
    least = 2
    sizes = (2, 4)
    stroke = "#36c"

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        if len(cells) % 2:
            raise reader.error(f"an equality cage has an even number of cells, not {len(cells)}")
        return cls(cells, reader.low)

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        return cls(cells) if balanced([solution[c] for c in cells], n) else None

    def clauses(self, b: Builder) -> list[Clause]:
        n, cells, half = b.n, self.cells, len(self.cells) // 2
        out = self.differ(b)
        even, low, high = halves(n, self.low)
        out += [[-b.x(c, d)] for c in cells for d in b.digits() if d not in low + high]
        for kind in (even, low):
            lits = []
            for c in cells:
                lit = b.fresh()
                lits.append(lit)
                out.append([-lit, *(b.x(c, d) for d in kind)])
                out += [[-b.x(c, d), lit] for d in kind]
            out += count_is(b, lits, [half])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """Each digit's parity ((x + low - 1) mod 2, the digit's) and half (x > N - N/2):
        the sums of both are half the cells; the middle digit is excluded."""
        self.cpsat_differ(m, x)
        k, half = len(self.cells), n // 2
        odd, high = [], []
        for c in self.cells:
            p, h = m.NewIntVar(0, 1, ""), m.NewBoolVar("")
            m.AddModuloEquality(p, x[c] + self.low - 1, 2)
            m.Add(x[c] > n - half).OnlyEnforceIf(h)
            m.Add(x[c] <= half).OnlyEnforceIf(h.Not())
            odd.append(p)
            high.append(h)
        m.Add(2 * sum(odd) == k)
        m.Add(2 * sum(high) == k)

    def holds(self, grid: Grid, n: int) -> bool:
        return self.holds_differ(grid) and balanced([grid[c] for c in self.cells], n, self.low)


FAMILY = (EqualityCage,)
