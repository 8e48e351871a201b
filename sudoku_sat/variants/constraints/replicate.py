"""Replicated constraints (key ``replicate``, a key of this project: f-puzzles has none
and ignores it): a template of constraints drawn at an origin cell, placed again at each
target cell, moved so that the origin lands on the target; every copy holds. The meaning
is sigh's Replicate ("the children define a template; for each target cell, the
template is shifted so that the origin maps to that target"): the template itself holds
only where it is a copy (the origin among the targets), and a copy leaving the grid is
refused.

sigh writes ``.Replicate~TARGETS`` (``~ORIGIN`` after it when the origin is not R1C1),
then the template's strings, then ``.End``. TARGETS is the set of the targets' offsets
from the origin in reading order (cell index minus the origin's, never negative), as
bits, six to a base64url character, lowest bit first, trailing zero characters dropped
(sigh's ``encodeTargetCells``). sigh's reader hands the template over as an Or's members
(``reader.members``, see ``composite``); several instances of one item each join the
template.

Shape: ``"replicate": [{"members": [MEMBER, ...], "targets": ["R2C2", ...], "origin":
"R1C1"}]``, members written as an Or's are. The copies are made once, when an instance
is made (:meth:`Replicate.of`), by writing each member as the registry writes it with
every cell moved and reading it back (so a copy is checked as any read constraint is:
a line still a path, a cell inside the grid); the instance holds them, and its clauses,
CP-SAT statement, check and drawing are theirs (an And of the copies). Made as a setter
uses it: one greater-than sign, replicated on the cells where the grid's digit is
greater than its right neighbour's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions, cell_name
from ...model.reading import Reader, Source
from .composite import read_member, write_member
from .greaterthan import GreaterThan
from .pairwise import BASE64


def decode_targets(text: str, origin: int, reader: Reader) -> tuple[int, ...]:
    """The target cells of sigh's bits of offsets from the origin (sigh numbers the
    cells of a shaped grid by its own columns, ``Reader.shape``: they are renumbered in
    the frame)."""
    n = reader.size
    rows, cols = reader.shape if reader.shape[0] else (n, n)
    start = origin // n * cols + origin % n
    out = []
    for i, ch in enumerate(text):
        v = BASE64.find(ch)
        if v < 0:
            raise reader.error(f"{ch!r} is not a character of sigh's targets")
        out += [start + 6 * i + k for k in range(6) if v >> k & 1]
    if any(t >= rows * cols for t in out):
        raise reader.error("a target lies past the grid's last cell")
    return tuple(t // cols * n + t % cols for t in out)


def encode_targets(targets: Sequence[int], origin: int, n: int = 0, cols: int = 0) -> str:
    """sigh's bits of the targets' offsets from the origin; cells of a frame of side n
    renumbered by a shaped grid's cols first (as sigh numbers them) when both are given."""
    if n and cols:
        targets = [t // n * cols + t % n for t in targets]
        origin = origin // n * cols + origin % n
    offsets = {t - origin for t in targets}
    most = max(offsets, default=-1)
    chars = [sum(1 << k for k in range(6) if i + k in offsets) for i in range(0, most + 1, 6)]
    while chars and not chars[-1]:
        chars.pop()
    return "".join(BASE64[v] for v in chars)


@dataclass(frozen=True)
class Replicate(Constraint):
    """A template's copies, one at each target."""

    members: tuple[Constraint, ...]
    targets: tuple[int, ...]
    origin: int = 0
    copies: tuple[Constraint, ...] = ()
    frame: tuple[int, int] = field(default=(0, 0), repr=False)
    """A shaped grid's frame side and columns (``Puzzle.rows``), to write sigh's
    targets by its own numbering; (0, 0) for N x N."""
    key = "replicate"
    rule = "replicate"
    label_name = "replicated template"
    sigh_names = ("Replicate",)
    from_zero = True
    any_shape = True

    @classmethod
    def of(
        cls, members: Sequence[Constraint], targets: Sequence[int], origin: int, reader: Reader
    ) -> Replicate:
        """The instance with its copies; an error naming a copy that leaves the grid."""
        n = reader.size
        if not members:
            raise reader.error("a template of one constraint at least")
        if any(t < origin for t in targets):
            raise reader.error("a target before the origin")
        copies: list[Constraint] = []
        for t in sorted(set(targets)):
            dr, dc = t // n - origin // n, t % n - origin % n

            def moved(c: int, dr: int = dr, dc: int = dc) -> str:
                return f"R{c // n + dr + 1}C{c % n + dc + 1}"

            for m in members:
                copies += read_member(write_member(m, moved), reader)
        frame = (n, reader.shape[1]) if reader.shape[0] else (0, 0)
        return cls(tuple(members), tuple(sorted(set(targets))), origin, tuple(copies), frame)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        members, targets = item.get("members"), item.get("targets")
        if not isinstance(members, list) or not isinstance(targets, list):
            raise reader.error("expected 'members' and 'targets', two lists")
        template = [c for m in members for c in read_member(m, reader)]
        origin = reader.cell(item.get("origin", "R1C1"))
        return [cls.of(template, [reader.cell(t) for t in targets], origin, reader)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """The instance of sigh's targets (and origin) and the template sigh's reader
        read (``reader.members``)."""
        items: tuple[tuple[Constraint, ...], ...] = getattr(reader, "members", ())
        if not 1 <= len(args) <= 2 or not items:
            raise reader.error("Replicate takes its targets, an origin, a template, then .End")
        origin = reader.cell(args[1]) if len(args) == 2 else 0
        targets = decode_targets(args[0], origin, reader)
        return [cls.of([m for item in items for m in item], targets, origin, reader)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {
            "members": [write_member(m, name) for m in self.members],
            "targets": [name(t) for t in self.targets],
            "origin": name(self.origin),
        }

    def sigh(self, name: Callable[[int], str]) -> str:
        head = [encode_targets(self.targets, self.origin, *self.frame)]
        if self.origin:
            head.append(name(self.origin))
        body = "".join(m.sigh(name) for m in self.members)
        return ".Replicate~" + "~".join(head) + body + ".End"

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        return [g for c in self.copies for g in c.groups(size, regions)]

    def clauses(self, b: Builder) -> list[Clause]:
        return [clause for c in self.copies for clause in c.clauses(b)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for c in self.copies:
            c.cpsat(m, x, n)

    def holds(self, grid: Grid, n: int) -> bool:
        return all(c.holds(grid, n) for c in self.copies)

    def draw(self, canvas: Canvas) -> list[str]:
        return [e for c in self.copies for e in c.draw(canvas)]

    def cells_named(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(k for c in self.copies for k in c.cells_named()))

    def detail(self, size: int) -> str:
        return f"{len(self.targets)} copies from {cell_name(size, self.origin).lower()}"

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """A greater-than sign between a cell and its right neighbour, replicated on up to
        N cells where the solution's digit is greater than its right neighbour's."""
        fit = [
            c for c in range(size * size) if c % size < size - 1 and solution[c] > solution[c + 1]
        ]
        targets = sorted(rng.sample(fit, min(size, len(fit))))
        if not targets:
            return []
        origin = targets[0]
        reader = Reader(Source("make", "", 1, False), size, cls.key)
        return [cls.of([GreaterThan((origin, origin + 1), size)], targets, origin, reader)]


FAMILY = (Replicate,)
