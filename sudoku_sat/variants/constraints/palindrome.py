"""Palindrome lines (f-puzzles ``palindrome``): the digits along a line read the same
from either end, so the i-th cell from one end equals the i-th from the other.

Source: f-puzzles' own constraint list (``palindrome``: ``{"lines": [[cells]]}``, a grey
line). Clauses: x(a,d) ↔ x(b,d) for each mirrored pair (a, b) and digit d.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..constraint import Constraint

if TYPE_CHECKING:
    from ..builder import Builder
    from ..drawing import Canvas
    from ..reading import Reader


@dataclass(frozen=True)
class Palindrome(Constraint):
    """A line whose digits read the same both ways."""

    line: tuple[int, ...]
    key = "palindrome"
    rule = "palindrome"

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls(line) for line in reader.lines(item)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"lines": [[name(c) for c in self.line]]}

    def pairs(self) -> Iterator[tuple[int, int]]:
        k = len(self.line)
        return ((self.line[i], self.line[k - 1 - i]) for i in range(k // 2))

    def clauses(self, b: Builder) -> Iterator[Clause]:
        for a, c in self.pairs():
            for d in b.digits():
                yield [-b.x(a, d), b.x(c, d)]
                yield [b.x(a, d), -b.x(c, d)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, c in self.pairs():
            m.Add(x[a] == x[c])

    def holds(self, grid: Grid, n: int) -> bool:
        return all(grid[a] == grid[c] for a, c in self.pairs())

    def draw(self, canvas: Canvas) -> list[str]:
        return [canvas.polyline(self.line, "#bbb", 12, 0.9)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return ".Palindrome~" + "~".join(name(c) for c in self.line)

    def cells_named(self) -> tuple[int, ...]:
        return self.line


FAMILY = (Palindrome,)
