"""What every constraint of the registry is: one f-puzzles key read into instances, and
each instance's clauses, CP-SAT statement, drawing, f-puzzles item and direct check.

A constraint family is one module of ``sudoku_sat/variants/constraints/``, holding one
:class:`Constraint` subclass per f-puzzles key (``key``) with everything about it, so
adding a constraint touches one file. The registry (``constraints.registry()``) finds
them by key. An instance is a frozen dataclass (puzzles are compared and hashed).

- ``read(item, reader)``: the instances of one f-puzzles item (a dict from the key's
  list; for a key whose value is not a list, ``read_value`` is overridden instead).
- ``clauses(b)``: CNF over the classic numbering x(c, d) = N*c + d (``b.x``), auxiliaries
  from ``b.fresh()``, so any solver's answer decodes.
- ``cpsat(m, x)``: the same rule stated again on CP-SAT's integer cell variables x, the
  independent oracle the tests compare the CNF against.
- ``holds(grid, n)``: whether a full grid satisfies the constraint, checked directly.
- ``draw(canvas)``: SVG elements, drawn as f-puzzles draws it.
- ``item(name)``: the f-puzzles item written back (``name(cell)`` gives ``R1C1``).
- ``sigh(name)``: the same constraint as sigh's solver reads it (the benchmark's peer).
- ``cells_named()``: the cells a step of ``explain`` names when this constraint forced it.
- ``make(solution, n, regions, rng)``: instances a full grid satisfies, drawn at random as
  a setter places them (``generate --rule``; the shapes they share: ``constraints/_making``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from ..grid import Clause, Grid

if TYPE_CHECKING:
    from .builder import Builder
    from .drawing import Canvas
    from .reading import Reader


class Constraint:
    """One instance of a constraint in a puzzle (subclasses are frozen dataclasses)."""

    key: ClassVar[str] = ""
    """The f-puzzles key (or the key setters' tools add)."""
    rule: ClassVar[str] = ""
    """The rule set's name as the CLI and ``rules_of`` say it (``little-killer``)."""
    outside: ClassVar[bool] = False
    """True for clues written outside the grid (the drawing widens its margin)."""
    on_top: ClassVar[bool] = False
    """True for marks drawn over the grid lines (a quadruple's circle on a corner)."""
    steps: ClassVar[bool] = False
    """True when its clauses use ``b.less``: a session's skeleton then holds the "a < b"
    selectors of neighbouring cells (the thermometers' steps)."""
    orders: ClassVar[bool] = False
    """True when its clauses use ``b.ge``: a session's skeleton then holds every cell's
    order literals."""

    @classmethod
    def pair_relations(cls, n: int) -> dict[int, dict[int, list[int]]]:
        """Symmetric relations (label -> digit -> the neighbour's digits that fit) its
        neighbouring cells usually keep, which a session's skeleton then holds for every
        two cells a king's move apart, behind a selector a pair (``b.related``)."""
        return {}

    cell_rule: ClassVar[bool] = False
    """True when its clauses are, cell by cell, the same in every puzzle
    (``cell_clauses``): a session's skeleton then holds them for every cell, behind one
    selector a cell (``b.cell_rule``)."""

    @classmethod
    def cell_clauses(cls, cell: int, n: int) -> list[Clause]:
        """The clauses it puts on one cell (``cell_rule``)."""
        raise NotImplementedError

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Instances of this constraint that the full grid ``solution`` (size n, regions
        its boxes or jigsaw pieces) satisfies, drawn at random, as a setter would place
        them: a few lines or clues, not every possible one (``generate --rule``). Every
        instance's ``holds(solution, n)`` is true; none when the grid offers none."""
        raise NotImplementedError

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        """Every instance under the key; by default value is a list of item objects."""
        if not isinstance(value, list) or not all(isinstance(i, dict) for i in value):
            raise reader.error("expected a list of objects")
        return [c for item in value for c in cls.read(item, reader)]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        raise NotImplementedError

    @classmethod
    def write_value(cls, instances: list[Constraint], name: Callable[[int], str]) -> Any:
        """The value written under the key for these instances (a list of items)."""
        return [c.item(name) for c in instances]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        raise NotImplementedError

    def clauses(self, b: Builder) -> Iterable[Clause]:
        raise NotImplementedError

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        raise NotImplementedError

    def holds(self, grid: Grid, n: int) -> bool:
        raise NotImplementedError

    def draw(self, canvas: Canvas) -> list[str]:
        raise NotImplementedError

    def sigh(self, name: Callable[[int], str]) -> str:
        """The constraint in the string format of sigh's Interactive-Sudoku-Solver (the
        variant peer of ``benchmarks/bench_variants.py``), e.g. ``.Renban~R1C1~R1C2``."""
        raise NotImplementedError

    def cells_named(self) -> tuple[int, ...]:
        """The grid cells this constraint is about (for messages and explanations)."""
        return ()
