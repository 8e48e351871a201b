"""Doppelganger (sigh's ``Doppelganger``; key ``doppelganger``, a key of this project:
f-puzzles has none): on an N x N grid of the digits 0..N (sigh's ``.Shape~9x9~0-9``: one
digit more than a house holds), every row, column and box holds 0 and all but one of
1..N; no two rows, no two columns and no two boxes miss the same digit; and where a cell
holds 0, the digits its row, its column and its box miss are three different ones.

The missing digits are cells beyond the grid (``model/extra.py``), named as sigh names
them: ``DGC1``.. the rows' (sigh's "Doppelganger column" group holds a cell a row),
``DGR1``.. the columns', ``DGB1``.. the boxes', and ``DGZ``, which holds 0. Sources:
sigh's solver (``SudokuConstraint.Doppelganger`` and its builder's
``_doppelgangerHandlers``: a house and its cell all different over the N+1 digits, each
group's cells and ``DGZ`` all different, ``DoppelgangerZero`` at each cell) and the
puzzles it collects ("Doppelganger", logic-masters 0005Q2; "Dutch-pelgänger",
SudokuPad t4fevoplnv: tests/data/shapes/shapes.jsonl).

Clauses, sigh's handlers one by one: ``DGZ`` holds 0; each house with its missing-digit
cell, and each group with ``DGZ``, N+1 cells on the N+1 digits, each digit once; at each
cell, "it holds 0" excludes every digit its three missing-digit cells would share. CP-SAT:
the same groups all different, the three inequalities enforced by "the cell is 0". The
direct check reads the houses. Nothing of its own drawn (the missing-digit cells are
drawn below the grid, as every cell beyond it); not made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.extra import ExtraCells
from ._global import group_clauses

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader

Houses = tuple[tuple[int, ...], ...]


def _boxes(side: int) -> tuple[int, int]:
    """(count, columns) of the boxes of an N x N grid as sigh lays them (square roots)."""
    root = next((k for k in range(int(side**0.5), 1, -1) if side % k == 0), 0)
    return (side, side // root) if root else (0, 0)


@dataclass(frozen=True)
class Doppelganger(Constraint):
    """Each house misses one of 1..N (0 always in), each kind's missing digits differ,
    and at a 0 the three houses miss three different digits."""

    zero: int
    rows: Houses
    cols: Houses
    boxes: Houses
    row_missing: tuple[int, ...]
    col_missing: tuple[int, ...]
    box_missing: tuple[int, ...]
    key = "doppelganger"
    rule = "doppelganger"
    label_name = "doppelganger"
    sigh_names = ("Doppelganger",)
    sudoku_names = sigh_names
    sigh_once = True
    from_zero = True
    any_shape = True
    drawn_first = True

    @classmethod
    def cells_beyond(cls, size: int, shape: tuple[int, int] = (0, 0)) -> tuple[ExtraCells, ...]:
        """The missing digits' cells of an N x N grid in a frame of N+1 digits."""
        side = size - 1
        count, columns = _boxes(side)
        return (
            ExtraCells("DGZ", 1, "Doppelganger zero", 0, cls.key),
            ExtraCells("DGR", side, "Doppelganger row", 0, cls.key),
            ExtraCells("DGC", side, "Doppelganger column", 0, cls.key),
            ExtraCells("DGB", count, "Doppelganger box", columns, cls.key),
        )

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        """f-puzzles JSON holds no grid of the digits 0..N: refused in one line."""
        raise reader.error("needs a grid of the digits 0..N, which f-puzzles cannot say")

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Doppelganger`` (no argument), on an N x N grid of the digits 0..N whose
        boxes hold N cells (sigh refuses it on any other)."""
        if args:
            raise reader.error("takes no arguments")
        n, (rows, cols) = reader.size, reader.shape
        regions = tuple(r for r in reader.regions if len(r) == rows)
        if reader.low != 0 or rows != n - 1 or cols != rows or len(regions) not in (0, rows):
            raise reader.error("needs an N x N grid of the digits 0..N (9x9~0-9)")

        def cells(prefix: str, count: int) -> tuple[int, ...]:
            return tuple(reader.extra[f"{prefix}{k}"] for k in range(1, count + 1))

        lines = tuple(tuple(r * n + c for c in range(cols)) for r in range(rows))
        columns = tuple(tuple(r * n + c for r in range(rows)) for c in range(cols))
        boxes = tuple(sorted(regions))
        return [
            cls(
                reader.extra["DGZ"],
                lines,
                columns,
                boxes,
                cells("DGC", rows),
                cells("DGR", cols),
                cells("DGB", len(boxes)),
            )
        ]

    def _groups(self) -> list[tuple[int, ...]]:
        """The all-different groups of N+1 cells: each house with its missing digit's
        cell, each kind's missing digits with the zero cell."""
        houses = zip(
            (*self.rows, *self.cols, *self.boxes),
            (*self.row_missing, *self.col_missing, *self.box_missing),
            strict=True,
        )
        out = [(*house, missing) for house, missing in houses]
        out += [(*cells, self.zero) for cells in (self.row_missing, self.col_missing)]
        return out + ([(*self.box_missing, self.zero)] if self.boxes else [])

    def _at(self) -> list[tuple[int, tuple[int, ...]]]:
        """Each grid cell and the missing-digit cells of its row, column and box."""
        box_of = {c: k for k, box in enumerate(self.boxes) for c in box}
        out = []
        for r, row in enumerate(self.rows):
            for k, cell in enumerate(row):
                near = [self.row_missing[r], self.col_missing[k]]
                if cell in box_of:
                    near.append(self.box_missing[box_of[cell]])
                out.append((cell, tuple(near)))
        return out

    def clauses(self, b: Builder) -> list[Clause]:
        out: list[Clause] = [[b.x(self.zero, 1)]]
        for group in self._groups():
            out += group_clauses(b, group)
        for cell, near in self._at():
            for a, c in combinations(near, 2):
                out += [[-b.x(cell, 1), -b.x(a, d), -b.x(c, d)] for d in b.digits()]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.Add(x[self.zero] == 1)
        for group in self._groups():
            m.AddAllDifferent([x[c] for c in group])
        for cell, near in self._at():
            zero = m.NewBoolVar("")
            m.Add(x[cell] == 1).OnlyEnforceIf(zero)
            m.Add(x[cell] != 1).OnlyEnforceIf(zero.Not())
            for a, c in combinations(near, 2):
                m.Add(x[a] != x[c]).OnlyEnforceIf(zero)

    def holds(self, grid: Grid, n: int) -> bool:
        if grid[self.zero] != 1:
            return False
        if any(len({grid[c] for c in group}) != len(group) for group in self._groups()):
            return False
        return all(
            grid[cell] != 1 or len({grid[c] for c in near}) == len(near)
            for cell, near in self._at()
        )

    def draw(self, canvas: Any) -> list[str]:
        return []

    def sigh(self, name: Callable[[int], str]) -> str:
        return ".Doppelganger"

    def cells_named(self) -> tuple[int, ...]:
        return (*self.row_missing, *self.col_missing, *self.box_missing)


FAMILY = (Doppelganger,)
