"""Global entropy and global mod 3 (keys ``globalentropy`` and ``globalmod``, keys of
this project: f-puzzles has none and ignores them): every 2x2 square of the grid holds a
digit of each of three classes. The classes are the entropic and modular lines' own
(``entropic_modular``): low, middle and high digits (1-3, 4-6, 7-9 at 9x9) for entropy,
the residues mod 3 ({1,4,7} {2,5,8} {3,6,9}) for mod 3. The meaning is sigh's
GlobalEntropy and GlobalMod ("each 2x2 box in the grid has to contain a low digit, a
middle digit and a high digit", its ``square2x2Regions``: the (N-1)² squares of four
neighbouring cells), which sigh states on 9x9 only; at other sizes the classes are the
lines' (6x6 entropy {1,2} {3,4} {5,6}), and sigh is not asked.

sigh: ``.GlobalEntropy``, ``.GlobalMod``. Clauses: per square and class, one clause "a
digit of the class somewhere in the four cells" (12 literals at 9x9; no auxiliary: a
square's three clauses with the cells' one-digit rule say it all, and placing three
digits of two classes forces the fourth cell's class at once). Nothing is drawn: the
rule is in the puzzle's rules text.

A global rule's sigh reading (``read_flag``, no argument) is shared from here with the
other global rules of issue 42 (anti-taxicab, Dutch flatmates).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product
from typing import Any, ClassVar

from ...grid import Clause, Grid
from ...model.builder import Builder
from ...model.constraint import Constraint
from ...model.drawing import Canvas
from ...model.geometry import Regions
from ...model.reading import Reader
from ._global import GlobalRule
from .entropic_modular import entropic_classes, modular_classes


def read_flag(
    cls: type[GlobalRule], name: str, args: list[str], reader: Reader
) -> list[Constraint]:
    """The one instance of a global rule's sigh string, which takes no argument."""
    if args:
        raise reader.error(f"{name} takes no argument")
    return [cls.instance(reader.size, reader.regions)]


def squares(n: int, shape: tuple[int, int] = (0, 0)) -> list[tuple[int, int, int, int]]:
    """Every 2x2 square of neighbouring cells, by its top-left cell in reading order (of
    a shaped grid's rows x cols in its N x N frame when shape is given)."""
    rows, cols = shape if shape[0] else (n, n)
    return [
        (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
        for r in range(rows - 1)
        for c in range(cols - 1)
    ]


@dataclass(frozen=True)
class ThreeClassSquares(GlobalRule):
    """Every 2x2 square holds a digit of each of the three classes."""

    size: int = 9
    """The grid's size: sigh states these rules on 9x9 only."""
    shape: tuple[int, int] = field(default=(0, 0), repr=False)
    """The rows and columns of a shaped grid (``Puzzle.rows``: a 6x6 of 9 digits)."""
    classes: ClassVar[Any] = staticmethod(entropic_classes)
    any_shape = True

    @classmethod
    def instance(cls, size: int, regions: Regions) -> Constraint:
        return cls(size)

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        return [cls(reader.size, reader.shape) for _ in read_flag(cls, name, args, reader)]

    def sigh(self, name: Callable[[int], str]) -> str:
        if self.size != 9:
            raise NotImplementedError(f"sigh's {self.sigh_name} is 9x9 only")
        return f".{self.sigh_name}"

    def clauses(self, b: Builder) -> list[Clause]:
        k = self.classes(b.n)
        return [
            [b.x(c, d) for c in square for d in b.digits() if k[d - 1] == group]
            for square in squares(b.n, self.shape)
            for group in range(3)
        ]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        k = self.classes(n)
        kind = {}
        for c in range(n * n):
            kind[c] = m.NewIntVar(0, 2, "")
            m.AddElement(x[c], [0, *k], kind[c])
        every = [t for t in product(range(3), repeat=4) if set(t) == {0, 1, 2}]
        for square in squares(n, self.shape):
            m.AddAllowedAssignments([kind[c] for c in square], every)

    def holds(self, grid: Grid, n: int) -> bool:
        k = self.classes(n)
        return all(
            {k[grid[c] - 1] for c in square} == {0, 1, 2} for square in squares(n, self.shape)
        )

    def draw(self, canvas: Canvas) -> list[str]:
        return []


@dataclass(frozen=True)
class GlobalEntropy(ThreeClassSquares):
    """Every 2x2 square holds a low, a middle and a high digit."""

    key = "globalentropy"
    rule = "global-entropy"
    label_name = "global entropy"
    sigh_name = "GlobalEntropy"
    sigh_names = ("GlobalEntropy",)


@dataclass(frozen=True)
class GlobalMod(ThreeClassSquares):
    """Every 2x2 square holds a digit of each residue mod 3."""

    key = "globalmod"
    rule = "global-mod"
    label_name = "global mod 3"
    sigh_name = "GlobalMod"
    sigh_names = ("GlobalMod",)
    from_zero = True  # the residues of 0..8 part the indexes as those of 1..9 do
    classes = staticmethod(modular_classes)


FAMILY = (GlobalEntropy, GlobalMod)
