"""Cells beyond the grid: variables that rules read as cells (sigh's ``Var``).

A puzzle may hold groups of *extra cells* besides its N*N grid cells: each takes one
digit 1..N like a grid cell, but lies in no row, column or region, so nothing makes two
of them differ unless a rule says so (an ``AllDifferent``, a ``Sum``, a clue that reads
one as its value). sigh's solver calls them var cells (``.Var~A~label~3`` makes ``VA1``,
``VA2``, ``VA3``; a group of one cell is ``VA`` alone); its numbered-room and
two-digit-sum puzzles keep a clue's value or a carry in them.

Numbering. The cells of a puzzle are its grid cells ``0 .. N*N-1`` row-major, then the
extra cells ``N*N ..``, the groups in the order of their names (as sigh numbers them) and
each group's cells in order. Every rule reads an extra cell by its index like any other
cell, so a rule module needs nothing of its own to take them; the CNF gives extra cell
c the literals ``c*N + d`` right after the grid's ``N**3``, and a solution lists the
grid's digits, then the extra cells'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = re.compile(r"^[A-Z]{1,8}$", re.ASCII)
"""A group's name as sigh allows it: upper-case letters (at most 8 here)."""
MAX_EXTRA = 1000
"""The most extra cells a puzzle holds (sigh's limit on all its cells)."""


@dataclass(frozen=True)
class ExtraCells:
    """One group of extra cells: the head of its cells' names (``VA`` for sigh's
    ``.Var~A``), how many cells, an optional label, the columns sigh lays them out in
    (0: the grid's), and the key of the rule that makes them (``chaosconstruction``'s
    region cells ``CC1`` ...; empty for a ``Var``'s)."""

    prefix: str
    count: int = 1
    label: str = ""
    columns: int = 0
    owner: str = ""

    def names(self) -> tuple[str, ...]:
        """The cells' names, as sigh names them: ``VA`` for one cell, ``VA1`` ... else."""
        if self.count == 1:
            return (self.prefix,)
        return tuple(f"{self.prefix}{k}" for k in range(1, self.count + 1))

    @property
    def var_name(self) -> str:
        """The name a ``Var`` gives the group (``A`` for ``VA``)."""
        return self.prefix[1:]

    @property
    def size_text(self) -> str:
        """sigh's size argument: a count, or ``RxC`` when laid out in columns."""
        if self.columns:
            return f"{self.count // self.columns}x{self.columns}"
        return str(self.count)


def extra_names(groups: tuple[ExtraCells, ...]) -> tuple[str, ...]:
    """Every extra cell's name, in cell order."""
    return tuple(name for g in groups for name in g.names())


def var_group(name: str, count: int = 1, label: str = "", columns: int = 0) -> ExtraCells:
    """The group a ``Var`` named name makes (its cells ``V`` + name ...)."""
    return ExtraCells("V" + name, count, label, columns)


def ordered(groups: list[ExtraCells]) -> tuple[ExtraCells, ...]:
    """The groups in cell order: by the head of their names, as sigh numbers them."""
    return tuple(sorted(groups, key=lambda g: g.prefix))
