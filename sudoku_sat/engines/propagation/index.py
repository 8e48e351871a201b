"""The clause index both propagation back-ends are built on.

A CNF is split by clause length once: unit clauses are the formula's facts, binary
clauses become implication lists (``implied[p]`` = the literals forced when p becomes
true), longer clauses are kept whole with, per literal p, the long clauses that contain
¬p (``watches[p]``: they lose a literal when p becomes true) and those that contain p
(``satisfies[p]``). Lists are indexed by the literal itself: with 2·nvars + 1 slots,
``implied[-p]`` wraps round to the end of the list. Repeated literals are dropped and
tautologies ignored; an empty clause sets ``empty``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...errors import UsageError


class ClauseIndex:
    """A CNF over variables 1..nvars, split into units, implications and long clauses."""

    def __init__(self, nvars: int, clauses: Iterable[Sequence[int]]):
        self.nvars = nvars
        slots = 2 * nvars + 1
        self.implied: list[list[int]] = [[] for _ in range(slots)]  # binary clauses
        self.watches: list[list[int]] = [[] for _ in range(slots)]  # long clauses ∋ ¬p
        self.satisfies: list[list[int]] = [[] for _ in range(slots)]  # long clauses ∋ p
        self.clauses: list[tuple[int, ...]] = []  # long clauses (three literals or more)
        self.units: list[int] = []  # the formula's unit clauses
        self.empty = False  # the formula holds the empty clause
        for clause in clauses:
            self._add(clause)
        self.implied = [list(dict.fromkeys(lits)) for lits in self.implied]

    def _add(self, clause: Sequence[int]) -> None:
        lits = list(dict.fromkeys(clause))
        for lit in lits:
            if not 0 < abs(lit) <= self.nvars:
                raise UsageError(f"literal {lit} outside 1..{self.nvars}")
        if any(-lit in lits for lit in lits):
            return  # a tautology constrains nothing
        if not lits:
            self.empty = True
        elif len(lits) == 1:
            self.units.append(lits[0])
        elif len(lits) == 2:
            a, b = lits
            self.implied[-a].append(b)
            self.implied[-b].append(a)
        else:
            index = len(self.clauses)
            self.clauses.append(tuple(lits))
            for lit in lits:
                self.watches[-lit].append(index)
                self.satisfies[lit].append(index)
