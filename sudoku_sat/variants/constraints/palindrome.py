"""Palindrome lines (f-puzzles ``palindrome``): the digits along a line read the same
from either end, so the i-th cell from one end equals the i-th from the other.

Source: f-puzzles' own constraint list (``palindrome``: ``{"lines": [[cells]]}``, a grey
line). Clauses: x(a,d) ↔ x(b,d) for each mirrored pair (a, b) and digit d.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Grid
from ...model.constraint import Constraint
from ._equal import EqualPairs
from ._making import lines_wanted, middles, mirrored

if TYPE_CHECKING:
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class Palindrome(EqualPairs):
    """A line whose digits read the same both ways."""

    line: tuple[int, ...]
    key = "palindrome"
    rule = "palindrome"
    sigh_names = ("Palindrome",)
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Palindrome~R1C1~R1C2...``: the line's cells in order."""
        return cls.read({"lines": [args]}, reader)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """Lines grown from a middle cell, or two equal neighbours, by equal pairs."""

        def pair(line: list[int], p: int, q: int) -> bool:
            return solution[p] == solution[q]

        middle = middles(n, rng, lambda a, b: solution[a] == solution[b])
        return [cls(line) for line in mirrored(n, rng, middle, pair, (3, 7), lines_wanted(n))]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls(line) for line in reader.paths(item)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"lines": [[name(c) for c in self.line]]}

    def pairs(self) -> Iterator[tuple[int, int]]:
        k = len(self.line)
        return ((self.line[i], self.line[k - 1 - i]) for i in range(k // 2))

    def draw(self, canvas: Canvas) -> list[str]:
        return [canvas.polyline(self.line, "#bbb", 12, 0.9)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return ".Palindrome~" + "~".join(name(c) for c in self.line)

    def cells_named(self) -> tuple[int, ...]:
        return self.line


FAMILY = (Palindrome,)
