"""Or and And (keys ``or`` and ``and``, keys of this project: f-puzzles has none and
ignores them): constraints made of other constraints, any of the registry's, nested as
deep as wanted. An Or holds when one of its members holds at least; an And when all of
them do (sigh's Or and And: "at least one of the contained constraints must be
satisfied", "all the contained constraints must be satisfied"; an And is what an Or
takes as one of its members when a branch is several constraints).

sigh writes them ``.Or`` + each member's own string + ``.End`` (``.And`` likewise); the
"Either/Or" puzzle is ``.Or.~R1C2_1.~R1C1_1.End``: R1C2 or R1C1 is a 1. Reading them is
the work of sigh's reader (``variants/sigh.py``), since only it knows every member's
name: it reads the items between ``.Or`` and its ``.End`` (an inner composite to its own
``.End``) and puts them on the reader it hands to ``Or.read_sigh``: ``reader.members``,
one tuple a member item of the instances that item made (an inner ``.And`` or a Pair of
several groups: several). ``read_sigh`` makes each tuple of one instance that member,
each of several an And of them, and returns the one Or. sigh's reader reads an And
outside an Or as its members, so ``And.read_sigh`` (the same, all tuples joined) is only
for a caller that wants the And kept.

Shape: ``"or": [{"members": [MEMBER, ...]}]``, each member written as the registry
writes it alone: ``{"key": KEY, "value": VALUE}`` for a constraint under a key of its own
(VALUE: what the puzzle would hold under KEY, a list of items, or ``true`` for a global
rule), ``{"cellKey": KEY, "cells": {"R1C2": VALUE}}`` for one written in the grid's
cells (pencil marks: VALUE the list of digits).

Clauses (Tseitin): an Or gives each member a fresh literal s_i, adds ¬s_i to each of the
member's clauses, and says s_1 ∨ ... ∨ s_k. A member's auxiliaries keep their own
definitions, so the guarded clauses say "s_i → the member holds" and nothing more. Its
clauses are made with the builder's session shortcuts off (``unguarded``): a session
states a step, a relation or a fact by assuming its selector, which would hold it
outright, so a member spells every clause out. An And is its members' clauses. The
CP-SAT statement of an Or reifies each member as a table: the digit tuples, on the cells
the member's own CP-SAT statement uses (read from its model), that this statement
allows, enumerated once on a model of the member alone (``member_table``); then s_i ↔
the cells' digits in the table (an allowed and a forbidden table under s_i and ¬s_i),
and s_1 ∨ ... ∨ s_k. Each s_i is then fixed by the grid, so CP-SAT's enumeration counts
grids, not choices of members (a copy of the grid per member, tied to it under s_i, was
tried first: it counted a grid once for each way its free copies could be filled). A
member that uses every cell (a global rule) or allows more than ``MOST_TUPLES`` tuples
is not stated for CP-SAT (NotImplementedError).

Drawn as their members are. Made as the Either/Or puzzle's setter made it: an Or of two
cells beside each other, one of which (on the solution) holds the digit, each a one-digit
pencil mark; an And of two cells, each marked with its digit and one other (what a
branch of an Or says of two cells, stated alone).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions, neighbours
from ...model.reading import Reader
from ._making import lines_wanted
from .pencil import PencilMarks


@contextmanager
def unguarded(b: Builder) -> Iterator[None]:
    """The builder with its session shortcuts off (facts, steps, relations, cell rules and
    shared regions as clauses, sums unguarded) while a member's clauses are made;
    ValueError if a member assumed a selector all the same."""
    saved = (b.session, b.steps, b.relations, b.cell_rules, b.same_region, b.guard_sums)
    assumed = len(b.assume)
    b.session, b.steps, b.relations, b.cell_rules, b.same_region = False, {}, {}, {}, {}
    b.guard_sums = False
    try:
        yield
    finally:
        b.session, b.steps, b.relations, b.cell_rules, b.same_region, b.guard_sums = saved
    if len(b.assume) != assumed:
        raise ValueError("a member of an Or assumed a session selector")


def write_member(member: Constraint, name: Callable[[int], str]) -> dict[str, Any]:
    """One member as the registry writes it alone (see the module's docstring)."""
    kind = type(member)
    if kind.cell_key:
        values = kind.write_cells([member])
        return {"cellKey": kind.cell_key, "cells": {name(c): v for c, v in values.items()}}
    return {"key": kind.key, "value": kind.write_value([member], name)}


def read_member(data: Any, reader: Reader) -> list[Constraint]:
    """The instances of one written member."""
    from . import by_cell_key, by_key

    if not isinstance(data, dict):
        raise reader.error("a member is an object with its key")
    if "cellKey" in data:
        kind = by_cell_key(data["cellKey"])
        cells = data.get("cells")
        if kind is None or not isinstance(cells, dict):
            raise reader.error(f"unknown member {data['cellKey']!r} or no 'cells'")
        return kind.read_cells({reader.cell(c): v for c, v in cells.items()}, reader)
    kind = by_key(data.get("key", ""))
    if kind is None:
        raise reader.error(f"unknown member key {data.get('key')!r}")
    return members_of(kind.read_value(data.get("value"), reader.at(kind.key)), reader)


def members_of(found: Sequence[Constraint], reader: Reader) -> list[Constraint]:
    """found, each a member a composite may hold; InputError naming the first that is
    not (``Constraint.composable``: an option, a hint)."""
    for c in found:
        if not type(c).composable:
            raise reader.error(f"a composite holds rules, not the {c.label(reader.size)}")
    return list(found)


MOST_TUPLES = 100_000
"""The most digit tuples an Or's member may allow for CP-SAT's statement of the Or."""


REFERENCE = re.compile(r"\b(?:vars|literals|index|target): (-?\d+)")
"""A variable referenced in CP-SAT's model text (negative: a negated literal)."""


def touched(member: Constraint, n: int) -> tuple[int, ...]:
    """The cells whose variables the member's CP-SAT statement uses: read from the
    constraints of a model holding the member alone (``cells_named`` is what a message
    names, not always every cell: an arrow's names its line, not its circle)."""
    from ortools.sat.python import cp_model

    m: Any = cp_model.CpModel()
    member.cpsat(m, [m.NewIntVar(1, n, "") for _ in range(n * n)], n)
    text = str(m.Proto())
    refs = {int(r) for r in REFERENCE.findall(text[text.find("constraints {") :])}
    return tuple(sorted({r if r >= 0 else -r - 1 for r in refs} & set(range(n * n))))


@cache
def member_table(member: Constraint, n: int) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """(the cells the member's CP-SAT statement uses, every digit tuple on them it
    allows), by enumerating that statement alone (its cells free, the others fixed);
    NotImplementedError for a member that uses every cell (a global rule) or allows more
    than MOST_TUPLES tuples."""
    from ortools.sat.python import cp_model

    cells = touched(member, n)
    if len(cells) == n * n:
        raise NotImplementedError(f"an Or of {member.label(n)}: CP-SAT states members on cells")
    m: Any = cp_model.CpModel()
    x = [m.NewIntVar(1, n, "") if c in cells else m.NewConstant(1) for c in range(n * n)]
    member.cpsat(m, x, n)
    found: list[tuple[int, ...]] = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(tuple(int(self.Value(x[c])) for c in cells))
            if len(found) > MOST_TUPLES:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    solver.Solve(m, Collect())
    if len(found) > MOST_TUPLES:
        raise NotImplementedError(f"an Or's member {member.label(n)} allows too many digits")
    return cells, sorted(set(found))


@dataclass(frozen=True)
class Composite(Constraint):
    """Constraints taken together."""

    members: tuple[Constraint, ...]
    word: ClassVar[str] = ""
    """How an explanation joins its members ("or", "and")."""

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        members = item.get("members")
        if not isinstance(members, list) or not members:
            raise reader.error("expected 'members', a non-empty list")
        return [cls(tuple(c for m in members for c in read_member(m, reader)))]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """The one instance of the members sigh's reader read (see the module's
        docstring)."""
        items: tuple[tuple[Constraint, ...], ...] = getattr(reader, "members", ())
        if args or not items or not all(items):
            raise reader.error(f"{name} takes one or more constraints, then .End")
        members_of([c for m in items for c in m], reader)
        return [cls.joined(items)]

    @classmethod
    def joined(cls, items: tuple[tuple[Constraint, ...], ...]) -> Constraint:
        """The instance of members read item by item."""
        return cls(tuple(m[0] if len(m) == 1 else And(m) for m in items))

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"members": [write_member(m, name) for m in self.members]}

    def settle(self, others: Sequence[Constraint]) -> Constraint:
        return type(self)(tuple(m.settle(others) for m in self.members))

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".{self.sigh_names[0]}" + "".join(m.sigh(name) for m in self.members) + ".End"

    def draw(self, canvas: Canvas) -> list[str]:
        return [e for m in self.members for e in m.draw(canvas)]

    def cells_named(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(c for m in self.members for c in m.cells_named()))

    def detail(self, size: int) -> str:
        named = (" ".join(filter(None, (m.label(size), m.detail(size)))) for m in self.members)
        return f" {self.word} ".join(named)


