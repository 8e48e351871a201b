"""The one puzzle type, from the reader to the kernels: a grid of givens plus its rules.

A :class:`Puzzle` holds its size N, its givens (``grid``, row-major, 0 for a blank), its
constraints (instances of the rule families of ``variants/constraints/``: global rules,
cages, lines, dots, jigsaw regions, ...), its solution when the source gave one, where it
came from (``origin``) and, for a ``puzzle:count`` line, the count the source stated. A
classic grid is a puzzle with no constraints; its regions are the default boxes
(``geometry.default_regions``), unless a constraint gives others (a jigsaw).

``n`` is the box side of a square size (3 for 9x9) and 0 for the sizes that are not
squares (6x6 has 2x3 boxes): what the classic engines, which take box sides, read.

Its digits are 1..N, or 0..N-1 (``low``: sigh's ``.Shape~9x9~0-8``), the index 1..N of
a digit standing for it everywhere inside.

A puzzle may hold cells beyond the grid (``extra``, sigh's ``Var``: ``model/extra.py``),
numbered after the grid's. Its givens are the grid's; a solution it finds lists the
grid's digits, then the extra cells' (``cells`` in all); the solution a source gives may
hold the grid alone (``grid_part``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..alphabet import digit_symbols
from ..grid import Grid
from ..gridtext import format_any_line, format_symbols
from .constraint import Constraint
from .extra import ExtraCells, extra_names
from .geometry import Regions, default_regions


@dataclass(frozen=True)
class Puzzle:
    """A grid as read from a source, with its rules and what the source said about it."""

    size: int
    grid: Grid
    """The givens, row-major, 0 for a blank."""
    origin: str = "<input>"
    count: int | None = None
    solution: Grid | None = None
    constraints: tuple[Constraint, ...] = ()
    extra: tuple[ExtraCells, ...] = ()
    """Groups of cells beyond the grid, in cell order (``model/extra.py``)."""
    low: int = 1
    """The digit the first of the N symbols stands for: 1, or 0 for sigh's ``~0-8`` (the
    digits 0..N-1). Givens, solutions, clauses and CP-SAT count digits 1..N (the
    index d stands for the digit d + low - 1, :meth:`value`); what a text says and shows
    are the digits themselves (``alphabet``), and a rule whose meaning is no shift of
    digits reads its numbers with ``low`` (``Constraint.from_zero``)."""

    rows: int = 0
    """The grid's rows when it is no N x N square of N digits (sigh's ``.Shape~9x8``,
    ``6x6~9``): the grid is then the top-left ``rows`` x ``cols`` cells of an N x N
    frame, N the number of digits, every rule and cell numbered in the frame; the frame's
    other cells (``outside``) are no cells of the puzzle (each holds 1, in no unit). 0:
    the whole N x N."""
    cols: int = 0
    """The grid's columns when ``rows`` is set."""
    raw: bool = False
    """sigh's ``Raw`` grid (``.Shape~9x9~0-8~Raw``): no rows, columns or boxes hold
    their digits apart, only the puzzle's rules (its ``rows`` and ``cols`` are set)."""

    @property
    def shaped(self) -> bool:
        """True for a grid that is not the whole N x N frame (``rows``)."""
        return self.rows > 0

    @cached_property
    def grid_cells(self) -> tuple[int, ...]:
        """The grid's cells in reading order (all N*N, or the rows x cols of a shape)."""
        n = self.size
        if not self.shaped:
            return tuple(range(n * n))
        return tuple(r * n + c for r in range(self.rows) for c in range(self.cols))

    @cached_property
    def outside(self) -> frozenset[int]:
        """The frame's cells that are no cells of a shaped grid (none for N x N)."""
        return frozenset(range(self.ncells)) - frozenset(self.grid_cells)

    @cached_property
    def lines(self) -> tuple[tuple[int, ...], ...]:
        """The rows, then the columns, of the grid's cells."""
        n = self.size
        if self.raw:
            return ()
        rows, cols = (self.rows, self.cols) if self.shaped else (n, n)
        out = [tuple(r * n + c for c in range(cols)) for r in range(rows)]
        return (*out, *(tuple(r * n + c for r in range(rows)) for c in range(cols)))

    @property
    def dims(self) -> str:
        """How messages name its grid: ``9x9``, ``4x6 of the digits 1..6``, ``9x9 of the
        digits 0..8``."""
        n = self.size
        rows, cols = (self.rows, self.cols) if self.shaped else (n, n)
        plain = self.low == 1 and n == max(rows, cols)
        digits = "" if plain else f" of the digits {self.low}..{self.value(n)}"
        return f"{rows}x{cols}{digits}" + (" (raw: no rows, columns or boxes)" if self.raw else "")

    def framed(self, digits: Grid) -> Grid:
        """A shaped grid's rows x cols digits (reading order) as the N x N frame's grid,
        each cell outside the shape 1 (``outside``); other grids as they are."""
        if not self.shaped or len(digits) != len(self.grid_cells):
            return tuple(digits)
        out = [1] * self.ncells
        for c, d in zip(self.grid_cells, digits, strict=True):
            out[c] = d
        return tuple(out)

    def value(self, d: int) -> int:
        """The digit that the index d (1..N) stands for."""
        return d + self.low - 1

    @property
    def alphabet(self) -> str | None:
        """The symbols of the digits when they do not start at 1 (``0`` to ``8``), None
        for the usual ones."""
        return None if self.low == 1 else digit_symbols(self.size, self.low)

    @property
    def n(self) -> int:
        """The box side of a square size (3 for 9x9), 0 for the other sizes."""
        root = math.isqrt(self.size)
        return root if root * root == self.size else 0

    @property
    def ncells(self) -> int:
        """N*N."""
        return self.size * self.size

    @cached_property
    def extra_names(self) -> tuple[str, ...]:
        """The names of the cells beyond the grid (``VA1``), in cell order."""
        return extra_names(self.extra)

    @property
    def cells(self) -> int:
        """Every cell: the grid's N*N, then the extra cells."""
        return self.size * self.size + len(self.extra_names)

    def cell_name(self, cell: int) -> str:
        """How messages name a cell: ``r1c1``, or an extra cell's name (``VA1``)."""
        n = self.size
        if cell >= n * n:
            return self.extra_names[cell - n * n]
        return f"r{cell // n + 1}c{cell % n + 1}"

    def extra_index(self, name: str) -> int:
        """The index of an extra cell by its name (``VA1``)."""
        return self.ncells + self.extra_names.index(name)

    def grid_part(self, solution: Grid) -> Grid:
        """The grid's digits of a solution (without the extra cells'; of a shaped grid,
        its rows x cols cells in reading order)."""
        if self.shaped:
            return tuple(solution[c] for c in self.grid_cells)
        return tuple(solution[: self.ncells])

    @property
    def is_classic(self) -> bool:
        """True when the puzzle has no rule beyond rows, columns and square boxes: the
        classic engines answer it."""
        plain = not self.extra and self.low == 1 and not self.shaped
        return not self.constraints and self.n > 0 and plain

    @property
    def own_regions(self) -> bool:
        """True when a constraint gives the regions (a jigsaw), not the default boxes."""
        return any(c.regions() is not None for c in self.constraints)

    @cached_property
    def regions(self) -> Regions:
        """The N-cell regions: a constraint's (a jigsaw) or the default boxes."""
        for c in self.constraints:
            own = c.regions()
            if own is not None:
                return own
        return () if self.raw else default_regions(self.size)

    @property
    def rules(self) -> list[str]:
        """The rule names of its constraints, in the order they come, without repeats;
        siblings present together by the name that stands for them (``x``: both
        diagonals); a constraint of no rule (sigh's search priority, a hint) names none."""
        kinds: dict[str, set[type[Constraint]]] = {}
        for c in self.constraints:
            if c.family_rule:
                kinds.setdefault(c.family_rule, set()).add(type(c))
        names = [
            c.family_rule if len(kinds.get(c.family_rule, ())) > 1 else c.rule_of()
            for c in self.constraints
        ]
        return list(dict.fromkeys(n for n in names if n))  # a hint is no rule

    def of(self, kind: type[Constraint]) -> list[Constraint]:
        """Its constraints of one class (or of its subclasses)."""
        return [c for c in self.constraints if isinstance(c, kind)]

    def problem(self, grid: Grid) -> str | None:
        """Why grid is not a solution of this puzzle (a given changed, two equal digits in
        a row, column or region, a constraint broken, checked directly by each
        constraint's ``holds``), naming the place; None when it is one. With extra cells,
        grid holds every cell; or the grid's alone (a source's solution), and then a
        constraint that reads an extra cell is not checked here (the solvers check that
        the extra cells can be filled in)."""
        n = self.size
        if len(grid) not in (n * n, self.cells) or not all(1 <= v <= n for v in grid):
            return f"not {self.cells} digits 1..{n}"
        if len(grid) < self.cells:
            grid = GridOnly(grid)
        for c, (g, v) in enumerate(zip(self.grid, grid[: n * n], strict=True)):
            if g and g != v:
                return f"it changes the given {g} at r{c // n + 1}c{c % n + 1}"
        if any(grid[c] != 1 for c in self.outside):
            return "a cell outside the grid's shape holds a digit"
        for cells in (*self.lines, *self.regions):
            if len({grid[c] for c in cells}) != len(cells):
                first = cells[0]
                return f"a digit repeats in the unit of r{first // n + 1}c{first % n + 1}"
        for constraint in self.constraints:
            try:
                if not constraint.holds(grid, n):
                    return f"it breaks the {constraint.label(n)}"
            except ExtraUnknown:
                continue
        return None

    def with_givens(self, grid: Grid) -> Puzzle:
        """The same rules with other givens."""
        return replace(self, grid=tuple(grid))

    def with_constraints(self, constraints: tuple[Constraint, ...]) -> Puzzle:
        """The same givens with other rules."""
        return replace(self, constraints=tuple(constraints))

    def __str__(self) -> str:
        """The one-line form (numbers separated by spaces past 36x36)."""
        if self.n == 0 or self.low != 1:
            return format_symbols(self.grid, self.size, self.alphabet)
        return format_any_line(self.grid, self.n)

    def svg(self, values: Grid | None = None) -> str:
        """The puzzle drawn as setters draw it (SVG text; ``model/svg.py``), with the
        digits of values filled in when given."""
        from .svg import draw

        return draw(self, values)

    def _repr_svg_(self) -> str:
        """What a notebook shows for a puzzle that ends a cell."""
        return self.svg()


class ExtraUnknown(LookupError):
    """A rule read an extra cell of a grid that holds the grid's digits alone."""


class GridOnly(tuple[int, ...]):
    """The grid's digits of a puzzle with extra cells, whose extra cells are unknown:
    reading one raises :class:`ExtraUnknown`, so that the rules on them go unchecked."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int) and index >= len(self):
            raise ExtraUnknown(index)
        return super().__getitem__(index)
