"""Making chaos-construction puzzles (``generate --rule chaos-construction``): the regions
are the puzzle's unknowns, so they are made first and then hidden.

1. A random layout (:func:`grow_layout`): regions grown one at a time from the first free
   cell in reading order (so their labels come out in sigh's canonical order, the one
   ``ChaosConstruction`` counts by), each by random orthogonal steps to its size; a layout
   that leaves a free area of a size no number of regions fills starts again.
2. A solution for it: the same grid with the layout as a jigsaw (``make.random_solution``);
   a layout with none is drawn again.
3. The clues that pin the regions (:data:`CLUE_RULES`): sigh's ``ChaosCount`` and
   ``ChaosArrow`` in their short form (``.ChaosCount~R1C2``: of the control's 3x3
   neighbourhood, how many share its region; ``.ChaosArrow~R1C2``: the run of its region
   along the four arms to the edges), at every cell where the solution's digit says so.
   With every digit given the puzzle must be unique; clues then go, in random order, while
   it stays so (:func:`thinned`; the model found when one cannot go is its witness).
4. The givens emptied with the clues kept (``emptying.emptied``), each with its witness.

The check (:func:`check_chaos`) is ``minimal.check_minimal`` (CP-SAT: unique, no given can
go) and, for each chaos clue, its witness checked by CP-SAT against the puzzle without it
(a second solution: the clue cannot go).

Road not taken, measured: puzzles of givens alone. With every digit given, a random layout
and its solution were unique in 0 of 50 pairs at 4x4, 5x5 and 6x6 (another partition of
the same digits always exists), and a counterexample loop (a solution for the layout
that no partition found so far fits, until the digits admit one partition only) ended
with no such digits for each of 40 layouts at 4x4 and 40 at 5x5 (0.06 s and 1.5 s in
all). With every default count and arrow that holds, 24, 25 and 21 of 30 pairs were unique
at 4x4, 5x5 and 6x6 (counts alone 7, 10, 4; arrows alone 12, 11, 14): so the clues.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from ..errors import SolverError, UsageError
from ..grid import Grid
from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from .constraints.chaos import ChaosConstruction, orthogonal
from .constraints.chaos_clues import ChaosArrow, ChaosCount
from .constraints.jigsaw import Jigsaw
from .emptying import emptied
from .make import blank, check_kinds, make_witnessed, random_solution
from .minimal import Clue, Witnesses, check_minimal
from .sigh_cells import cell_id
from .solve import blocking, decode_model, open_solver, solver_for

CHAOS_RULES = ("chaos-construction", "chaos-count", "chaos-arrow")
"""The rule names that make a chaos-construction puzzle."""
CLUE_RULES = {"chaos-count": "ChaosCount", "chaos-arrow": "ChaosArrow"}
"""The clue rules and their sigh names; naming none of them takes both."""
TRIES = 200
"""Layouts drawn before giving up (at 6x6 about one pair in four is not unique)."""


def is_chaos(names: list[str]) -> bool:
    """True when the rules ask for a chaos construction."""
    return any(name in CHAOS_RULES for name in names)


def clue_names(names: list[str]) -> tuple[str, ...]:
    """The sigh names of the clues to draw; UsageError for a rule beside the chaos ones
    (its clues would need the regions the solver does not know: not made)."""
    other = [name for name in names if name not in CHAOS_RULES]
    if other:
        raise UsageError(
            f"rule {other[0]!r} beside a chaos construction: generate makes chaos "
            "puzzles with chaos counts and arrows only; solve, count and check the others"
        )
    asked = tuple(CLUE_RULES[name] for name in names if name in CLUE_RULES)
    return asked or tuple(CLUE_RULES.values())


def grow_layout(rows: int, cols: int, size: int, rng: random.Random) -> list[int] | None:
    """Labels 1..R of rows x cols places (reading order) in R connected regions of size
    cells, numbered in the order they first appear; None when this try got stuck."""
    free = set(range(rows * cols))
    label = [0] * (rows * cols)
    k = 0
    while free:
        k += 1
        region = [min(free)]
        free.discard(region[0])
        while len(region) < size:
            front = sorted({m for c in region for m in orthogonal(0, c, rows, cols) if m in free})
            if not front:
                return None
            region.append(rng.choice(front))
            free.discard(region[-1])
        for c in region:
            label[c] = k
        if not _fillable(free, rows, cols, size):
            return None
    return label


def _fillable(free: set[int], rows: int, cols: int, size: int) -> bool:
    """Whether every connected area of the free places has a multiple of size cells."""
    seen: set[int] = set()
    for start in free:
        if start in seen:
            continue
        area, todo = 1, [start]
        seen.add(start)
        while todo:
            for m in orthogonal(0, todo.pop(), rows, cols):
                if m in free and m not in seen:
                    seen.add(m)
                    area += 1
                    todo.append(m)
        if area % size:
            return False
    return True


def _shape_text(blank: Puzzle) -> str:
    """sigh's ``.Shape`` of the blank grid (as ``sigh_write`` writes it, without the
    regions that writer adds)."""
    n = blank.size
    rows, cols = (blank.rows, blank.cols) if blank.shaped else (n, n)
    digits = f"~0-{n - 1}" if blank.low == 0 else "" if n == max(rows, cols) else f"~{n}"
    return f".Shape~{rows}x{cols}{digits}"


@cache
def candidates(shape: str, kinds: tuple[str, ...]) -> tuple[Puzzle, tuple[Constraint, ...]]:
    """The chaos puzzle of a shape (``.NoBoxes.ChaosConstruction``) and every clue of
    those kinds in its short form, one at each cell, read by sigh's reader."""
    from .sigh import parse_sigh

    bare = parse_sigh(f"{shape}.NoBoxes.ChaosConstruction", "--shape")[0]
    clues = "".join(f".{k}~{cell_id(bare.size, c)}" for k in kinds for c in bare.grid_cells)
    read = parse_sigh(f"{shape}.NoBoxes.ChaosConstruction{clues}", "--shape")[0]
    return bare, tuple(c for c in read.constraints if c not in bare.constraints)


