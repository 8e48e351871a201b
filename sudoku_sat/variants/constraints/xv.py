"""XV (f-puzzles ``xv``): an X between two orthogonal neighbours says their digits sum to
10, a V that they sum to 5. With the negative constraint (``_marks.Negative``), a pair
with no X or V sums to neither. Shape: ``{"cells": ["R1C1", "R1C2"], "value": "X"}``.
sigh: ``.X~R1C1~R1C2`` and ``.V~R1C1~R1C2``; the negative, ``.StrictXV``. Drawn as
a bold letter on the border.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...grid import Grid
from ...model.constraint import Constraint
from ...model.drawing import Canvas, tag
from ...model.geometry import Regions, orthogonal_pairs
from ...model.reading import Reader
from ._marks import Mark, Negative

LETTERS = {"X": 10, "V": 5}


@dataclass(frozen=True)
class XV(Mark):
    """Two neighbours summing to value (X: 10, V: 5)."""

    key = "xv"
    rule = "xv"
    family = "xv"
    strict = "StrictXV"
    label_name = "X or V"
    defaults = (5, 10)
    own_values = False
    sigh_names = ("X", "V")
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.X~R1C1~R1C2`` (sum 10) or ``.V~...`` (5), on each pair of neighbours among
        the cells (``Mark.sigh_pairs``)."""
        pairs = cls.sigh_pairs(args, reader)
        return [c for pair in pairs for c in cls.read({**pair, "value": name}, reader)]

    @staticmethod
    def fits(value: int, d: int, e: int) -> bool:
        return d + e == value

    @property
    def letter(self) -> str:
        return "X" if self.value == 10 else "V"

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = cls.pair(item, reader)
        letter = str(item.get("value", "")).upper()
        if letter not in LETTERS:
            raise reader.error(f"value {item.get('value')!r} is neither X nor V")
        return [cls(cells, LETTERS[letter], reader.low)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"cells": [name(c) for c in self.cells], "value": self.letter}

    def label(self, size: int) -> str:
        return f"{self.letter} at " + "-".join(
            f"r{c // size + 1}c{c % size + 1}" for c in self.cells
        )

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = self.midpoint(canvas)
        return [
            tag(
                "text",
                self.letter,
                x=x,
                y=y + 5.5,
                font_size=16,
                font_weight="bold",
                text_anchor="middle",
                stroke="white",
                stroke_width=3,
                paint_order="stroke",
            )
        ]

    def sigh(self, name: Callable[[int], str]) -> str:
        return f".{self.letter}~{name(self.cells[0])}~{name(self.cells[1])}"

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Every pair of neighbours summing to 10 or 5, and the negative constraint that
        says so (all given)."""
        out: list[Constraint] = [
            cls((a, b), solution[a] + solution[b])
            for a, b in orthogonal_pairs(size)
            if solution[a] + solution[b] in cls.defaults
        ]
        return [*out, Negative(cls.key)]


FAMILY = (XV,)
