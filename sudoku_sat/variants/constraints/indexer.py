"""Indexer cells (``columnindexer``, ``rowindexer``: keys of the f-puzzles solver add-on):
the digit in an indexer cell says where, along its row or column, the digit naming the
cell's own position stands.

- column indexer: a cell in column c holding v means the cell of the same row in column v
  holds c. The 1-5-9 puzzles are column indexers on columns 1, 5 and 9: in each row the
  digit in column 1 is the column of the 1, the digit in column 5 the column of the 5,
  the digit in column 9 the column of the 9.
- row indexer: a cell in row r holding v means the cell of the same column in row v
  holds r.

Shape: ``{"cells": ["R1C1", "R2C1", ...]}`` per item, any cells. Source: f-puzzles has no
indexer of its own; setters mark the cells with f-puzzles' cosmetic shading and the
f-puzzles solver add-on reads these keys (rangsk's SudokuVariantSolverJS,
``FPuzzlesInterfaces.ts``: ``rowindexer``, ``columnindexer``, ``boxindexer`` of
``FPuzzlesCells``; the targets are in ``IndexerConstraint.ts`` and SudokuSolver's
``IndexerConstraint.cs``; kinnison's kaji reads the same keys). ``boxindexer`` (the same
within a region) is not read: its target depends on the regions, which the registry's
CP-SAT statement and direct check do not see. Clauses: x(i,v) ↔ x(t,p) for indexer
cell i, digit v, its target t (position v along the line) and p the index of i's own
position: both ways, though the forward one with the line's all-different implies the
other. They are the same in every puzzle, cell by cell (``cell_clauses``): a session's
skeleton holds them for every cell behind one selector a cell, and a puzzle assumes its
indexer cells' selectors (columnindexer 0.87 -> 0.73 ms a real puzzle, rowindexer 0.51
-> 0.24, CPU).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._making import some

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class ColumnIndexer(Constraint):
    """Cells whose digit gives the column, in their row, of their own column number."""

    cells: tuple[int, ...]
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the digits are column or row numbers,
    so from 0 a 0 points nowhere and no cell holds the last number (sigh's rule: an
    indexer cell in the last column holds nothing); its clauses are its own then, not
    the skeleton's."""
    span: int = field(default=0, repr=False)
    """The cells of the line it indexes on a shaped grid (``Puzzle.rows``): the columns
    for column indexing, the rows for row indexing, as sigh indexes over its numCols or
    numRows cells (a digit past them points nowhere); 0 for N. Its clauses are its own
    then too."""
    key = "columnindexer"
    rule = "indexer"
    cell_rule = True
    kind: ClassVar[str] = "C"
    """sigh's indexing type: C (column indexing) or R (row indexing)."""
    fill: ClassVar[str] = "#f6c8c8"
    sigh_names: ClassVar[tuple[str, ...]] = ("Indexing",)
    sudoku_names = sigh_names
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Indexing~C~cells`` (column indexing) or ``.Indexing~R~cells`` (rows)."""
        kinds: dict[str, type[ColumnIndexer]] = {"C": ColumnIndexer, "R": RowIndexer}
        if not args or args[0] not in kinds:
            raise reader.error("expected the indexing type C or R, then cells")
        return kinds[args[0]].read({"cells": args[1:]}, reader)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        rows, cols = reader.shape
        span = cols if cls.kind == "C" else rows
        return [cls(reader.cells(item.get("cells")), reader.low, span)]

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """One instance on N of the cells whose digit indexes as the rule says (about one
        cell in N does in a random grid)."""
        fit = [c for c in range(n * n) if cls((c,)).holds(solution, n)]
        chosen = some(rng, fit, n)
        return [cls(tuple(sorted(chosen)))] if chosen else []

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells]}

    @staticmethod
    def target(cell: int, v: int, n: int) -> tuple[int, int]:
        """(the cell that v (1..N) in this cell points to, the number that cell must
        hold)."""
        r, c = divmod(cell, n)
        return r * n + v - 1, c + 1

    @classmethod
    def cell_clauses(cls, cell: int, n: int, low: int = 1, span: int = 0) -> list[Clause]:
        links, none = _links(cls.kind, cell, n, low, span)
        return [[-a, c] for a, c in links] + [[a, -c] for a, c in links] + [[-a] for a in none]

    def clauses(self, b: Builder) -> list[Clause]:
        out: list[Clause] = []
        for cell in self.cells:
            if self.low == 1 and not self.span:
                out += b.cell_rule(type(self), cell)
            else:
                out += self.cell_clauses(cell, b.n, self.low, self.span)
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        s, span = self.low - 1, self.span or n
        for cell in self.cells:
            r, c = divmod(cell, n)
            index = m.NewIntVar(0, span - 1, f"index{cell}")
            m.Add(index == x[cell] + s - 1)
            line = [x[r * n + j] for j in range(span)] if self.kind == "C" else x[c::n][:span]
            m.AddElement(index, line, (c if self.kind == "C" else r) + 1 - s)

    def holds(self, grid: Grid, n: int) -> bool:
        s = self.low - 1
        for cell in self.cells:
            v = grid[cell] + s
            if not 1 <= v <= (self.span or n):
                return False
            t, p = self.target(cell, v, n)
            if grid[t] + s != p:
                return False
        return True

    def draw(self, canvas: Canvas) -> list[str]:
        out = []
        for cell in self.cells:
            x, y = canvas.corner(cell)
            out.append(
                tag("rect", x=x, y=y, width=CELL, height=CELL, fill=self.fill, fill_opacity=0.6)
            )
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".Indexing~{self.kind}~" + "~".join(name(c) for c in self.cells)

    def cells_named(self) -> tuple[int, ...]:
        return self.cells


@dataclass(frozen=True)
class RowIndexer(ColumnIndexer):
    """Cells whose digit gives the row, in their column, of their own row number."""

    key = "rowindexer"
    sigh_names = ()  # read by ColumnIndexer's
    kind = "R"
    fill = "#cbf1d5"

    @staticmethod
    def target(cell: int, v: int, n: int) -> tuple[int, int]:
        r, c = divmod(cell, n)
        return (v - 1) * n + c, r + 1


@cache
def _links(
    kind: str, cell: int, n: int, low: int = 1, span: int = 0
) -> tuple[list[tuple[int, int]], list[int]]:
    """(x(cell,d), x(t,p)) for each index d whose target t is another cell (kind C: a
    column indexer's, R: a row indexer's), and the x(cell,d) that point nowhere: from
    ``low`` 0, the digit 0 and the digits whose target would hold N; on a shaped grid
    the digits past its line's span cells."""
    target = ColumnIndexer.target if kind == "C" else RowIndexer.target
    links, none, s = [], [], low - 1
    for d in range(1, n + 1):
        if not 1 <= d + s <= (span or n):
            none.append(cell * n + d)
            continue
        t, p = target(cell, d + s, n)
        if not 1 <= p - s <= n:
            none.append(cell * n + d)
        elif t != cell:
            links.append((cell * n + d, t * n + p - s))  # x(c,d) = N*c + d, as b.x numbers it
    return links, none


FAMILY = (ColumnIndexer, RowIndexer)
