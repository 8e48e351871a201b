"""Pairwise relations given as a table (keys ``pair`` and ``pairx``, keys of this project:
f-puzzles has none and ignores them): the digit pairs ``allowed`` between two cells,
kept by every two consecutive cells of a list (``pair``) or by every two cells of it
(``pairx``, whose table must be symmetric). The meaning is sigh's Pair and PairX
("a custom binary relationship between consecutive pairs / all pairs of cells"); its
legacy Binary and BinaryX are the same relations with the table's text in another
alphabet.

sigh writes the table as the N·N bits "(i, j) allowed", i the first cell's digit, bit
(i-1)·N + (j-1), six bits a character of base64url (``A-Za-z0-9-_``), the lowest bit
first, trailing zero characters dropped (``fnToBinaryKey``); Binary's text swaps ``-``
and ``_``. Then named groups of cells: ``_NAME`` (URI-encoded, possibly empty) starts a
group, an empty argument separates two groups of one name: ``.Pair~KEY~_Odd%20Even~R1C1~
R1C2~~R3C3~R3C4`` is two instances named "Odd Even". Each group is one instance here.

Shape: ``"pair": [{"cells": ["R1C1", "R1C2"], "allowed": [[1, 2], [2, 3]], "name":
"Odd Even"}]`` (``name`` only when there is one). Clauses: each related pair of cells keeps
the table (``builder.relation``: the banned pairs as binary clauses when at most 2N, else
the supports both ways). Drawn as sigh draws them: a grey line through the cells with a
small circle on each, empty for ``pair``, full for ``pairx``. Made as a setter invents a
relation: a short line whose digits keep a table drawn at random around them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any, ClassVar
from urllib.parse import quote, unquote

from ...grid import Clause, Grid
from ...model.builder import Builder, relation
from ...model.constraint import Constraint
from ...model.drawing import CELL, Canvas, tag
from ...model.geometry import Pair, Regions
from ...model.reading import Reader
from ._making import lines_wanted, paths

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""sigh's six-bit alphabet (base64url)."""
LEGACY = str.maketrans("-_", "_-")
"""Binary's alphabet to Pair's: ``-`` and ``_`` swapped."""

Table = tuple[tuple[int, int], ...]
"""The allowed (first cell's digit, second cell's digit) pairs, sorted."""


def encode_table(allowed: Table, n: int) -> str:
    """sigh's text of a table on digits 1..n."""
    bits = {(d - 1) * n + e - 1 for d, e in allowed}
    chars = [sum(1 << k for k in range(6) if i + k in bits) for i in range(0, n * n, 6)]
    while chars and not chars[-1]:
        chars.pop()
    return "".join(BASE64[v] for v in chars)