@dataclass(frozen=True)
class Or(Composite):
    """At least one member holds."""

    word = "or"
    key = "or"
    rule = "or"
    label_name = "either-or"
    sigh_names = ("Or",)
    any_shape = True
    from_zero = True

    def clauses(self, b: Builder) -> list[Clause]:
        out: list[Clause] = []
        chosen = []
        for member in self.members:
            s = b.fresh()
            with unguarded(b):
                out += [[-s, *clause] for clause in member.clauses(b)]
            chosen.append(s)
        return [*out, chosen]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        chosen = []
        for member in self.members:
            cells, table = member_table(member, n)
            s = m.NewBoolVar("")
            if not cells:  # a member on no cell: always or never
                m.Add(s == int(bool(table)))
            else:
                m.AddAllowedAssignments([x[c] for c in cells], table).OnlyEnforceIf(s)
                m.AddForbiddenAssignments([x[c] for c in cells], table).OnlyEnforceIf(s.Not())
            chosen.append(s)
        m.AddBoolOr(chosen)

    def holds(self, grid: Grid, n: int) -> bool:
        return any(m.holds(grid, n) for m in self.members)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N pairs of neighbouring cells, none used twice: "this one or that one is
        d", d the digit of one of them, which the other does not hold."""
        out: list[Constraint] = []
        used: set[int] = set()
        cells = list(range(size * size))
        rng.shuffle(cells)
        for a in cells:
            others = [c for c in neighbours(size, a, False) if c not in used]
            if a in used or not others or len(out) >= lines_wanted(size):
                continue
            c = rng.choice(others)
            pair = [PencilMarks(a, (solution[a],)), PencilMarks(c, (solution[a],))]
            rng.shuffle(pair)
            out.append(cls(tuple(pair)))
            used.update((a, c))
        return out


