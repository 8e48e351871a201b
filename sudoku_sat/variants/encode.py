"""CNF of a puzzle over the classic numbering, auxiliaries after.

Variables. x(r, c, d) is ``N*N*r + N*c + d`` (row-major cells, digits 1..N), the numbering
of ``sudoku_sat.encoding.var`` with N = n*n there: 1..N**3, so any solver's answer on those
variables decodes to the grid. Auxiliary variables (sums, order literals) follow from
N**3 + 1.

Rules, one part each (``VariantFormula.parts`` counts the clauses per part): cells
(exactly one digit: ALO + pairwise AMO); rows, columns and regions (each digit at least
once and at most once; a jigsaw's regions are its constraint's); then every constraint's
own clauses, its part named by its f-puzzles key (``Constraint.clauses``, each rule's
module documents them), and the redundant clauses the families imply together
(``Constraint.implied``: the law-of-45 sums of killer cages, parts in :data:`IMPLIED`).
Givens are unit clauses.

Sums (cages, arrows, the registry's sum constraints): six encodings
(:data:`SUM_ENCODINGS`), each family's default in ``constraints.sum_defaults()``, read from the
sum-encoding table of docs/variants.md; ``sums`` and ``sum_forms`` describe them. A pill's
line over more than half a house is first rewritten by the houses (``sums.by_houses``):
"Triple digits" went from 30-60 s to 0.06 s (docs/variants.md).

Sessions (``solve.Session``) share a *skeleton* between puzzles: the cells, rows,
columns, regions, the global rules (``Constraint.skeleton``) and blocks of selectors
(``selectors``) that each puzzle's own clues assume instead of writing clauses.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..grid import Clause
from ..model.builder import (
    DEFAULT_SUMS,
    SUM_ENCODINGS,
    Builder,
    VariantFormula,
    order_clauses,
    relation,
)
from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from .selectors import (
    Layout,
    cell_kinds,
    layout,
    order_literals,
    region_selectors,
    relation_kinds,
    relation_selectors,
    step_selectors,
)

__all__ = ["DEFAULT_SUMS", "IMPLIED", "SUM_ENCODINGS", "encode_variant"]

IMPLIED = frozenset({"implied"})
"""Parts the rules imply (redundant, for the solver): not in explanations or ratings."""


def encode_variant(
    puzzle: Puzzle,
    sums: str = DEFAULT_SUMS,
    givens: bool = True,
    guard_sums: bool = False,
    implied: bool = True,
) -> VariantFormula:
    """Every clause of the puzzle: rules, then (when givens) the givens as units. With
    guard_sums every cage sum's clauses hold only under its selector literal; without
    implied, none of the redundant clauses of :data:`IMPLIED` (as rating reads it)."""
    b = Builder(puzzle, sums, guard_sums)
    b.implied = implied
    _structure(b, puzzle)
    for constraint in puzzle.constraints:
        b.part = constraint.key or constraint.cell_key
        b.add(constraint.clauses(b))
    if implied:
        _implied(b, puzzle)
    if givens:
        b.part = "givens"
        b.add([[b.x(c, d)] for c, d in enumerate(puzzle.grid) if d])
    parts = {k: v for k, v in b.parts.items() if v}
    return VariantFormula(
        puzzle.size, b.top, b.clauses, parts, puzzle.rules, b.selectors, puzzle.extra_names
    )


def _implied(b: Builder, puzzle: Puzzle) -> None:
    b.part = "implied"
    for kind, instances in families(puzzle).items():
        b.add(kind.implied(b, instances))


def families(puzzle: Puzzle) -> dict[type[Constraint], list[Constraint]]:
    """The puzzle's constraints by class, in the order they come."""
    out: dict[type[Constraint], list[Constraint]] = {}
    for c in puzzle.constraints:
        out.setdefault(type(c), []).append(c)
    return out


