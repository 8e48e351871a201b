"""Value indexing, the slingshot (key ``valueindexing``, a key of this project: f-puzzles
has none and ignores it): a line of cells v, c, i1, i2, ..., ik whose second cell c says
how far along the line, counted from c, the digit of the first cell v stands again: c
holding j means i_j holds v's digit, so c holds 1..k. The meaning is sigh's
ValueIndexing ("arrows point from a cell with digit X towards the same digit X, where
the digit in the second cell on the line indicates how many cells away the digit X is on
the line"; its handler: the value cell, the control cell, then the indexed cells).

Shape: ``"valueindexing": [{"lines": [["R1C4", "R2C4", "R2C3", "R2C2"]]}]``, at least three
cells, each a king's move from the one before, as every line here (sigh asks no
adjacency but draws it as a line, and its puzzles' lines are paths; a string of cells
that is no path is refused). sigh:
``.ValueIndexing~R1C4~R2C4~R2C3~R2C2``. Clauses: for each j and digit d, c = j ∧ v = d →
i_j = d and c = j ∧ i_j = d → v = d (both ways, so either end's digit carries to the
other at once), and c ≠ j for j > k. Drawn as sigh draws it: a dashed arrow along the line
from a small full circle on v. Made as a setter draws one: lines whose control digit
points at the first cell's digit on the grid.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._line import Line
from ._making import lines_wanted, paths

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class ValueIndexing(Line):
    """The first cell's digit stands again where the second cell's digit points."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the control cell's digit j points at
    the j-th cell, so from 0 it is not 0 (sigh's rule) and its index is j + 1."""
    key = "valueindexing"
    rule = "value-indexing"
    label_name = "value indexing"
    sigh_name = "ValueIndexing"
    sigh_names = ("ValueIndexing",)
    any_shape = True
    from_zero = True
    least = 3

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return cls.read({"lines": [args]}, reader)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        """Paths of grid cells, as setters draw a slingshot; or, as sigh reads it, any
        list of cells (extra cells too, the control cell again among the indexed ones:
        sigh's numbered rooms ``.ValueIndexing~VA1~R1C1~R1C1~R1C2...``), every cell but
        the control once."""
        lines = item.get("lines")
        if not isinstance(lines, list) or not lines:
            raise reader.error("expected 'lines', a non-empty list of cell lists")
        out: list[Constraint] = []
        for names in lines:
            if not isinstance(names, list) or len(names) < cls.least:
                raise reader.error(f"expected a list of at least {cls.least} cells")
            cells = tuple(reader.cell(a) for a in names)
            if len(set(cells)) == len(cells) and max(cells) < reader.size**2:
                (line,) = reader.paths({"lines": [names]}, cls.least)
                out.append(cls(line, reader.low))
                continue
            value, control, *indexed = cells
            if len({value, *indexed}) != len(indexed) + 1 or control == value:
                raise reader.error("a cell is listed twice (the control cell may be indexed)")
            out.append(cls(cells, reader.low))
        return out

    @property
    def indexed(self) -> tuple[int, ...]:
        """The cells the control cell points into, the first at index 1."""
        return self.line[2:]

    def clauses(self, b: Builder) -> list[Clause]:
        v, c = self.line[:2]
        s, k = self.low - 1, len(self.indexed)
        out: list[Clause] = [[-b.x(c, e)] for e in b.digits() if not 1 <= e + s <= k]
        for j, i in enumerate(self.indexed, 1):
            e = j - s  # the index of the digit j
            if 1 <= e <= b.n:
                for d in b.digits():
                    out.append([-b.x(c, e), -b.x(v, d), b.x(i, d)])
                    out.append([-b.x(c, e), -b.x(i, d), b.x(v, d)])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        v, c = self.line[:2]
        s = self.low - 1
        m.Add(x[c] + s <= len(self.indexed))
        m.Add(x[c] + s >= 1)
        for j, i in enumerate(self.indexed, 1):
            if not 1 <= j - s <= n:
                continue
            chosen = m.NewBoolVar("")
            m.Add(x[c] + s == j).OnlyEnforceIf(chosen)
            m.Add(x[c] + s != j).OnlyEnforceIf(chosen.Not())
            m.Add(x[i] == x[v]).OnlyEnforceIf(chosen)

    def holds(self, grid: Grid, n: int) -> bool:
        v, c = self.line[:2]
        j = grid[c] + self.low - 1
        return 1 <= j <= len(self.indexed) and grid[self.indexed[j - 1]] == grid[v]

    def draw(self, canvas: Canvas) -> list[str]:
        points = [canvas.centre(c) for c in self.line]
        (x0, y0), (x1, y1), (x2, y2) = points[0], points[-2], points[-1]
        line = tag(
            "polyline",
            points=" ".join(f"{x},{y}" for x, y in points),
            fill="none",
            stroke="#777",
            stroke_width=3,
            stroke_dasharray="6,4",
        )
        ux, uy = (x2 - x1) / CELL, (y2 - y1) / CELL  # the last step, for the arrow's head
        h = 0.2 * CELL
        head = (
            f"{x2 - ux * h - uy * h / 2},{y2 - uy * h + ux * h / 2} {x2},{y2} "
            f"{x2 - ux * h + uy * h / 2},{y2 - uy * h - ux * h / 2}"
        )
        return [
            line,
            tag("polyline", points=head, fill="none", stroke="#777", stroke_width=3),
            tag("circle", cx=x0, cy=y0, r=CELL * 0.12, fill="#777"),
        ]

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Paths of 3 to N cells grown while the control digit still fits: at most the
        cells after it, and once the line reaches the cell it points at, that cell holds
        the first cell's digit."""

        def fits(path: list[int]) -> bool:
            if len(path) < 2:
                return True
            j = solution[path[1]]
            return j <= n - 2 and (len(path) < j + 2 or solution[path[j + 1]] == solution[path[0]])

        def done(path: list[int]) -> bool:
            return cls(tuple(path)).holds(solution, n)

        lines = paths(n, rng, fits, done, (3, n), lines_wanted(n))
        return [cls(line) for line in lines]


FAMILY = (ValueIndexing,)
