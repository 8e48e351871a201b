"""Look-and-say cages (sigh's ``LookAndSay``; no f-puzzles key: ``lookandsay`` here): the
clue is read as pairs of digits (count, digit): a clue of 23 says the cage holds exactly
two 3s, 1223 exactly one 2 and two 3s, and a count of 0 that the digit is not there;
digits the clue does not name are free, and may repeat.

Shape: ``"lookandsay": [{"cells": ["R1C1", "R1C2"], "value": "1324"}, ...]``
(``_group``). Sources: sigh's solver (``.LookAndSay~1324~R1C1~...``: the excluded digits
removed from every cell, the others its strict ``RequiredValues``; a digit named twice
with a count is refused) and the look-and-say puzzles it collects ("Look-and-Say
Killer", logic-masters 0007CP).

Clauses: a count of 0 rules its digit out of every cell (unit clauses); any other count
is a sequential counter over x(c, d) of the cells (``_counting.count_is``). The clue
names digits one character each, so grids up to 9x9. No other encoding was considered.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...grid import Clause, Grid
from ...model.constraint import Constraint
from ._counting import count_is
from ._group import Group

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.reading import Reader


@dataclass(frozen=True)
class LookAndSay(Group):
    """Each (count, digit) pair of the clue: the cells hold exactly count of digit."""

    pairs: tuple[tuple[int, int], ...] = ()
    """(count, the digit's index 1..N) (``Puzzle.low``)."""
    low: int = field(default=1, repr=False)
    """The puzzle's first digit: the clue names digits, written back from it."""
    key = "lookandsay"
    rule = "look-and-say"
    label_name = "look-and-say cage"
    sigh_name = "LookAndSay"
    sigh_names = ("LookAndSay",)
    any_shape = True
    from_zero = True
    distinct = False
    sizes = (2, 5)
    stroke = "#639"

    def clue(self) -> str:
        return "".join(f"{count}{digit + self.low - 1}" for count, digit in self.pairs)

    @classmethod
    def of(cls, cells: tuple[int, ...], clue: str, reader: Reader) -> Constraint:
        if not (clue.isascii() and clue.isdigit()) or len(clue) % 2 or len(clue) > 20:
            raise reader.error(f"clue {clue!r} is not pairs of digits (count, digit)")
        pairs = tuple((int(clue[i]), int(clue[i + 1])) for i in range(0, len(clue), 2))
        digits = [d for _, d in pairs]
        if len(set(digits)) != len(digits):
            raise reader.error(f"clue {clue!r} names a digit twice")
        low, top = reader.low, reader.low + reader.size - 1
        if any(not low <= d <= top for d in digits):
            raise reader.error(f"clue {clue!r} names a digit outside {low}..{top}")
        return cls(cells, tuple((count, d - low + 1) for count, d in pairs), low)

    @classmethod
    def measured(
        cls, cells: tuple[int, ...], solution: Grid, n: int, rng: random.Random
    ) -> Constraint | None:
        """One or two digits of the grid up to 9: each said with its count in the cells
        (0 for a digit not there)."""
        have = Counter(solution[c] for c in cells)
        digits = rng.sample(range(1, min(n, 9) + 1), rng.randint(1, 2))
        if n > 9 or all(have[d] == 0 for d in digits):
            return None
        return cls(cells, tuple((have[d], d) for d in digits))

    def clauses(self, b: Builder) -> list[Clause]:
        out: list[Clause] = []
        for count, d in self.pairs:
            lits = [b.x(c, d) for c in self.cells]
            out += [[-lit] for lit in lits] if count == 0 else count_is(b, lits, [count])
        return out

    def cpsat(self, m: Any, x: list[Any], n: int) -> None:
        for count, d in self.pairs:
            there = []
            for c in self.cells:
                e = m.NewBoolVar("")
                m.Add(x[c] == d).OnlyEnforceIf(e)
                m.Add(x[c] != d).OnlyEnforceIf(e.Not())
                there.append(e)
            m.Add(sum(there) == count)

    def holds(self, grid: Grid, n: int) -> bool:
        have = Counter(grid[c] for c in self.cells)
        return all(have[d] == count for count, d in self.pairs)


FAMILY = (LookAndSay,)
