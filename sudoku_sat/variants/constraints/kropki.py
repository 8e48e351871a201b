"""Kropki dots (f-puzzles ``difference``, ``ratio``): a white dot between two orthogonal
neighbours says their digits differ by its value (1 when none is written), a black dot
that one is its value times the other (2 when none is written). With the negative
constraint (``_marks.Negative``), "all dots given". Shape: ``{"cells": ["R1C1",
"R1C2"], "value": "3"}``. Clauses: the relation's supports both ways (``Mark``), in a
session the skeleton's selector of the default value. sigh: ``.WhiteDot~R1C1~R1C2`` and
``.BlackDot~R1C1~R1C2`` (its dots carry no value: a dot of another value is not stated).
Drawn as a small white or black circle on the border.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...grid import Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Regions, orthogonal_pairs
from ...model.reading import Reader
from ._marks import Mark, Negative


@dataclass(frozen=True)
class Dot(Mark):
    """A kropki dot: its value, its fill and sigh's name."""

    family = "kropki"
    rule = "kropki"
    strict = "StrictKropki"
    fill: ClassVar[str] = "white"
    sigh_name: ClassVar[str] = ""

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.WhiteDot~R1C1~R1C2``: a dot of the default value (sigh's carry none) on
        each pair of neighbours among the cells (``Mark.sigh_pairs``)."""
        return [c for pair in cls.sigh_pairs(args, reader) for c in cls.read(pair, reader)]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = cls.pair(item, reader)
        value = reader.number(item.get("value"))
        if value == 0:
            raise reader.error("a dot's value is at least 1")
        return [cls(cells, value or cls.defaults[0], reader.low)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"cells": [name(c) for c in self.cells]}
        if self.value != self.defaults[0]:
            out["value"] = str(self.value)
        return out

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = self.midpoint(canvas)
        return [
            tag("circle", cx=x, cy=y, r=CELL * 0.15, fill=self.fill, stroke="black", stroke_width=1)
        ]

    def sigh(self, name: Callable[[int], str]) -> str:
        if self.value != self.defaults[0]:
            raise NotImplementedError(f"sigh's dots carry no value ({self.value})")
        return f".{self.sigh_name}~{name(self.cells[0])}~{name(self.cells[1])}"

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Every pair of neighbours that keeps the default relation, and the negative
        constraint that says so (all dots given); a pair that would take both dots (1
        and 2) takes the white one."""
        v = cls.defaults[0]
        out: list[Constraint] = []
        for a, b in orthogonal_pairs(size):
            if cls.fits(v, solution[a], solution[b]) and not cls.taken(solution[a], solution[b]):
                out.append(cls((a, b), v))
        return [*out, Negative(cls.key)]

    @classmethod
    def taken(cls, d: int, e: int) -> bool:
        """True when the pair takes a dot of the other colour instead."""
        return False


@dataclass(frozen=True)
class WhiteDot(Dot):
    """Digits differing by value."""

    key = "difference"
    label_name = "white dot"
    defaults = (1,)
    sigh_name = "WhiteDot"
    sigh_names = ("WhiteDot",)
    any_shape = True
    from_zero = True

    @staticmethod
    def fits(value: int, d: int, e: int) -> bool:
        return abs(d - e) == value


@dataclass(frozen=True)
class BlackDot(Dot):
    """One digit value times the other."""

    key = "ratio"
    label_name = "black dot"
    defaults = (2,)
    fill = "black"
    sigh_name = "BlackDot"
    sigh_names = ("BlackDot",)
    any_shape = True
    from_zero = True

    @staticmethod
    def fits(value: int, d: int, e: int) -> bool:
        return d == value * e or e == value * d

    @classmethod
    def taken(cls, d: int, e: int) -> bool:
        return abs(d - e) == WhiteDot.defaults[0]


FAMILY = (WhiteDot, BlackDot)