def dims(p: Puzzle) -> tuple[int, int, int]:
    """(rows, columns, cells a region) of a chaos puzzle's grid."""
    return next(c.dims(p.size) for c in p.constraints if isinstance(c, ChaosConstruction))


def layout_solution(chaos: Puzzle, rng: random.Random, solver: str | None) -> Grid | None:
    """A random layout and a solution for it: the grid's digits then the region cells'
    labels (the chaos puzzle's cells), or None when this try found none."""
    n = chaos.size
    rows, cols, size = dims(chaos)
    label = grow_layout(rows, cols, size, rng)
    if label is None:
        return None
    places = chaos.grid_cells
    regions = tuple(
        tuple(places[c] for c in range(len(places)) if label[c] == k)
        for k in range(1, max(label) + 1)
    )
    plain = replace(chaos, constraints=(Jigsaw(regions),), extra=())
    digits = random_solution(plain, rng, solver)
    if digits is None:
        return None
    return tuple(digits[: n * n]) + tuple(label)


def unique(p: Puzzle, full: Grid, solver: str) -> Grid | None:
    """None when p (every digit of full given) has full as its one solution, else another
    solution."""
    from .encode import encode_variant

    with open_solver(encode_variant(p.with_givens(tuple(full[: p.ncells]))), solver) as s:
        s.add_clause(blocking(full, p.size))
        return decode_model(s.get_model(), p.size, p.cells) if s.solve() else None


