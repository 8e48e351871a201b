"""The CNF of a puzzle with the origin of every clause: which rule instance made it (a
cell, a row, a column, a region, a constraint: a cage, a line, a dot, a global rule; a
given), so that an explanation can name the constraint that forced a step, with its
cells.

Cells, rows, columns and regions are written here, one origin each, with the same
clauses as ``encode`` (exactly one digit per cell; in each N-cell unit every digit at
least once and at most once); then each constraint's own clauses (``Constraint.clauses``
on a builder of the whole puzzle, auxiliaries numbered one after the other), the
redundant ``implied`` clauses left out. The union is the puzzle's formula up to the
numbering of auxiliaries; ``tests/test_difficulty_variants.py`` counts its solutions
against ``encode_variant``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations

from ..grid import Clause
from ..model.builder import DEFAULT_SUMS, Builder
from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from .constraints.jigsaw import Jigsaw

PIECE = Jigsaw.cell_key
"""What an explanation calls a jigsaw's irregular region ("region 3"): the word its cells
are read under, from the jigsaw's module (the key is written in one module)."""
STRUCTURE = ("cell", "row", "column", "box", PIECE)
"""The kinds of origin every Sudoku has; the others are the puzzle's own rules."""


@dataclass(frozen=True)
class Origin:
    """A rule instance: ``kind`` (cell, row, killer cage, thermometer, ...), a ``detail``
    (a cage's sum, a dot's value) and the cells it is about."""

    kind: str
    cells: tuple[int, ...] = ()
    detail: str = ""
    constraint: Constraint | None = field(default=None, compare=False)
    """The constraint instance it is, None for the structure and the givens."""

    @property
    def structural(self) -> bool:
        return self.kind in STRUCTURE


@dataclass(frozen=True)
class TaggedFormula:
    """The clauses, the number of variables, and each clause's origin (an index into
    ``origins``)."""

    size: int
    nvars: int
    clauses: list[Clause]
    origin_of: list[int]
    origins: list[Origin]


def origin_for(c: Constraint, size: int) -> Origin:
    """How an explanation names a constraint: its kind, cells and detail."""
    kind = c.label(size) if not c.cells_named() else (c.label_name or c.rule or c.key)
    return Origin(kind, c.cells_named(), c.detail(size), c)


def _units(puzzle: Puzzle) -> Iterator[Origin]:
    n = puzzle.size
    for r in range(n):
        yield Origin("row", tuple(r * n + c for c in range(n)), str(r + 1))
    for c in range(n):
        yield Origin("column", tuple(r * n + c for r in range(n)), str(c + 1))
    own = puzzle.own_regions
    kind = PIECE if own else "box"
    for k, region in enumerate(puzzle.regions):
        yield Origin(kind, region, str(k + 1))


def tagged_formula(puzzle: Puzzle, givens: bool = True) -> TaggedFormula:
    """The puzzle's clauses, each with its origin."""
    n = puzzle.size
    clauses: list[Clause] = []
    origin_of: list[int] = []
    origins: list[Origin] = []

    def add(origin: Origin, made: list[Clause]) -> None:
        if made:
            origins.append(origin)
            clauses.extend(made)
            origin_of.extend([len(origins) - 1] * len(made))

    digits = range(1, n + 1)
    for cell in range(puzzle.ncells):
        made = [[cell * n + d for d in digits]]
        made += [[-(cell * n + d), -(cell * n + e)] for d, e in combinations(digits, 2)]
        add(Origin("cell", (cell,)), made)
    for origin in _units(puzzle):
        add(origin, _group(n, origin.cells))
    b = Builder(puzzle, DEFAULT_SUMS)
    b.implied = False  # each constraint's own clauses: an explanation names its rules
    for constraint in puzzle.constraints:
        if constraint.regions() is None:  # a jigsaw's regions are the units above
            add(origin_for(constraint, n), list(constraint.clauses(b)))
    top = b.top
    if givens:
        for cell, d in enumerate(puzzle.grid):
            if d:
                add(Origin("given", (cell,), str(d)), [[cell * n + d]])
    return TaggedFormula(n, top, clauses, origin_of, origins)


def _group(n: int, cells: tuple[int, ...]) -> list[Clause]:
    out: list[Clause] = []
    for d in range(1, n + 1):
        out.append([c * n + d for c in cells])
        out.extend([-(a * n + d), -(c * n + d)] for a, c in combinations(cells, 2))
    return out
