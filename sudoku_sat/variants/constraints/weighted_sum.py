"""Sums (sigh's ``Sum``; no f-puzzles key: ``weightedsum`` here): the digits of a group of
cells, each times its coefficient (1 when none is given), sum to the clue; digits repeat
freely (a killer cage without its all-different rule, or with coefficients any linear
equation on the grid).

Shape: ``"weightedsum": [{"cells": ["R1C1", "R1C2"], "value": "12"}, ...]``, with
``"coefficients": [1, -2]`` beside the cells when they are weighted (``_group``; the
value may then be negative). Sources: sigh's solver (``.Sum~12~R1C1~R1C2`` and, weighted,
``.Sum~0_=_1_-2~R1C1~R1C2``: integer coefficients of -100 to 100, one a cell; its ``Sum``
handler) and the sum puzzles it collects ("Little killer [Sum clue]", Cracking the
Cryptic video y4eKdI3ZJ78).

Clauses. Unweighted: ``sum_forms.total_is`` (``combos``: the digit sets of the total
when the cells all differ, else the tuples of digits, up to 2,000, else the running
partial sums), but over more than half a house of cells that do not all differ
(``by_houses``), and weighted: the one-hot running sums of the weighted digits
(``sums.sum_literals``, a group over more than half a house first rewritten by the
houses: a sum over a region and two cells more is a sum of those two), pruned to the
clue from both sides, and the clue's literal asserted; in a ``pb-*`` encoding
pindakaas' linear equality. An encoding chosen (``--sums``) takes every unweighted sum
to ``total_is`` in that encoding.

Until 2026-12-03 every unweighted sum took ``total_is``, never rewritten by the houses.
"7x7: Killer Squishdoku" (tests/data/shapes/shapes.jsonl: 9-cell regions on a 7x7, sums
of 11 and 12 cells) took 262-300 ms CPU alone (9,819 conflicts, 25,165 clauses); by the
houses 18-21 ms (3,242 conflicts, 11,552 clauses); the one-hot running sums without the
houses 305 ms. The two real shapes puzzles of such sums 328 against 77-95 ms. Every sum
over cells that do not all differ there, two-cell ones too, lost on the real
"weightedsum" puzzle (44 sums of two cells): 11.3 against 6.7 ms a puzzle (one session
each, load about 1).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..sum_forms import distinct, encoding, total_is
from ..sums import sum_literals
from ..sums_pb import linear
from ._group import Group
from ._line import never

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader

MOST = 100
"""The largest coefficient sigh reads (and this reader)."""


@dataclass(frozen=True)
class Sum(Group):
    """The cells' digits, times their weights, sum to value."""

    value: int = 0
    weights: tuple[int, ...] = ()
    """One coefficient a cell; empty when every one is 1."""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): value is of the digits, the clauses sum
    their indexes 1..N (``indexed``)."""
    key = "weightedsum"
    rule = "sum"
    sigh_name = "Sum"
    sigh_names = ("Sum",)
    any_shape = True
    from_zero = True
    sum_encoding = "combos"
    """For a sum of coefficients 1 (a weighted one is always a running sum or, asked, a
    pseudo-Boolean one): the 6 real puzzles of sigh's ``Sum`` (weightedsum, shapes, var,
    zero), a new session each, CPU (library, diagnostic, 2026-12-02 19:45 UTC, load about
    1): 0.64-0.65 s with ``combos``, 1.10-1.16 s with ``running`` ("7x7: Killer
    Squishdoku", a sum over 11 cells: 258-274 against 704-733 ms); the made ones of
    tests/data/constraints/weightedsum.jsonl, 0.034 s either way."""
    distinct = False
    stroke = "#2a7"

    def coefficients(self) -> tuple[int, ...]:
        return self.weights or (1,) * len(self.cells)

    def clue(self) -> str:
        if not self.weights:
            return str(self.value)
        return "_".join([str(self.value), "=", *(str(w) for w in self.weights)])

    @classmethod
    def weighed(cls, cells: list[int], value: int, weights: list[Any], reader: Reader) -> Sum:
        """The instance, its weights checked (one a cell, whole, -100 to 100); a cell
        listed twice (sigh allows it) once, with the sum of its coefficients."""
        if len(weights) != len(cells):
            raise reader.error(f"{len(weights)} coefficients for {len(cells)} cells")
        merged: dict[int, int] = {}
        for c, text in zip(cells, weights, strict=True):
            w = reader.number(text, signed=True)
            if w is None or abs(w) > MOST:
                raise reader.error(
                    f"coefficient {text!r} is not a whole number from -{MOST} to {MOST}"
                )
            merged[c] = merged.get(c, 0) + w
        kept = {c: w for c, w in merged.items() if w} or {cells[0]: 0}
        out = tuple(kept.values())
        return cls(tuple(kept), value, () if all(w == 1 for w in out) else out, reader.low)

    @property
    def indexed(self) -> int:
        """The value the digits' indexes 1..N sum to, weighted (value itself from 1)."""
        return self.value - (self.low - 1) * sum(self.coefficients())

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        if len(args) < 2:
            raise reader.error("expected a sum and at least one cell")
        return [cls.of([reader.cell(a) for a in args[1:]], args[0].strip(), reader)]

    @classmethod
    def of(cls, cells: Sequence[int], clue: str, reader: Reader) -> Constraint:
        head, _, rest = clue.partition("_=_")
        value = reader.number(head, signed=True)
        if value is None:
            raise reader.error("a value is missing")
        weights = rest.split("_") if rest else [1] * len(cells)
        return cls.weighed(list(cells), value, weights, reader)

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        names = item.get("cells")
        if not isinstance(names, list) or not names:
            raise reader.error("expected a non-empty list of cells")
        cells = [reader.cell(c) for c in names]
        value = reader.number(item.get("value"), signed=True)
        if value is None:
            raise reader.error("a value is missing")
        weights = item.get("coefficients", [1] * len(cells))
        if not isinstance(weights, list):
            raise reader.error("'coefficients' is a list of whole numbers")
        return [cls.weighed(cells, value, weights, reader)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out: dict[str, Any] = {"cells": [name(c) for c in self.cells], "value": str(self.value)}
        if self.weights:
            out["coefficients"] = list(self.weights)
        return out

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        """Every other one weighted, by coefficients from -2 to 3 (none 0)."""
        weights = tuple(rng.choice((-2, -1, 1, 2, 3)) for _ in cells) if rng.random() < 0.5 else ()
        if all(w == 1 for w in weights):
            weights = ()
        value = sum(
            w * solution[c] for c, w in zip(cells, weights or (1,) * len(cells), strict=True)
        )
        return cls(cells, value, weights)

    def clauses(self, b: Builder) -> list[Clause]:
        how, value = encoding(b, self.sum_encoding), self.indexed
        if not self.weights and (how != "combos" or not self.by_houses(b)):
            return total_is(b, self.cells, value, how)
        if how.startswith("pb-"):
            return linear(b, list(zip(self.cells, self.weights, strict=True)), value, how)
        lits = sum_literals(b, self.cells, self.weights, most=value, least=value)
        return [[lits[value]]] if value in lits else never(b)

    def by_houses(self, b: Builder) -> bool:
        """True when an unweighted sum takes the one-hot sums rewritten by the houses:
        over more than half a house of cells that do not all differ."""
        return len(self.cells) > b.n // 2 and not distinct(b, self.cells)

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        terms = zip(self.cells, self.coefficients(), strict=True)
        m.Add(sum(w * (x[c] + self.low - 1) for c, w in terms) == self.value)

    def holds(self, grid: Grid, n: int) -> bool:
        terms = zip(self.cells, self.coefficients(), strict=True)
        return sum(w * (grid[c] + self.low - 1) for c, w in terms) == self.value


FAMILY = (Sum,)
