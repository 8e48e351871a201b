"""Sum lines (sigh's ``SumLine``; no f-puzzles key: ``sumline`` here): a line is cut into
segments, consecutive cells along it, each of which sums to the clue (10 unless another
is given); digits may repeat. A loop's segments may run across its start.

Shape: ``"sumline": [{"lines": [["R1C1", "R1C2", ...]], "value": "10"}, ...]``, with
``"loop": true`` for a loop (``_line``: a path of neighbouring cells). Sources: sigh's
solver (``.SumLine~10~R1C1~R1C2...``, ``~LOOP`` last for a loop; its ``SumLine`` handler:
the partial sum of the open segment at each boundary, 0 at both ends of a line, any
value where a loop starts and the same where it ends; sums of at most 30) and the sum
line puzzles it collects ("Raw Spaghetti", Cracking the Cryptic video 7UZKP82Em14).

Clauses: the same automaton, one-hot: s(i, t) "the open segment sums to t before the
i-th cell" (t = 0..clue-1, only the partial sums reachable from the start). s(i, t) and
x(c_i, v) imply s(i+1, t+v), or s(i+1, 0) when t+v is the clue, and exclude each other
past it; each s(i+1, u) needs a state and a digit leading to it, and at most one holds.
A line starts and ends at 0. A loop starts at one state of its choice and ends in the
same; that start is the one auxiliary not a function of the grid (a loop of 5s on a
sum of 10 is cut two ways), which counting, blocking grids on their digits, does not
see. No other encoding was considered. Made as lines of 3 to 8 cells whose digits cut
into two segments or more of one sum from 5 to 20 (the smallest that does).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ._line import Line, never
from ._making import lines_wanted, paths

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader

DEFAULT = 10


def cuts(digits: list[int], total: int, loop: bool) -> bool:
    """Whether the digits cut into segments of total (a loop: from some start)."""
    starts = range(len(digits)) if loop else range(1)
    for start in starts:
        run = 0
        for d in digits[start:] + digits[:start]:
            run += d
            if run == total:
                run = 0
            elif run > total:
                break
        else:
            if run == 0:
                return True
    return False


@dataclass(frozen=True)
class SumLine(Line):
    """The line cuts into segments that each sum to value."""

    value: int = DEFAULT
    loop: bool = False
    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): the segments sum the digits, so from 0
    a 0 adds nothing to the one it is in."""
    key = "sumline"
    rule = "sum-line"
    label_name = "sum line"
    sigh_name = "SumLine"
    sigh_names = ("SumLine",)
    any_shape = True
    from_zero = True
    colour = "#64c864"

    @classmethod
    def read(cls, item: dict[str, Any], reader: Reader) -> list[Constraint]:
        value = reader.number(item.get("value"))
        if value == 0:
            raise reader.error("a sum line's sum is at least 1")
        loop = item.get("loop", False)
        if not isinstance(loop, bool):
            raise reader.error("'loop' is true or false")
        total = DEFAULT if value is None else value
        return [cls(line, total, loop, reader.low) for line in reader.paths(item, cls.least)]

    def item(self, name: Callable[[int], str]) -> dict[str, Any]:
        out = {**super().item(name), "value": str(self.value)}
        return {**out, "loop": True} if self.loop else out

    def sigh(self, name: Callable[[int], str]) -> str:
        cells = [name(c) for c in self.line] + ["LOOP"] * self.loop
        return "." + "~".join([self.sigh_name, str(self.value), *cells])

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        loop = bool(args) and args[-1].strip().upper() == "LOOP"
        rest = args[:-1] if loop else args
        if len(rest) < 2:
            raise reader.error("expected a sum and the line's cells")
        value = reader.required(rest[0])
        if value == 0:
            raise reader.error("a sum line's sum is at least 1")
        line = reader.paths({"lines": [list(rest[1:])]}, cls.least)[0]
        return [cls(line, value, loop, reader.low)]

    def clauses(self, b: Builder) -> list[Clause]:
        return list(self._clauses(b))

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        total, x, s = self.value, b.x, self.low - 1
        true = b.fresh()
        yield [true]
        if self.loop:
            state = {t: b.fresh() for t in range(total)}
            yield list(state.values())
            yield from ([-u, -v] for u, v in combinations(state.values(), 2))
        else:
            state = {0: true}
        start = state
        for c in self.line:
            into: dict[int, list[tuple[int, int]]] = {}
            for t, lit in state.items():
                for d in b.digits():
                    v = d + s  # the digit of the index d
                    u = 0 if t + v == total else t + v
                    if t + v > total:
                        yield [-lit, -x(c, d)]
                    else:
                        into.setdefault(u, []).append((lit, x(c, d)))
            if not into:
                yield from never(b)
                return
            state = {u: b.fresh() for u in sorted(into)}
            for u, ways in into.items():
                yield from ([-lit, -digit, state[u]] for lit, digit in ways)
                yield [-state[u], *sorted({lit for lit, _ in ways})]
                yield [-state[u], *sorted({digit for _, digit in ways})]
            yield list(state.values())
            yield from ([-u, -v] for u, v in combinations(state.values(), 2))
        for t in set(start) | set(state):
            if t in start and t in state:
                yield from ([-start[t], state[t]], [start[t], -state[t]])
            else:
                yield [-(start.get(t) or state[t])]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """Integer partial sums p(i) in 0..value-1: p(i+1) = (p(i) + digit) mod value,
        the sum before the modulo at most value (a segment never passes it); p(0) = 0 =
        p(end) on a line, p(end) = p(0) on a loop. (Cut Booleans with p(i) + digit =
        p(i+1) + value * cut took 0.60 s, not 0.39 s, for CP-SAT to count a made 9x9.)"""
        total, s = self.value, self.low - 1
        p = [m.NewIntVar(0, total - 1, "") for _ in range(len(self.line) + 1)]
        for i, c in enumerate(self.line):
            run = m.NewIntVar(1 + s, total, "")
            m.Add(run == p[i] + x[c] + s)
            m.AddModuloEquality(p[i + 1], run, total)
        m.Add(p[-1] == p[0])
        if not self.loop:
            m.Add(p[0] == 0)

    def holds(self, grid: Grid, n: int) -> bool:
        return cuts([grid[c] + self.low - 1 for c in self.line], self.value, self.loop)

    def label(self, size: int) -> str:
        return super().label(size).replace("sum line", f"sum line {self.value}", 1)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        def total(path: list[int]) -> int | None:
            digits = [solution[c] for c in path]
            return next(
                (s for s in range(5, 21) if sum(digits) >= 2 * s and cuts(digits, s, False)),
                None,
            )

        found = paths(
            n, rng, lambda p: True, lambda p: total(p) is not None, (3, 8), lines_wanted(n)
        )
        return [cls(line, total(list(line)) or DEFAULT) for line in found]


FAMILY = (SumLine,)
