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
  y(., k, d), for propagation; the same-region literals, pairs within reach and
  triples too far apart (``chaos_same.py``);
- connected (``connected``): r(c,k,t) "c is in region k, at most t steps from k's
  first cell through k": r(c,k,0) <-> c is k's first cell (L(c,k) and not e(c-1,k));
  r(c,k,t) -> L(c,k); r(c,k,t) -> r(c,k,t-1) or r(m,k,t-1) for a neighbour m;
  L(c,k) -> r(c,k,N-1). A first cell a region and every cell of it reaching that one
  through the region make each region connected. Also, redundant: a cell has a
  neighbour of its region, and cells more than N-1 steps apart share none; by cell c
  at least (c+1)/N regions have appeared (rounded up), at most c+1, region k only
  after region k-1 (e(c,k) -> e(c,k-1)): units that bound where each first cell can be.

Connection, measured on the 15 real puzzles (tests/data/extra/chaos.jsonl; Glucose 4, a
solver of each puzzle's own, to 2 solutions; conflicts, which the machine's load does not
change; /tmp scripts of 2026-12-03 15:30-16:05 UTC, load 2-5 on the 2 cores):

- these per-label layers: 490,000 conflicts in all, 62 s CPU under load 4-5 (the
  hardest three, "9", "12", "14" of the file, 67k, 133k, 203k; "11" 9,900);
- the layers before them, one r(c,t) a cell whatever its label, through same(c,m)
  (c and m hold one label) and a helper a neighbour: 1,200,000 conflicts, 121 s
  under load 2 ("11" alone 602,000 conflicts, 64 s; "12" 225k): the label of a step
  was found only through same(c,m), so a cell's label did not prune its region's
  layers;
- the per-label layers without same(c,m) (two neighbours of one region hold other
  digits, which the region's (k, d) pairs already say): "9" 77k, "12" 113k, "14" past
  200 s (20 s with them): not kept;
- the per-label layers with r(c,k,t-1) -> r(c,k,t) too: the same 490,000 conflicts
  (9 and 12 fewer, 14 more), 6% more clauses: not kept;
- no connection in the CNF at all, the classic lazy loop instead (solve; each
  component S of a label with fewer than N cells, for every label k: some cell of S
  is not k or a cell beside S is k; solve again): 112 s and 456,000 conflicts on "2"
  alone against 6 s with the old layers (5 rounds, 297 cuts), 16 s on "4" against 3 s:
  the solver wanders among disconnected regions that a few cuts do not forbid; stopped
  there;
- a representative for each cell instead of the labels' layers (R(c,r): c's region's
  first cell is r, r <= c and within N-1 steps; layers from each r over the cells after
  it within reach; R tied to the labels, r a first cell): "9" 107k against 67k; beside
  the first-cell bounds "9" 65k, "12" 319k, "14" 164k against 34k, 96k, 210k on the
  labels' layers with them; with each representative's (r, d) pairs too "9" 499k (2026-12-04,
  /tmp scripts): not kept;
- other PySAT solvers: on the old layers ("2", "4", "9", "12", "14") CaDiCaL 1.5.3 and
  1.9.5 1.0-1.8x Glucose 4's time, MapleChrono 6-7x; on these layers ("9", "12",
  "14", in turn, load 5-6) CaDiCaL 1.9.5 55 s and Glucose 3 54 s against Glucose 4's
  53 s, MiniSat 2.2 85 s on the first two alone; again on 2026-12-04 (load 2-3):
  CaDiCaL 1.9.5 99k, 162k, 169k conflicts (36.0 s), CaDiCaL 3.0.0 129k, 195k, 224k
  (53.0 s), MapleCM 101k, 165k on the first two (78 s) against Glucose 4's 67k, 133k,
  203k (35.3 s); Kissat 4.0.4 is not incremental in PySAT (a count needs a second
  call): Glucose 4 stays. Since the shared same-region literals (``chaos_same.py``)
  the 15 take 140,000 conflicts.

