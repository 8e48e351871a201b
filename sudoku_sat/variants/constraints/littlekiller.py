"""Little killers (f-puzzles ``littlekillersum``): a number outside the grid with a small
arrow pointing along a diagonal is the sum of every cell on that diagonal, digits may
repeat.

Shape: ``"littlekillersum": [{"cell": "R0C6", "cells": ["R1C5", "R2C4", ...],
"direction": "DL", "value": "40"}, ...]``: ``cell`` one step outside the grid (corners
allowed: R0C0 DR is the main diagonal), ``direction`` one of DR, DL, UR, UL (down or up,
right or left), the diagonal starting one step from ``cell`` that way and running to the
edge; ``cells`` is that diagonal as f-puzzles saves it (checked when present; written
back). An arrow whose first step leaves the grid is refused; an empty value or a value
of 0 is an arrow with no clue and is passed over, as the f-puzzles solver add-on does.
Sources: f-puzzles' save files (e.g. "Rusted Wings" by RSP, in rangsk's SudokuSolver
benchmark corpus), its solver add-on (rangsk's SudokuSolver, ``LittleKillerConstraint``:
options "sum;rXcY;UL|UR|DL|DR", one step from the outer cell enters the grid, values 0
and empty skipped), SudokuPad's f-puzzles import (a little-killer arrow and outside
sum) and sigh's solver (``.LittleKiller~SUM~R1C1``, named by the first cell of its
canonical diagonal).

Clauses: one-hot running sums along the diagonal (repeats allowed) that only make the
partial sums the remaining cells can still take to the value (:func:`running_total`):
a digit pair leading anywhere else excludes itself by a binary clause, and each cell
loses the digits no total reaches. Every auxiliary is a function of the grid. With the
builder's ``card`` encoding, ``sums.sum_is`` (PySAT's totalizer) instead. Measured,
counting to 3 in one session (CPU), on 22 little-killer puzzles (the tests' and seven
more real ones) and on 5 hard ones (three made 9x9s with 14 clues, The Barbed Cross,
Little Killer Sudoku): 1.24 s and 2.50 s with this; 2.20 s and 3.40 s for
``sums.sum_is`` over the diagonal (running sums with no pruning); 1.63 s and 4.15 s
when the diagonal is first cut into its runs in one region, each run's total taken
from its sets of distinct digits (more propagation, slower search); ``card`` took 37 s
on the 22. sigh's solver counts the hardest made one in 0.35 s against 1.2 s here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import tag
from ..sum_forms import encoding, total_is
from ._making import few_wanted, some

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def diagonal(row: int, col: int, direction: str, n: int, side: int = 0) -> tuple[int, ...]:
    """The cells from one step past (row, col), 0..N+1, in direction to the grid's edge;
    on a square grid of side cells in an N x N frame (``Puzzle.rows``) its edge."""
    dr, dc = STEPS[direction]
    r, c, out = row + dr, col + dc, []
    s = side or n
    while 1 <= r <= s and 1 <= c <= s:
        out.append((r - 1) * n + c - 1)
        r, c = r + dr, c + dc
    return tuple(out)


@cache
def sigh_starts(n: int, side: int = 0) -> dict[int, tuple[tuple[int, int], str]]:
    """sigh's little-killer diagonals of size N: the cell naming each (its first cell as
    sigh lists them: left side down-right, right side up-left, top down-left, bottom
    up-right; the first name of a set wins, single cells have none) -> the place outside
    the grid and the direction of the clue that reads it."""
    s = side or n
    starts = [(r, 0, "DR") for r in range(s - 1)]
    starts += [(r, s - 1, "UL") for r in range(1, s - 1)]
    starts += [(0, c, "DL") for c in range(1, s)]
    starts += [(s - 1, c, "UR") for c in range(1, s - 1)]
    seen: set[frozenset[int]] = set()
    out: dict[int, tuple[tuple[int, int], str]] = {}
    for r, c, direction in starts:
        dr, dc = STEPS[direction]
        place = (r + 1 - dr, c + 1 - dc)
        cells = diagonal(*place, direction, n, side)
        if len(cells) > 1 and frozenset(cells) not in seen:
            seen.add(frozenset(cells))
            out[cells[0]] = (place, direction)
    return out


@cache
def sigh_names(n: int, side: int = 0) -> dict[frozenset[int], int]:
    """sigh's little-killer diagonals of size N: cell set -> the cell naming it."""
    return {
        frozenset(diagonal(*place, direction, n, side)): first
        for first, (place, direction) in sigh_starts(n, side).items()
    }


def _side(reader: Reader) -> int:
    """The side of a shaped square grid (``Reader.shape``), 0 for N x N; a rectangle's
    diagonals are refused (sigh's are of square grids)."""
    rows, cols = reader.shape
    if rows != cols:
        raise reader.error(f"little killers on a {rows}x{cols} grid: not supported yet")
    return rows


