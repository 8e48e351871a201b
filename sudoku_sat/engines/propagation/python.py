"""Unit propagation and the failed-literal rule on any CNF, with a trail that undoes.

These are the statement's ``propagation`` (III.A) and ``propagation2`` (III.B), rebuilt
so that a fixpoint costs time linear in the clauses touched instead of the statement's
O(n²) list rewriting.

Representation (MiniSat's vocabulary). A literal is its DIMACS int and indexes Python
lists directly: ``val`` has 2·nvars + 1 slots, so ``val[lit]`` is literal ``lit`` and
``val[-lit]`` wraps round to the end of the list (no translation in the hot loop).
``val[lit]`` is 1 (true), -1 (false) or 0 (unassigned). Clauses are split by length:

- binary clauses become implication lists, ``implied[p]`` = the literals forced when
  p becomes true (11,664 of the 11,988 Sudoku rule clauses are binary);
- longer clauses get a counter of their literals not yet *processed* as false.
  ``watches[p]`` lists the long clauses that contain ¬p (they lose a literal when p
  becomes true); ``satisfies[p]`` lists those containing p, whose counters jump by
  ``SATISFIED`` so that a satisfied clause is never looked at again. A counter that
  drops below 2 sends ``propagate`` to scan its clause for the last open literal.
- unit clauses are the formula's facts, enqueued before anything else; an empty
  clause makes the formula a conflict at once.

``trail`` holds the assigned literals in order, ``trail_lim`` where each decision level
starts and ``qhead`` the next literal to process. Undoing a level walks the trail
backwards and gives back exactly what processing took, so a probe costs the clauses it
touches, never a copy of the formula.

Roads not taken: two watched literals per long clause (no undo work, but moving
watches between Python lists costs more than a counter decrement, and the failed-literal
probes here undo small trails); ``reason`` and ``level`` arrays per variable (no
conflict analysis here, so nothing reads them; the conflict clause is returned
instead); int bitsets for the binary part (enumerating the set bits of a fresh
implication mask costs more in Python than a list walk with a test).

Speed. In CPython a Sudoku UP fixpoint (about 5,000 list items walked) takes some
250 µs, a tenth of PySAT's minisat; :mod:`.numba_kernel` compiles the
same loops over the same lists flattened into arrays (extra ``fast``) and reaches
PySAT's speed. ``build_propagator`` picks numba when it is installed; both back-ends
give the same trails, literal for literal and in the same order.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from itertools import islice

from .index import ClauseIndex
from .types import SATISFIED, Propagation, Stats, finished


class Propagator:
    """Unit propagation over a fixed CNF, with decision levels that can be undone."""

    def __init__(self, nvars: int, clauses: Iterable[Sequence[int]]):
        index = ClauseIndex(nvars, clauses)
        self.nvars = nvars
        self.val = [0] * (2 * nvars + 1)  # value of each literal, indexed by the literal
        self.implied = index.implied  # binary clauses as implications
        self.watches = index.watches  # long clauses ∋ ¬p
        self.satisfies = index.satisfies  # long clauses ∋ p
        self.clauses = index.clauses  # long clauses (three literals or more)
        self.units = index.units  # the formula's unit clauses
        self.empty = index.empty  # the formula holds the empty clause
        self.trail: list[int] = []  # assigned literals, in order
        self.trail_lim: list[int] = []  # trail index where each decision level starts
        self.qhead = 0  # next trail literal to process
        self.propagations = 0  # literals processed so far
        self.work = [  # the three lists of each literal, fetched in one look-up
            (self.implied[p], self.satisfies[p], self.watches[p]) for p in range(len(self.val))
        ]
        self.count = [len(c) for c in self.clauses]  # literals not processed as false
        self._count0 = list(self.count)
        self._zeros = [0] * len(self.val)

    @property
    def decision_level(self) -> int:
        return len(self.trail_lim)

    def value(self, lit: int) -> int:
        """1 if lit is true, -1 if false, 0 if unassigned."""
        return self.val[lit]

    def new_level(self) -> None:
        self.trail_lim.append(len(self.trail))

    def assign(self, lit: int) -> bool:
        """Enqueue lit as true; False when it is already false."""
        current = self.val[lit]
        if current:
            return current > 0
        self.val[lit] = 1
        self.val[-lit] = -1
        self.trail.append(lit)
        return True

    def propagate(self) -> tuple[int, ...] | None:
        """Process the queue to the fixpoint; return the conflicting clause, or None.

        Every literal before ``qhead`` has given its counters back exactly once; on a
        conflict ``qhead`` stops at the literal being processed, whose partial work is
        given back first, so ``undo`` stays exact.
        """
        trail, val, work = self.trail, self.val, self.work
        count, clauses, append = self.count, self.clauses, self.trail.append
        qhead = start = self.qhead
        for p in islice(trail, qhead, None):  # sees the literals appended on the way
            implied, satisfies, watches = work[p]
            if implied:  # an empty loop costs an iterator; a test costs less
                for q in implied:
                    v = val[q]
                    if v == 0:
                        val[q] = 1
                        val[-q] = -1
                        append(q)
                    elif v < 0:
                        self.qhead = qhead
                        self.propagations += qhead - start
                        return (-p, q)
            if satisfies:
                for ci in satisfies:
                    count[ci] += SATISFIED
            if watches:
                for ci in watches:
                    c = count[ci] - 1
                    count[ci] = c
                    if c < 2:
                        conflict = self._unit(clauses[ci], c)
                        if conflict:
                            self._give_back(p, ci)
                            self.qhead = qhead
                            self.propagations += qhead - start
                            return clauses[ci]
            qhead += 1
        self.qhead = qhead
        self.propagations += qhead - start
        return None

    def _unit(self, clause: tuple[int, ...], open_count: int) -> bool:
        """Enqueue the clause's last open literal; True when every literal is false."""
        if open_count == 0:
            return True
        val = self.val
        for q in clause:
            v = val[q]
            if v > 0:
                return False
            if v == 0:
                val[q] = 1
                val[-q] = -1
                self.trail.append(q)
                return False
        return False  # the last literal is false but not processed yet: it will be

    def _give_back(self, p: int, last: int) -> None:
        """Undo what processing p did to the counters, up to clause ``last``."""
        count = self.count
        for ci in self.satisfies[p]:
            count[ci] -= SATISFIED
        for ci in self.watches[p]:
            count[ci] += 1
            if ci == last:
                return

    def undo(self, level: int) -> None:
        """Unassign everything above decision level ``level``, giving counters back."""
        if self.decision_level <= level:
            return
        start = self.trail_lim[level]
        trail, val, count = self.trail, self.val, self.count
        watches, satisfies = self.watches, self.satisfies
        for i in range(len(trail) - 1, start - 1, -1):
            p = trail[i]
            val[p] = 0
            val[-p] = 0
            if i < self.qhead:
                for ci in satisfies[p]:
                    count[ci] -= SATISFIED
                for ci in watches[p]:
                    count[ci] += 1
        del trail[start:]
        del self.trail_lim[level:]
        self.qhead = min(self.qhead, start)

    def reset(self) -> None:
        """Back to nothing assigned, in one copy of the initial arrays."""
        self.val[:] = self._zeros
        self.count[:] = self._count0
        self.trail.clear()
        self.trail_lim.clear()
        self.qhead = 0

    def unit_propagate(self, assumptions: Iterable[int] = ()) -> Propagation:
        """The engine ``up`` on this formula: see :func:`unit_propagate`."""
        return unit_propagate(self, assumptions)

    def failed_literals(
        self, assumptions: Iterable[int] = (), order: Sequence[int] | None = None
    ) -> Propagation:
        """The engine ``fl`` on this formula: see :func:`failed_literals`."""
        return failed_literals(self, assumptions, order)

    def root(self, assumptions: Iterable[int] = ()) -> tuple[int, ...] | None:
        """Reset, then assign the formula's units and the assumptions at level 0 and
        propagate; return the conflicting clause, or None. Every run starts here, so a
        run leaves its fixpoint in place (no reset afterwards) at no risk."""
        self.reset()
        if self.empty:
            return ()
        val, trail = self.val, self.trail
        for lit in (*self.units, *assumptions):
            v = val[lit]
            if v < 0:
                return (lit,)
            if v == 0:
                val[lit] = 1
                val[-lit] = -1
                trail.append(lit)
        return self.propagate()