def _units(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """Rows, columns, and the regions unless a constraint gives them (jigsaw)."""
    units = list(puzzle.lines)
    if not puzzle.own_regions:
        units += list(puzzle.regions)
    return tuple(units)


def _structure(b: Builder, puzzle: Puzzle) -> None:
    """Cells, rows, columns, and the regions unless a constraint gives them (jigsaw)."""
    cells, houses = structure_clauses(puzzle.size, puzzle.cells, puzzle.outside, _units(puzzle))
    b.part = "cells"
    b.add(cells)
    b.part = "units"
    b.add(houses)


@lru_cache(maxsize=8)
def structure_clauses(
    n: int, cells: int, outside: frozenset[int], units: tuple[tuple[int, ...], ...]
) -> tuple[tuple[Clause, ...], tuple[Clause, ...]]:
    """The clauses of the cells (one digit each; a shape's frame cells hold 1) and of the
    units (each digit at most once, and at least once in a unit of N cells), made once
    for every puzzle of that structure: 5.2 of the 6.2 ms that encoding a 9x9 puzzle of
    one rule took (11,988 clauses), paid again by every puzzle a session solves alone
    and by every skeleton. Formulas share these clause lists: nothing changes a clause
    once made."""

    def x(c: int, d: int) -> int:
        return c * n + d

    digits = range(1, n + 1)
    own: list[Clause] = []
    for c in range(cells):  # the extra cells too: one digit each
        if c in outside:
            own += [[x(c, 1)], *([-x(c, d)] for d in digits if d > 1)]
            continue
        own.append([x(c, d) for d in digits])
        own += ([-x(c, d), -x(c, e)] for d, e in combinations(digits, 2))
    houses: list[Clause] = []
    for unit in units:
        for d in digits:
            if len(unit) == n:  # a unit of fewer cells than digits (a shape) lacks some
                houses.append([x(c, d) for c in unit])
            houses += ([-x(a, d), -x(c, d)] for a, c in combinations(unit, 2))
    return tuple(own), tuple(houses)


@lru_cache(maxsize=8)
def structure_groups(
    n: int, cells: int, outside: frozenset[int], units: tuple[tuple[int, ...], ...]
) -> tuple[tuple[Clause, ...], tuple[tuple[int, ...], ...]]:
    """The rules of :func:`structure_clauses` for a solver that keeps at-most-one
    constraints itself (Gluecard): the clauses that are no pairwise at-most-one (each
    cell's and each full unit's at-least-one, the frame cells' units), and the
    at-most-one groups (each cell's digits; each unit's cells, one group a digit)."""

    def x(c: int, d: int) -> int:
        return c * n + d

    digits = range(1, n + 1)
    clauses: list[Clause] = []
    groups: list[tuple[int, ...]] = []
    for c in range(cells):
        if c in outside:
            clauses += [[x(c, 1)], *([-x(c, d)] for d in digits if d > 1)]
            continue
        clauses.append([x(c, d) for d in digits])
        groups.append(tuple(x(c, d) for d in digits))
    for unit in units:
        for d in digits:
            if len(unit) == n:
                clauses.append([x(c, d) for c in unit])
            if len(unit) > 1:
                groups.append(tuple(x(c, d) for c in unit))
    return tuple(clauses), tuple(groups)


@lru_cache(maxsize=8)
def group_pairs(groups: tuple[tuple[int, ...], ...]) -> tuple[Clause, ...]:
    """The pairwise clauses of at-most-one groups (:func:`structure_groups`'): what a
    solver that holds the groups gets when its search runs long."""
    return tuple([-a, -c] for group in groups for a, c in combinations(group, 2))


def cardinal_formula(
    puzzle: Puzzle, formula: VariantFormula
) -> tuple[list[Clause], tuple[tuple[int, ...], ...]]:
    """The puzzle's formula (:func:`encode_variant`'s, which starts with the structure)
    with the structure's pairwise at-most-one clauses as groups: (clauses, groups), the
    same rules for a solver that keeps cardinality constraints (``solve.CARDINAL_SOLVER``).
    A 9x9 structure is 11,988 clauses, 11,664 of them pairs: loading them took most of
    an easy puzzle's time."""
    clauses, groups = structure_groups(puzzle.size, puzzle.cells, puzzle.outside, _units(puzzle))
    skip = formula.parts.get("cells", 0) + formula.parts.get("units", 0)
    return [*clauses, *formula.clauses[skip:]], groups


def skeleton_key(puzzle: Puzzle) -> tuple[object, ...]:
    """What the skeleton clauses depend on: puzzles with equal keys share them."""
    own = puzzle.own_regions
    rules = frozenset(c for c in puzzle.constraints if c.skeleton)
    regions = None if own and not rules else puzzle.regions  # global rules read regions
    steps = any(c.steps for c in puzzle.constraints)
    orders = any(c.orders for c in puzzle.constraints)
    relations, cells = relation_kinds(puzzle), cell_kinds(puzzle)
    shape = (puzzle.rows, puzzle.cols)
    return (puzzle.size, own, regions, rules, steps, orders, relations, cells, shape)


def skeleton_layout(puzzle: Puzzle) -> Layout:
    """The numbering of the blocks the puzzle's skeleton holds."""
    key = skeleton_key(puzzle)
    present = (bool(key[4]), bool(key[1]), bool(key[5]))
    moves = tuple(kind.pair_moves for kind, _ in relation_kinds(puzzle))
    return layout(puzzle.size, *present, moves, len(cell_kinds(puzzle)))


def encode_skeleton(puzzle: Puzzle) -> tuple[list[Clause], int]:
    """The clauses shared by every puzzle of the same skeleton key, and the top variable:
    the structure, the global rules, and every block of selectors the puzzle's clues
    assume."""
    b = Builder(puzzle, DEFAULT_SUMS)
    _structure(b, puzzle)
    for constraint in puzzle.constraints:
        if constraint.skeleton:
            b.part = constraint.key
            b.add(constraint.clauses(b))
    lay = skeleton_layout(puzzle)
    if lay.steps is not None:
        b.part = "steps"
        for (a, c), s in step_selectors(b.n, lay.steps).items():
            b.add([*clause, -s] for clause in b.less(a, c))
    if lay.regions is not None:
        b.part = "same-region pairs"
        for (a, c), s in region_selectors(b.n, lay.regions).items():
            b.add([-s, -b.x(a, d), -b.x(c, d)] for d in b.digits())
    if lay.orders is not None:
        b.part = "order literals"
        for cell, lits in order_literals(b.n, lay.orders).items():
            b.add(order_clauses(b, cell, lits))
    for base, (family, label) in zip(lay.relations, relation_kinds(puzzle), strict=True):
        b.part = f"{family.key} {label} pairs"
        fits = family.pair_relations(b.n)[label]
        for (a, c), s in relation_selectors(b.n, base, family.pair_moves).items():
            if a < c:
                b.add([*clause, -s] for clause in relation(b, a, c, fits))
    for base, rule in zip(lay.cells, cell_kinds(puzzle), strict=True):
        b.part = f"{rule.key} cells"
        for cell in range(b.n * b.n):
            b.add([*clause, -(base + 1 + cell)] for clause in rule.cell_clauses(cell, b.n))
    b.top = lay.top
    return b.clauses, b.top


def encode_clues(
    puzzle: Puzzle, top: int, sums: str = DEFAULT_SUMS
) -> tuple[list[Clause], int, list[int]]:
    """For a session: the clauses of the puzzle's own clues (every constraint but the
    global rules; not the givens), auxiliaries numbered after top, the new top, and the
    skeleton's selectors to assume."""
    b = Builder(puzzle, sums, top=top)
    b.session = True
    lay = skeleton_layout(puzzle)
    if lay.steps is not None:
        b.steps = step_selectors(b.n, lay.steps)
    if lay.orders is not None:
        b.order = dict(order_literals(b.n, lay.orders))
    if lay.regions is not None:
        b.same_region = region_selectors(b.n, lay.regions)
    kinds = zip(relation_kinds(puzzle), lay.relations, strict=True)
    b.relations = {kind: relation_selectors(b.n, base, kind[0].pair_moves) for kind, base in kinds}
    b.cell_rules = dict(zip(cell_kinds(puzzle), lay.cells, strict=True))
    for constraint in puzzle.constraints:
        if not constraint.skeleton:
            b.part = constraint.key or constraint.cell_key
            b.add(constraint.clauses(b))
    _implied(b, puzzle)
    return b.clauses, b.top, b.assume
