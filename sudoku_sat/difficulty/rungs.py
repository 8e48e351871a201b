"""The ladder's rungs on a grid, and failed literals at depth K that record what failed.

A probe of literal l at depth d assigns l on a new decision level, propagates, and at
d > 1 runs the failed-literal rule at depth d - 1 to its fixpoint under l; it *fails*
when that reaches a conflict, and then ¬l is asserted at the probing level and
propagated. Rounds over every open variable (x then ¬x, variables in increasing order)
repeat until one derives nothing. Depth 1 is the statement's ``propagation2``; the
fixpoint does not depend on the probe order.
"""

from __future__ import annotations

from ..batch.cache import per_thread
from ..encoding import clue_assumptions, num_vars, rules
from ..encodings import rules as encoding_rules
from ..engines.completion import rules_propagator
from ..engines.propagation import Engines, Propagation, Propagator, build_propagator
from ..engines.propagation.deep import deep_failed_literals
from ..grid import Grid

Conflict = tuple[int, ...]
Failed = list[tuple[int, Conflict]]


@per_thread
def python_propagator(n: int) -> Propagator:
    """F_regle of order n in the pure-Python propagator (one per order and thread)."""
    return Propagator(num_vars(n), rules(n))


def probe(prop: Propagator, literal: int, depth: int) -> tuple[Conflict | None, Failed]:
    """Suppose literal and propagate at depth: (conflict or None, the failed literals
    found under it at depth - 1). Leaves the propagator as it found it."""
    level = prop.decision_level
    prop.new_level()
    prop.assign(literal)
    conflict = prop.propagate()
    inner: Failed = []
    if conflict is None and depth > 1:
        conflict = fixpoint(prop, depth - 1, inner)
    prop.undo(level)
    return conflict, inner


def fixpoint(prop: Propagator, depth: int, found: Failed) -> Conflict | None:
    """The failed-literal rule at depth to its fixpoint on the current level; each
    failed literal goes to found with its conflict. Returns a conflict reached, or None."""
    val = prop.val
    changed = True
    while changed:
        changed = False
        for x in range(1, prop.nvars + 1):
            for literal in (x, -x):
                if val[literal]:
                    continue
                conflict, _ = probe(prop, literal, depth)
                if conflict is None:
                    continue
                found.append((literal, conflict))
                changed = True
                prop.assign(-literal)
                reached = prop.propagate()
                if reached is not None:
                    return reached
    return None


def deep_rung(grid: Grid, n: int, depth: int) -> tuple[str, int]:
    """flK at depth on formula_initiale of grid, by the ladder's engine (compiled when
    numba is installed): (status solved/partial/unsat, cells left open)."""
    prop = rules_propagator(n)
    return _outcome(deep_failed_literals(prop, depth, clue_literals(grid, n)), n)


@per_thread
def augmented_propagator(n: int) -> Engines:
    """The augmented encoding's rules (F_regle plus triads: :mod:`sudoku_sat.encodings`)
    in the fastest propagator available, one per order and thread. Unit propagation on
    it performs naked and hidden singles and locked candidates (pointing, claiming)."""
    formula = encoding_rules(n, "augmented")
    return build_propagator(formula.nvars, formula.clauses)


def locked_rung(grid: Grid, n: int) -> tuple[str, int]:
    """Unit propagation on the augmented formula: (status solved/partial/unsat, cells open)."""
    return _outcome(augmented_propagator(n).unit_propagate(clue_literals(grid, n)), n)


def clue_literals(grid: Grid, n: int) -> list[int]:
    """The positive literal of each clue. Unit propagation derives F1's negative units
    and F2 from them through K2, L2, C2 and B2, so every fixpoint is formula_initiale's."""
    return clue_assumptions(grid, n)


def _outcome(result: Propagation, n: int) -> tuple[str, int]:
    if result.status == "conflict":
        return "unsat", 0
    top = num_vars(n)
    left = n**4 - sum(1 for literal in result.literals if 0 < literal <= top)
    return ("solved" if left == 0 else "partial"), left


def singles_rung(grid: Grid, n: int) -> tuple[str, int]:
    """Unit propagation on F_regle and the clues: (status, cells left open)."""
    return _outcome(rules_propagator(n).unit_propagate(clue_literals(grid, n)), n)


def fl_rung(grid: Grid, n: int) -> tuple[str, int]:
    """The failed-literal rule at depth 1 (compiled when numba is installed)."""
    return _outcome(rules_propagator(n).failed_literals(clue_literals(grid, n)), n)


def fl_effort(grid: Grid, n: int) -> int:
    """Propagations the failed-literal rule spends on grid: a finer hardness measure
    within the level fl, that guides the generator toward fl2."""
    return rules_propagator(n).failed_literals(clue_literals(grid, n)).stats.propagations