At 9x9: 185,312 clauses (68,366 before ``chaos_same.py``). CP-SAT states it apart: a
bool a label and a digit, ``AddExactlyOne`` of their conjunctions for each (k, d), the
running maximum of the labels for the order, and each cell's distance from its region's
first cell through the region: 0 there, elsewhere one more than the least of its
neighbours' in its region (that system has one solution, which exists only when every
region is connected, so each helper is a function of the cells, as CP-SAT's
enumeration needs); and ``chaos_same.cpsat_pairs`` (a made 8x8 puzzle counted in
22.8 s, past 60 s without it; the running maximum bounded below by (c+1)/N as well:
52.1 s against 44.6 s in turn, load 5, not kept). The direct check
reads the labels, checks their order, and checks each region's size, digits and
connection by a breadth-first search.

On a shaped grid (``Puzzle.rows``: ``.Shape~6x8``, ``2x3~4``), as sigh has it (its
construction needs a sudoku grid, not a square one): the region cells are the shape's
cells in reading order (``CC1`` ... ``CC48``, laid out in its columns); a region has
sigh's region size (``RegionSize``, else the longer side: ``region``), the labels run
1..R for the R regions that tile the grid (InputError, as sigh refuses it, for a size
that does not), and a region's digits all differ: every digit once when it has N cells,
else at most one cell a (label, digit) and at most ``region`` cells a label (a
sequential counter, ``_counting.at_least``; CP-SAT: a sum), which the regions filling
the grid make exactly that many; the connection is the same, to ``region`` - 1 steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...errors import InputError
from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.extra import ExtraCells
from ..sums import at_most_one
from ._counting import at_least
from ._global import GlobalRule
from .chaos_same import box_clauses, cpsat_pairs, neighbour_clauses, pair_clauses
from .global_entropy import read_flag
from .region_size import RegionSize

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

PREFIX = "CC"
"""The head of the region cells' names, as sigh names them."""


def region_cells(size: int, shape: tuple[int, int] = (0, 0)) -> ExtraCells:
    """The group of region cells of a chaos construction on a grid of size N (of a
    shaped grid's rows x cols, laid out in its columns, as sigh has them)."""
    rows, cols = shape if shape[0] else (size, size)
    return ExtraCells(PREFIX, rows * cols, "Chaos regions", cols, ChaosConstruction.key)


def label_cell(n: int, cell: int, cols: int = 0) -> int:
    """The region cell of a grid cell (they come first after the grid's, in the grid's
    reading order: a shaped grid's ``cols`` columns)."""
    return n * n + (cell // n) * (cols or n) + cell % n


def orthogonal(n: int, cell: int, rows: int = 0, cols: int = 0) -> list[int]:
    """The cells orthogonally next to cell in reading order of an N x N grid, or of
    rows x cols (a shaped grid's places, its region cells' order)."""
    rows, cols = (rows, cols) if rows else (n, n)
    r, c = divmod(cell, cols)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * cols + cc for rr, cc in steps if 0 <= rr < rows and 0 <= cc < cols]


def connected(
    b: Builder, labs: list[list[int]], seen: list[list[int]], rows: int, cols: int, size: int
) -> list[Clause]:
    """Every region reached from its first cell through itself within size - 1 steps:
    r(c,k,t) "cell c is in region k, at most t steps from k's first cell, through k";
    labs[c][k-1] is L(c,k), seen[c][k] "region k has appeared by c" (rows x cols in
    reading order)."""
    out: list[Clause] = []
    labels = range(len(labs[0]))
    reach = [[[b.fresh() for _ in range(size)] for _ in labels] for _ in labs]
    for c, row in enumerate(reach):
        near = orthogonal(0, c, rows, cols)
        for k, layers in enumerate(row):
            lab, root = labs[c][k], layers[0]
            if c:  # r(c,k,0) <-> c is k's first cell
                before = seen[c - 1][k + 1]
                out += [[-root, lab], [-root, -before], [root, -lab, before]]
            else:
                out += [[-root, lab], [root, -lab]]
            for t in range(1, size):
                step = layers[t]
                out.append([-step, lab])
                out.append([-step, layers[t - 1], *(reach[m][k][t - 1] for m in near)])
            out.append([-lab, layers[size - 1]])
    return out


