"""Region same values (sigh's ``RegionSameValues``; no f-puzzles key:
``regionsamevalues`` here): every largest region of the grid (of its rows, columns,
boxes and jigsaw pieces, the ones of the most cells) holds the same set of digits. It
means something only where those regions hold fewer cells than there are digits (a 6x6
grid of 9 digits: each row, column and box leaves the same three digits out, sigh's
"Hidden Hostility"); on a grid whose regions hold every digit it says nothing more
(sigh's builder then adds no handler, and neither does this one).

The regions are those of the puzzle when it is read (``Reader.shape``, ``Reader.regions``:
sigh's reader lays the regions out first), kept in the instance. Clauses: a literal u(d)
"the regions hold d" a digit; x(c, d) -> u(d) for each cell of a region, and u(d) -> some
cell of each region holds d. CP-SAT: a Boolean a digit, each region's
``x == d`` indicators summing to it. The direct check compares the regions' sets. No
other encoding was considered. Nothing drawn. sigh: ``.RegionSameValues`` (no argument,
one a puzzle). Sources: sigh's solver (``SudokuConstraint.RegionSameValues``, its
``SameValues`` handler on the largest regions) and the puzzle it collects
(tests/data/shapes/shapes.jsonl).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.geometry import Regions
from ...model.reading import Reader


@dataclass(frozen=True)
class RegionSameValues(Constraint):
    """The largest regions all hold the same digits."""

    units: tuple[tuple[int, ...], ...] = ()
    """The largest regions, when they hold fewer cells than there are digits; empty when
    the rule says nothing more than the regions do."""
    key = "regionsamevalues"
    rule = "region-same-values"
    label_name = "same digits in the largest regions"
    sigh_names = ("RegionSameValues",)
    sudoku_names = sigh_names
    sigh_once = True
    from_zero = True
    any_shape = True
    drawn_first = True

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        if value not in (True, 1):
            raise reader.error("expected true")
        n = reader.size
        rows, cols = reader.shape if reader.shape[0] else (n, n)
        lines = [tuple(r * n + c for c in range(cols)) for r in range(rows)]
        lines += [tuple(r * n + c for r in range(rows)) for c in range(cols)]
        found = list(dict.fromkeys(tuple(sorted(g)) for g in (*lines, *reader.regions)))
        most = max(len(g) for g in found)
        largest = tuple(sorted(g for g in found if len(g) == most))
        return [cls(largest if most < n and len(largest) > 1 else ())]

    @classmethod
    def write_value(cls, instances: list[Constraint], name: Callable[[int], str]) -> Any:
        return True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.RegionSameValues``."""
        if args:
            raise reader.error("takes no arguments")
        return cls.read_value(True, reader)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """The rule on an N x N grid of N digits, where it says nothing more (every
        region holds every digit): all this makes."""
        return [cls()]

    def clauses(self, b: Builder) -> list[Clause]:
        out: list[Clause] = []
        for d in b.digits():
            if not self.units:
                break
            used = b.fresh()
            for unit in self.units:
                out += [[-b.x(c, d), used] for c in unit]
                out.append([-used, *(b.x(c, d) for c in unit)])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for d in range(1, n + 1):
            if not self.units:
                break
            used = m.NewBoolVar("")
            for unit in self.units:
                holds = []
                for c in unit:
                    is_d = m.NewBoolVar("")
                    m.Add(x[c] == d).OnlyEnforceIf(is_d)
                    m.Add(x[c] != d).OnlyEnforceIf(is_d.Not())
                    holds.append(is_d)
                m.Add(sum(holds) == used)

    def holds(self, grid: Grid, n: int) -> bool:
        return len({frozenset(grid[c] for c in unit) for unit in self.units}) <= 1

    def draw(self, canvas: Any) -> list[str]:
        return []

    def sigh(self, name: Callable[[int], str]) -> str:
        return ".RegionSameValues"


FAMILY = (RegionSameValues,)
