"""Marks between two orthogonal neighbours (kropki dots, X and V) and their negative
constraint. A mark holds a relation with a value (``fits``: the digit pairs it allows);
a family of marks (``Mark`` subclasses: white and black dots, XV) may be "all given"
(f-puzzles ``negative``: a list of mark keys), and then a pair of neighbours with no
mark of that family does not keep the relation, for any value the puzzle's marks of
that kind carry, or the kind's defaults when it has none (XV: always X and V). That is
the reading of the f-puzzles solver add-on (rangsk's SudokuSolver, ``SolverFactory.cs``:
one ``neg`` ratio per value of the puzzle's ratio dots, ``neg2`` when it has none). A
pair carrying a white or a black dot is exempt from both kropki negatives (a 1-2 pair may
carry either dot).

In a session, the marks of a kind's default values and the negatives of the default
values are the skeleton's relation selectors (``Constraint.pair_relations``), assumed
for each marked or unmarked pair: no clause per puzzle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder, relation
from ...model.constraint import Constraint
from ...model.geometry import Pair, cell_name, in_shape, orthogonal_pairs
from ...model.reading import Reader
from ._index import MARKS

ORTHOGONAL = ((0, 1), (1, 0))
"""The moves from a cell to its right and lower neighbours: the pairs a mark joins."""


@dataclass(frozen=True)
class Mark(Constraint):
    """A mark on the border of two orthogonal neighbours (a < b) with its value."""

    cells: Pair
    value: int
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the relation holds between the digits,
    not their indexes 1..N; from 0 its clauses are its own, not the skeleton's."""
    family: ClassVar[str] = ""
    """Marks of one family are exempt from each other's negatives (kropki's white and
    black dots)."""
    defaults: ClassVar[tuple[int, ...]] = ()
    """The values a negative excludes when the puzzle has no mark of the kind."""
    strict: ClassVar[str] = ""
    """sigh's name of the family's negative (``StrictKropki``)."""
    pair_moves = ORTHOGONAL
    own_values: ClassVar[bool] = True
    """True when a negative excludes the values the puzzle's marks of the kind carry
    (kropki); False when it always excludes the defaults (X and V)."""
    layer = 2
    shared = False

    @staticmethod
    def fits(value: int, d: int, e: int) -> bool:
        """True when digits d and e keep the relation of this value."""
        raise NotImplementedError

    @classmethod
    def relation(cls, n: int, values: tuple[int, ...]) -> dict[int, list[int]]:
        """digit -> the neighbour's digits that keep the relation for one of values."""
        return _relation(cls.key, n, values)

    @classmethod
    def kinds(cls) -> dict[str, type[Mark]]:
        """Every kind of mark, by its f-puzzles key: the modules of the kinds imported
        first (the readers import only the modules a puzzle names), each class's
        subclasses taken module by module in name order, so that the order is the same
        whichever module came first."""
        for module in dict.fromkeys(MARKS.values()):
            importlib.import_module(f"{__package__}.{module}")
        out: dict[str, type[Mark]] = {}
        todo = _by_module(cls.__subclasses__())
        while todo:
            kind = todo.pop()
            todo += _by_module(kind.__subclasses__())
            if kind.key:
                out[kind.key] = kind
        return out

    @classmethod
    def pair_relations(cls, n: int) -> dict[Any, dict[int, list[int]]]:
        return {v: cls.relation(n, (v,)) for v in cls.defaults}

    @classmethod
    def pair_group(cls) -> tuple[type[Constraint], ...]:
        return marks_and_negatives()

    @classmethod
    def sigh_pairs(cls, args: list[str], reader: Reader) -> list[dict[str, Any]]:
        """The items of the pairs of a mark over sigh's cells: each cell, in order, with
        each orthogonal neighbour listed after it (two cells: their pair)."""
        cells = reader.cells(args, 2)
        n = reader.size
        out = []
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if abs(a - b) == n or (abs(a - b) == 1 and a // n == b // n):
                    out.append({"cells": [cell_name(n, a), cell_name(n, b)]})
        if not out:
            raise reader.error("no two of the cells are neighbours")
        return out

    @classmethod
    def pair(cls, item: dict[str, Any], reader: Reader) -> Pair:
        """The two neighbours an item's ``cells`` name, in order."""
        cells = reader.cells(item.get("cells"))
        n = reader.size
        if len(cells) != 2:
            raise reader.error("a mark joins exactly two cells")
        a, b = sorted(cells)
        if b - a not in (1, n) or (b - a == 1 and b % n == 0):
            raise reader.error(f"{cell_name(n, a)} and {cell_name(n, b)} are not neighbours")
        return a, b

    def clauses(self, b: Builder) -> list[Clause]:
        a, c = self.cells
        fits = _relation(self.key, b.n, (self.value,), self.low)
        if self.low != 1:
            return relation(b, a, c, fits)
        return b.related((type(self), self.value), a, c, fits)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        a, b = self.cells
        digits, s = range(1, n + 1), self.low - 1
        allowed = [(d, e) for d in digits for e in digits if self.fits(self.value, d + s, e + s)]
        m.AddAllowedAssignments([x[a], x[b]], allowed)

    def holds(self, grid: Grid, n: int) -> bool:
        a, b = self.cells
        s = self.low - 1
        return self.fits(self.value, grid[a] + s, grid[b] + s)

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    def detail(self, size: int) -> str:
        return str(self.value)

    def midpoint(self, canvas: Any) -> tuple[float, float]:
        (x1, y1), (x2, y2) = (canvas.centre(k) for k in self.cells)
        return (x1 + x2) / 2, (y1 + y2) / 2


@cache
def _relation(key: str, n: int, values: tuple[int, ...], low: int = 1) -> dict[int, list[int]]:
    """index -> the neighbour's indexes whose digits (from low) keep one of values."""
    kind, s = Mark.kinds()[key], low - 1
    digits = range(1, n + 1)
    return {
        d: [e for e in digits if any(kind.fits(v, d + s, e + s) for v in values)] for d in digits
    }


@dataclass(frozen=True)
class Negative(Constraint):
    """No pair of orthogonal neighbours without a mark of the kind's family keeps the
    kind's relation for any of ``values`` (filled in by ``settle``)."""

    kind: str
    values: tuple[int, ...] = ()
    marked: frozenset[Pair] = frozenset()
    beside: frozenset[str] = frozenset()
    """The kinds whose negatives the puzzle has too (filled in by ``settle``): sigh states
    the negatives of a family's kinds together (``StrictKropki``: both dots) or none."""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit, as the marks' (``Mark.low``)."""
    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``): its pairs only."""
    key = "negative"
    rule = ""
    sigh_names = ("StrictKropki", "StrictXV")
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.StrictKropki``: both kropki negatives (sigh's is one rule for both dots);
        ``.StrictXV``: XV's."""
        if args:
            raise reader.error("takes no arguments")
        kinds = Mark.kinds().items()
        return [
            cls(key, low=reader.low, shape=reader.shape)
            for key, kind in kinds
            if kind.strict == name
        ]

    shared = False
    pair_moves = ORTHOGONAL

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        kinds = Mark.kinds()
        if not isinstance(value, list) or not all(isinstance(k, str) and k in kinds for k in value):
            raise reader.error(f"expected a list drawn from {', '.join(sorted(kinds))}")
        return [cls(k) for k in dict.fromkeys(value)]

    @classmethod
    def write_value(cls, instances: list[Constraint], name: Callable[[int], str]) -> Any:
        return [c.kind for c in instances if isinstance(c, Negative)]

    @property
    def mark(self) -> type[Mark]:
        return Mark.kinds()[self.kind]

    def rule_of(self) -> str:
        return self.mark.rule

    def label(self, size: int) -> str:
        return f"no {self.mark.label_name or self.mark.rule} elsewhere"

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        marks = [c for c in others if isinstance(c, Mark)]
        mark = self.mark
        values = sorted({c.value for c in marks if type(c) is mark and mark.own_values})
        marked = frozenset(c.cells for c in marks if c.family == mark.family)
        beside = frozenset(c.kind for c in others if isinstance(c, Negative))
        values_ = tuple(values) or mark.defaults
        return Negative(self.kind, values_, marked, beside, self.low, self.shape)

    @classmethod
    def pair_relations(cls, n: int) -> dict[Any, dict[int, list[int]]]:
        return {k: _unlike(k, n, kind.defaults) for k, kind in Mark.kinds().items()}

    @classmethod
    def pair_group(cls) -> tuple[type[Constraint], ...]:
        return marks_and_negatives()

    def pairs(self, n: int) -> list[Pair]:
        return [
            p for p in orthogonal_pairs(n) if p not in self.marked and in_shape(n, self.shape, *p)
        ]

    def clauses(self, b: Builder) -> list[Clause]:
        fits = _unlike(self.kind, b.n, self.values, self.low)
        if self.values == self.mark.defaults and self.low == 1 and not self.shape[0]:
            return [
                c for a, d in self.pairs(b.n) for c in b.related((Negative, self.kind), a, d, fits)
            ]
        return [c for a, d in self.pairs(b.n) for c in relation(b, a, d, fits)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        digits, s = range(1, n + 1), self.low - 1
        fits = self.mark.fits
        banned = [
            (d, e)
            for d in digits
            for e in digits
            if any(fits(v, d + s, e + s) for v in self.values)
        ]
        for a, c in self.pairs(n):
            m.AddForbiddenAssignments([x[a], x[c]], banned)

    def holds(self, grid: Grid, n: int) -> bool:
        fits, s = self.mark.fits, self.low - 1
        return not any(
            any(fits(v, grid[a] + s, grid[c] + s) for v in self.values) for a, c in self.pairs(n)
        )

    def draw(self, canvas: Any) -> list[str]:
        return []

    def sigh(self, name: Callable[[int], str]) -> str:
        if self.values != self.mark.defaults:
            raise NotImplementedError(f"sigh's {self.mark.strict} excludes {self.mark.defaults}")
        together = {k for k, kind in Mark.kinds().items() if kind.strict == self.mark.strict}
        if not together <= self.beside | {self.kind}:
            raise NotImplementedError(
                f"sigh's {self.mark.strict} is the negative of {' and '.join(sorted(together))}"
                " together"
            )
        return f".{self.mark.strict}"


def _by_module(kinds: list[type[Mark]]) -> list[type[Mark]]:
    """kinds in the order of their modules' names, a module's in its own order."""
    return sorted(kinds, key=lambda kind: kind.__module__)


def marks_and_negatives() -> tuple[type[Constraint], ...]:
    """Every kind of mark and the negative: a session's skeleton holds the relations of
    all of them for any puzzle with one (one skeleton for every puzzle with marks, as the
    single block of pair selectors before the registry held them)."""
    return (*Mark.kinds().values(), Negative)


@cache
def _unlike(key: str, n: int, values: tuple[int, ...], low: int = 1) -> dict[int, list[int]]:
    """index -> the neighbour's indexes whose digits (from low) keep none of the relations
    of values (of the mark kind of that key)."""
    kind, s = Mark.kinds()[key], low - 1
    digits = range(1, n + 1)
    return {
        d: [e for e in digits if not any(kind.fits(v, d + s, e + s) for v in values)]
        for d in digits
    }


FAMILY = (Negative,)
