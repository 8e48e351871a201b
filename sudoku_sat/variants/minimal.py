"""The independent check of a made puzzle: unique and minimal, by CP-SAT (``cpsat``), not
the emptier's SAT solver.

Unique: CP-SAT enumerates the puzzle's solutions up to two and finds one. Minimal: for
each clue (a given, and when sums, a cage total or another value a maker may take away)
the puzzle without it has a second solution. The emptier found one for every clue it
kept (its model under the other clues' selectors, a different grid by the solution's
blocking clause): the clue's witness (:data:`Witnesses`). CP-SAT checks the witnesses
with every cell fixed, each against the model of the puzzle without its clue, all of a
puzzle in one model (``cpsat.all_solutions``: 10 ms on a 9x9 killer, 30 ms with a
model each), and each must differ from the solution CP-SAT found. A clue with no
witness, or when the check fails, each clue whose witness fails, is checked by counting:
CP-SAT enumerates the puzzle without it up to two solutions. CP-SAT counts lean (the
houses' sums stated, no linear relaxation nor probing: ``cpsat.solutions``).

Roads not taken: counting every reduced puzzle (the check before witnesses, still the
fallback) takes CP-SAT about 80 ms a clue on a 9x9 killer: 1.7 s of a puzzle's 1.8 s
(its making 0.13 s). A witness is a certificate: checking it needs no search.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..grid import Grid
from ..model.constraint import Constraint
from ..model.geometry import cell_name
from ..model.puzzle import Puzzle

Clue = int | Constraint
"""A clue the emptier may take away: a given (its cell) or a constraint's value (the
constraint with it)."""
Witnesses = Mapping[Clue, Grid]
"""For each clue kept, a solution of the puzzle without it other than the puzzle's."""


def reduced(puzzle: Puzzle, sums: bool) -> Iterator[tuple[Clue, str, Puzzle]]:
    """Each clue of the puzzle (givens, then values when sums), how a message names it,
    and the puzzle without it."""
    for c, v in enumerate(puzzle.grid):
        if v:
            fewer = list(puzzle.grid)
            fewer[c] = 0
            name = f"given {v} at cell {cell_name(puzzle.size, c)}"
            yield c, name, puzzle.with_givens(tuple(fewer))
    for k, rule in enumerate(puzzle.constraints if sums else ()):
        bare = rule.without_value()
        if bare != rule:
            rules = list(puzzle.constraints)
            rules[k] = bare
            yield (
                rule,
                f"the value of {rule.label(puzzle.size)}",
                puzzle.with_constraints(tuple(rules)),
            )


def check_minimal(
    puzzle: Puzzle, sums: bool = True, witnesses: Witnesses | None = None
) -> str | None:
    """None when CP-SAT finds exactly one solution and no given (nor, when sums, value)
    can be removed keeping it unique, else what is wrong. The clues' witnesses, when
    given, are checked in one CP-SAT model (``cpsat.all_solutions``); a clue whose
    witness is missing or fails is counted (:func:`needed`)."""
    from . import cpsat

    found = cpsat.solutions(puzzle, 2, lean=True)
    if len(found) != 1:
        return "not unique"
    given = witnesses or {}
    clues = list(reduced(puzzle, sums))
    shown = [(clue, p, w) for clue, _, p in clues if (w := given.get(clue)) not in (None, found[0])]
    passed: set[Clue] = set()
    if shown and cpsat.all_solutions([(p, w) for _, p, w in shown]):
        passed = {clue for clue, _, _ in shown}  # else one failed: each on its own
    for clue, name, p in clues:
        if clue not in passed and not needed(p, found[0], given.get(clue)):
            return f"{name} can be removed"
    return None


def needed(fewer: Puzzle, solution: Grid, witness: Grid | None) -> bool:
    """Whether the puzzle without a clue has a solution besides solution: its witness
    checked by CP-SAT with every cell fixed, else (none, or it fails) a CP-SAT count."""
    from . import cpsat

    if witness is None or witness == solution or len(witness) != fewer.cells:
        return cpsat.count(fewer, 2, lean=True) != 1
    return cpsat.is_solution(fewer, witness) or cpsat.count(fewer, 2, lean=True) != 1
