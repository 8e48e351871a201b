"""Making puzzles of any rules: a random solution under the rules made first (global
rules, jigsaw regions) on an N x N grid or a grid of sigh's (``make_shape``: ``--shape``),
clues drawn from it by each rule's own module
(``Constraint.make``), then givens (and the values a rule lets go: cage sums) removed
while unique on one incremental solver (``emptying``), each clue kept with its witness:
a second solution without it, which ``minimal.check_minimal`` verifies with CP-SAT
(``cpsat``), a different method, as it verifies the puzzle unique. Chaos constructions,
whose regions are unknowns, are made by ``make_chaos`` (above this module: it takes
:func:`random_solution` and :func:`blank`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..errors import SolverError, UsageError
from ..grid import Grid
from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from .constraints import rule_classes, rules
from .emptying import emptied
from .encode import encode_variant
from .make_shape import blank_of, check_shape_rules, grid_clues, in_shape, is_plain
from .minimal import Witnesses, check_minimal
from .solve import decode_model, open_solver, solver_for


def kinds() -> list[str]:
    """What generate knows: every rule name of the registry (``check_kinds`` refuses the
    few it does not make)."""
    return list(rules())


def random_solution(puzzle: Puzzle, rng: random.Random, solver: str | None = None) -> Grid | None:
    """A random grid obeying the puzzle's rules (givens kept), or None if there is none."""
    size = puzzle.size
    with open_solver(encode_variant(puzzle), solver or solver_for(puzzle)) as s:
        chosen: list[int] = []
        cells = list(puzzle.grid_cells)  # a shape's: its frame's other cells hold 1
        rng.shuffle(cells)
        for cell in cells[: 2 * size]:
            digits = list(range(1, size + 1))
            rng.shuffle(digits)
            for d in digits:
                if s.solve(assumptions=[*chosen, cell * size + d]):
                    chosen.append(cell * size + d)
                    break
            else:
                return None
        if not s.solve(assumptions=chosen):
            return None
        return decode_model(s.get_model(), size)


def blank(size: int, shape: str = "", no_boxes: bool = False) -> Puzzle:
    """The empty grid puzzles are made on: sigh's shape (``make_shape.blank_of``) when
    one is given or with no_boxes, else the N x N grid of the default boxes."""
    if shape or no_boxes:
        return blank_of(shape or f"{size}x{size}", no_boxes)
    return Puzzle(size, (0,) * (size * size))


def check_kinds(names: list[str], size: int, shape: str = "", no_boxes: bool = False) -> None:
    """UsageError for an unknown rule, a rule whose clues read cells beyond the grid (a
    doppelganger's missing digits; a chaos construction's regions: ``make_chaos``), a
    rule refused on the shape, or a size it does not fit."""
    empty = blank(size, shape, no_boxes)
    for name in names:
        if any(k.cells_beyond(size) or k.needs_cells_of for k in rule_classes(name)):
            raise UsageError(
                f"rule {name!r}: generate does not make its puzzles yet (it reads cells beyond "
                "the grid: a doppelganger's missing digits); solve, count and check them"
            )
    if not is_plain(empty):
        check_shape_rules(names, empty)
    base(names, size, random.Random(0), empty)


def base(names: list[str], size: int, rng: random.Random, empty: Puzzle | None = None) -> Puzzle:
    """The empty puzzle of the rules before clues: the global rules and jigsaw regions
    (``Constraint.drawn_first``), on the empty grid (:func:`blank`, beside its own
    regions: a shape's) or N x N."""
    empty = empty or blank(size)
    blank_ = replace(empty, origin="+".join(names) or "classic")
    found: list[Constraint] = list(empty.constraints)
    for name in names:
        for kind in rule_classes(name):
            if kind.drawn_first:
                found += [
                    c for c in kind.make(blank_.grid, size, blank_.regions, rng) if c not in found
                ]
    return blank_.with_constraints(tuple(c.settle(found) for c in found))


def with_clues(puzzle: Puzzle, names: list[str], solution: Grid, rng: random.Random) -> Puzzle:
    """The puzzle with the clues of its rules drawn from solution, each rule's classes
    making their own (``Constraint.make``). Beside other clue rules, a rule whose classes
    take a share (``Constraint.shared``) keeps 1/k of its clues for k clue rules: renban
    with killer, all 9 lines left the cage sums so few that CP-SAT took 1.5 s to count a
    puzzle, 20 s of CPU to check 3."""
    found = list(puzzle.constraints)
    clue_rules = [n for n in names if not all(k.drawn_first for k in rule_classes(n))]
    among = len(clue_rules) or 1
    for name in names:
        for kind in rule_classes(name):
            if kind.drawn_first:
                continue
            made = kind.make(solution, puzzle.size, puzzle.regions, rng)
            if among > 1 and kind.shared and made:
                kept = sorted(rng.sample(range(len(made)), -(-len(made) // among)))
                made = [made[k] for k in kept]
            found += made
    return puzzle.with_constraints(tuple(c.settle(found) for c in found))


def make(
    kind: str | list[str],
    size: int,
    rng: random.Random,
    minimal: bool = True,
    solver: str | None = None,
    empty: Puzzle | None = None,
) -> tuple[Puzzle, Grid]:
    """A puzzle of the rule set(s) and its solution: unique and minimal (no given, and no
    cage sum, can go) when minimal, else the clues with every cell given; on the empty
    grid given (a shape: :func:`blank`), else N x N."""
    puzzle, _ = make_witnessed(kind, size, rng, minimal, solver, empty)
    assert puzzle.solution is not None
    return puzzle, puzzle.solution


def make_witnessed(
    kind: str | list[str],
    size: int,
    rng: random.Random,
    minimal: bool = True,
    solver: str | None = None,
    empty: Puzzle | None = None,
) -> tuple[Puzzle, Witnesses]:
    """:func:`make`'s puzzle, its solution in ``solution``, with the witnesses of the
    clues it kept (:func:`emptied`; none when not minimal)."""
    names = [kind] if isinstance(kind, str) else list(kind)
    empty = empty or blank(size)
    for _ in range(50):
        start = base(names, empty.size, rng, empty)
        solution = random_solution(start, rng, solver)
        if solution is None:
            continue
        puzzle = with_clues(start, names, solution, rng)
        if not is_plain(puzzle):  # as its sigh string says it; None: a rule fell out
            said = in_shape(puzzle, solution, names)
            if said is None:
                continue
            puzzle = replace(said, origin=puzzle.origin)
        if not minimal:
            return replace(puzzle, grid=tuple(solution), solution=tuple(solution)), {}
        return emptied(puzzle, solution, rng, True, grid_clues(puzzle), solver)
    raise UsageError(f"found no {empty.dims} grid for {'+'.join(names)} in 50 tries")


def minimize_puzzle(v: Puzzle, seed: int, solver: str | None = None) -> Puzzle:
    """A minimal puzzle made of v's givens (a subset) with the same single solution, its
    cage sums kept, checked unique and minimal by CP-SAT (:func:`check_minimal`);
    SolverError when v has no solution or several, or when the check fails."""
    from .solve import Session

    with Session(solver) as session:
        found = session.solutions(v, 2)
    if len(found) != 1:
        raise SolverError(f"{v.origin}: {'no solution' if not found else 'several solutions'}")
    made, witnesses = emptied(v, found[0], random.Random(seed), clues=v.grid, solver=solver)
    problem = check_minimal(made, sums=False, witnesses=witnesses)
    if problem is not None:
        raise SolverError(f"{v.origin}: the minimized puzzle failed its check: {problem}")
    return made
