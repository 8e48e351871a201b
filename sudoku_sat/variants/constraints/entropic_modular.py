"""Entropic lines (f-puzzles ``entropicline``) and modular lines (``modularline``): the
digits fall in three classes, and any three consecutive cells of the line hold one digit
of each class (so two cells at most two apart on the line never share a class; a line
of two cells only asks its two classes to differ).

- entropic: low, middle and high digits, 1-3, 4-6, 7-9 at 9x9. At other sizes the split
  of the f-puzzles solver add-on (EntropicLineConstraint.ts): low and high ⌊N/3⌋ digits
  each and the middle the rest when that adds up to N, else ⌈N/3⌉ each and the middle
  the rest: 6x6 {1,2} {3,4} {5,6}, 8x8 {1,2,3} {4,5} {6,7,8}, 4x4 {1} {2,3} {4}.
- modular: the residues mod 3, {1,4,7} {2,5,8} {3,6,9} at 9x9, the same rule at any size
  (the add-on's ModularLineConstraint.ts).

Shape: ``"entropicline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]`` and the same under
``"modularline"`` (the add-on's FPuzzlesInterfaces.ts, dclamage/SudokuVariantSolverJS).
Drawn orange (entropic) and teal (modular). sigh: ``.Entropic~R1C1~...`` (9x9 only in
sigh) and ``.Modular~3~R1C1~...``.

Clauses: a class literal g(c,k) per line cell and class, equivalent to the cell holding a
digit of class k; two cells at most two apart on the line not both in class k; every
three consecutive cells have class k somewhere. Placing two digits of a window forces
the third cell's class at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ._line import Line

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.reading import Reader


def entropic_classes(n: int) -> tuple[int, ...]:
    """The class (0 low, 1 middle, 2 high) of digits 1..n, index d-1."""
    low, high = n // 3, -(-n // 3)
    outer = low if 2 * low + high == n else high
    return tuple(0 if d <= outer else 2 if d > n - outer else 1 for d in range(1, n + 1))


def modular_classes(n: int) -> tuple[int, ...]:
    return tuple(d % 3 for d in range(1, n + 1))


@dataclass(frozen=True)
class ThreeClassLine(Line):
    """A line whose every three consecutive cells hold one digit of each class."""

    classes: ClassVar[Any] = staticmethod(entropic_classes)
    lengths = (3, 7)

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """The last digit's class differs from the two before it."""
        k = cls.classes(n)
        return all(k[digits[-1] - 1] != k[d - 1] for d in digits[-3:-1])

    def near(self) -> list[tuple[int, int]]:
        k = len(self.line)
        return [(self.line[i], self.line[j]) for i in range(k) for j in range(i + 1, min(i + 3, k))]

    def clauses(self, b: Builder) -> list[Clause]:
        cls = self.classes(b.n)
        g = {(c, k): b.fresh() for c in self.line for k in range(3)}
        out: list[Clause] = []
        for c in self.line:
            for k in range(3):
                digits = [d for d in b.digits() if cls[d - 1] == k]
                out.append([-g[c, k]] + [b.x(c, d) for d in digits])
                out += [[-b.x(c, d), g[c, k]] for d in digits]
        for a, c in self.near():
            out += [[-g[a, k], -g[c, k]] for k in range(3)]
        for i in range(len(self.line) - 2):
            window = self.line[i : i + 3]
            out += [[g[c, k] for c in window] for k in range(3)]
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        k = {c: self.cpsat_class(m, x[c], n) for c in self.line}
        for a, c in self.near():
            m.Add(k[a] != k[c])

    def cpsat_class(self, m: Any, v: Any, n: int) -> Any:
        raise NotImplementedError

    def holds(self, grid: Grid, n: int) -> bool:
        cls = self.classes(n)
        return all(cls[grid[a] - 1] != cls[grid[c] - 1] for a, c in self.near())


@dataclass(frozen=True)
class Entropic(ThreeClassLine):
    key = "entropicline"
    rule = "entropic"
    colour = "#FFA500"
    sigh_name = "Entropic"
    sigh_names = ("Entropic",)
    any_shape = True

    def cpsat_class(self, m: Any, v: Any, n: int) -> Any:
        k = m.NewIntVar(0, 2, "")
        m.AddElement(v, [0, *entropic_classes(n)], k)
        return k


@dataclass(frozen=True)
class Modular(ThreeClassLine):
    key = "modularline"
    rule = "modular"
    colour = "#20B2AA"
    sigh_name = "Modular~3"
    sigh_names = ("Modular",)
    any_shape = True
    from_zero = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Modular~3~R1C1~...``: the f-puzzles modular line is sigh's of modulus 3;
        another modulus is not supported."""
        if args[:1] != ["3"]:
            raise reader.error(f"modulus {args[:1]} is not supported: only 3")
        return super().read_sigh(name, args[1:], reader)

    classes = staticmethod(modular_classes)

    def cpsat_class(self, m: Any, v: Any, n: int) -> Any:
        k = m.NewIntVar(0, 2, "")
        m.AddModuloEquality(k, v, 3)
        return k


FAMILY = (Entropic, Modular)
