"""What the line constraints of this folder share (not a family: no ``FAMILY``): an
instance is one drawn line, read from an f-puzzles item ``{"lines": [[cells]]}`` as a
path of neighbouring cells (a king's move apart, at least two cells), written back as
one line per item, drawn as a coloured polyline through the cell centres, sent to sigh
as ``.Name~R1C1~R1C2...`` and read back from it (``sigh_names``); made (``make``) as
paths of ``lengths`` cells on which the grid's digits obey the rule (``_making.paths``,
pruned by ``viable``). Also the small clause helpers they use.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ...model.drawing import CELL, tag
from ._making import lines_wanted, paths

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


@dataclass(frozen=True)
class Line(Constraint):
    """One line of cells; subclasses set the colour, the width and sigh's name."""

    line: tuple[int, ...]
    colour: ClassVar[str] = "#bbb"
    width: ClassVar[float] = 10
    sigh_name: ClassVar[str] = ""
    least: ClassVar[int] = 2
    """The fewest cells a line of this kind may have."""
    lengths: ClassVar[tuple[int, int]] = (3, 6)
    """The fewest and most cells of a made line (at most N)."""

    @classmethod
    def of(cls, line: tuple[int, ...], n: int) -> Line:
        """The instance on a made line of a grid of size n."""
        return cls(line)

    @classmethod
    def viable(cls, digits: list[int], n: int) -> bool:
        """Whether the digits of a made line's first cells may still begin a line that
        obeys the rule (the last of them may turn out to be the line's end)."""
        return True

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        def fits(path: list[int]) -> bool:
            return cls.viable([solution[c] for c in path], n)

        def done(path: list[int]) -> bool:
            return cls.of(tuple(path), n).holds(solution, n)

        lengths = (cls.lengths[0], min(cls.lengths[1], n))
        return [cls.of(line, n) for line in paths(n, rng, fits, done, lengths, lines_wanted(n))]

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        return [cls(line) for line in reader.paths(item, cls.least)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """One line, its cells in order (``.Thermo~R1C1~R1C2``), checked as an
        f-puzzles line is; sigh's closed loops (``~LOOP``) are refused."""
        if args[-1:] == ["LOOP"]:
            raise reader.error("a line closed in a loop is not supported")
        return cls.read({"lines": [args]}, reader)

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        return {"lines": [[name(c) for c in self.line]]}

    def draw(self, canvas: Canvas) -> list[str]:
        return [canvas.polyline(self.line, self.colour, self.width, 0.9)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return "." + "~".join([self.sigh_name, *(name(c) for c in self.line)])

    def cells_named(self) -> tuple[int, ...]:
        return self.line


@dataclass(frozen=True)
class DifferenceLine(Line):
    """A line with an optional difference ``value`` (whispers, lockout): read in 1..N-1,
    written back only when given; ``default(size)`` when it is not."""

    value: int | None = None
    """The item's ``value`` as written; None for the default."""
    size: int = 9

    @classmethod
    def default(cls, size: int) -> int:
        raise NotImplementedError

    @classmethod
    def of(cls, line: tuple[int, ...], n: int) -> Line:
        return cls(line, None, n)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        value = reader.number(item.get("value"))
        if value is not None and not 1 <= value < reader.size:
            raise reader.error(f"difference {value} is not from 1 to {reader.size - 1}")
        lines = reader.paths(item, cls.least, beyond=True)  # sigh's whispers join Var cells
        return [cls(line, value, reader.size) for line in lines]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """``.Whisper~5~R1C1~R1C2``: the difference first (sigh always writes it; the
        default one is read as none written, as the made lines carry it)."""
        if not args:
            raise reader.error("expected a difference and the line's cells")
        value, *cells = args
        if reader.number(value) == cls.default(reader.size):
            value = ""
        if args[-1:] == ["LOOP"]:
            raise reader.error("a line closed in a loop is not supported")
        return cls.read({"lines": [cells], "value": value}, reader)

    @property
    def difference(self) -> int:
        return self.value if self.value is not None else self.default(self.size)

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out = super().item(name)
        if self.value is not None:
            out["value"] = str(self.value)
        return out


def end_circles(canvas: Canvas, line: tuple[int, ...], stroke: str) -> list[str]:
    """Empty circles on both ends of a line (between lines, double arrows)."""
    out = []
    for c in (line[0], line[-1]):
        x, y = canvas.centre(c)
        out.append(tag("circle", cx=x, cy=y, r=CELL * 0.4, fill="white", stroke=stroke))
    return out


def end_diamonds(canvas: Canvas, line: tuple[int, ...], stroke: str) -> list[str]:
    """Diamonds on both ends of a line (lockout lines)."""
    out = []
    h = CELL * 0.42
    for c in (line[0], line[-1]):
        x, y = canvas.centre(c)
        points = f"{x},{y - h} {x + h},{y} {x},{y + h} {x - h},{y}"
        out.append(tag("polygon", points=points, fill="white", stroke=stroke, stroke_width=2))
    return out


def never(b: Builder) -> list[Clause]:
    """Two clauses no assignment satisfies (DIMACS writers refuse the empty clause)."""
    v = b.fresh()
    return [[v], [-v]]