@dataclass(frozen=True)
class And(Composite):
    """Every member holds."""

    word = "and"
    key = "and"
    rule = "and"
    label_name = "all-of"
    sigh_names = ("And",)
    any_shape = True
    from_zero = True

    @classmethod
    def joined(cls, items: tuple[tuple[Constraint, ...], ...]) -> Constraint:
        return cls(tuple(m for item in items for m in item))

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        return [g for m in self.members for g in m.groups(size, regions)]

    def clauses(self, b: Builder) -> list[Clause]:
        return [clause for m in self.members for clause in m.clauses(b)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for member in self.members:
            member.cpsat(m, x, n)

    def holds(self, grid: Grid, n: int) -> bool:
        return all(m.holds(grid, n) for m in self.members)

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N pairs of cells, none used twice, each marked with its digit and one
        other (what an Or's branch says of two cells, here stated alone)."""
        cells = list(range(size * size))
        rng.shuffle(cells)
        out: list[Constraint] = []
        for a, c in zip(cells[0 : 2 * size : 2], cells[1 : 2 * size : 2], strict=True):
            marks = []
            for cell in (a, c):
                other = rng.choice([d for d in range(1, size + 1) if d != solution[cell]])
                marks.append(PencilMarks(cell, tuple(sorted((solution[cell], other)))))
            out.append(cls(tuple(marks)))
        return out


FAMILY = (Or, And)
