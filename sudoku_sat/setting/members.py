"""The members of a puzzle, as a setter names them, and its formula with one selector
literal per member.

A member is a given or one constraint instance of the puzzle (``Puzzle.constraints``):
a killer cage, a thermometer's line, a dot, a global rule such as anti-knight, a negative
constraint, any registry instance. Cells, rows, columns and regions (a jigsaw's) are the
structure, always kept, and so are the marks a negative or non-consecutive reads
(``context``). Each member carries its f-puzzles key and its place among the puzzle's
instances of that key, from 1 (the item ``fpuzzles_write`` writes it as), so that it is
named the way a setter reads it (``killer cage 21 at r1c1-r1c3``, ``given 7 at r4c5``,
``anti-knight``); in JSON ``{"key": KEY, "index": 3, "cells": [...], "value":
21}`` and, for a given, ``{"key": "given", "cell": "r4c5", "digit": 7}``.

The selector formula (:class:`Selectable`): the structure's clauses as they are, and each
member's own clauses (``Constraint.clauses`` on a builder of the structure and itself) with
``-s`` added for its selector ``s`` (variables after the formula's own). Assuming a set of
selectors true asks about the puzzle made of those members alone; :func:`reduced` builds
that puzzle (``with_constraints`` and ``with_givens``, each constraint settled again).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from ..grid import Clause, Grid
from ..model.builder import DEFAULT_SUMS, Builder
from ..model.constraint import Constraint
from ..model.geometry import cell_name
from ..model.puzzle import Puzzle
from ..variants.constraints._marks import Negative
from .context import fixed


def rc(size: int, cell: int) -> str:
    """A cell as setters write it in text: r1c1."""
    return cell_name(size, cell).lower()


def cells_text(size: int, cells: tuple[int, ...]) -> str:
    """Cells in text: one cell, a straight run along a row or column as ``r1c1-r1c3``,
    any other group listed with commas."""
    if len(cells) == 1:
        return rc(size, cells[0])
    rows = [c // size for c in cells]
    step = cells[1] - cells[0]
    straight = (len(set(rows)) == 1 and abs(step) == 1) or len({c % size for c in cells}) == 1
    if straight and all(b - a == step for a, b in zip(cells, cells[1:], strict=False)):
        return f"{rc(size, cells[0])}-{rc(size, cells[-1])}"
    return ",".join(rc(size, c) for c in cells)


@dataclass(frozen=True)
class Member:
    """A given or a constraint instance: its f-puzzles ``key`` ("given" for a given), its
    ``index`` among the puzzle's instances of that key (from 1; None for a global rule
    and a given), its ``cells`` (from 0, row-major), its ``value`` (a cage's sum, a dot's
    value, a given's digit; None when it has none), ``name``, the words a setter reads,
    and the ``constraint`` it is (None for a given)."""

    key: str
    index: int | None
    cells: tuple[int, ...]
    value: Any
    name: str
    size: int
    constraint: Constraint | None = None

    def record(self) -> dict[str, Any]:
        """The member in JSON: key, index (absent for a global rule), cells in r1c1,
        value (absent when it has none); a given as key, cell and digit."""
        if self.key == "given":
            return {"key": "given", "cell": rc(self.size, self.cells[0]), "digit": self.value}
        out: dict[str, Any] = {"key": self.key}
        if self.index is not None:
            out["index"] = self.index
        out["cells"] = [rc(self.size, c) for c in self.cells]
        if self.value is not None:
            out["value"] = self.value
        return out

    def __str__(self) -> str:
        return self.name


def _value(c: Constraint, size: int) -> Any:
    """The value an instance carries (None when it has none): as its f-puzzles item
    writes it, a number as a number; a negative's kind; pencil marks' digits."""
    kind = getattr(c, "kind", None)
    if isinstance(c, Negative) and isinstance(kind, str):
        return kind
    digits = getattr(c, "digits", None)
    if isinstance(digits, tuple):
        return digits
    try:
        item = c.item(lambda cell: cell_name(size, cell))
    except NotImplementedError:
        return None
    value = item.get("value") if isinstance(item, dict) else None
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def _member(c: Constraint, index: int, size: int) -> Member:
    """The member a constraint is: an arrow's cells are its circle's then its line's;
    named as its label says it, with its value, and its cells as :func:`cells_text`
    writes them."""
    circle = getattr(c, "circle", None)
    named = c.cells_named()
    cells = (*circle, *named) if isinstance(circle, tuple) else named
    value = _value(c, size)
    if not cells or isinstance(c, Negative):
        return Member(c.key, None, cells, value, c.label(size), size, c)
    kind = c.label(size).split(" at ")[0]
    shown = "" if value is None else _shown(value)
    if shown and shown not in kind.split():
        kind = f"{kind} {shown}"
    where = cells_text(size, cells)
    if isinstance(circle, tuple):
        where = f"{cells_text(size, circle)} along {cells_text(size, named)}"
    return Member(c.key, index, cells, value, f"{kind} at {where}", size, c)


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return "".join(map(str, value))
    return str(value)


def _given(cell: int, digit: int, size: int, low: int = 1) -> Member:
    """A given as a member: its digit's index 1..N, said as the digit (from ``low``)."""
    said = f"given {digit + low - 1} at {rc(size, cell)}"
    return Member("given", None, (cell,), digit, said, size)


@dataclass(frozen=True)
class Selectable:
    """A puzzle's formula with one selector per member: ``hard`` (the structure), and per
    member its clauses (``soft[i]``), selector ``nvars + 1 + i``."""

    puzzle: Puzzle
    members: tuple[Member, ...]
    hard: list[Clause]
    soft: list[list[Clause]]
    nvars: int
    fixed: tuple[Constraint, ...] = ()
    """The constraints kept in every reduced puzzle: a jigsaw's regions, the marks a
    negative or non-consecutive reads (``context``)."""

    def selector(self, i: int) -> int:
        return self.nvars + 1 + i

    @property
    def top(self) -> int:
        """The last variable: the last selector."""
        return self.nvars + len(self.members)

    def clauses(self) -> Iterable[Clause]:
        """Every clause, each member's guarded by its selector."""
        yield from self.hard
        for i, made in enumerate(self.soft):
            s = -self.selector(i)
            for clause in made:
                yield [*clause, s]

    def satisfied(self, model: list[int]) -> list[int]:
        """The members whose every clause the model satisfies."""
        true = {lit for lit in model if lit > 0}
        return [
            i
            for i, made in enumerate(self.soft)
            if all(any((lit > 0) == (abs(lit) in true) for lit in c) for c in made)
        ]


def _group(n: int, cells: tuple[int, ...]) -> list[Clause]:
    out: list[Clause] = []
    for d in range(1, n + 1):
        if len(cells) == n:  # fewer cells than digits (a shape's unit) lack some
            out.append([c * n + d for c in cells])
        out.extend([-(a * n + d), -(c * n + d)] for a, c in combinations(cells, 2))
    return out


def structure(puzzle: Puzzle) -> list[Clause]:
    """Cells (exactly one digit), rows, columns and regions (each digit once)."""
    n = puzzle.size
    digits = range(1, n + 1)
    out: list[Clause] = []
    for cell in range(puzzle.cells):  # the cells beyond the grid too (model/extra.py)
        if cell in puzzle.outside:  # a shape's frame cells: 1 each
            out += [[cell * n + 1], *([-(cell * n + d)] for d in digits if d > 1)]
            continue
        out.append([cell * n + d for d in digits])
        out += [[-(cell * n + d), -(cell * n + e)] for d, e in combinations(digits, 2)]
    for cells in (*puzzle.lines, *puzzle.regions):
        out += _group(n, cells)
    return out


def selectable(puzzle: Puzzle) -> Selectable:
    """The puzzle's members and its selector formula. Each constraint's clauses are
    built on a builder of its own, over the structure (with a jigsaw's regions and the
    fixed marks) and itself alone: so a sum's bounds lean on no other constraint's
    all-different groups, and the clauses its builder adds (a sum's totals, order
    literals) are its own."""
    n = puzzle.size
    kept = fixed(puzzle)
    base = tuple(
        c for c in puzzle.constraints if c.regions() is not None or any(c is k for k in kept)
    )
    b = Builder(puzzle.with_constraints(base), DEFAULT_SUMS)
    hard = structure(puzzle)
    for c in kept:
        hard += list(c.clauses(b))
    hard += b.clauses
    top = b.top
    members: list[Member] = []
    soft: list[list[Clause]] = []
    seen: dict[str, int] = {}
    for c in puzzle.constraints:
        seen[c.key] = seen.get(c.key, 0) + 1
        if any(c is k for k in base):
            continue
        b = Builder(puzzle.with_constraints((*base, c)), DEFAULT_SUMS, top=top)
        made = list(c.clauses(b))
        members.append(_member(c, seen[c.key], n))
        soft.append(made + b.clauses)
        top = b.top
    for cell, d in enumerate(puzzle.grid):
        if d:
            members.append(_given(cell, d, n, puzzle.low))
            soft.append([[cell * n + d]])
    return Selectable(puzzle, tuple(members), hard, soft, top, tuple(kept))


def reduced(s: Selectable, kept: Iterable[int]) -> Puzzle:
    """The puzzle made of the structure and the members kept alone, each constraint
    settled again among those kept (its solution kept only when every member is)."""
    chosen = set(kept)
    p = s.puzzle
    givens = [0] * p.ncells
    ours: list[Constraint] = []
    picked = {id(s.members[i].constraint) for i in chosen if s.members[i].constraint}
    for i in sorted(chosen):
        m = s.members[i]
        if m.key == "given":
            givens[m.cells[0]] = m.value
    ours = [
        c
        for c in p.constraints
        if c.regions() is not None or id(c) in picked or any(c is f for f in s.fixed)
    ]
    settled = tuple(c.settle(ours) for c in ours)
    whole = len(chosen) == len(s.members)
    out = p.with_constraints(settled).with_givens(tuple(givens))
    return replace(out, solution=p.solution if whole else None)


def with_given(puzzle: Puzzle, cell: int, digit: int) -> Puzzle:
    """The puzzle with one more given."""
    givens: Grid = tuple(digit if c == cell else d for c, d in enumerate(puzzle.grid))
    return replace(puzzle.with_givens(givens), solution=None)
