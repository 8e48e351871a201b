"""The clues of a chaos construction (``chaos.py``), read off its unknown regions: sigh's
``ChaosArrow`` and ``ChaosCount`` (keys ``chaosarrow``, ``chaoscount`` of this project;
f-puzzles has neither). Both need the construction's region cells ``CC1`` ...

- **ChaosArrow**: a control cell's digit is the length of a run of one region: from a
  start cell along one arm or more, each run the cells in a row, from the start, in the
  start's region; over several arms the runs add up, the start counted once. sigh:
  ``.ChaosArrow~R1C2~~CC2~CC3~CC4`` (the control, an offset, then the arms' region
  cells, arms apart by ``-``, each beginning at the start), or ``.ChaosArrow~R3C1``:
  four arms from the control's own region cell to the grid's edges.
- **ChaosCount**: a control cell's digit is how many of the listed region cells lie in
  the first one's region (itself among them). sigh: ``.ChaosCount~R1C2~~CC2~CC1~CC7``,
  or ``.ChaosCount~R1C2``: the control's region cell and those of its 8 neighbours.

The offset is sigh's: empty or 0 counts the start (the first listed cell), 1 leaves it
out. A grid cell among the region cells stands for its own region cell, as sigh reads
it; on a shaped grid the arms and the neighbours are the shape's (its rows x cols, its
region cells in reading order). Shape:
``"chaosarrow": [{"cell": "R1C2", "offset": 0, "arms": [["CC2", "CC3"]]}]`` and
``"chaoscount": [{"cell": "R1C2", "offset": 0, "cells": ["CC2", "CC1"]}]``.

Clauses: same(s, c) <-> the start's and c's region cells hold one label
(``chaos_same.same_label``: one literal a pair for the whole formula); along an arm,
run(i) <-> run(i-1) and same(s, a_i); a sequential counter over those literals
(``_counting.at_least``), and the control's digit v <-> exactly v + offset - 1 of them
(the start is the one more). CP-SAT: the same as Booleans over label equalities, their
sum equal to the control's digit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._counting import control_counts
from .chaos import ChaosConstruction, label_cell, region_cells
from .chaos_same import same_label

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader

SEPARATOR = "-"
"""sigh's separator of an arrow's arms."""


def _dims(reader: Reader) -> tuple[int, int]:
    """The grid's rows and columns (a shaped grid's, ``Puzzle.rows``)."""
    return reader.shape if reader.shape[0] else (reader.size, reader.size)


def _region_cell(reader: Reader, name: str) -> int:
    """A region cell by its name, or a grid cell's region cell."""
    n, (rows, cols) = reader.size, _dims(reader)
    cell = reader.cell(name)
    if cell < n * n:
        return label_cell(n, cell, cols)
    if not n * n <= cell < n * n + rows * cols or not _constructed(reader):
        raise reader.error(f"{name} is no region cell of a chaos construction")
    return cell


def _constructed(reader: Reader) -> bool:
    """True when the puzzle read has a chaos construction's region cells."""
    return region_cells(reader.size).names()[0] in reader.extra


def _control(reader: Reader, name: Any) -> int:
    cell = reader.cell(name)
    if cell >= reader.size**2:
        raise reader.error(f"the control {name} is no grid cell")
    if not _constructed(reader):
        raise reader.error("needs a chaos construction (.ChaosConstruction)")
    return cell


def _offset(reader: Reader, value: Any) -> int:
    offset = reader.number(value) or 0
    if offset not in (0, 1):
        raise reader.error(f"offset {value!r}: 0 (count the first cell) or 1 (leave it out)")
    return offset


def _equal(m: Any, x: list[Any], a: int, c: int) -> Any:
    e = m.NewBoolVar("")
    m.Add(x[a] == x[c]).OnlyEnforceIf(e)
    m.Add(x[a] != x[c]).OnlyEnforceIf(e.Not())
    return e


