"""Why a puzzle has no solution: a minimal set of members with no solution of its own
(a MUS over the selectors), or a smallest one.

Minimal (:func:`minimal_core`): deletion on the solver's core. The first core is
``get_core`` of the call assuming every member; each member of it in turn is left out,
last member first (givens come last, so rule instances are kept rather than givens when
either would do): UNSAT means it was not needed and the new, smaller core replaces the
rest (clause-set refinement); SAT means it is needed. Every member of the answer has been
seen needed, so the set is minimal: one call per member at most.

Smallest (:func:`smallest_core`): the implicit hitting-set dualization of Ignatiev,
Previti, Liffiton and Marques-Silva (CP 2015, "Smallest MUS extraction with minimal
hitting set dualization"). Every unsatisfiable set meets every correction set (the
members outside a satisfiable set), so a minimum hitting set of the correction sets
found so far (PySAT's ``Hitman``, RC2 underneath) that is UNSAT is a smallest MUS; a
satisfiable one is grown into a maximal satisfiable set by the model and one call per
member left out, whose complement joins the sets to hit. The minimal core bounds the
answer from above: a hitting set as large is proof that the minimal core is smallest.
Within the time limit, the best set proved smallest; otherwise the minimal core, and
``proved`` False.
"""

from __future__ import annotations

import time

from ..deadline import TimedOut
from ..grid import Grid
from .oracle import Oracle


def minimal_core(
    o: Oracle, members: list[int], witnesses: dict[int, Grid] | None = None
) -> list[int] | None:
    """A minimal unsatisfiable subset of members, or None when they have a solution.
    witnesses, when given, receives for each member of the answer the solution of the
    others that showed it needed (the call that kept it satisfied every member kept or
    still to try, a superset of the answer less that member), so that the checks need
    not solve again for it (on a real killer made wrong, 5.4 of why's 12.5 s)."""
    if o.sat(members):
        return None
    rest = o.core()
    kept: list[int] = []
    while rest:
        tried = rest.pop()
        if o.sat(kept + rest):
            kept.append(tried)
            if witnesses is not None:
                witnesses[tried] = o.grid()
        else:
            core = set(o.core())
            rest = [m for m in rest if m in core]
    return sorted(kept)


def smallest_core(
    o: Oracle, members: list[int], upper: list[int], seconds: float
) -> tuple[list[int], bool]:
    """(a smallest unsatisfiable subset, True), or (upper, False) when the time limit
    passed before one was proved smallest. upper: a minimal core of members."""
    from pysat.examples.hitman import Hitman

    end = time.monotonic() + seconds
    everything = set(members)
    with Hitman(htype="sorted") as hitman:
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return upper, False
            chosen = hitman.get()
            chosen = sorted(chosen) if chosen is not None else []
            if len(chosen) >= len(upper):
                return upper, True
            try:
                if not o.sat(chosen, timeout=left):
                    return chosen, True
                correction = _grow(o, chosen, everything, end)
            except TimedOut:
                return upper, False
            hitman.hit(sorted(correction))


def _grow(o: Oracle, chosen: list[int], everything: set[int], end: float) -> set[int]:
    """The complement of a maximal satisfiable set holding chosen (which is satisfiable,
    the last call's model satisfying it)."""
    sat = set(o.s.satisfied(o.model())) | set(chosen)
    for m in sorted(everything - sat):
        if m in sat:
            continue
        if o.sat(sorted(sat | {m}), timeout=max(end - time.monotonic(), 1e-3)):
            sat |= set(o.s.satisfied(o.model()))
            sat.add(m)
    return everything - sat