def thinned(
    chaos: Puzzle, clues: list[Constraint], full: Grid, rng: random.Random, solver: str
) -> tuple[Puzzle, dict[Clue, Grid]] | None:
    """The chaos puzzle with those of the clues that hold on full, fewer while every digit
    given keeps it unique (one pass in random order: a clue that cannot go with every
    digit given cannot go later), each kept clue with its witness; None when not unique
    with all of them."""
    n = chaos.size
    kept = [c for c in clues if c.holds(full, n)]
    if unique(chaos.with_constraints((*chaos.constraints, *kept)), full, solver) is not None:
        return None
    witnesses: dict[Clue, Grid] = {}
    for clue in rng.sample(kept, len(kept)):
        fewer = [c for c in kept if c != clue]
        other = unique(chaos.with_constraints((*chaos.constraints, *fewer)), full, solver)
        if other is None:
            kept = fewer
        else:
            witnesses[clue] = other
    return chaos.with_constraints((*chaos.constraints, *kept)), witnesses


def make_chaos(
    names: list[str], blank: Puzzle, rng: random.Random, solver: str | None = None
) -> tuple[Puzzle, Witnesses]:
    """A unique chaos-construction puzzle on the blank's grid and the witnesses of its
    clues: givens, and chaos counts and arrows (:func:`clue_names`), none of which can go."""
    kinds = clue_names(names)
    chaos, clues = candidates(_shape_text(blank), kinds)
    name = solver or solver_for(chaos)
    for _ in range(TRIES):
        full = layout_solution(chaos, rng, solver)
        if full is None:
            continue
        found = thinned(chaos, list(clues), full, rng, name)
        if found is None:
            continue
        puzzle, kept = found
        made, witnesses = emptied(puzzle, full, rng, solver=solver)
        witnesses.update(kept)
        return made, witnesses
    raise UsageError(f"found no unique {blank.dims} chaos construction in {TRIES} tries")


def check_chaos(puzzle: Puzzle, witnesses: Witnesses) -> str | None:
    """:func:`minimal.check_minimal`, then each chaos clue's witness checked by CP-SAT on
    the puzzle without the clue (a clue without one, or whose witness fails, is counted):
    None when unique and no given nor clue can go, else what is wrong."""
    try:
        return _check(puzzle, witnesses)
    except SolverError as why:  # CP-SAT's time limit (a 9x9: minutes a count)
        return f"not checked: {why}"


def _check(puzzle: Puzzle, witnesses: Witnesses) -> str | None:
    from . import cpsat

    problem = check_minimal(puzzle, witnesses=witnesses)
    if problem is not None:
        return problem
    for k, clue in enumerate(puzzle.constraints):
        if not isinstance(clue, ChaosCount | ChaosArrow):
            continue
        fewer = puzzle.with_constraints(puzzle.constraints[:k] + puzzle.constraints[k + 1 :])
        shown = witnesses.get(clue)
        if shown is not None and shown != puzzle.solution and cpsat.is_solution(fewer, shown):
            continue
        if cpsat.count(fewer, 2, lean=True) == 1:
            return f"the {clue.label(puzzle.size)} can be removed"
    return None


def make_any(
    names: list[str],
    size: int,
    rng: random.Random,
    solver: str | None = None,
    empty: Puzzle | None = None,
) -> tuple[Puzzle, Witnesses]:
    """A minimal unique puzzle of the rules with its witnesses: a chaos construction's
    (:func:`make_chaos`), else ``make.make_witnessed``'s."""
    if is_chaos(names):
        return make_chaos(names, empty or blank(size), rng, solver)
    return make_witnessed(names, size, rng, True, solver, empty)


def check_any(puzzle: Puzzle, witnesses: Witnesses) -> str | None:
    """The independent check of a made puzzle: :func:`check_chaos` for a chaos
    construction (its region cells), else ``minimal.check_minimal``."""
    if puzzle.extra:
        return check_chaos(puzzle, witnesses)
    return check_minimal(puzzle, witnesses=witnesses)


def check_rules(names: list[str], size: int, shape: str = "", no_boxes: bool = False) -> None:
    """UsageError before any work for what is not made: :func:`clue_names` for a chaos
    construction, else ``make.check_kinds``."""
    if is_chaos(names):
        clue_names(names)
        blank(size, shape, no_boxes)
        return
    check_kinds(names, size, shape, no_boxes)