@dataclass(frozen=True)
class _ChaosClue(Constraint):
    """A control cell and an offset over a chaos construction's region cells."""

    control: int
    offset: int
    outside: ClassVar[bool] = False
    layer = 2
    needs_cells_of = ChaosConstruction.key

    def cells_named(self) -> tuple[int, ...]:
        return (self.control,)

    def detail(self, size: int) -> str:
        return f"offset {self.offset}" if self.offset else ""

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.centre(self.control)
        return [tag("circle", cx=x, cy=y, r=CELL * 0.42, fill="none", stroke="#4060a0")]


@dataclass(frozen=True)
class ChaosArrow(_ChaosClue):
    """The control's digit is the length of a region's run along arms from a start."""

    arms: tuple[tuple[int, ...], ...] = ()
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the control's digit is the length, so
    from 0 its index is one more (sigh adds the value offset to its own)."""
    key = "chaosarrow"
    rule = "chaos-arrow"
    label_name = "chaos arrow"
    sigh_names = ("ChaosArrow",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if not args:
            raise reader.error("expected a control cell, an offset and arms")
        control = _control(reader, args[0])
        offset = _offset(reader, args[1] if len(args) > 1 else "")
        if len(args) <= 2:
            four = cls.four_arms(reader.size, control, _dims(reader))
            return [cls(control, offset, four, reader.low)]
        arms: list[list[str]] = [[]]
        for arg in args[2:]:
            if arg == SEPARATOR:
                arms.append([])
            else:
                arms[-1].append(arg)
        return [cls.of(reader, control, offset, arms)]

    @classmethod
    def of(cls, reader: Reader, control: int, offset: int, arms: Any) -> ChaosArrow:
        if (
            not isinstance(arms, list)
            or not arms
            or not all(isinstance(a, list) and a for a in arms)
        ):
            raise reader.error("expected arms of region cells, none empty")
        cells = tuple(tuple(_region_cell(reader, a) for a in arm) for arm in arms)
        if len({arm[0] for arm in cells}) != 1:
            raise reader.error("every arm begins at the same cell")
        return cls(control, offset, cells, reader.low)

    @staticmethod
    def four_arms(
        n: int, control: int, dims: tuple[int, int] = (0, 0)
    ) -> tuple[tuple[int, ...], ...]:
        """From the control's region cell to each edge of the grid (left, right, up,
        down, as sigh orders them; a shaped grid's rows x cols, ``dims``)."""
        rows, cols = dims if dims[0] else (n, n)
        r, c = divmod(control, n)
        lines = (
            [(r, cc) for cc in range(c, -1, -1)],
            [(r, cc) for cc in range(c, cols)],
            [(rr, c) for rr in range(r, -1, -1)],
            [(rr, c) for rr in range(r, rows)],
        )
        return tuple(tuple(rr * cols + cc + n * n for rr, cc in line) for line in lines)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        control = _control(reader, item.get("cell"))
        return [cls.of(reader, control, _offset(reader, item.get("offset")), item.get("arms"))]

    def item(self, name: Any) -> dict[str, Any]:
        arms = [[name(c) for c in arm] for arm in self.arms]
        return {"cell": name(self.control), "offset": self.offset, "arms": arms}

    def sigh(self, name: Any) -> str:
        arms = f"~{SEPARATOR}~".join("~".join(name(c) for c in arm) for arm in self.arms)
        return f".ChaosArrow~{name(self.control)}~{self.offset or ''}~{arms}"

    def runs(self, b: Builder) -> tuple[list[int], list[Clause]]:
        """The run literals of every arm (the start left out), and their clauses."""
        start = self.arms[0][0]
        lits: list[int] = []
        out: list[Clause] = []
        same: dict[int, int] = {}
        for arm in self.arms:
            before = 0
            for c in arm[1:]:
                if c not in same:
                    same[c] = same_label(b, start, c)
                run = b.fresh()
                out += [[-run, same[c]], [run, -same[c], *([-before] if before else [])]]
                if before:
                    out.append([-run, before])
                lits.append(run)
                before = run
        return lits, out

    def clauses(self, b: Builder) -> list[Clause]:
        lits, out = self.runs(b)
        return out + control_counts(b, self.control, lits, 2 - self.offset - self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        start = self.arms[0][0]
        runs = []
        for arm in self.arms:
            before = None
            for c in arm[1:]:
                run = m.NewBoolVar("")
                same = _equal(m, x, start, c)
                parts = [same] if before is None else [same, before]
                m.AddBoolAnd(parts).OnlyEnforceIf(run)
                m.AddBoolOr([p.Not() for p in parts]).OnlyEnforceIf(run.Not())
                runs.append(run)
                before = run
        m.Add(x[self.control] + self.low - 1 == 1 - self.offset + sum(runs))

    def holds(self, grid: Grid, n: int) -> bool:
        start = self.arms[0][0]
        length = 1
        for arm in self.arms:
            for c in arm[1:]:
                if grid[c] != grid[start]:
                    break
                length += 1
        return grid[self.control] + self.low - 1 == length - self.offset


@dataclass(frozen=True)
class ChaosCount(_ChaosClue):
    """The control's digit is how many listed region cells share the first's region."""

    cells: tuple[int, ...] = ()
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the control's digit is the count, so
    from 0 its index is one more (sigh adds the value offset to its own)."""
    key = "chaoscount"
    rule = "chaos-count"
    label_name = "chaos count"
    sigh_names = ("ChaosCount",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if not args:
            raise reader.error("expected a control cell, an offset and region cells")
        control = _control(reader, args[0])
        offset = _offset(reader, args[1] if len(args) > 1 else "")
        if len(args) <= 2:
            cells = cls.around(reader.size, control, _dims(reader))
            return [cls(control, offset, cells, reader.low)]
        return [cls.of(reader, control, offset, args[2:])]

    @classmethod
    def of(cls, reader: Reader, control: int, offset: int, names: Any) -> ChaosCount:
        if not isinstance(names, list) or not names:
            raise reader.error("expected a non-empty list of region cells")
        cells = tuple(_region_cell(reader, a) for a in names)
        if len(set(cells)) != len(cells):
            raise reader.error("a cell is listed twice")
        return cls(control, offset, cells, reader.low)

    @staticmethod
    def around(n: int, control: int, dims: tuple[int, int] = (0, 0)) -> tuple[int, ...]:
        """The control's region cell, then its neighbours' (up, down, left, right, then
        the corners, as sigh orders them; in a shaped grid's rows x cols, ``dims``)."""
        rows, cols = dims if dims[0] else (n, n)
        r, c = divmod(control, n)
        steps = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))
        return tuple(
            n * n + (r + dr) * cols + c + dc
            for dr, dc in steps
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        )

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        control = _control(reader, item.get("cell"))
        return [cls.of(reader, control, _offset(reader, item.get("offset")), item.get("cells"))]

    def item(self, name: Any) -> dict[str, Any]:
        cells = [name(c) for c in self.cells]
        return {"cell": name(self.control), "offset": self.offset, "cells": cells}

    def sigh(self, name: Any) -> str:
        cells = "~".join(name(c) for c in self.cells)
        return f".ChaosCount~{name(self.control)}~{self.offset or ''}~{cells}"

    def clauses(self, b: Builder) -> list[Clause]:
        first = self.cells[0]
        lits: list[int] = []
        out: list[Clause] = []
        for c in self.cells[1:]:
            lits.append(same_label(b, first, c))
        return out + control_counts(b, self.control, lits, 2 - self.offset - self.low)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        first = self.cells[0]
        same = [_equal(m, x, first, c) for c in self.cells[1:]]
        m.Add(x[self.control] + self.low - 1 == 1 - self.offset + sum(same))

    def holds(self, grid: Grid, n: int) -> bool:
        count = sum(grid[c] == grid[self.cells[0]] for c in self.cells)
        return grid[self.control] + self.low - 1 == count - self.offset


FAMILY = (ChaosArrow, ChaosCount)
