"""Digital-root cages (f-puzzles ``cage``, a cosmetic outline in f-puzzles itself, whose
``value`` is ``DR`` and a number): the cage's digits all differ and their sum has that
digital root. Shape: ``{"cells": ["R1C1", "R1C2"], "value": "DR5"}``.

Source: the f-puzzles solver add-on (rangsk's SudokuSolver, ``SolverFactory.cs``: a
``cage`` of at most N cells whose value matches ``DR(\\d+)`` becomes a
``MultiSumKillerCageConstraint`` whose sums are the root, the root + 9, + 18, ... from
the least sum of that many distinct digits to the most; every other ``cage`` is
cosmetic). That reading is kept exactly: sums root + 9k (9 at every size, as the add-on
steps), so ``DR9`` and ``DR0`` are the multiples of 9, and a root past the most sum
leaves none (no solution). A ``cage`` whose value is anything else (a number, a letter,
none) or that has more cells than N is passed over as the add-on passes it over.

Clauses: the killer cage's all-different (``Cage`` without a total) and, in the default
``combos``, one selector per digit set of every allowed sum (``sums.cage_combos``, as a
killer cage's); in another sum encoding chosen, ``sums.sum_is`` over the allowed sums.
Until 2026-12-03 the default was ``sum_is``'s one-hot running sums: on the made 9x9 of
tests/data/constraints/cage.jsonl (28 cages) 148-159 ms CPU alone, 4,920 conflicts,
27,408 clauses, against 23-32 ms, 214 conflicts, 21,216 clauses (one process, Glucose
4, load about 1.5). sigh has no digital-root cage; its
``Or`` of one ``Cage`` per allowed sum says the same and is what ``sigh`` writes (the
reader of sigh's strings here reads no ``Or`` yet: no class lists it). Made from a
killer's cages, each labelled with its total's digital root.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions
from ...model.reading import Reader
from ..sums import cage_combos, sum_is
from .killer import Cage, cage_drawing

VALUE = re.compile(r"^\s*DR\s*([0-9]{1,3})\s*$", re.ASCII)
"""A digital root as a cage's value: ``DR5`` (case as the add-on, which matches ``DR``)."""


@dataclass(frozen=True)
class DigitalRootCage(Constraint):
    """Cells all different, their sum's digital root ``root`` (sums root + 9k)."""

    cells: tuple[int, ...]
    root: int
    size: int = 9
    key = "cage"
    rule = "digital-root"
    label_name = "digital-root cage"
    shared = False
    layer = 2

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        """The cage when its value is ``DR`` and a number and it has at most N cells;
        none otherwise (a cosmetic cage, whose cells are checked all the same: a cell
        outside the grid is a broken file, cosmetic or not)."""
        value = item.get("value")
        match = VALUE.match(value) if isinstance(value, str) else None
        cells = reader.cells(item.get("cells"))
        if match is None or len(cells) > reader.size:
            return []
        return [cls(cells, int(match.group(1)), reader.size)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells], "value": f"DR{self.root}"}

    def sums(self, n: int) -> tuple[int, ...]:
        """The sums allowed: root + 9k, from the least to the most sum of the cells."""
        k = len(self.cells)
        least, most = k * (k + 1) // 2, n * (n + 1) // 2 - (n - k) * (n - k + 1) // 2
        return tuple(s for s in range(self.root, most + 1, 9) if s >= least)

    def groups(self, size: int, regions: Regions) -> list[tuple[int, ...]]:
        return [self.cells]

    def clauses(self, b: Builder) -> list[Clause]:
        if b.sums == "combos":  # the family's default: the digit sets of every sum
            return [*Cage(self.cells).clauses(b), *cage_combos(b, self.cells, self.sums(b.n))]
        return [*Cage(self.cells).clauses(b), *sum_is(b, self.cells, self.sums(b.n))]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        m.AddAllDifferent([x[c] for c in self.cells])
        total = m.NewIntVar(0, n * len(self.cells), "")
        m.Add(total == sum(x[c] for c in self.cells))
        m.AddAllowedAssignments([total], [(s,) for s in self.sums(n)])

    def holds(self, grid: Grid, n: int) -> bool:
        digits = [grid[c] for c in self.cells]
        return len(set(digits)) == len(digits) and sum(digits) in self.sums(n)

    def draw(self, canvas: Canvas) -> list[str]:
        return cage_drawing(canvas, self.cells, f"DR{self.root}")

    def sigh(self, name: Callable[[int], str]) -> str:
        """sigh's ``Or`` of one ``Cage`` per allowed sum (sigh has no digital root)."""
        sums = self.sums(self.size)
        if not sums:
            raise NotImplementedError("no sum of its cells has that digital root")
        cells = "".join(f"~{name(c)}" for c in self.cells)
        return ".Or" + "".join(f".Cage~{s}{cells}" for s in sums) + ".End"

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    def detail(self, size: int) -> str:
        return f"digital root {self.root}"

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """A killer's cages (``Cage.make``), each with its total's digital root."""
        made = Cage.make(solution, size, regions, rng)
        return [
            cls(c.cells, (c.total - 1) % 9 + 1, size)
            for c in made
            if isinstance(c, Cage) and c.total is not None
        ]


FAMILY = (DigitalRootCage,)
