"""What the global rules share (not a family: no ``FAMILY``): a rule over the whole grid
written in f-puzzles as ``"KEY": true``, with no cells of its own. Its clauses are part
of the skeleton a session shares between puzzles (``skeleton``); it is made by being
there (``make`` returns it, whatever the solution), and a puzzle gets it from
``--rule NAME`` too. Two shapes: all-different groups (diagonals, disjoint groups) and
pairs of cells that must differ (a knight's or a king's move apart).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.geometry import Pair, Regions, in_shape, offset_pairs, shares_unit
from ...model.reading import Reader


@dataclass(frozen=True)
class GlobalRule(Constraint):
    """A rule over the whole grid, ``true`` under its key."""

    skeleton = True
    drawn_first = True
    sigh_name: ClassVar[str] = ""

    @classmethod
    def read_value(cls, value: Any, reader: Reader) -> list[Constraint]:
        if value is not True and value is not False:
            raise reader.error(f"expected true or false, not {value!r}")
        return [cls.instance(reader.size, reader.regions)] if value else []

    @classmethod
    def instance(cls, size: int, regions: Regions) -> Constraint:
        """The rule on a grid of that size and those regions."""
        return cls()

    @classmethod
    def write_value(cls, instances: list[Constraint], name: Callable[[int], str]) -> Any:
        return True

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        return [cls.instance(size, regions)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".{self.sigh_name}"

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """The rule, from its name alone (``.AntiKnight``); arguments are refused."""
        if args:
            raise reader.error(f"takes no arguments, not {'~'.join(args)!r}")
        return [cls.instance(reader.size, reader.regions)]


@dataclass(frozen=True)
class GroupRule(GlobalRule):
    """Groups of cells whose digits all differ; a group of N cells holds every digit."""

    def clauses(self, b: Builder) -> list[Clause]:
        return [c for g in self.groups(b.n, b.p.regions) for c in group_clauses(b, g)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for g in self.groups(n, ()):
            m.AddAllDifferent([x[c] for c in g])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(len({grid[c] for c in g}) == len(g) for g in self.groups(n, ()))


def group_clauses(b: Builder, cells: Sequence[int]) -> list[Clause]:
    """All different; every digit at least once when the group has N cells."""
    out: list[Clause] = []
    for d in b.digits():
        if len(cells) == b.n:
            out.append([b.x(c, d) for c in cells])
        out += [[-b.x(a, d), -b.x(c, d)] for i, a in enumerate(cells) for c in cells[i + 1 :]]
    return out


@dataclass(frozen=True)
class MoveRule(GlobalRule):
    """Two cells one of the ``moves`` apart never hold the same digit."""

    moves: ClassVar[tuple[Pair, ...]] = ()
    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``): its pairs only."""
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        found = super().read_sigh(name, args, reader)
        return [replace(c, shape=reader.shape) for c in found if isinstance(c, MoveRule)]

    def pairs(self, n: int) -> list[Pair]:
        """The cells one of the moves apart, both in the grid."""
        return [p for p in offset_pairs(n, self.moves) if in_shape(n, self.shape, *p)]

    def clauses(self, b: Builder) -> list[Clause]:
        regions = b.p.regions
        return [
            [-b.x(a, d), -b.x(c, d)]
            for a, c in self.pairs(b.n)
            if not shares_unit(b.n, regions, a, c)
            for d in b.digits()
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c in self.pairs(n):
            m.Add(x[a] != x[c])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(grid[a] != grid[c] for a, c in self.pairs(n))
