"""Chaos construction (sigh's ``ChaosConstruction``; key ``chaosconstruction``, a key of
this project: f-puzzles has none): the regions are not given but solved for. They are N
regions of N cells each, every region orthogonally connected and holding every digit
once. Usually beside ``NoBoxes`` (sigh's puzzles state it: the rows are then the only
other regions here).

The regions are cells beyond the grid (``model/extra.py``), as sigh has them: the
construction makes the group ``CC`` of N*N *region cells*, ``CC1`` for r1c1 ... in
reading order, each holding its grid cell's region label 1..N; other rules read them by
name (``.SameValues~3~CC19~CC10~CC11``: those three cells in one region;
``ChaosArrow``, ``ChaosCount``: ``chaos_clues.py``). Labels are numbered in the order
regions first appear in reading order (r1c1's region is 1, the next region met is 2,
...), so each partition is one solution, as sigh counts them (its canonical labelling).
``CC`` sorts before every ``Var`` group (``V...``): the region cells come right after
the grid's, at N*N + c.

Clauses, with L(c,k) the literal "cell c is in region k" (region cell c's digit k):

- canonical labels: L(0,1); e(c,k) <-> e(c-1,k) or L(c,k) ("region k has appeared by
  c"), and L(c,k) -> e(c-1,k-1) for k >= 2;
- every region holds every digit once: y(c,k,d) <- L(c,k) and x(c,d), and at most one
  cell of each (k, d) (a ladder, ``sums.at_most_one``); N*N cells on N*N pairs (k, d),
  so each pair is met once and each region has N cells; also y -> L, y -> x and one of
  y(., k, d), for propagation; and two neighbours in one region hold other digits;
- connected: reach(c,t) "c is at most t steps from its region's first cell, through its
  region": reach(c,0) -> c is the first cell of its region (L(c,k) and not e(c-1,k));
  reach(c,t) -> reach(c,t-1) or some neighbour m with reach(m,t-1) and same(c,m);
  same(c,m) -> L(c,k) <-> L(m,k); reach(c, N-1) for every c. One first cell a region and
  every cell reaching one through its own region make each region connected.

At 9x9: about 60,000 clauses. CP-SAT states it apart: a bool a label and a digit,
``AddExactlyOne`` of their conjunctions for each (k, d), the running maximum of the
labels for the order, and each cell's distance from its region's first cell through the
region: 0 there, elsewhere one more than the least of its neighbours' in its region
(that system has one solution, which exists only when every region is connected, so
each helper is a function of the cells, as CP-SAT's enumeration needs). The direct check
reads the labels, checks their order, and checks each region's size, digits and
connection by a breadth-first search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.extra import ExtraCells
from ..sums import at_most_one
from ._global import GlobalRule
from .global_entropy import read_flag

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

PREFIX = "CC"
"""The head of the region cells' names, as sigh names them."""


def region_cells(size: int) -> ExtraCells:
    """The group of region cells of a chaos construction on a grid of size N."""
    return ExtraCells(PREFIX, size * size, "Chaos regions", size, ChaosConstruction.key)


def label_cell(n: int, cell: int) -> int:
    """The region cell of a grid cell (they come first after the grid's)."""
    return n * n + cell


def orthogonal(n: int, cell: int) -> list[int]:
    """The grid cells orthogonally next to cell."""
    r, c = divmod(cell, n)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * n + cc for rr, cc in steps if 0 <= rr < n and 0 <= cc < n]


def same_region(b: Builder, a: int, c: int) -> tuple[int, list[Clause]]:
    """A literal s with s -> (a's region cell holds c's label), a and c region cells
    (or any two cells holding one digit each: s -> they hold the same digit)."""
    s = b.fresh()
    out = []
    for k in b.digits():
        out.append([-s, -b.x(a, k), b.x(c, k)])
        out.append([-s, -b.x(c, k), b.x(a, k)])
    return s, out


def same_exactly(b: Builder, a: int, c: int) -> tuple[int, list[Clause]]:
    """A literal s <-> cells a and c hold the same digit."""
    s, out = same_region(b, a, c)
    for k in b.digits():
        out.append([s, -b.x(a, k), -b.x(c, k)])
    return s, out