def unit_propagate(prop: Propagator, assumptions: Iterable[int] = ()) -> Propagation:
    """The UP fixpoint of the formula and the assumptions (the statement's ``propagation``)."""
    start = time.perf_counter()
    before = prop.propagations
    conflict = prop.root(assumptions)
    literals = tuple(prop.trail)
    stats = Stats(prop.propagations - before, seconds=time.perf_counter() - start)
    return finished(conflict, literals, stats, len(literals))


def failed_literals(
    prop: Propagator, assumptions: Iterable[int] = (), order: Sequence[int] | None = None
) -> Propagation:
    """The failed-literal fixpoint (the statement's ``propagation2``).

    Unit propagation first; then, round after round, every open variable x is probed
    as x and as ¬x under UP; a probe that ends in a conflict adds the opposite literal
    at level 0 and propagates it; both failing is a conflict (UNSAT). A round that
    derives nothing ends the search. Within a round, a literal already forced by an
    earlier successful probe is not probed: its consequences are a subset of that
    probe's, so it cannot fail under the same level 0, and the last round (which
    changes nothing) therefore checks every literal. The fixpoint is the least set
    closed under both rules, so it does not depend on ``order`` (the probe order,
    default 1..nvars).
    """
    start = time.perf_counter()
    before = prop.propagations
    conflict = prop.root(assumptions)
    up_count = len(prop.trail)
    probes = failed = rounds = 0
    if conflict is None:
        conflict, probes, failed, rounds = _probe_rounds(prop, order or range(1, prop.nvars + 1))
    literals = tuple(prop.trail)
    seconds = time.perf_counter() - start
    stats = Stats(prop.propagations - before, probes, failed, rounds, seconds)
    return finished(conflict, literals, stats, up_count)


def _probe_rounds(
    prop: Propagator, order: Iterable[int]
) -> tuple[tuple[int, ...] | None, int, int, int]:
    """Probe rounds to the fixpoint: (conflict or None, probes, failed literals, rounds)."""
    val, trail = prop.val, prop.trail
    seen = [0] * len(val)  # round in which a successful probe forced the literal
    order = list(order)
    probes = failed = rounds = 0
    changed = True
    while changed:
        changed = False
        rounds += 1
        for x in order:
            for lit in (x, -x):
                if val[lit] or seen[lit] == rounds:
                    continue
                probes += 1
                prop.new_level()
                prop.assign(lit)
                if prop.propagate() is None:
                    for q in trail[prop.trail_lim[0] :]:
                        seen[q] = rounds
                    prop.undo(0)
                    continue
                prop.undo(0)
                failed += 1
                changed = True
                prop.assign(-lit)
                conflict = prop.propagate()
                if conflict is not None:
                    return conflict, probes, failed, rounds
    return None, probes, failed, rounds