@dataclass(frozen=True)
class LittleKiller(Constraint):
    """The cells of a diagonal sum to value (repeats allowed)."""

    place: tuple[int, int]
    """(row, column) of the clue, 0..N+1."""
    direction: str
    cells: tuple[int, ...]
    value: int
    size: int
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): value sums the digits, k cells k(1-low)
    more on the indexes."""
    side: int = field(default=0, repr=False)
    """The side of a square grid in a larger frame of digits (``Puzzle.rows``: 9x9~0-9),
    0 for the frame's own side."""
    key = "littlekillersum"
    sum_encoding = "running"
    rule = "little-killer"
    outside: ClassVar[bool] = True
    sigh_names = ("LittleKiller",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.LittleKiller~SUM~R1C2``: the diagonal named by its first cell, read as the
        clue at the end sigh starts it from (a clue from the other end reads the same)."""
        if len(args) != 2:
            raise reader.error("expected a sum and the cell naming a diagonal")
        found = sigh_starts(reader.size, _side(reader)).get(reader.cell(args[1]))
        if found is None:
            raise reader.error(f"{args[1]} names none of sigh's little-killer diagonals")
        (row, col), direction = found
        item = {"cell": f"R{row}C{col}", "direction": direction, "value": args[0]}
        return cls.read(item, reader)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """N/2 + 1 diagonals of two cells or more, each clued once, from a random end."""
        by_cells: dict[frozenset[int], list[tuple[int, int, str]]] = {}
        ring = range(n + 2)
        border = [(r, c) for r in ring for c in ring if r in (0, n + 1) or c in (0, n + 1)]
        for r, c in border:
            for direction in STEPS:
                cells = diagonal(r, c, direction, n)
                if len(cells) >= 2:
                    by_cells.setdefault(frozenset(cells), []).append((r, c, direction))
        out: list[Constraint] = []
        for ends in some(rng, sorted(by_cells.values()), few_wanted(n)):
            r, c, direction = rng.choice(ends)
            cells = diagonal(r, c, direction, n)
            out.append(cls((r, c), direction, cells, sum(solution[x] for x in cells), n))
        return out

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        name = item.get("cell")
        row, col = reader.outside(name)
        direction = item.get("direction")
        if direction not in STEPS:
            raise reader.error(f"direction {direction!r} of {name} is not one of DR, DL, UR, UL")
        side = _side(reader)
        cells = diagonal(row, col, str(direction), reader.size, side)
        if not cells:
            raise reader.error(f"the {direction} diagonal from {name} leaves the grid at once")
        if item.get("cells") is not None and set(reader.cells(item["cells"])) != set(cells):
            raise reader.error(f"'cells' of {name} are not its {direction} diagonal")
        value = reader.number(item.get("value"))
        if value is None or value == 0 and reader.low == 1:  # from 0, a sum of 0 says much
            return []
        return [cls((row, col), str(direction), cells, value, reader.size, reader.low, side)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {
            "cell": "R{}C{}".format(*self.place),
            "cells": [name(c) for c in self.cells],
            "direction": self.direction,
            "value": str(self.value),
        }

    def clauses(self, b: Builder) -> list[Clause]:
        total = self.value + len(self.cells) * (1 - self.low)  # on the indexes
        return total_is(b, self.cells, total, encoding(b, self.sum_encoding))

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.Add(sum(x[c] + self.low - 1 for c in self.cells) == self.value)

    def holds(self, grid: Grid, n: int) -> bool:
        return sum(grid[c] + self.low - 1 for c in self.cells) == self.value

    def draw(self, canvas: Canvas) -> list[str]:
        """The sum in the outside cell, pushed back from the diagonal, and a small arrow
        from it towards the diagonal's first cell, as f-puzzles draws little killers."""
        x, y = canvas.beside(*self.place)
        dr, dc = STEPS[self.direction]
        unit = canvas.beside(1, 1)[0] - canvas.beside(0, 0)[0]  # one cell
        text = canvas.text(self.value, x - dc * unit * 0.12, y - dr * unit * 0.12, size=13)
        tail = (x + dc * unit * 0.18, y + dr * unit * 0.18)
        tip = (x + dc * unit * 0.42, y + dr * unit * 0.42)
        barb = unit * 0.12
        points = [(tip[0] - dc * barb, tip[1]), tip, (tip[0], tip[1] - dr * barb)]
        return [
            text,
            tag("line", x1=tail[0], y1=tail[1], x2=tip[0], y2=tip[1], stroke="black"),
            tag(
                "polyline",
                points=" ".join(f"{a},{b}" for a, b in points),
                fill="none",
                stroke="black",
            ),
        ]

    def sigh(self, name: Callable[[int], str]) -> str:
        first = sigh_names(self.size, self.side).get(frozenset(self.cells))
        if first is None:  # one cell by a corner: a given in sigh's terms
            return f".~{name(self.cells[0])}_{self.value}"
        return f".LittleKiller~{self.value}~{name(first)}"

    def cells_named(self) -> tuple[int, ...]:
        return self.cells


FAMILY = (LittleKiller,)
