"""Search priority (sigh's ``SearchPriority``; no f-puzzles key: ``searchpriority`` here):
a hint to sigh's solver of which cells to try first (its priority replaces the cells'
own in the order sigh's search picks cells). It says nothing of the solutions: no
clauses, no CP-SAT statement, it holds on every grid, nothing is drawn, and this
project's engines ignore it; it is kept only so that a puzzle read from sigh's string is
written back with it (``show --format sigh``).

Shape: ``"searchpriority": [{"cells": ["R1C1", ...], "value": "5"}]``. sigh:
``.SearchPriority~5~R1C1~R1C2`` (the priority, a whole number, then at least one cell; sigh's
handler, which registers no cell, is read for its meaning). As in sigh, an Or or an And
holds no hint (``composable``): as a member it would hold on every grid. sigh's data
holds no puzzle with one (commit e373f98).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...grid import Grid
from ...model.constraint import Constraint
from ...model.geometry import Regions
from ...model.reading import Reader, shown
from ._option import Option

PRIORITY = re.compile(r"^-?[0-9]{1,6}$", re.ASCII)
"""A priority: a whole number, perhaps negative (a decimal point would start another item
of sigh's string)."""


@dataclass(frozen=True)
class SearchPriority(Option):
    """The cells sigh's search is told to try first, at a priority; no rule."""

    priority: str
    cells: tuple[int, ...]
    key = "searchpriority"
    rule = ""
    label_name = "search priority"
    sigh_names = ("SearchPriority",)
    from_zero = True
    any_shape = True  # a hint on cells the reader keeps inside the shape
    composable = False
    drawn_first = True

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        value = item.get("value")
        text = str(value) if isinstance(value, int | str) and not isinstance(value, bool) else ""
        if PRIORITY.match(text) is None:
            raise reader.error(f"the priority {shown(value)} is not a whole number")
        return [cls(text, reader.cells(item.get("cells")))]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells], "value": self.priority}

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """A few cells at a priority, as a solver's user places them (it is no rule)."""
        cells = tuple(sorted(rng.sample(range(size * size), size)))
        return [cls(str(rng.randint(1, 20)), cells)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".SearchPriority~{self.priority}" + "".join(f"~{name(c)}" for c in self.cells)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.SearchPriority~PRIORITY~R1C1~...``."""
        if len(args) < 2:
            raise reader.error("expected a priority, then one cell or more")
        return cls.read({"value": args[0], "cells": args[1:]}, reader)

    def cells_named(self) -> tuple[int, ...]:
        return self.cells


FAMILY = (SearchPriority,)
