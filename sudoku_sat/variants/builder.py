"""The clause builder shared by the variant encodings: variable numbering, fresh
auxiliaries, clauses counted per part (see ``encode`` for the numbering and the rules)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..dimacs import dumps
from ..errors import UsageError
from ..grid import Clause
from .model import Variant

SUM_ENCODINGS = ("combos", "card", "running", "pb-dd", "pb-totalizer", "pb-sorting")
DEFAULT_SUMS = "default"
"""No encoding chosen: cages and arrows in ``combos``, each registry family in its own
default (``sum_forms.DEFAULTS``)."""
MAX_TUPLES = 20000
"""Past this many digit tuples an arrow's ``combos`` falls back to ``running``."""


@dataclass
class VariantFormula:
    """The clauses of a variant puzzle, with the number of variables and clauses per part."""

    size: int
    nvars: int
    clauses: list[Clause]
    parts: dict[str, int] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    selectors: dict[int, int] = field(default_factory=dict)
    """With guard_sums: cage index -> the literal that switches its sum on."""

    def comments(self) -> list[str]:
        """The DIMACS header comments: size, rules, numbering, clauses per part."""
        n = self.size
        rules = ", ".join(self.rules) or "classic"
        return [
            f"sudoku-sat variant {n}x{n}: rules {rules}",
            f"x(r,c,d) = {n * n}*r + {n}*c + d, r,c in 0..{n - 1}, d in 1..{n}"
            + (f"; auxiliaries {n**3 + 1}..{self.nvars}" if self.nvars > n**3 else ""),
            "clauses: "
            + ", ".join(f"{k} {v}" for k, v in self.parts.items())
            + f"; total {len(self.clauses)}",
        ]

    def dimacs(self) -> str:
        """The DIMACS text, comments first (what ``sudoku-sat encode`` writes, less the
        version and puzzle lines)."""
        return dumps(self.nvars, self.clauses, self.comments())


class Builder:
    """Clauses of one puzzle as they are made, with the next free variable."""

    def __init__(self, puzzle: Variant, sums: str, guard_sums: bool = False, top: int = 0):
        if sums not in SUM_ENCODINGS and sums != DEFAULT_SUMS:
            raise UsageError(f"unknown sum encoding {sums!r}; known: {', '.join(SUM_ENCODINGS)}")
        self.chosen = sums != DEFAULT_SUMS
        """False: each sum family takes its default (cages and arrows: ``combos``)."""
        self.p, self.n = puzzle, puzzle.size
        self.sums = sums if self.chosen else "combos"
        self.top = max(top, puzzle.size**3)
        self.clauses: list[Clause] = []
        self.parts: dict[str, int] = {}
        self.part = ""
        self.guard_sums = guard_sums
        self.selectors: dict[int, int] = {}
        self.pair_selectors = False
        """Session mode: dots and negatives become assumptions on the skeleton's selectors."""
        self.assume: list[int] = []

    def x(self, cell: int, d: int) -> int:
        return cell * self.n + d

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def add(self, clauses: Iterable[Clause]) -> None:
        before = len(self.clauses)
        self.clauses.extend(clauses)
        self.parts[self.part] = self.parts.get(self.part, 0) + len(self.clauses) - before

    def digits(self) -> range:
        return range(1, self.n + 1)