@dataclass(frozen=True)
class ChaosConstruction(GlobalRule):
    """The regions are unknowns: N connected regions of N cells, each with every digit."""

    key = "chaosconstruction"
    rule = "chaos-construction"
    label_name = "chaos construction"
    sigh_name = "ChaosConstruction"
    sigh_names = ("ChaosConstruction",)
    sudoku_names = sigh_names
    from_zero = True  # its labels are equal or not: no shift of digits changes them
    skeleton = False

    @classmethod
    def cells_beyond(cls, size: int) -> tuple[ExtraCells, ...]:
        return (region_cells(size),)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return read_flag(cls, name, args, reader)

    @classmethod
    def make(cls, solution: Grid, size: int, regions: Any, rng: Any) -> list[Constraint]:
        return []  # the regions are the grid's answer, not drawn from a solution

    def clauses(self, b: Builder) -> list[Clause]:
        n = b.n
        cells = range(n * n)

        def lab(c: int, k: int) -> int:
            return b.x(label_cell(n, c), k)

        out: list[Clause] = [[lab(0, 1)]]
        seen: list[list[int]] = []  # seen[c][k]: region k has appeared by cell c
        for c in cells:
            row = [0] * (n + 1)
            for k in b.digits():
                e = row[k] = b.fresh()
                out.append([-lab(c, k), e])
                if c:
                    before = seen[c - 1][k]
                    out += [[-before, e], [-e, before, lab(c, k)]]
                    if k >= 2:
                        out.append([-lab(c, k), seen[c - 1][k - 1]])
                else:
                    out.append([-e, lab(c, k)])
            seen.append(row)
        for k in b.digits():
            for d in b.digits():
                ys = []
                for c in cells:
                    y = b.fresh()
                    ys.append(y)
                    out += [[-lab(c, k), -b.x(c, d), y], [-y, lab(c, k)], [-y, b.x(c, d)]]
                out.append(ys)
                out += at_most_one(b, ys)
        same: dict[tuple[int, int], int] = {}
        for c in cells:
            for m in orthogonal(n, c):
                if c < m:
                    s, clauses = same_exactly(b, label_cell(n, c), label_cell(n, m))
                    same[(c, m)] = same[(m, c)] = s
                    out += clauses
                    out += [[-s, -b.x(c, d), -b.x(m, d)] for d in b.digits()]
        for c in cells:  # a cell has a neighbour of its region (regions of 2 cells or more)
            out += [[-lab(c, k), *(lab(m, k) for m in orthogonal(n, c))] for k in b.digits()]
        for a in cells:  # cells more than N-1 steps apart share no region
            for c in range(a + 1, n * n):
                if abs(a // n - c // n) + abs(a % n - c % n) > n - 1:
                    out += [[-lab(a, k), -lab(c, k)] for k in b.digits()]
        reach = [[b.fresh() for _ in range(n)] for _ in cells]
        for c in cells:
            firsts = []
            for k in b.digits():
                f = b.fresh()
                firsts.append(f)
                out.append([-f, lab(c, k)])
                if c:
                    out.append([-f, -seen[c - 1][k]])
            out.append([-reach[c][0], *firsts])
            for t in range(1, n):
                ways = []
                for m in orthogonal(n, c):
                    z = b.fresh()
                    ways.append(z)
                    out += [[-z, reach[m][t - 1]], [-z, same[(c, m)]]]
                out.append([-reach[c][t], reach[c][t - 1], *ways])
            out.append([reach[c][n - 1]])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        cells = range(n * n)
        lab = [x[label_cell(n, c)] for c in cells]
        is_lab = [[m.NewConstant(0)] + [m.NewBoolVar("") for _ in range(n)] for _ in cells]
        is_dig = [[m.NewConstant(0)] + [m.NewBoolVar("") for _ in range(n)] for _ in cells]
        for c in cells:
            for k in range(1, n + 1):
                m.Add(lab[c] == k).OnlyEnforceIf(is_lab[c][k])
                m.Add(lab[c] != k).OnlyEnforceIf(is_lab[c][k].Not())
                m.Add(x[c] == k).OnlyEnforceIf(is_dig[c][k])
                m.Add(x[c] != k).OnlyEnforceIf(is_dig[c][k].Not())
        for k in range(1, n + 1):
            for d in range(1, n + 1):
                both = []
                for c in cells:
                    y = m.NewBoolVar("")
                    m.AddBoolAnd([is_lab[c][k], is_dig[c][d]]).OnlyEnforceIf(y)
                    m.AddBoolOr([is_lab[c][k].Not(), is_dig[c][d].Not()]).OnlyEnforceIf(y.Not())
                    both.append(y)
                m.AddExactlyOne(both)
        m.Add(lab[0] == 1)
        top = [m.NewIntVar(1, n, "") for _ in cells]
        m.Add(top[0] == 1)
        first = [m.NewBoolVar("") for _ in cells]
        m.Add(first[0] == 1)
        for c in cells[1:]:
            m.AddMaxEquality(top[c], [top[c - 1], lab[c]])
            m.Add(lab[c] <= top[c - 1] + 1)
            m.Add(lab[c] == top[c - 1] + 1).OnlyEnforceIf(first[c])
            m.Add(lab[c] <= top[c - 1]).OnlyEnforceIf(first[c].Not())
        # dist: the steps from the region's first cell through the region, every helper a
        # function of the cells (CP-SAT enumerates its helpers too): 0 at the first cell,
        # else one more than the least of its neighbours' in the same region
        dist = [m.NewIntVar(0, n - 1, "") for _ in cells]
        for c in cells:
            m.Add(dist[c] == 0).OnlyEnforceIf(first[c])
            through = []
            for nb in orthogonal(n, c):
                same = m.NewBoolVar("")
                m.Add(lab[nb] == lab[c]).OnlyEnforceIf(same)
                m.Add(lab[nb] != lab[c]).OnlyEnforceIf(same.Not())
                d = m.NewIntVar(0, n, "")
                m.Add(d == dist[nb]).OnlyEnforceIf(same)
                m.Add(d == n).OnlyEnforceIf(same.Not())
                through.append(d)
            least = m.NewIntVar(0, n, "")
            m.AddMinEquality(least, through)
            m.Add(dist[c] == least + 1).OnlyEnforceIf(first[c].Not())

    def holds(self, grid: Grid, n: int) -> bool:
        labels = [grid[label_cell(n, c)] for c in range(n * n)]
        top = 0
        for k in labels:  # numbered in the order the regions first appear
            if k > top + 1:
                return False
            top = max(top, k)
        for k in range(1, n + 1):
            cells = [c for c, v in enumerate(labels) if v == k]
            if len(cells) != n or len({grid[c] for c in cells}) != n:
                return False
            reached, todo = {cells[0]}, [cells[0]]
            while todo:
                for nb in orthogonal(n, todo.pop()):
                    if labels[nb] == k and nb not in reached:
                        reached.add(nb)
                        todo.append(nb)
            if len(reached) != n:
                return False
        return True

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (ChaosConstruction,)
