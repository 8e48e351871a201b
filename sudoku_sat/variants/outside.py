"""Clues written outside the grid beside a row or column (sandwich sums, X-sums,
skyscrapers): what they share. f-puzzles stores each as ``{"cell": "R0C3", "value": "12"}``,
the cell one step outside the grid: row 0 above column 3, row N+1 below it, column 0
left of a row, column N+1 right of it (a corner is beside no row or column and is
refused). The clue reads its row or column from its own side: :func:`line_from`.

Made (``make``): the clue of N random places, its value what the grid shows there
(``measure``, which ``holds`` compares too).

Also the guarded digit sets that sandwiches and X-sums share (:func:`guarded_sets`):
"when this literal holds, these cells, all different, hold one of the digit sets of a
pool that sum to a total", one selector per set (none when one set is possible).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ..grid import Clause, Grid
from ..model.constraint import Constraint

if TYPE_CHECKING:
    from ..model.builder import Builder
    from ..model.drawing import Canvas
    from ..model.reading import Reader


def line_from(row: int, col: int, n: int, shape: tuple[int, int] = (0, 0)) -> tuple[int, ...]:
    """The cells of the row or column beside the outside place (row, col), 0..N+1, in
    order from that side (a clue on the right reads its row from right to left); on a
    shaped grid (``shape``: its rows and columns in an N x N frame, ``Puzzle.rows``) the
    places are 0..rows+1 and 0..cols+1 and the lines its rows and columns."""
    rows, cols = shape if shape[0] else (n, n)
    if row in (0, rows + 1):
        cells = [r * n + col - 1 for r in range(rows)]
    else:
        cells = [(row - 1) * n + c for c in range(cols)]
    return tuple(reversed(cells)) if row == rows + 1 or col == cols + 1 else tuple(cells)


@dataclass(frozen=True)
class LineClue(Constraint):
    """A number outside the grid about the row or column beside it, read from its side."""

    place: tuple[int, int]
    """(row, column) of the clue, 0..N+1 (R0C3 is (0, 3))."""
    line: tuple[int, ...]
    """The row's or column's cells, from the clue's side."""
    value: int
    outside: ClassVar[bool] = True

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        """The clue's value on the line's digits, read from the clue's side."""
        raise NotImplementedError

    @classmethod
    def places(cls, n: int) -> list[tuple[int, int]]:
        """Where a made clue may stand: beside each row and column, on both sides."""
        ks = range(1, n + 1)
        top, left = [(0, k) for k in ks], [(k, 0) for k in ks]
        return top + left + [(n + 1, k) for k in ks] + [(k, n + 1) for k in ks]

    def holds(self, grid: Grid, n: int) -> bool:
        return self.measure([grid[c] for c in self.line], n) == self.value

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        out: list[Constraint] = []
        for row, col in rng.sample(cls.places(n), n):
            line = line_from(row, col, n)
            out.append(cls((row, col), line, cls.measure([solution[c] for c in line], n)))
        return out

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        """One clue; none when its value is empty (a place with no number is no clue)."""
        row, col = reader.outside(item.get("cell"))
        n = reader.size
        rows, cols = reader.shape if reader.shape[0] else (n, n)
        if row in (0, rows + 1) and col in (0, cols + 1):
            raise reader.error(f"{item.get('cell')} is a corner, beside no row or column")
        value = reader.number(item.get("value"))
        line = line_from(row, col, n, reader.shape)
        return [] if value is None else [cls((row, col), line, value)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cell": "R{}C{}".format(*self.place), "value": str(self.value)}

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.XSum~R3~15~``: a row or column (sigh's ``R3``, ``C5``), then the clue from
        the left or top, then the clue from the right or bottom, either one empty."""
        if not 2 <= len(args) <= 3:
            raise reader.error("expected a row or column, then one or two clues")
        where, *values = args
        return [
            c
            for v, ahead in zip(values, (True, False), strict=False)
            for c in cls.clue_at(where, ahead, v, reader)
        ]

    @classmethod
    def clue_at(cls, where: str, ahead: bool, value: str, reader: Reader) -> list[Constraint]:
        """The clue beside sigh's row or column ``where``, on the left or top side when
        ahead (none for an empty value)."""
        n = reader.size
        rows, cols = reader.shape if reader.shape[0] else (n, n)
        k = int(where[1:]) if where[:1] in ("R", "C") and where[1:].isdigit() else 0
        if not 1 <= k <= (rows if where[:1] == "R" else cols):
            raise reader.error(f"{where!r} is not a row or column like R3 or C5")
        side = 0 if ahead else (cols if where[0] == "R" else rows) + 1
        row, col = (k, side) if where[0] == "R" else (side, k)
        return cls.read({"cell": f"R{row}C{col}", "value": value}, reader)

    def draw(self, canvas: Canvas) -> list[str]:
        return [canvas.text(self.value, *canvas.beside(*self.place), size=16)]

    def cells_named(self) -> tuple[int, ...]:
        return self.line

    def sigh_place(self) -> tuple[str, bool]:
        """sigh's name of the row or column (``R3``, ``C5``) and whether the clue reads it
        forwards (from the left or the top)."""
        row, col = self.place
        across = len(self.line) < 2 or abs(self.line[1] - self.line[0]) == 1  # a row's cells
        if across:
            return f"R{row}", col == 0
        return f"C{col}", row == 0


def sigh_line(kind: str, clue: LineClue) -> str:
    """sigh's string of a two-sided line clue (``.XSum~R3~15~`` from the left,
    ``.XSum~R3~~15`` from the right)."""
    where, forward = clue.sigh_place()
    return f".{kind}~{where}~{clue.value}~" if forward else f".{kind}~{where}~~{clue.value}"


@cache
def digit_sets(pool: tuple[int, ...], size: int, total: int) -> tuple[tuple[int, ...], ...]:
    """The sets of size distinct digits from pool that sum to total."""
    if size < 0 or size > len(pool):
        return ()
    return tuple(s for s in combinations(pool, size) if sum(s) == total)


def guarded_sets(
    b: Builder, guard: int, cells: tuple[int, ...], sets: Iterable[tuple[int, ...]]
) -> Iterator[Clause]:
    """Clauses: guard -> the cells (all different by the caller's rules) hold one of sets.

    No set: guard is false. One set: each cell holds a digit of it. Several: one selector a
    set, guard -> some selector, selector -> guard and each cell in its set, so every
    auxiliary is a function of the grid."""
    options = list(sets)
    if not options:
        yield [-guard]
        return
    if not cells:
        return
    if len(options) == 1:
        yield from ([-guard] + [b.x(c, d) for d in options[0]] for c in cells)
        return
    selectors = [b.fresh() for _ in options]
    yield [-guard, *selectors]
    for s, digits in zip(selectors, options, strict=True):
        yield [-s, guard]
        yield from ([-s] + [b.x(c, d) for d in digits] for c in cells)
