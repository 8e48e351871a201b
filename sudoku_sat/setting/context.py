"""Rules whose clauses depend on the marks: a negative constraint ("no white dot
elsewhere") and non-consecutive leave the pairs that carry a mark free (``settle``).

Removing such a mark is not removing a clue: its pair then falls under the rule, a new
constraint, so the members would no longer be monotone (fewer members, more solutions),
which every question of ``why`` and ``redundant`` relies on. So in a puzzle with a
negative constraint, the marks of the family it reads (white and black dots for kropki,
X and V for XV), and with non-consecutive its white dots, are part of the structure:
always kept, never named; the rule itself stays a member (removing it frees every pair).
"""

from __future__ import annotations

from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from ..variants.constraints._marks import Mark, Negative
from ..variants.constraints.kropki import WhiteDot
from ..variants.constraints.nonconsecutive import NonConsecutive


def fixed(puzzle: Puzzle) -> list[Constraint]:
    """The marks a negative or non-consecutive of the puzzle reads, in puzzle order."""
    families = {c.mark.family for c in puzzle.constraints if isinstance(c, Negative)}
    white = any(isinstance(c, NonConsecutive) for c in puzzle.constraints)
    return [
        c
        for c in puzzle.constraints
        if (isinstance(c, Mark) and c.family in families) or (white and isinstance(c, WhiteDot))
    ]
