"""Jigsaw regions (f-puzzles: a ``region`` number in each cell of ``grid``; ``null`` for a
cell in no region): irregular regions of N cells replace the default boxes, each holding
every digit once. At the sizes with no default boxes the regions default to the rows
where the prime sizes (5, 7, 11, 13) give no ``region``, as the f-puzzles solver add-on
reads them; at 14 every cell must name its region (the add-on's 2x7 boxes are not
f-puzzles', which draws none). A jigsaw's regions are a clue, not the skeleton, so that
jigsaw puzzles share a session's skeleton: there, a selector per pair of cells "these two share a
region" (the skeleton's same-region block) is assumed for the pairs of each region, and
each digit is in each region at least once. Made by random swaps of cells between
neighbouring boxes that keep both connected. Drawn by the regions' thick borders (the
drawing of every puzzle). sigh: ``.NoBoxes.Jigsaw~`` and one region letter per cell
(sigh keeps its boxes beside a jigsaw unless ``NoBoxes`` says otherwise); ``NoBoxes``
alone is read as the rows for the regions (``variants/sigh.py`` puts the two together).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import (
    Regions,
    cell_name,
    default_regions,
    has_default_boxes,
    orthogonal_pairs,
)
from ...model.reading import Reader
from ._global import group_clauses

LAYOUT = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Jigsaw(Constraint):
    """The puzzle's regions, when they are not the default boxes."""

    cells_of: Regions
    rest: tuple[int, ...] = ()
    """The cells of a shaped grid in no piece (sigh's layout gives them a symbol of
    their own: ``Puzzle.rows``), written back with them; empty for an N x N grid."""
    cell_key = "region"
    rule = "jigsaw"
    label_name = "jigsaw regions"
    drawn_first = True
    sigh_names: ClassVar[tuple[str, ...]] = ("Jigsaw", "NoBoxes")
    sudoku_names = sigh_names
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Jigsaw~`` one symbol a cell, each region's own (sigh's older form, a shape
        before the layout, is read too: the layout is the last argument). ``.NoBoxes``:
        the rows as the regions, so no box holds (beside a jigsaw, the reader keeps the
        jigsaw's, which say the same and more)."""
        n = reader.size
        rows, cols = reader.shape
        if name == "NoBoxes":
            if args:
                raise reader.error("takes no arguments")
            if rows:
                return [cls(tuple(tuple(r * n + c for c in range(cols)) for r in range(rows)))]
            return [cls(tuple(tuple(range(r * n, r * n + n)) for r in range(n)))]
        layout = args[-1] if args else ""
        if rows:  # a shape: one symbol a cell of its rows x cols
            return [cls.shaped(layout if len(args) <= 2 else "", rows, cols, reader)]
        if len(args) > 2 or len(layout) != n * n:
            raise reader.error(f"expected a layout of {n * n} symbols, one a cell")
        return cls.read_cells({c: ord(s) for c, s in enumerate(layout)}, reader)

    @classmethod
    def shaped(cls, layout: str, rows: int, cols: int, reader: Reader) -> Jigsaw:
        """The pieces of a layout on a shaped grid, as sigh reads them: a symbol's cells
        are a piece when they are at least the longer side and at most the digits; the
        cells of one other symbol, and one only, are in no piece (``rest``)."""
        n = reader.size
        if len(layout) != rows * cols:
            raise reader.error(f"expected a layout of {rows * cols} symbols, one a cell")
        groups: dict[str, list[int]] = {}
        for k, symbol in enumerate(layout):
            groups.setdefault(symbol, []).append(k // cols * n + k % cols)
        pieces = [tuple(g) for g in groups.values() if max(rows, cols) <= len(g) <= n]
        others = [tuple(g) for g in groups.values() if not max(rows, cols) <= len(g) <= n]
        if len(others) > 1:
            raise reader.error("pieces of several sizes in the layout")
        return cls(tuple(sorted(pieces)), others[0] if others else ())

    @classmethod
    def read_cells(cls, values: dict[int, Any], reader: Reader) -> list[Constraint]:
        size = reader.size
        boxes = default_regions(size)
        box_of = {c: k for k, box in enumerate(boxes) for c in box}
        if not has_default_boxes(size) and not _prime(size) and len(values) < size * size:
            raise reader.error(
                f"a {size}x{size} puzzle has no default boxes: every cell needs a 'region'"
            )
        groups: dict[Any, list[int]] = {}
        for cell in range(size * size):
            region = values.get(cell, box_of[cell])
            if isinstance(region, bool) or not isinstance(region, int | None):
                raise reader.error(f"region of {cell_name(size, cell)} is not a number")
            if region is not None:
                groups.setdefault(region, []).append(cell)
        regions = tuple(sorted(tuple(cells) for cells in groups.values()))
        if regions == tuple(sorted(boxes)) and has_default_boxes(size):
            return []
        for cells in regions:
            if len(cells) != size:
                first = cell_name(size, cells[0])
                raise reader.error(f"region of {first} has {len(cells)} cells, not {size}")
        return [cls(regions)]

    @classmethod
    def write_cells(cls, instances: Any) -> dict[int, Any]:
        jigsaw = instances[0]
        return {c: k for k, cells in enumerate(jigsaw.cells_of) for c in cells}

    def regions(self) -> Regions:
        return self.cells_of

    def clauses(self, b: Builder) -> list[Clause]:
        selectors = b.same_region
        if not selectors:
            return [c for cells in self.cells_of for c in group_clauses(b, cells)]
        b.assume.extend(
            selectors[p]
            for cells in self.cells_of
            for p in combinations(cells, 2)
            if p in selectors
        )
        return [
            [b.x(c, d) for c in cells]
            for cells in self.cells_of
            if len(cells) == b.n  # a shape's smaller regions lack some digits
            for d in b.digits()
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for cells in self.cells_of:  # in place of the default boxes (``cpsat.build``)
            m.AddAllDifferent([x[c] for c in cells])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(len({grid[c] for c in cells}) == len(cells) for cells in self.cells_of)

    def draw(self, canvas: Canvas) -> list[str]:
        return []

    def sigh(self, name: Callable[[int], str]) -> str:
        region = {c: k for k, r in enumerate(self.cells_of) for c in r}
        region |= dict.fromkeys(self.rest, len(self.cells_of))
        layout = "".join(LAYOUT[region[c]] for c in sorted(region))  # the grid's cells
        return f".NoBoxes.Jigsaw~{layout}"  # sigh keeps its boxes beside a jigsaw without

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        return [cls(random_regions(size, rng))]


@dataclass(frozen=True)
class ShapeBoxes(Jigsaw):
    """The regions of a grid that is no N x N square (``Puzzle.rows``) when no jigsaw
    gives them: sigh's boxes of its region size (``default``: written as nothing, sigh's
    own), or its rows where ``.NoBoxes`` says so or no box tiles it. No rule: the grid's
    own regions, as the boxes of an N x N grid are (made only by sigh's reader)."""

    default: bool = True
    rule = ""
    label_name = "boxes"
    sigh_names: ClassVar[tuple[str, ...]] = ()

    def sigh(self, name: Callable[[int], str]) -> str:
        return "" if self.default else ".NoBoxes"


def _prime(size: int) -> bool:
    """True for a prime size (5, 7, 11, 13), whose default regions are the rows: a file
    gives ``region`` only where it differs from them, as the f-puzzles solver add-on reads
    it (rangsk's SudokuSolver, ``SolverUtility.DefaultRegions``: the rows for prime sizes;
    14x14, which f-puzzles leaves without boxes, still needs every cell's region)."""
    return size > 1 and all(size % k for k in range(2, math.isqrt(size) + 1))


def random_regions(size: int, rng: random.Random, swaps: int = 400) -> Regions:
    """Random connected regions of N cells: the default boxes after random cell swaps
    between neighbouring regions that keep both regions connected."""
    region = [0] * (size * size)
    for k, cells in enumerate(default_regions(size)):
        for c in cells:
            region[c] = k
    pairs = orthogonal_pairs(size)
    for _ in range(swaps):
        a, b = rng.choice(pairs)
        ra, rb = region[a], region[b]
        if ra == rb:
            continue
        others = [c for c in range(size * size) if region[c] == rb and c != b]
        rng.shuffle(others)
        for c in others:
            region[a], region[c] = rb, ra
            if _connected(region, ra, size) and _connected(region, rb, size):
                break
            region[a], region[c] = ra, rb
    groups: dict[int, list[int]] = {}
    for c, k in enumerate(region):
        groups.setdefault(k, []).append(c)
    return tuple(sorted(tuple(g) for g in groups.values()))


def _connected(region: list[int], k: int, size: int) -> bool:
    cells = {c for c, r in enumerate(region) if r == k}
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        r, col = divmod(c, size)
        for rr, cc in ((r + 1, col), (r - 1, col), (r, col + 1), (r, col - 1)):
            nb = rr * size + cc
            if 0 <= rr < size and 0 <= cc < size and nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


FAMILY = (Jigsaw,)
