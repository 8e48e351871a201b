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

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._equal import EqualPairs
from .extremum import neighbours

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
    sigh_names = ()  # sigh's SameValues, which same_values.SameValues reads (any sets)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.SameValues~K~`` K cells: K sets of one cell each hold the same value, a
        clone of one cell per pair with the first (what the writer writes); sets of
        several cells (the same digits in any order) are not a clone and not supported."""
        k = reader.number(args[0]) if args else None
        cells = reader.cells(args[1:], 2)
        if k != len(cells):
            raise reader.error("only sets of one cell each (a clone) are supported")
        return [cls((cells[0],), (c,)) for c in cells[1:]]

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

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """N/2 pairs of shapes sharing no cell: a random shape of 2 to 4 orthogonally
        connected cells and a shifted copy holding the same digits, when the grid has one
        (dominoes mostly: a random 9x9 has about one copy of each domino)."""
        out: list[Constraint] = []
        used: set[int] = set()
        for _ in range(40 * n):
            if len(out) >= n // 2:
                break
            shape = _shape(n, rng, rng.randint(2, 4), used)
            if not shape:
                break
            copies = [c for c in _copies(shape, n, solution) if not used & set(c)]
            if copies:
                clones = rng.choice(copies)
                out.append(cls(shape, clones))
                used.update(shape + clones)
        return out

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


def _shape(n: int, rng: random.Random, size: int, used: set[int]) -> tuple[int, ...]:
    """A random set of up to size orthogonally connected free cells (reading order)."""
    free = [c for c in range(n * n) if c not in used]
    if not free:
        return ()
    cells = [rng.choice(free)]
    while len(cells) < size:
        options = [e for c in cells for e in neighbours(c, n) if e not in cells and e not in used]
        if not options:
            break
        cells.append(rng.choice(options))
    return tuple(sorted(cells))


def _copies(shape: tuple[int, ...], n: int, solution: Grid) -> list[tuple[int, ...]]:
    """The shape shifted anywhere in the grid, clear of itself, with the same digits."""
    rows, cols = [c // n for c in shape], [c % n for c in shape]
    out = []
    for dr in range(-min(rows), n - max(rows)):
        for dc in range(-min(cols), n - max(cols)):
            copy = tuple(c + dr * n + dc for c in shape)
            if set(copy).isdisjoint(shape) and all(
                solution[a] == solution[b] for a, b in zip(shape, copy, strict=True)
            ):
                out.append(copy)
    return out


FAMILY = (Clone,)
