"""Arrows (f-puzzles ``arrow``): the digits along an arrow's line sum to the number its
circle reads; a circle of several cells (a pill) reads its digits as a number in reading
order. Shape: ``{"cells": [circle cells], "lines": [[cells from the circle to the
tip]]}``, each line one arrow; its cells in the circle are passed over, and a line may
jump over cells as f-puzzles draws it (published puzzles do). Clauses: ``sums.arrow_sum``
(one-hot partial sums tied to the circle's digits, a pill's line over more than half a
house rewritten by the houses). sigh: ``.Arrow~circle~
line`` or ``.PillArrow~K~circle~line``. Drawn as an empty circle (a rounded pill), a line
from its edge and an arrowhead. Made by walking from a circle of digit 3 or more through
neighbours while their sum stays under it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions, neighbours
from ...model.reading import Reader
from ..sums import arrow_sum
from .weighted_sum import Sum

COLOUR = "#7a7a7a"


@dataclass(frozen=True)
class Arrow(Constraint):
    """The circle's cells read as a number equal the sum of the line's cells."""

    circle: tuple[int, ...]
    line: tuple[int, ...]
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``); from 0, the clauses are those of the
    linear sum the arrow is on the digits' indexes (``weighted_sum.Sum``)."""
    key = "arrow"
    shared = False
    rule = "arrow"
    sigh_names = ("Arrow", "PillArrow")
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Arrow~CIRCLE~LINE...``, or ``.PillArrow~K~`` the K cells of the pill then
        the line; read as the f-puzzles arrow of that circle (a pill's cells in reading
        order, the order sigh reads its number in) and line."""
        k = 1
        if name == "PillArrow":
            k = reader.number(args[0]) if args else None  # type: ignore[assignment]
            if k is None or not 1 <= k < len(args) - 1:
                raise reader.error("expected the pill's size, its cells, then the line")
            args = args[1:]
        pill = sorted(reader.cell(a) for a in args[:k])  # sigh reads it in reading order
        circle = [reader.name(c) for c in pill]
        return cls.read({"cells": circle, "lines": [args]}, reader)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        circle = reader.cells(item.get("cells"))
        out: list[Constraint] = []
        for path in reader.lines(item, 1):  # published arrows skip cells (Triple digits)
            if path[0] not in circle:
                raise reader.error("an arrow's line starts in its circle")
            line = tuple(c for c in path if c not in circle)
            if not line:
                raise reader.error("a line with no cell outside the circle")
            out.append(cls(circle, line, reader.low))
        return out

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        head = self.circle[0] if len(self.circle) == 1 else self.nearest()
        return {
            "cells": [name(c) for c in self.circle],
            "lines": [[name(c) for c in (head, *self.line)]],
        }

    def nearest(self) -> int:
        """The circle cell the line leaves from: a neighbour of its first cell."""
        first, n = self.line[0], 1 + max(self.circle + self.line)
        size = next(s for s in range(4, 64) if s * s >= n)
        for c in self.circle:
            if max(abs(c // size - first // size), abs(c % size - first % size)) == 1:
                return c
        return self.circle[0]

    def clauses(self, b: Builder) -> list[Clause]:
        if self.low == 1:
            return arrow_sum(b, self.circle, self.line)
        k = len(self.circle)
        weights = (*(10 ** (k - 1 - i) for i in range(k)), *(-1 for _ in self.line))
        return Sum(self.circle + self.line, 0, weights, self.low).clauses(b)

    def number(self, digits: list[int]) -> int:
        k = len(digits)
        return sum(d * 10 ** (k - 1 - i) for i, d in enumerate(digits))

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        k, s = len(self.circle), self.low - 1
        value = sum(10 ** (k - 1 - i) * (x[c] + s) for i, c in enumerate(self.circle))
        m.Add(value == sum(x[c] + s for c in self.line))

    def holds(self, grid: Grid, n: int) -> bool:
        s = self.low - 1
        circle = self.number([grid[c] + s for c in self.circle])
        return circle == sum(grid[c] + s for c in self.line)

    def draw(self, canvas: Canvas) -> list[str]:
        centres = [canvas.centre(k) for k in self.circle]
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        r = CELL * 0.4
        out = [
            tag(
                "rect",
                x=min(xs) - r,
                y=min(ys) - r,
                width=max(xs) - min(xs) + 2 * r,
                height=max(ys) - min(ys) + 2 * r,
                rx=r,
                fill="none",
                stroke=COLOUR,
                stroke_width=2,
            )
        ]
        head = canvas.centre(self.line[0])
        sx, sy = min(centres, key=lambda q: math.hypot(q[0] - head[0], q[1] - head[1]))
        ux, uy = _unit(head[0] - sx, head[1] - sy)
        points = [(sx + r * ux, sy + r * uy)] + [canvas.centre(k) for k in self.line]
        (px, py), (tx, ty) = points[-2], points[-1]
        ux, uy = _unit(tx - px, ty - py)
        wings = []
        for angle in (0.7, -0.7):
            cos, sin = math.cos(angle), math.sin(angle)
            wx, wy = ux * cos - uy * sin, ux * sin + uy * cos
            wings.append((tx - CELL * 0.3 * wx, ty - CELL * 0.3 * wy))
        for line in (points, [wings[0], (tx, ty), wings[1]]):
            out.append(
                tag(
                    "polyline",
                    points=" ".join(f"{x:.1f},{y:.1f}" for x, y in line),
                    fill="none",
                    stroke=COLOUR,
                    stroke_width=2,
                    stroke_linecap="round",
                    stroke_linejoin="round",
                )
            )
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        head = f".PillArrow~{len(self.circle)}" if len(self.circle) > 1 else ".Arrow"
        return head + "".join(f"~{name(c)}" for c in self.circle + self.line)

    def cells_named(self) -> tuple[int, ...]:
        return self.line

    def detail(self, size: int) -> str:
        return "circle " + " ".join(f"r{c // size + 1}c{c % size + 1}" for c in self.circle)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N arrows of one-cell circles whose cells are not shared."""
        out: list[Constraint] = []
        used: set[int] = set()
        for _ in range(400 * size):
            if len(out) >= size:
                break
            circle = rng.randrange(size * size)
            if circle in used or solution[circle] < 3:
                continue
            line: list[int] = []
            total, at = 0, circle
            while total < solution[circle]:
                steps = [
                    nb
                    for nb in neighbours(size, at, True)
                    if nb not in used
                    and nb not in line
                    and nb != circle
                    and total + solution[nb] <= solution[circle]
                ]
                if not steps:
                    break
                at = rng.choice(steps)
                line.append(at)
                total += solution[at]
            if total == solution[circle] and len(line) >= 2:
                out.append(cls((circle,), tuple(line)))
                used.update([circle, *line])
        return out


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


FAMILY = (Arrow,)
