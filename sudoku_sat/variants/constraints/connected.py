"""Connected values (key ``connectedvalues``, a key of this project: f-puzzles has none and
ignores it): the cells of the grid holding any of the ``values`` form one orthogonally
connected region (the odd digits of "Odd Blockade Runners"), of exactly ``size`` cells
when a size is given. The meaning is sigh's ConnectedValues over the grid ("the cells
... which contain any of the values must form a single orthogonally-connected region";
its handler: a non-empty region); sigh's cell groups of variable cells are not read.
Every row holds each digit once, so the region has k·N cells for k values: a size is
either that (it says nothing) or no grid has it.

Shape: ``"connectedvalues": [{"values": [1, 3, 5, 7, 9]}]``, optional ``"size"``. sigh:
``.ConnectedValues~~1_3_5_7_9`` (an empty group: the grid), ``~SIZE`` after the values.

Clauses: in(c) ↔ the cell holds one of the values; the region's root is its first cell in
reading order, ρ(c) ↔ in(c) ∧ no earlier cell in, always in the first row (which holds
every digit: ρ is only written there); r(c,j) "c is in the region and at most j
steps from the root through it", j = 0..K with K = k·N - 1 (the longest path a region of
k·N cells has): r(c,0) ↔ ρ(c), r(c,j) → in(c), r(c,j) → r(c,j-1) ∨ some neighbour's
r(e,j-1), r(c,j-1) → r(c,j); and in(c) → r(c,K): each cell of the region reached. The
CP-SAT statement is another encoding: each cell's distance from the root through the
region as an integer, the root 0, a cell of the region one more than its nearest
neighbour's (``AddMinEquality``), a cell outside N², every cell of the region below N²
(the shortest distances are the one fixed point, so every variable is fixed by the
grid); the direct check is a breadth-first search.

On a shaped grid (``Puzzle.rows``: a 6x6 of 9 digits) a row need not hold a value, so the
region is among the grid's cells only, its root may be any of them, some cell is in it
(sigh's region is not empty), its paths run up to all its cells, and a size is counted
(``_counting.at_least``; CP-SAT: a sum). Made as a setter picks the digits:
sets of ⌈N/2⌉ or more digits whose cells are connected on the solution.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions, neighbours
from ...model.reading import Reader
from ._counting import at_least
from ._line import never


def connected(cells: set[int], n: int) -> bool:
    """Whether the cells form one non-empty orthogonally connected region (a search)."""
    if not cells:
        return False
    seen, todo = {min(cells)}, [min(cells)]
    while todo:
        for e in neighbours(n, todo.pop(), diagonal=False):
            if e in cells and e not in seen:
                seen.add(e)
                todo.append(e)
    return seen == cells


@dataclass(frozen=True)
class ConnectedValues(Constraint):
    """The cells holding the values form one connected region."""

    values: tuple[int, ...]
    """The digits' indexes 1..N (``Puzzle.low``)."""
    size: int | None = None
    low: int = field(default=1, repr=False)
    """The puzzle's first digit: the digits written back from it."""
    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``): the region among its
    cells only."""
    key = "connectedvalues"
    rule = "connected-values"
    label_name = "connected values"
    sigh_names = ("ConnectedValues",)
    from_zero = True
    any_shape = True

    @classmethod
    def checked(cls, values: list[int], size: int | None, reader: Reader) -> ConnectedValues:
        low, top = reader.low, reader.low + reader.size - 1
        if not values or any(not low <= v <= top for v in values):
            raise reader.error(f"connected values are one or more digits {low}..{top}")
        if size is not None and size < 1:
            raise reader.error("a region's size is at least 1")
        return cls(tuple(sorted({v - low + 1 for v in values})), size, low, reader.shape)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        values = item.get("values")
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values
        ):
            raise reader.error("expected 'values', a list of digits")
        return [cls.checked(values, reader.number(item.get("size")), reader)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if len(args) not in (2, 3) or args[0]:
            raise reader.error("ConnectedValues of the grid: an empty group, values, a size")
        values = [reader.required(v) for v in args[1].replace(",", "_").split("_")]
        size = reader.number(args[2]) if len(args) == 3 else None
        return [cls.checked(values, size, reader)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"values": list(self.written())}
        if self.size is not None:
            out["size"] = self.size
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        size = "" if self.size is None else f"~{self.size}"
        return ".ConnectedValues~~" + "_".join(map(str, self.written())) + size

    def written(self) -> tuple[int, ...]:
        """The digits themselves (``values`` are their indexes)."""
        return tuple(d + self.low - 1 for d in self.values)

    def detail(self, size: int) -> str:
        return ",".join(map(str, self.written()))

    def region_size(self, n: int) -> int:
        """The cells the region has on every grid: k·N."""
        return len(self.values) * n

    def layout(self, n: int) -> tuple[list[int], list[int], int]:
        """(the grid's cells, those the region's first cell may be, the most cells the
        region has): an N x N grid's region starts in the first row and has k·N cells;
        a shaped grid's lines hold some digits, so its region starts anywhere and has
        up to all its cells (``size`` when given)."""
        if not self.shape[0]:
            return list(range(n * n)), list(range(n)), self.region_size(n)
        rows, cols = self.shape
        cells = [r * n + c for r in range(rows) for c in range(cols)]
        return cells, cells, len(cells) if self.size is None else self.size

    def impossible(self, n: int) -> bool:
        """Whether no grid holds a region of the given size."""
        if self.size is None:
            return False
        if not self.shape[0]:
            return self.size != self.region_size(n)
        return self.size > self.shape[0] * self.shape[1]

    def clauses(self, b: Builder) -> list[Clause]:
        n = b.n
        cells, starts, most = self.layout(n)
        if self.impossible(n):
            return never(b)
        inside = {c: b.fresh() for c in cells}
        out: list[Clause] = []
        for c in cells:
            held = [b.x(c, v) for v in self.values]
            out.append([-inside[c], *held])
            out += [[-lit, inside[c]] for lit in held]
        root = {c: b.fresh() for c in starts}
        for k, c in enumerate(starts):
            out.append([-root[c], inside[c]])
            out += [[-root[c], -inside[e]] for e in cells[:k]]
            out.append([-inside[c], *(inside[e] for e in cells[:k]), root[c]])
        if self.shape[0]:
            out.append(list(inside.values()))  # sigh's region is not empty
            if self.size is not None:
                at, counted = at_least(b, list(inside.values()), self.size)
                out += counted + [[at[self.size]]]
                out += [[-at[self.size + 1]]] if self.size + 1 in at else []
        reach = [root]
        for _ in range(most - 1):
            last, here = reach[-1], {c: b.fresh() for c in cells}
            for c in cells:
                near = [last[e] for e in (c, *neighbours(n, c, diagonal=False)) if e in last]
                out += [[-here[c], inside[c]], [-here[c], *near]]
                if c in last:
                    out.append([-last[c], here[c]])
            reach.append(here)
        out += [[-inside[c], reach[-1][c]] for c in cells]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        from ortools.sat.python import cp_model

        cells, starts, _ = self.layout(n)
        far, first = len(cells), set(starts)
        if self.impossible(n):
            m.AddBoolOr([])
            return
        inside = {c: m.NewBoolVar("") for c in cells}
        allowed = cp_model.Domain.FromValues(list(self.values))
        others = cp_model.Domain.FromValues([d for d in range(1, n + 1) if d not in self.values])
        distance = {c: m.NewIntVar(0, far, "") for c in cells}
        for c in cells:
            m.AddLinearExpressionInDomain(x[c], allowed).OnlyEnforceIf(inside[c])
            if len(self.values) < n:
                m.AddLinearExpressionInDomain(x[c], others).OnlyEnforceIf(inside[c].Not())
            else:
                m.Add(inside[c] == 1)
        if self.shape[0]:
            m.AddBoolOr(list(inside.values()))
            if self.size is not None:
                m.Add(sum(inside.values()) == self.size)
        for k, c in enumerate(cells):
            root = m.NewBoolVar("")
            if c not in first:  # the first row holds every digit: the region starts there
                m.Add(root == 0)
            else:
                before = [inside[c], *(inside[e].Not() for e in cells[:k])]
                m.AddBoolAnd(before).OnlyEnforceIf(root)
                m.AddBoolOr([f.Not() for f in before]).OnlyEnforceIf(root.Not())
            nearest = m.NewIntVar(1, far, "")
            near = [distance[e] + 1 for e in neighbours(n, c, diagonal=False) if e in distance]
            m.AddMinEquality(nearest, [far, *near])
            m.Add(distance[c] == 0).OnlyEnforceIf(root)
            m.Add(distance[c] == nearest).OnlyEnforceIf([inside[c], root.Not()])
            m.Add(distance[c] == far).OnlyEnforceIf(inside[c].Not())
            m.Add(distance[c] < far).OnlyEnforceIf(inside[c])

    def holds(self, grid: Grid, n: int) -> bool:
        cells = {c for c in self.layout(n)[0] if grid[c] in self.values}
        return connected(cells, n) and (self.size is None or len(cells) == self.size)

    def draw(self, canvas: Canvas) -> list[str]:
        return []

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """The first set of digits found connected on the solution, the fewest digits
        first from ⌈N/2⌉ up, in random order within a count."""
        digits = range(1, size + 1)
        for k in range((size + 1) // 2, size):
            sets = list(combinations(digits, k))
            rng.shuffle(sets)
            for values in sets:
                if connected({c for c in range(size * size) if solution[c] in values}, size):
                    return [cls(values)]
        return []


FAMILY = (ConnectedValues,)
