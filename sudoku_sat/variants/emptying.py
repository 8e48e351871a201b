"""Emptying a puzzle with rules while it stays unique: givens, and the values a rule lets
go (cage sums), removed on one incremental solver.

The rules once, the solution's blocking clause once, every given and every cage sum
behind a selector literal, assumed while kept (a given's selector is its digit's
literal). A clue set is unique iff the solver finds no model under its assumptions. One
pass in random order gives a minimal puzzle, since removing clues only adds solutions: a
clue that could not go earlier cannot go later. The model found when a clue could not go
is its witness (``minimal.Witnesses``): a second solution without it.

Road not taken: givens in blocks, with the one-at-a-time pass's outcome (a block whose
removal leaves the puzzle unique goes at once, since each of its clues, asked alone in
the pass, would be asked with more clues kept; a block that cannot go is halved). On
9x9 killers, where nearly every given goes, 48 solver calls a puzzle instead of 113 and
39 against 45 ms of solving (20 puzzles); but on anti-knight puzzles, which keep many
givens, 130-172 against 74-105 ms (fewer calls, each harder), and thermometers 17-19
against 11-15 ms. Nor the formula without the implied sums of the law of 45
(``encode_variant(implied=False)``): a 9x9 killer's encoding 33 -> 8 ms and its loading
13 -> 5 ms, its solving 45 -> 51 ms (20 puzzles), but on a 16x16 killer the first four
cage sums that went took 192 s against 153 s with them.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..grid import Grid
from ..model.puzzle import Puzzle
from .encode import encode_variant
from .minimal import Clue
from .solve import blocking, decode_model, open_solver, solver_for


def minimize(
    puzzle: Puzzle,
    solution: Grid,
    rng: random.Random,
    sums: bool = False,
    clues: Grid | None = None,
    solver: str | None = None,
) -> Puzzle:
    """Remove givens (every cell given at first, or the clues' cells) and, when sums, cage
    totals, while the puzzle stays unique: one pass in random order, on one incremental
    solver."""
    return emptied(puzzle, solution, rng, sums, clues, solver)[0]


def emptied(
    puzzle: Puzzle,
    solution: Grid,
    rng: random.Random,
    sums: bool = False,
    clues: Grid | None = None,
    solver: str | None = None,
) -> tuple[Puzzle, dict[Clue, Grid]]:
    """:func:`minimize`, with the witness of each clue kept."""
    size = puzzle.size
    formula = encode_variant(puzzle.with_givens(tuple(solution)), givens=False, guard_sums=sums)
    cells = [c for c in range(size * size) if clues is None or clues[c]]
    kept: dict[Clue, int] = {c: c * size + solution[c] for c in cells}
    order: list[Clue] = list(kept)
    rng.shuffle(order)
    tail: list[Clue] = list(formula.selectors)
    rng.shuffle(tail)
    kept.update(formula.selectors)
    witnesses: dict[Clue, Grid] = {}
    with open_solver(formula, solver or solver_for(puzzle)) as s:
        s.add_clause(blocking(solution, size))
        for key in order + tail:
            lit = kept.pop(key)
            if s.solve(assumptions=list(kept.values())):
                kept[key] = lit
                witnesses[key] = decode_model(s.get_model(), size, puzzle.cells)
    givens = tuple(solution[c] if c in kept else 0 for c in range(size * size))
    rules = tuple(
        c if c in kept or c not in formula.selectors else c.without_value()
        for c in puzzle.constraints
    )
    made = replace(puzzle, grid=givens, constraints=rules, solution=tuple(solution))
    return made, witnesses
