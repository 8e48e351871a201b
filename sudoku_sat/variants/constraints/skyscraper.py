"""Skyscrapers (f-puzzles ``skyscraper``): the digits are heights, a taller building hides
every shorter one behind it, and a number outside the grid beside a row or column is how
many buildings are seen from that side (the cells higher than every cell before them).

Shape: ``"skyscraper": [{"cell": "R0C3", "value": "4"}, ...]``, the cell one step outside
the grid on any side (row 0 or N+1 for a column, column 0 or N+1 for a row); an empty
value is passed over. Sources: f-puzzles' constraint list and its solver add-on (rangsk's
SudokuSolver, ``SkyscraperConstraint``: the line reversed for a clue below or on the
right, a clue of 1 puts N in the first cell), SudokuPad's f-puzzles import (``skyscraper``
among the outside clues) and sigh's solver (``.Skyscraper~R3~FROM_LEFT~FROM_RIGHT``). Any
size: heights 1..N.

Clauses, all auxiliaries functions of the grid, on the line's cells c0, c1, ... from the
clue's side:

- the running maximum in the order encoding: g(k, v) "some cell among c0..ck is at least
  v" (v = 2..N), g(k, v) <-> g(k-1, v) or ck >= v, the "ck >= v -> g(k, v)" half said by
  x(ck, v) -> g(k, v) and the ladder g(k, v) -> g(k, v-1) (2N clauses a cell, not
  N(N-1)/2: 6,763 -> 5,083 clauses a real puzzle, 21.1 -> 19.3-20.7 ms);
- seen(k) <-> ck is higher than the maximum before it: x(ck, v) and not g(k-1, v) implies
  seen(k), x(ck, v) and g(k-1, v) implies not seen(k) (c0 is always seen);
- a sequential counter in the order encoding, at(k, t) "at least t of c0..ck are seen",
  t = 1..value+1, at(k, t) <-> at(k-1, t) or (at(k-1, t-1) and seen(k)); at the last cell
  at least value and not value+1;
- the height bound (what rangsk's solver starts from): a cell at place k with digit d
  leaves at most N-d buildings to be seen after it, so d <= N + k + 1 - value (unit
  clauses).

No other encoding was measured (a product automaton over (maximum, count) might
propagate more, at N times the literals): the skyscraper puzzles of the tests take 3 to
40 ms each (CPU, counting to 3 in one session).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ..outside import LineClue, sigh_line

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.constraint import Constraint
    from ...model.reading import Reader


def seen(heights: list[int]) -> int:
    """How many of the heights, in order, are higher than every one before them."""
    count, top = 0, 0
    for h in heights:
        if h > top:
            count, top = count + 1, h
    return count


@dataclass(frozen=True)
class Skyscraper(LineClue):
    """value buildings are seen along the line from the clue."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): from 0, a 0 is no building (sigh's
    rule), so a line that starts with it sees one building fewer."""
    key = "skyscraper"
    rule = "skyscraper"
    sigh_names = ("Skyscraper",)
    from_zero = True
    any_shape = True

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        clues = super().read_sigh(name, args, reader)
        return [replace(c, low=reader.low) for c in clues if isinstance(c, Skyscraper)]

    def holds(self, grid: Grid, n: int) -> bool:
        return seen([grid[c] + self.low - 1 for c in self.line]) == self.value

    def clauses(self, b: Builder) -> list[Clause]:
        return list(self._clauses(b))

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        n, line, value = b.n, self.line, self.value
        if not 1 <= value <= n - (1 - self.low):
            v = b.fresh()
            yield from ([v], [-v])
            return
        for k, c in enumerate(line):
            yield from ([-b.x(c, d)] for d in b.digits() if d > n + k + 1 - value)
        high, clauses = self._maximum(b)
        yield from clauses
        visible = [0] + [b.fresh() for _ in line[1:]]
        for k in range(1, len(line)):
            for d in b.digits():
                before = high[k - 1].get(d)  # None: nothing before is >= d (d = 1)
                if before is None:
                    yield [-b.x(line[k], d), -visible[k]]
                else:
                    yield [-b.x(line[k], d), before, visible[k]]
                    yield [-b.x(line[k], d), -before, -visible[k]]
        if self.low == 1:
            yield from self._count(b, visible, value)
            return
        zero = b.x(line[0], 1)  # the first cell a 0: no building, one more seen after
        yield from ([-zero, *c] for c in self._count(b, visible, value + 1))
        yield from ([zero, *c] for c in self._count(b, visible, value))

    def _maximum(self, b: Builder) -> tuple[list[dict[int, int]], list[Clause]]:
        """g(k, v) literals for k = 0..N-2 (the last cell's maximum is N), v = 2..N, and
        their clauses; for k = 0, g(0, v) is c0 >= v."""
        n, line = b.n, self.line
        out: list[dict[int, int]] = []
        clauses: list[Clause] = []
        for k, c in enumerate(line[:-1]):
            layer = {v: b.fresh() for v in range(2, n + 1)}
            for v, g in layer.items():
                at_least = [b.x(c, d) for d in range(v, n + 1)]
                clauses.append([-b.x(c, v), g])  # c = v: at least v, so at least v-1...
                if v > 2:
                    clauses.append([-g, layer[v - 1]])
                if k:
                    clauses.append([-out[k - 1][v], g])
                    clauses.append([-g, out[k - 1][v], *at_least])
                else:
                    clauses.append([-g, *at_least])
            out.append(layer)
        return out, clauses

    def _count(self, b: Builder, visible: list[int], value: int) -> Iterator[Clause]:
        """at(k, t): at least t of the first k+1 cells seen (t = 2..value+1; at(k, 1) is
        true, a missing at(k, t) false); the last layer holds value exactly."""
        true = b.fresh()
        yield [true]
        prev: dict[int, int] = {1: true}
        for k in range(1, len(visible)):
            layer = {1: true}
            for t in range(2, min(k + 1, value + 1) + 1):
                lit = layer[t] = b.fresh()
                old, below = prev.get(t), prev.get(t - 1)
                if old is not None:
                    yield [-old, lit]
                if below is not None:
                    yield [-below, -visible[k], lit]
                yield [-lit] + [a for a in (old, below) if a is not None]
                yield [-lit] + ([old] if old is not None else []) + [visible[k]]
            prev = layer
        if value in prev:
            yield [prev[value]]
        else:
            yield [-true]
        if value + 1 in prev:
            yield [-prev[value + 1]]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """The running maxima (max equality), one Boolean per cell 'higher than the
        maximum before it', and their count."""
        cells = [x[c] for c in self.line]
        first: Any = 1
        if self.low != 1:  # a 0 is no building
            first = m.NewBoolVar("")
            m.Add(cells[0] != 1).OnlyEnforceIf(first)
            m.Add(cells[0] == 1).OnlyEnforceIf(first.Not())
        seen_ = [first]
        top = cells[0]
        for cell in cells[1:]:
            b = m.NewBoolVar("")
            m.Add(cell > top).OnlyEnforceIf(b)
            m.Add(cell <= top).OnlyEnforceIf(b.Not())
            seen_.append(b)
            new = m.NewIntVar(1, n, "")
            m.AddMaxEquality(new, [top, cell])
            top = new
        m.Add(sum(seen_) == self.value)

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        return seen(digits)

    def sigh(self, name: Callable[[int], str]) -> str:
        return sigh_line("Skyscraper", self)


FAMILY = (Skyscraper,)