def decode_table(text: str, n: int, reader: Reader) -> Table:
    """The table of sigh's text on digits 1..n; an error naming a character outside the
    alphabet or bits beyond n·n."""
    bits: set[int] = set()
    for i, ch in enumerate(text):
        v = BASE64.find(ch)
        if v < 0:
            raise reader.error(f"{ch!r} is not a character of sigh's table")
        bits.update(6 * i + k for k in range(6) if v >> k & 1)
    if bits and max(bits) >= n * n:
        raise reader.error(f"the table {text!r} has more than {n}x{n} entries")
    return tuple((b // n + 1, b % n + 1) for b in sorted(bits))


@dataclass(frozen=True)
class Pairwise(Constraint):
    """Cells whose related pairs (``pairs``) keep a table of allowed digit pairs."""

    cells: tuple[int, ...]
    allowed: Table
    size: int = 9
    name: str = ""
    sigh_name: ClassVar[str] = ""
    legacy: ClassVar[str] = ""
    """sigh's legacy name of the same relation (Binary, BinaryX)."""
    full: ClassVar[bool] = False
    """The circles drawn on its cells: full (all pairs) or empty (consecutive pairs)."""

    def pairs(self) -> list[Pair]:
        raise NotImplementedError

    @classmethod
    def checked(cls, cells: tuple[int, ...], allowed: Table, name: str, reader: Reader) -> Any:
        """The instance, refused when it relates no pair of cells."""
        if len(cells) < 2:
            raise reader.error("a relation needs two cells at least")
        if len(set(cells)) != len(cells):
            raise reader.error("a cell is listed twice")
        return cls(cells, allowed, reader.size, name)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        cells = reader.cells(item.get("cells"), 2)
        table = item.get("allowed")
        n = reader.size
        if not isinstance(table, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(d, int) for d in p)
            for p in table
        ):
            raise reader.error("expected 'allowed', a list of [digit, digit] pairs")
        if any(not (1 <= d <= n and 1 <= e <= n) for d, e in table):
            raise reader.error(f"an allowed pair has a digit outside 1..{n}")
        name = item.get("name", "")
        if not isinstance(name, str):
            raise reader.error("a relation's name is text")
        allowed = tuple(sorted({(d, e) for d, e in table}))
        return [cls.checked(cells, allowed, name, reader)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "cells": [name(c) for c in self.cells],
            "allowed": [list(p) for p in self.allowed],
        }
        if self.name:
            out["name"] = self.name
        return out

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if not args:
            raise reader.error(f"{name} needs its table")
        text = args[0].translate(LEGACY) if name == cls.legacy else args[0]
        allowed = decode_table(text, reader.size, reader)
        out: list[Constraint] = []
        label, cells = "", list[int]()
        for arg in [*args[1:], ""]:
            if (not arg or arg.startswith("_")) and cells:
                out.append(cls.checked(tuple(cells), allowed, label, reader))
                cells = []
            if arg.startswith("_"):
                label = unquote(arg[1:])
            elif arg:
                cells.append(reader.cell(arg))
        return out

    def sigh(self, name: Callable[[int], str]) -> str:
        label = quote(self.name, safe="-_.!~*'()").replace(".", "%2E").replace("~", "%7E")
        table = encode_table(self.allowed, self.size)
        return "." + "~".join([self.sigh_name, table, "_" + label, *(name(c) for c in self.cells)])

    def fits(self, n: int) -> dict[int, list[int]]:
        """digit of the first cell -> the second cell's digits allowed with it."""
        return {d: [e for a, e in self.allowed if a == d] for d in range(1, n + 1)}

    def clauses(self, b: Builder) -> list[Clause]:
        fits = self.fits(b.n)
        return [c for a, e in self.pairs() for c in relation(b, a, e, fits)]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for a, e in self.pairs():
            m.AddAllowedAssignments([x[a], x[e]], list(self.allowed))

    def holds(self, grid: Grid, n: int) -> bool:
        allowed = set(self.allowed)
        return all((grid[a], grid[e]) in allowed for a, e in self.pairs())

    def draw(self, canvas: Canvas) -> list[str]:
        out = [canvas.polyline(self.cells, "#aaa", 4, 0.9)]
        for c in self.cells:
            x, y = canvas.centre(c)
            fill = "#666" if self.full else "white"
            out.append(tag("circle", cx=x, cy=y, r=CELL * 0.12, fill=fill, stroke="#666"))
        return out

    def cells_named(self) -> tuple[int, ...]:
        return self.cells

    def detail(self, size: int) -> str:
        return self.name

    @classmethod
    def make(
        cls, solution: Grid, size: int, regions: Regions, rng: random.Random
    ) -> list[Constraint]:
        """Up to N lines of 2 to 4 cells, none sharing a cell, each with a table of its own:
        the digit pairs its related cells hold, and each other pair with chance 1/3."""
        lines = paths(size, rng, lambda p: True, lambda p: True, (2, 4), lines_wanted(size))
        out: list[Constraint] = []
        for line in lines:
            probe = cls(line, (), size)
            held = {(solution[a], solution[e]) for a, e in probe.pairs()}
            out.append(cls(line, cls.table(held, size, rng), size))
        return out

    @classmethod
    def table(cls, held: set[tuple[int, int]], n: int, rng: random.Random) -> Table:
        digits = range(1, n + 1)
        extra = {(d, e) for d in digits for e in digits if rng.random() < 1 / 3}
        return tuple(sorted(held | extra))


@dataclass(frozen=True)
class PairLine(Pairwise):
    """Every two consecutive cells of the list keep the table (sigh's Pair)."""

    key = "pair"
    rule = "pair"
    label_name = "pairwise relation"
    sigh_name = "Pair"
    legacy = "Binary"
    sigh_names = ("Pair", "Binary")
    any_shape = True
    from_zero = True

    def pairs(self) -> list[Pair]:
        return list(pairwise(self.cells))


@dataclass(frozen=True)
class PairAll(Pairwise):
    """Every two cells of the list keep the table, which is symmetric (sigh's PairX)."""

    key = "pairx"
    rule = "pairx"
    label_name = "all-pairs relation"
    sigh_name = "PairX"
    legacy = "BinaryX"
    sigh_names = ("PairX", "BinaryX")
    any_shape = True
    from_zero = True
    full = True

    @classmethod
    def checked(cls, cells: tuple[int, ...], allowed: Table, name: str, reader: Reader) -> Any:
        pairs = set(allowed)
        if any((e, d) not in pairs for d, e in pairs):
            raise reader.error("an all-pairs relation's table must be symmetric")
        return super().checked(cells, allowed, name, reader)

    def pairs(self) -> list[Pair]:
        return list(combinations(self.cells, 2))

    @classmethod
    def table(cls, held: set[tuple[int, int]], n: int, rng: random.Random) -> Table:
        one_way = set(super().table(held, n, rng))
        return tuple(sorted(one_way | {(e, d) for d, e in one_way}))


FAMILY = (PairLine, PairAll)
