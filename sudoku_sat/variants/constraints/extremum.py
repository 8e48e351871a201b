"""Minimum and maximum cells (f-puzzles ``minimum``, ``maximum``): a minimum cell holds a
digit smaller than each of its orthogonal neighbours, a maximum cell one larger.

Shape: ``{"cell": "R1C1"}`` per marked cell. Source: f-puzzles' own constraint list, as
the f-puzzles solver add-on reads it (rangsk's SudokuSolver, ``FPuzzlesBoard.cs``:
``FPuzzlesCell[] minimum, maximum``; ``MinimumConstraint.cs`` compares a minimum cell
with its orthogonal neighbours that are not minimum cells themselves, and likewise for
maximum). That exemption is what fortress puzzles need: in 'Fortress Sudoku'
(funwithpuzzles.com, mini sudoku series 28; tests/data/constraints/maximum.jsonl) grey
cells touch and are only larger than the white cells beside them. Clauses: for each
compared neighbour e, "m < e" (or "e < m") as ``b.less`` states it: in a session, the
skeleton's step selector, one assumption; alone, x(m,d) → ∨ x(e,f), f > d, and the
converse (2N clauses, arc consistent, where the N²/2 binary clauses ¬x(m,d) ∨ ¬x(e,f)
of each wrong pair were only forward checking): 1.5 -> 0.33 ms a real puzzle (CPU,
session).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._making import some

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


def neighbours(cell: int, n: int) -> list[int]:
    """The orthogonal neighbours of a cell inside an N x N grid."""
    r, c = divmod(cell, n)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * n + cc for rr, cc in steps if 0 <= rr < n and 0 <= cc < n]


@dataclass(frozen=True)
class Minimum(Constraint):
    """A cell smaller than each neighbour of ``others`` (its neighbours not so marked)."""

    cell: int
    others: tuple[int, ...]
    key = "minimum"
    rule = "minimum"
    sigh_names: ClassVar[tuple[str, ...]] = ()
    """sigh writes it as a GreaterThan chain, which ``greaterthan.GreaterThan`` reads
    (any chain, a minimum's or maximum's shape included)."""
    steps = True
    sign: ClassVar[int] = 1
    """+1: the neighbours are larger (minimum); -1: smaller (maximum)."""

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Two thirds of the cells below (above, for maximum) all their neighbours: no
        two touch, so each is compared with every neighbour, as reading them back does."""
        marked = []
        for c in range(n * n):
            instance = cls(c, tuple(neighbours(c, n)))
            if instance.holds(solution, n):
                marked.append(instance)
        return list(some(rng, marked, -(-2 * len(marked) // 3)))

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        if not isinstance(value, list) or not all(isinstance(i, dict) for i in value):
            raise reader.error("expected a list of objects")
        cells = [reader.cell(i.get("cell")) for i in value]
        if len(set(cells)) != len(cells):
            raise reader.error("a cell is marked twice")
        marked = set(cells)
        n = reader.size
        return [cls(c, tuple(e for e in neighbours(c, n) if e not in marked)) for c in cells]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return cls.read_value([item], reader)

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cell": name(self.cell)}

    def wrong(self, d: int, f: int) -> bool:
        """Whether digit d here and f on a neighbour break the rule."""
        return (f - d) * self.sign <= 0

    def clauses(self, b: Builder) -> Iterator[Clause]:
        for e in self.others:
            yield from b.less(self.cell, e) if self.sign > 0 else b.less(e, self.cell)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for e in self.others:
            m.Add((x[e] - x[self.cell]) * self.sign > 0)

    def holds(self, grid: Grid, n: int) -> bool:
        return not any(self.wrong(grid[self.cell], grid[e]) for e in self.others)

    def draw(self, canvas: Canvas) -> list[str]:
        """A grey cell with a small chevron at each compared side, pointing into the cell
        for a minimum and out of it for a maximum, as f-puzzles draws them."""
        x0, y0 = canvas.corner(self.cell)
        out = [tag("rect", x=x0, y=y0, width=CELL, height=CELL, fill="#ddd", fill_opacity=0.7)]
        cx, cy = canvas.centre(self.cell)
        for e in self.others:
            ex, ey = canvas.centre(e)
            ux, uy = (ex - cx) / CELL, (ey - cy) / CELL  # unit step towards the neighbour
            tip = 0.42 if self.sign < 0 else 0.30
            base = 0.30 if self.sign < 0 else 0.42
            px, py = -uy, ux  # across
            bx, by = cx + ux * base * CELL, cy + uy * base * CELL
            tx, ty = cx + ux * tip * CELL, cy + uy * tip * CELL
            w = 0.12 * CELL
            points = f"{bx + px * w},{by + py * w} {tx},{ty} {bx - px * w},{by - py * w}"
            out.append(tag("polyline", points=points, fill="none", stroke="#555", stroke_width=1.5))
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        """sigh's ``GreaterThan`` says each cell is greater than its orthogonal neighbours
        listed after it: a maximum is its cell then the compared neighbours, a minimum
        the neighbours then its cell (none compared: nothing to say)."""
        if not self.others:
            return ""
        cells = (self.cell, *self.others) if self.sign < 0 else (*self.others, self.cell)
        return ".GreaterThan~" + "~".join(name(c) for c in cells)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.GreaterThan``: a maximum when every other cell neighbours the first, else a
        minimum when every other neighbours the last (two cells: a maximum); any other
        chain is no minimum or maximum and is not supported."""
        cells = reader.cells(args, 2)
        n = reader.size
        first, *rest = cells
        if all(c in neighbours(first, n) for c in rest):
            return [Maximum(first, tuple(rest))]
        *rest, last = cells
        if all(c in neighbours(last, n) for c in rest):
            return [Minimum(last, tuple(rest))]
        raise reader.error("a chain that is no minimum or maximum cell is not supported")

    def cells_named(self) -> tuple[int, ...]:
        return (self.cell, *self.others)


@dataclass(frozen=True)
class Maximum(Minimum):
    """A cell larger than each neighbour of ``others`` (its neighbours not so marked)."""

    key = "maximum"
    rule = "maximum"
    sigh_names = ()  # read by greaterthan.GreaterThan
    sign = -1


FAMILY = (Minimum, Maximum)