@dataclass(frozen=True)
class ChaosConstruction(GlobalRule):
    """The regions are unknowns: N connected regions of N cells, each with every digit
    (on a shaped grid: regions of ``region`` cells, all different)."""

    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``), (0, 0) for N x N."""
    region: int = field(default=0, repr=False)
    """The cells of a region: sigh's ``RegionSize`` (``settle``), else the longer side."""
    key = "chaosconstruction"
    rule = "chaos-construction"
    label_name = "chaos construction"
    sigh_name = "ChaosConstruction"
    sigh_names = ("ChaosConstruction",)
    sudoku_names = sigh_names
    from_zero = True  # its labels are equal or not: no shift of digits changes them
    any_shape = True
    skeleton = False

    @classmethod
    def cells_beyond(cls, size: int, shape: tuple[int, int] = (0, 0)) -> tuple[ExtraCells, ...]:
        return (region_cells(size, shape),)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return [cls(reader.shape) for _ in read_flag(cls, name, args, reader)]

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        """sigh's regions have ``RegionSize`` cells when it is given; InputError when
        they cannot tile the grid (sigh's solver refuses it too)."""
        sized = [c.cells for c in others if isinstance(c, RegionSize)]
        if not self.shape[0] or not sized or sized[0] == self.region:
            return self
        cells = self.shape[0] * self.shape[1]
        if sized[0] < 2 or cells % sized[0]:
            grid = "{}x{} grid".format(*self.shape)
            raise InputError(
                f"'ChaosConstruction': regions of {sized[0]} cells do not tile the {cells} "
                f"cells of the {grid}: sigh's solver refuses it too"
            )
        return replace(self, region=sized[0])

    def dims(self, n: int) -> tuple[int, int, int]:
        """(rows, columns, cells a region) of the grid."""
        rows, cols = self.shape if self.shape[0] else (n, n)
        return rows, cols, self.region or max(rows, cols)

    @classmethod
    def make(cls, solution: Grid, size: int, regions: Any, rng: Any) -> list[Constraint]:
        return []  # the regions are the grid's answer, not drawn from a solution

    def clauses(self, b: Builder) -> list[Clause]:
        n = b.n
        rows, cols, size = self.dims(n)
        cells, labels = range(rows * cols), range(1, rows * cols // size + 1)

        def lab(c: int, k: int) -> int:  # c: a place in the grid's reading order
            return b.x(n * n + c, k)

        def dig(c: int, d: int) -> int:
            return b.x((c // cols) * n + c % cols, d)

        out: list[Clause] = [[lab(0, 1)]]
        out += [[-lab(c, k)] for c in cells for k in b.digits() if k not in labels]
        seen: list[list[int]] = []  # seen[c][k]: region k has appeared by cell c
        for c in cells:
            row = [0] * (n + 1)
            for k in labels:
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
            if b.implied:  # at least (c+1)/size regions by c, at most c+1, in order
                out.append([row[-(-(c + 1) // size)]])
                out += [[-row[k]] for k in labels if k > c + 1]
                out += [[-row[k], row[k - 1]] for k in labels if k >= 2]
        for k in labels:
            for d in b.digits():
                ys = []
                for c in cells:
                    y = b.fresh()
                    ys.append(y)
                    out += [[-lab(c, k), -dig(c, d), y], [-y, lab(c, k)], [-y, dig(c, d)]]
                if size == n:  # every digit in every region
                    out.append(ys)
                out += at_most_one(b, ys)
            if size < n:  # at most size cells a region: all of them, as they fill the grid
                at, counted = at_least(b, [lab(c, k) for c in cells], size)
                out += counted + ([[-at[size + 1]]] if size + 1 in at else [])
        same, apart = pair_clauses(b, rows * cols, cols, size, b.implied)
        out += apart
        if b.implied:
            out += box_clauses(same, cols, size) + neighbour_clauses(same, len(cells), rows, cols)
        for c in cells:  # a cell has a neighbour of its region (regions of 2 cells or more)
            near = orthogonal(n, c, rows, cols)
            out += [[-lab(c, k), *(lab(m, k) for m in near)] for k in labels]
        for a in cells:  # cells more than size-1 steps apart share no region
            for c in range(a + 1, rows * cols):
                if abs(a // cols - c // cols) + abs(a % cols - c % cols) > size - 1:
                    out += [[-lab(a, k), -lab(c, k)] for k in labels]
        out += connected(b, [[lab(c, k) for k in labels] for c in cells], seen, rows, cols, size)
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        rows, cols, size = self.dims(n)
        cells, regions = range(rows * cols), rows * cols // size
        lab = [x[n * n + c] for c in cells]
        digit = [x[(c // cols) * n + c % cols] for c in cells]
        is_lab = [[m.NewConstant(0)] + [m.NewBoolVar("") for _ in range(n)] for _ in cells]
        is_dig = [[m.NewConstant(0)] + [m.NewBoolVar("") for _ in range(n)] for _ in cells]
        for c in cells:
            m.Add(lab[c] <= regions)
            for k in range(1, n + 1):
                m.Add(lab[c] == k).OnlyEnforceIf(is_lab[c][k])
                m.Add(lab[c] != k).OnlyEnforceIf(is_lab[c][k].Not())
                m.Add(digit[c] == k).OnlyEnforceIf(is_dig[c][k])
                m.Add(digit[c] != k).OnlyEnforceIf(is_dig[c][k].Not())
        for k in range(1, regions + 1):
            for d in range(1, n + 1):
                both = []
                for c in cells:
                    y = m.NewBoolVar("")
                    m.AddBoolAnd([is_lab[c][k], is_dig[c][d]]).OnlyEnforceIf(y)
                    m.AddBoolOr([is_lab[c][k].Not(), is_dig[c][d].Not()]).OnlyEnforceIf(y.Not())
                    both.append(y)
                (m.AddExactlyOne if size == n else m.AddAtMostOne)(both)
            m.Add(sum(is_lab[c][k] for c in cells) == size)
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
        cpsat_pairs(m, lab, digit, rows, cols, size)
        # dist: the steps from the region's first cell through the region, every helper a
        # function of the cells (CP-SAT enumerates its helpers too): 0 at the first cell,
        # else one more than the least of its neighbours' in the same region
        dist = [m.NewIntVar(0, size - 1, "") for _ in cells]
        for c in cells:
            m.Add(dist[c] == 0).OnlyEnforceIf(first[c])
            through = []
            for nb in orthogonal(n, c, rows, cols):
                same = m.NewBoolVar("")
                m.Add(lab[nb] == lab[c]).OnlyEnforceIf(same)
                m.Add(lab[nb] != lab[c]).OnlyEnforceIf(same.Not())
                d = m.NewIntVar(0, size, "")
                m.Add(d == dist[nb]).OnlyEnforceIf(same)
                m.Add(d == size).OnlyEnforceIf(same.Not())
                through.append(d)
            least = m.NewIntVar(0, size, "")
            m.AddMinEquality(least, through)
            m.Add(dist[c] == least + 1).OnlyEnforceIf(first[c].Not())

    def holds(self, grid: Grid, n: int) -> bool:
        rows, cols, size = self.dims(n)
        labels = [grid[n * n + c] for c in range(rows * cols)]
        digits = [grid[(c // cols) * n + c % cols] for c in range(rows * cols)]
        top = 0
        for k in labels:  # numbered in the order the regions first appear
            if k > top + 1:
                return False
            top = max(top, k)
        for k in range(1, rows * cols // size + 1):
            cells = [c for c, v in enumerate(labels) if v == k]
            if len(cells) != size or len({digits[c] for c in cells}) != size:
                return False
            reached, todo = {cells[0]}, [cells[0]]
            while todo:
                for nb in orthogonal(n, todo.pop(), rows, cols):
                    if labels[nb] == k and nb not in reached:
                        reached.add(nb)
                        todo.append(nb)
            if len(reached) != size:
                return False
        return top == rows * cols // size

    def draw(self, canvas: Canvas) -> list[str]:
        return []


FAMILY = (ChaosConstruction,)
