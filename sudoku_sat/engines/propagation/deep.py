"""The inference ladder on any CNF: ``up``, ``fl``, ``fl2``, ``fl3`` ... (pure-Python reference).

Levels. fl0 is unit propagation; for K >= 1, flK probes every open literal l: when the
fl(K-1) procedure under l reaches a conflict, l *fails* and ¬l is added (at the level
the procedure runs on) and propagated; rounds repeat until one derives nothing. fl1 is
the failed-literal engine of :mod:`.python`, probe for probe. Each level's fixpoint is
the least set closed under UP and its probing rule; since a conflict under fl(K-2) is a
conflict under fl(K-1), the ladder only climbs: fl(K-1) ⊆ flK, and flK run from the
fl(K-1) fixpoint reaches the same fixpoint (what the depth search does).

Probes. Within a round at one level, a literal forced by an earlier successful probe of
that round is not probed (its procedure's closure is a subset of that probe's, so it
cannot fail under the same set); the last round changes nothing and so checks every
literal. The nesting is a recursion here and an explicit frame stack in the compiled
twin (:mod:`.deep_numba`), which gives the same trails, literal for literal, and the
same counters. ``probes`` counts the probes of every level, ``failed`` and ``rounds``
those of the top level (the failed literals are the ones it adds to the fixpoint).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from ...errors import SudokuSatError as UsageError
from .python import Propagator
from .types import Engines, Propagation, Stats, finished

MAX_LEVEL = 9
"""The deepest level accepted by name (fl9); the cost grows about with the probes to the K."""


def parse_level(name: str) -> int:
    """The K of a level name: ``up`` 0, ``fl`` 1, ``flK`` K (0 <= K <= MAX_LEVEL)."""
    text = name.strip().lower()
    if text == "up":
        return 0
    if text == "fl":
        return 1
    if (
        text.startswith("fl")
        and text[2:].isascii()
        and text[2:].isdigit()
        and int(text[2:]) <= MAX_LEVEL
    ):
        return int(text[2:])
    raise UsageError(f"unknown level {name!r}; known: up, fl, fl2, ... fl{MAX_LEVEL}")


def level_name(k: int) -> str:
    """``up``, ``fl`` or ``flK`` for level k."""
    return "up" if k == 0 else "fl" if k == 1 else f"fl{k}"


class Counters:
    """Probes at every level; failed literals and rounds at the top level."""

    __slots__ = ("failed", "probes", "rounds")

    def __init__(self) -> None:
        self.probes = self.failed = self.rounds = 0


def fixpoint(
    prop: Propagator, k: int, order: Sequence[int], counters: Counters
) -> tuple[int, ...] | None:
    """flK rounds on the current trail (at its UP fixpoint), to the fixpoint.

    Returns the conflicting clause, or None; the derived literals stay on the trail at
    the current decision level."""
    if k <= 0:
        return None
    seen = [[0] * len(prop.val) for _ in range(k + 1)]
    return _rounds(prop, k, order, seen, [0], counters, True)


def _rounds(
    prop: Propagator,
    k: int,
    order: Sequence[int],
    seen: list[list[int]],
    clock: list[int],
    counters: Counters,
    top: bool,
) -> tuple[int, ...] | None:
    val, trail, marks = prop.val, prop.trail, seen[k]
    changed = True
    while changed:
        changed = False
        clock[0] += 1
        now = clock[0]  # a fresh stamp: marks of earlier rounds and calls are stale
        counters.rounds += top
        for x in order:
            for lit in (x, -x):
                if val[lit] or marks[lit] == now:
                    continue
                counters.probes += 1
                level = prop.decision_level
                prop.new_level()
                lim = len(trail)
                prop.assign(lit)
                conflict = prop.propagate()
                if conflict is None and k > 1:
                    conflict = _rounds(prop, k - 1, order, seen, clock, counters, False)
                if conflict is None:
                    for q in trail[lim:]:
                        marks[q] = now
                    prop.undo(level)
                    continue
                prop.undo(level)
                counters.failed += top
                changed = True
                prop.assign(-lit)
                conflict = prop.propagate()
                if conflict is not None:
                    return conflict
    return None


def deep_failed_literals(
    prop: Engines, k: int, assumptions: Iterable[int] = (), order: Sequence[int] | None = None
) -> Propagation:
    """The flK fixpoint of the formula and the assumptions (fl0 = UP, fl1 = FL).

    Runs on either back-end: the compiled twin for a numba propagator, this module's
    recursion for the pure-Python one; both give the same trail and counters."""
    if k < 0:
        raise UsageError(f"level {k} < 0")
    if not isinstance(prop, Propagator):
        from .deep_numba import deep_failed_literals_numba

        return deep_failed_literals_numba(prop, k, assumptions, order)
    start = time.perf_counter()
    before = prop.propagations
    conflict = prop.root(assumptions)
    up_count = len(prop.trail)
    counters = Counters()
    if conflict is None:
        conflict = fixpoint(prop, k, list(order or range(1, prop.nvars + 1)), counters)
    literals = tuple(prop.trail)
    stats = Stats(
        prop.propagations - before,
        counters.probes,
        counters.failed,
        counters.rounds,
        time.perf_counter() - start,
    )
    return finished(conflict, literals, stats, up_count)
