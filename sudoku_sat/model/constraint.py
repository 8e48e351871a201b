"""What every rule of a puzzle is: one f-puzzles key read into instances, and each
instance's clauses, CP-SAT statement, direct check, drawing, f-puzzles item, sigh string,
the cells it names, and how puzzles with it are made.

A rule family is one module of ``sudoku_sat/variants/constraints/``, holding one
:class:`Constraint` subclass per f-puzzles key (``key``) with everything about it, so
adding or changing a rule touches one file; the global rules (diagonals, anti-knight, ...)
and the regions of a jigsaw are families like the others. The registry
(``constraints.registry()``) finds them by key. An instance is a frozen dataclass
(puzzles are compared and hashed).

- ``read(item, reader)``: the instances of one f-puzzles item (a dict from the key's
  list; for a key whose value is not a list, ``read_value`` is overridden instead; for
  data written in the grid's cells, ``cell_key`` and ``read_cells``).
- ``clauses(b)``: CNF over the classic numbering x(c, d) = N*c + d (``b.x``), auxiliaries
  from ``b.fresh()``, so any solver's answer decodes. ``skeleton`` rules (the global
  ones) are part of the clauses a session shares between puzzles; ``implied`` adds the
  redundant clauses a family's instances imply together (the law of 45 for cages).
- ``cpsat(m, x, n)``: the same rule stated again on CP-SAT's integer cell variables x,
  the independent oracle the tests compare the CNF against.
- ``holds(grid, n)``: whether a full grid satisfies the constraint, checked directly.
- ``draw(canvas)``: SVG elements, drawn as f-puzzles draws it.
- ``item(name)``: the f-puzzles item written back (``name(cell)`` gives ``R1C1``).
- ``sigh(name)``: the same constraint as sigh's solver reads it (the benchmark's peer);
  ``read_sigh(name, args, reader)`` reads it back, for the names in ``sigh_names``.
- ``cells_named()``: the cells a step of ``explain`` names when this constraint forced it;
  ``label(size)`` how a message names it ("killer cage 21 at r1c1-r1c3").
- ``make(solution, size, regions, rng)``: instances a full grid satisfies, drawn at random
  as a setter places them (``generate --rule``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from ..grid import Clause, Grid
from .builder import Builder
from .drawing import Canvas
from .extra import ExtraCells
from .geometry import KING, Regions, cell_name
from .reading import Reader


class Constraint:
    """One instance of a constraint in a puzzle (subclasses are frozen dataclasses)."""

    key: ClassVar[str] = ""
    """The f-puzzles key (or the key setters' tools add)."""
    rule: ClassVar[str] = ""
    """The rule set's name as the CLI and ``rules_of`` say it (``little-killer``)."""
    family_rule: ClassVar[str] = ""
    """A rule name that stands for this class and its siblings together (``x``: both
    diagonals), beside each one's own ``rule``."""
    outside: ClassVar[bool] = False
    """True for clues written outside the grid (the drawing widens its margin)."""
    layer: ClassVar[int] = 1
    """When it is drawn: 0 under the grid lines (shaded regions, odd and even cells), 1
    with the lines (thermometers, arrows, lines), 2 over everything but the digits
    (cages, dots, a quadruple's circle on a corner, pencil marks)."""
    steps: ClassVar[bool] = False
    """True when its clauses use ``b.less``: a session's skeleton then holds the "a < b"
    selectors of neighbouring cells (the thermometers' steps)."""
    orders: ClassVar[bool] = False
    """True when its clauses use ``b.ge``: a session's skeleton then holds every cell's
    order literals."""
    skeleton: ClassVar[bool] = False
    """True for a global rule: its clauses are part of the skeleton a session shares
    between the puzzles that have the same global rules (``skeleton_key``)."""
    drawn_first: ClassVar[bool] = False
    """True for the rules a puzzle is made with before its solution (global rules, a
    jigsaw's regions): ``make`` then ignores the solution it is given."""
    shared: ClassVar[bool] = True
    """True when, made beside other clue rules, it keeps only its share of its clues
    (lines, outside clues); False for clues that stand together (a killer's cages cover
    the grid, kropki dots and X/V are all given with their negative)."""
    search: ClassVar[bool] = False
    """True when puzzles with it spend their time in the search (non-consecutive): a
    session then takes the solver that searches best (``solve.SEARCH_SOLVER``)."""
    cell_key: ClassVar[str] = ""
    """The key of the grid's cell objects it is read from (``givenPencilMarks``,
    ``region``), for a rule written in the cells rather than under a key of its own."""
    sum_encoding: ClassVar[str] = ""
    """Its sums' encoding when none is chosen (``sum_forms.encoding``), from the
    sum-encoding table of docs/variants.md; empty for a family without sums of its own."""
    label_name: ClassVar[str] = ""
    """How messages name it ("killer cage"); the rule name when empty."""
    sigh_names: ClassVar[tuple[str, ...]] = ()
    """The names of sigh's constraint strings it reads (``Cage`` for ``.Cage~12~R1C1``),
    by :meth:`read_sigh`; sigh's reader finds a class by them."""
    composable: ClassVar[bool] = True
    """False for what is no rule to choose between or join (an option, a hint): an Or or
    an And refuses it as a member, as sigh's composites do."""
    from_zero: ClassVar[bool] = False
    """True when it reads and states puzzles whose digits start at 0 (``Puzzle.low``,
    sigh's ``.Shape~9x9~0-8``): its meaning is no shift of digits, or it reads its
    digits with ``reader.digit`` and keeps the puzzle's ``low`` for its numbers. sigh's
    reader refuses the others on such a grid in one line."""
    any_shape: ClassVar[bool] = False
    """True when it reads and states grids that are no N x N square of N digits
    (``Puzzle.rows``: sigh's ``.Shape~9x8``, ``6x6~9``, a frame of N x N cells around
    the grid): its clauses name the cells it lists and no others, so the frame's cells
    outside the grid meet none of them. sigh's reader refuses the others there."""
    square_names: ClassVar[tuple[str, ...]] = ()
    """Those of ``sigh_names`` that sigh reads on square grids only (its ``isSquare``:
    rows = columns, as a diagonal needs): sigh's reader refuses them on a shaped grid of
    other rows and columns in one line, as sigh refuses them."""
    shape_refused: ClassVar[str] = ""
    """Why sigh's own solver refuses it on every shaped grid (full rank: a square grid of
    as many digits as its side), which sigh's reader here then says; empty for a rule
    that reads shapes (``any_shape``) or is only not supported on them yet."""
    sudoku_names: ClassVar[tuple[str, ...]] = ()
    """Those of ``sigh_names`` that need a sudoku grid (sigh's ``REQUIRES_SUDOKU_GRID``:
    rows, columns, boxes): sigh's reader refuses them on a Raw grid, as sigh does."""
    sigh_once: ClassVar[bool] = False
    """True when sigh keeps one of it a puzzle (an option, ``FullRankTies``): sigh's reader
    here refuses a second one that says another thing."""

    @classmethod
    def pair_relations(cls, n: int) -> dict[Any, dict[int, list[int]]]:
        """Symmetric relations (label -> digit -> the neighbour's digits that fit) its
        neighbouring cells usually keep, which a session's skeleton then holds for every
        two cells a king's move apart, behind a selector a pair (``b.related``)."""
        return {}

    pair_moves: ClassVar[tuple[tuple[int, int], ...]] = KING
    """The moves between the cells its ``pair_relations`` hold on (a king's move: both
    orthogonal and diagonal neighbours; marks: orthogonal ones only)."""

    @classmethod
    def pair_group(cls) -> tuple[type[Constraint], ...]:
        """The classes whose ``pair_relations`` a skeleton holds together with this
        one's, so that their puzzles share one skeleton (kropki dots, XV and their
        negatives: any puzzle with marks); itself by default."""
        return (cls,)

    cell_rule: ClassVar[bool] = False
    """True when its clauses are, cell by cell, the same in every puzzle
    (``cell_clauses``): a session's skeleton then holds them for every cell, behind one
    selector a cell (``b.cell_rule``)."""

    @classmethod
    def cell_clauses(cls, cell: int, n: int) -> list[Clause]:
        """The clauses it puts on one cell (``cell_rule``)."""
        raise NotImplementedError

    @classmethod
    def read_cells(cls, values: dict[int, Any], reader: Reader) -> list[Constraint]:
        """The instances written in the grid's cells under ``cell_key`` (cell -> value)."""
        raise NotImplementedError

    @classmethod
    def write_cells(cls, instances: Sequence[Constraint]) -> dict[int, Any]:
        """cell -> the value written under ``cell_key`` in that cell's object."""
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

    @classmethod
    def implied(cls, b: Builder, instances: Sequence[Constraint]) -> Iterable[Clause]:
        """Redundant clauses the instances of this family imply together (none by
        default; not in explanations or ratings)."""
        return ()

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        """The instance completed by the puzzle's other constraints, once all are read:
        the pairs a non-consecutive rule leaves free, the values a negative excludes."""
        return self

    def without_value(self) -> Constraint:
        """The same constraint without the value a maker may take away (a cage without
        its total); itself when it has none."""
        return self

    def rule_of(self) -> str:
        """The rule set this instance belongs to (``rule``, or for a negative, the rule
        of the marks it negates)."""
        return self.rule

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        """The groups of cells whose digits it makes all different (beyond rows, columns
        and regions): diagonals, extra regions, cages."""
        return []

    def regions(self) -> Regions | None:
        """The regions it gives the puzzle in place of the default boxes (a jigsaw)."""
        return None

    needs_cells_of: ClassVar[str] = ""
    """The key of the rule whose cells beyond the grid it reads (a chaos arrow: the
    chaos construction's region cells), empty when it reads grid cells only."""

    @classmethod
    def cells_beyond(cls, size: int, shape: tuple[int, int] = (0, 0)) -> tuple[ExtraCells, ...]:
        """The cells beyond the grid the rule makes when it is in a puzzle of size N, of
        that shape (``Puzzle.rows``; (0, 0) for N x N) (``model/extra.py``; a chaos
        construction's region cells), none by default."""
        return ()

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

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """The instances of one of sigh's constraint strings: name (one of
        ``sigh_names``) and its ``~``-separated arguments, cells read by ``reader.cell``
        (``R1C1``) and numbers by ``reader.number``, each error by ``reader.error``."""
        raise NotImplementedError

    def cells_named(self) -> tuple[int, ...]:
        """The grid cells this constraint is about (for messages and explanations)."""
        return ()

    def detail(self, size: int) -> str:
        """What an explanation says of it besides its kind and cells (a cage's sum)."""
        return ""

    def label(self, size: int) -> str:
        """How a message names it, with its cells ("killer cage 21 at r1c1-r1c3")."""
        name = self.label_name or self.rule
        cells = self.cells_named()
        if not cells:
            return name
        first, last = (cell_name(size, c).lower() for c in (cells[0], cells[-1]))
        return f"{name} at {first}" if first == last else f"{name} at {first}-{last}"

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Instances that the full grid solution satisfies, drawn at random as a setter
        places them (``generate --rule``); empty when this key is not made."""
        return []
