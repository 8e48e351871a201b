"""Thermometers (f-puzzles ``thermometer``): digits strictly increase from the bulb (the
line's first cell) along the line. Shape: ``{"lines": [["R1C1", "R1C2", ...]]}``, a path
of neighbouring cells; each line is one thermometer. Clauses: for cells i < j along the
line, x(a,d) → ∨ x(b,e) over e ≥ d + j - i, and the converse support. In a session, the
steps between neighbours are the skeleton's "a < b" selectors, and each cell's bounds
(i+1 .. N-L+i+1) are assumed: unit propagation along the chain then gives what the pairs
give. sigh: ``.Thermo~R1C1~R1C2``. Drawn as a grey bulb and a thick grey line. Made by
walking from a random cell to neighbours of higher digits.

Slow thermometers (``slowthermometer``, the same shape): digits never decrease from the
bulb, equal neighbours allowed. Source: the f-puzzles solver add-on (rangsk's
SudokuSolver, ``SlowThermometerConstraint.cs``, read from ``slowthermometer`` in
``SolverFactory.cs``; it too counts a forced rise between cells that see each other).
Clauses as the thermometer's, the gap between cells i < j being the number of steps
between them whose two cells share a row, column or region (those must differ). sigh
has no slow thermometer: ``sigh`` says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder, support
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions, in_line, neighbours
from ._line import Line

GREY = "#c4c4c4"


@dataclass(frozen=True)
class Thermometer(Line):
    """A line of strictly increasing digits from its bulb."""

    key = "thermometer"
    shared = False
    rule = "thermometer"
    steps = True
    sigh_name = "Thermo"
    sigh_names: ClassVar[tuple[str, ...]] = ("Thermo",)
    any_shape = True
    from_zero = True

    def clauses(self, b: Builder) -> list[Clause]:
        line, steps = self.line, b.steps
        if steps and all(p in steps for p in pairwise(line)):
            b.assume.extend(steps[p] for p in pairwise(line))
            k = len(line)
            b.assume.extend(
                -b.x(c, d)
                for i, c in enumerate(line)
                for d in b.digits()
                if not i < d <= b.n - k + i + 1
            )
            return []
        out: list[Clause] = []
        for i, j in combinations(range(len(line)), 2):
            out += support(b, line[i], line[j], _above(b.n, j - i))
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c in pairwise(self.line):
            m.Add(x[a] < x[c])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(grid[a] < grid[c] for a, c in pairwise(self.line))

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.centre(self.line[0])
        bulb = tag("circle", cx=x, cy=y, r=CELL * 0.38, fill=GREY)
        return [bulb, canvas.polyline(self.line, GREY, CELL * 0.26)]

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N thermometers of at least 3 cells that share no cell."""
        out: list[Constraint] = []
        used: set[int] = set()
        for _ in range(200 * size):
            if len(out) >= size:
                break
            line = [rng.randrange(size * size)]
            while True:
                steps = [
                    nb
                    for nb in neighbours(size, line[-1], True)
                    if nb not in used and nb not in line and solution[nb] > solution[line[-1]]
                ]
                if not steps:
                    break
                line.append(rng.choice(steps))
            if len(line) >= 3 and not used & set(line):
                out.append(cls(tuple(line)))
                used.update(line)
        return out


@dataclass(frozen=True)
class SlowThermometer(Thermometer):
    """A line whose digits never decrease from its bulb (equal neighbours allowed)."""

    key = "slowthermometer"
    rule = "slow-thermometer"
    label_name = "slow thermometer"
    steps = False
    sigh_name = ""
    sigh_names = ()

    def clauses(self, b: Builder) -> list[Clause]:
        """For cells i < j along the line: x(a,d) -> some e >= d at b, and the converse;
        between cells that see each other (one row, column or region) the line rises by
        at least one, so two cells with k such steps between them differ by k or more."""
        out: list[Clause] = []
        rises = [int(b.sees(a, c)) for a, c in pairwise(self.line)]
        for i, j in combinations(range(len(self.line)), 2):
            out += support(b, self.line[i], self.line[j], _above(b.n, sum(rises[i:j])))
        return out

    def rises(self, n: int, regions: Regions) -> list[int]:
        """1 for each step between two cells that see each other (their digits differ,
        so the line rises there), 0 for the other steps."""
        region = {c: k for k, cells in enumerate(regions) for c in cells}
        return [
            int(in_line(n, a, c) or region.get(a, -1) == region.get(c, -2))
            for a, c in pairwise(self.line)
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c in pairwise(self.line):
            m.Add(x[a] <= x[c])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(grid[a] <= grid[c] for a, c in pairwise(self.line))

    def draw(self, canvas: Canvas) -> list[str]:
        """A thermometer's bulb and line, with a white core line: f-puzzles' slow one."""
        return [*super().draw(canvas), canvas.polyline(self.line, "white", CELL * 0.08)]

    def sigh(self, name: Callable[[int], str]) -> str:
        raise NotImplementedError("sigh has no slow thermometer")

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N lines of at least 3 cells, none shared, stepping to neighbours of a
        digit as large or larger (an equal step only between cells that do not see each
        other, as the solution has it)."""
        out: list[Constraint] = []
        used: set[int] = set()
        for _ in range(200 * size):
            if len(out) >= size:
                break
            line = [rng.randrange(size * size)]
            while len(line) < size:
                steps = [
                    nb
                    for nb in neighbours(size, line[-1], True)
                    if nb not in used and nb not in line and solution[nb] >= solution[line[-1]]
                ]
                if not steps:
                    break
                line.append(rng.choice(steps))
            if len(line) >= 3 and not used & set(line):
                out.append(cls(tuple(line)))
                used.update(line)
        return out


@cache
def _above(n: int, gap: int) -> dict[int, list[int]]:
    return {d: list(range(d + gap, n + 1)) for d in range(1, n + 1)}


FAMILY = (Thermometer, SlowThermometer)
