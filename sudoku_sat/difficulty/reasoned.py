"""Unit propagation that keeps, for every literal it derives, the clause that forced it:
what an explanation needs to name the constraints behind a step (``explain_variant``).

MiniSat's vocabulary: ``trail``, ``trail_lim``, ``qhead``, ``reason`` (the clause index
that forced a variable, :data:`DECIDED` for a decision or an assumption) and ``level``.
``val`` is indexed by the literal (2·nvars + 1 slots, negative literals wrap round), as
in :mod:`sudoku_sat.engines.propagation.python`. Each clause is scanned when one of its
literals turns false (``occurs[p]`` lists the clauses holding ¬p): slower than the
engines' counters, but small variant formulas need no more, and the reasons come free.

Roads not taken: recording reasons in the engines (their hot loops would carry an array
that only explanations read).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

DECIDED = -1
"""The reason of a decision, an assumption, or a conclusion taken from an earlier step."""


class Reasoned:
    """Unit propagation with reasons and levels that can be undone."""

    def __init__(self, nvars: int, clauses: Sequence[Sequence[int]]):
        self.nvars = nvars
        self.clauses = clauses
        self.val = [0] * (2 * nvars + 1)
        self.reason = [DECIDED] * (nvars + 1)
        self.level = [0] * (nvars + 1)
        self.occurs: list[list[int]] = [[] for _ in range(2 * nvars + 1)]
        for k, clause in enumerate(clauses):
            for lit in clause:
                self.occurs[-lit].append(k)
        self.trail: list[int] = []
        self.trail_lim: list[int] = []
        self.qhead = 0

    def assign(self, lit: int, reason: int = DECIDED) -> None:
        self.val[lit], self.val[-lit] = 1, -1
        self.reason[abs(lit)] = reason
        self.level[abs(lit)] = len(self.trail_lim)
        self.trail.append(lit)

    def start(self) -> int | None:
        """Assert the unit clauses and propagate: the index of a conflicting clause or None."""
        for k, clause in enumerate(self.clauses):
            if not clause:
                return k
            if len(clause) == 1:
                value = self.val[clause[0]]
                if value == -1:
                    return k
                if value == 0:
                    self.assign(clause[0], k)
        return self.propagate()

    def propagate(self) -> int | None:
        """Unit propagation to the fixpoint: the index of a clause found false, or None."""
        val, clauses = self.val, self.clauses
        while self.qhead < len(self.trail):
            p = self.trail[self.qhead]
            self.qhead += 1
            for k in self.occurs[p]:
                open_lit, opened = 0, 0
                for lit in clauses[k]:
                    v = val[lit]
                    if v == 1:
                        break
                    if v == 0:
                        open_lit, opened = lit, opened + 1
                else:
                    if opened == 0:
                        return k
                    if opened == 1:
                        self.assign(open_lit, k)
        return None

    def new_level(self) -> None:
        self.trail_lim.append(len(self.trail))

    def undo(self, level: int) -> None:
        """Back to decision level ``level``."""
        if len(self.trail_lim) <= level:
            return
        start = self.trail_lim[level]
        for lit in self.trail[start:]:
            self.val[lit] = self.val[-lit] = 0
            self.reason[abs(lit)] = DECIDED
        del self.trail[start:]
        del self.trail_lim[level:]
        self.qhead = len(self.trail)

    def probe(self, lit: int) -> int | None:
        """Suppose lit on a new level and propagate: a conflicting clause or None (the
        level is left for the caller to undo)."""
        self.new_level()
        self.assign(lit)
        return self.propagate()

    def cone(self, start: Sequence[int], stop: Callable[[int], bool]) -> set[int]:
        """The clauses behind the literals of start (a clause found false, or a derived
        literal's reason clause): their reasons, and theirs, back to the variables where
        stop(var) holds or that were decided. Returns clause indices."""
        seen_vars: set[int] = set()
        used: set[int] = set()
        todo = [abs(lit) for lit in start]
        while todo:
            var = todo.pop()
            if var in seen_vars:
                continue
            seen_vars.add(var)
            k = self.reason[var]
            if k == DECIDED or stop(var):
                continue
            used.add(k)
            todo.extend(abs(lit) for lit in self.clauses[k] if abs(lit) != var)
        return used
