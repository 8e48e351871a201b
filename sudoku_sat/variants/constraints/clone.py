"""Clones (f-puzzles ``clone``): two shaded regions of the same shape hold the same digits,
cell by cell: the i-th cell of ``cells`` equals the i-th cell of ``cloneCells``.

Shape: ``{"cells": ["R2C2", "R2C3"], "cloneCells": ["R4C4", "R4C5"]}``, two lists of
the same length. Source: f-puzzles' own constraint list, as the f-puzzles solver add-on
reads it (rangsk's SudokuSolver, ``FPuzzlesBoard.cs``: ``FPuzzlesClone(string[] cells,
string[] cloneCells)``, paired by position in ``SolverFactory.cs``; SudokuVariantSolverJS,
``CloneConstraint.ts``, refuses lists of different lengths). Clauses: x(a,d) ↔ x(b,d)
for each pair (a, b) and digit d; a cell paired with itself says nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._equal import EqualPairs

if TYPE_CHECKING:
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class Clone(EqualPairs):
    """Two lists of cells equal position by position."""

    cells: tuple[int, ...]
    clones: tuple[int, ...]
    key = "clone"
    rule = "clone"

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = reader.cells(item.get("cells"))
        clones = reader.cells(item.get("cloneCells"))
        if len(cells) != len(clones):
            raise reader.error(
                f"'cells' has {len(cells)} cells and 'cloneCells' {len(clones)}; a clone "
                "pairs them one by one"
            )
        return [cls(cells, clones)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {
            "cells": [name(c) for c in self.cells],
            "cloneCells": [name(c) for c in self.clones],
        }

    def pairs(self) -> Iterator[tuple[int, int]]:
        return ((a, c) for a, c in zip(self.cells, self.clones, strict=True) if a != c)

    def draw(self, canvas: Canvas) -> list[str]:
        out = []
        for cell in (*self.cells, *self.clones):
            x, y = canvas.corner(cell)
            out.append(
                tag("rect", x=x, y=y, width=CELL, height=CELL, fill="#bbb", fill_opacity=0.5)
            )
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        return "".join(f".SameValues~2~{name(a)}~{name(c)}" for a, c in self.pairs())

    def cells_named(self) -> tuple[int, ...]:
        return (*self.cells, *self.clones)


FAMILY = (Clone,)
