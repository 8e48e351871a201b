"""Hidden skyscrapers (sigh's ``HiddenSkyscraper``; no f-puzzles key: ``hiddenskyscraper``
here): the digits are heights, and a number outside the grid beside a row or column is
the height of the first building hidden from that side (the first cell lower than a cell
before it). The buildings before it are all seen, so they rise; a row that rises all the
way hides nothing and meets no clue.

Shape: ``"hiddenskyscraper": [{"cell": "R0C3", "value": "4"}, ...]``, as f-puzzles stores
the other outside clues (``outside.LineClue``); an empty value is passed over. Sources:
sigh's solver (``.HiddenSkyscraper~R3~FROM_LEFT~FROM_RIGHT``, its ``HiddenSkyscraper``
handler: the first cell is always seen, the cells before the target rise, the target is
the first cell that does not) and the hidden-skyscraper puzzles it collects ("Hidden
skyscrapers", Cracking the Cryptic video f1QKEzZpKL8).

Clauses, on the line's cells c0, c1, ... from the clue's side, every auxiliary a
function of the grid: up(k) "c(k-1) < c(k)" (2N clauses: with x(ck, e), up(k) leaves
c(k-1) below e and not up(k) at e or above); rising(k) "c0 < ... < ck" (rising(k) <->
rising(k-1) and up(k)); then rising(k-1) and not up(k) -> x(ck, value) (the first fall
lands on the clue), not rising(N-1) (there is a fall), and the clue is not the first
cell. No other encoding was considered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ..outside import LineClue, sigh_line
from ._line_clue import read_sigh_line

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.drawing import Canvas
    from ...model.reading import Reader


def first_hidden(heights: list[int]) -> int:
    """The height of the first cell lower than some cell before it; -1 when none is."""
    top = 0
    for h in heights:
        if h < top:
            return h
        top = max(top, h)
    return -1


@dataclass(frozen=True)
class HiddenSkyscraper(LineClue):
    """The first building hidden along the line from the clue has height value."""

    low: int = field(default=1, repr=False)
    """The puzzle's first digit (``Puzzle.low``): value is the height's index 1..N, the
    digit ``value + low - 1`` written and drawn."""
    key = "hiddenskyscraper"
    rule = "hidden-skyscraper"
    label_name = "hidden skyscraper"
    sigh_names = ("HiddenSkyscraper",)
    from_zero = True
    any_shape = True  # a shaped grid's rows and columns: the same, on fewer cells

    def clauses(self, b: Builder) -> list[Clause]:
        return list(self._clauses(b))

    def _clauses(self, b: Builder) -> Iterator[Clause]:
        line, value, x = self.line, self.value, b.x
        if not 1 <= value <= b.n:
            yield from ([-x(line[0], d)] for d in b.digits())
            return
        yield [-x(line[0], value)]
        rising = 0  # rising(0) holds: no literal
        for k in range(1, len(line)):
            a, c = line[k - 1], line[k]
            up = b.fresh()
            for e in b.digits():
                yield [-up, -x(c, e), *(x(a, d) for d in range(1, e))]
                yield [up, -x(c, e), *(x(a, d) for d in range(e, b.n + 1))]
            yield [up, x(c, value), *([-rising] if rising else [])]
            now = b.fresh()
            yield [-now, up]
            if rising:
                yield [-now, rising]
                yield [now, -rising, -up]
            else:
                yield [now, -up]
            rising = now
        yield [-rising]

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        """One Boolean a cell "higher than the one before", their running conjunction,
        and the first fall on the clue."""
        cells = [x[c] for c in self.line]
        m.Add(cells[0] != self.value)
        rising = None
        for k in range(1, len(cells)):
            up = m.NewBoolVar("")
            m.Add(cells[k] > cells[k - 1]).OnlyEnforceIf(up)
            m.Add(cells[k] <= cells[k - 1]).OnlyEnforceIf(up.Not())
            fall = [up.Not()] if rising is None else [rising, up.Not()]
            m.Add(cells[k] == self.value).OnlyEnforceIf(fall)
            now = m.NewBoolVar("")
            m.AddBoolAnd([up] if rising is None else [up, rising]).OnlyEnforceIf(now)
            m.AddBoolOr([up.Not()] if rising is None else [up.Not(), rising.Not()]).OnlyEnforceIf(
                now.Not()
            )
            rising = now
        if rising is not None:
            m.Add(rising == 0)

    @classmethod
    def measure(cls, digits: list[int], n: int) -> int:
        return first_hidden(digits)

    @classmethod
    def make(
        cls, solution: Grid, n: int, regions: tuple[tuple[int, ...], ...], rng: random.Random
    ) -> list[Constraint]:
        """The clues of N random places, but for a line that rises all the way."""
        return [c for c in super().make(solution, n, regions, rng) if c.holds(solution, n)]

    def sigh(self, name: Callable[[int], str]) -> str:
        return sigh_line("HiddenSkyscraper", replace(self, value=self.value + self.low - 1))

    def draw(self, canvas: Canvas) -> list[str]:
        return [canvas.text(self.value + self.low - 1, *canvas.beside(*self.place), size=16)]

    @classmethod
    def read_sigh(cls, name: str, args: list[str], reader: Reader) -> list[Constraint]:
        """sigh's clues name a height, a digit: kept as its index (from 0, one more)."""
        shift, clues = 1 - reader.low, read_sigh_line(cls, args, reader)
        return [
            replace(c, value=c.value + shift, low=reader.low)
            for c in clues
            if isinstance(c, HiddenSkyscraper)
        ]


FAMILY = (HiddenSkyscraper,)
