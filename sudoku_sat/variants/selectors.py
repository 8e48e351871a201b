"""The numbering of a session skeleton's blocks after the grid's N**3 variables, fixed by
the size and the blocks present, so that every puzzle of a skeleton names them alike:
the step selectors ("a < b" on a king's move: thermometers, minimum and maximum cells),
the same-region selectors (jigsaws), the order literals (every cell's "digit ≥ k":
between and lockout lines), then one block per relation between neighbours
(``Constraint.pair_relations``: kropki dots, XV, their negatives, whispers), on the
pairs its class's moves join (``pair_moves``: a king's move, marks orthogonal ones only)
and one a cell per rule of single cells (``Constraint.cell_rule``: indexers). The
classes of a ``pair_group`` come together: any puzzle with marks (dots, X, V or a
negative) gets the blocks of all of them, so they share one skeleton (15 skeletons and
3x the CPU over the kropki and XV puzzles of tests/data before they did).
A skeleton holds only the blocks its puzzles need (``encode.skeleton_key``), numbered
one after the other in that order from N**3 + 1 (``layout``), so that no number is dead
(a model is read whole: 1,873 variables instead of 6,017 on a between-line skeleton,
within the noise in time)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..model.builder import Rules
from ..model.constraint import Constraint
from ..model.geometry import KING, offset_pairs

Moves = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Layout:
    """Where each block present in a skeleton starts (its first number less one; None
    for an absent block) and the skeleton's top variable."""

    steps: int | None
    regions: int | None
    orders: int | None
    relations: tuple[int, ...]
    cells: tuple[int, ...]
    top: int


@cache
def layout(
    size: int, steps: bool, regions: bool, orders: bool, relations: tuple[Moves, ...], cells: int
) -> Layout:
    """The blocks present, numbered one after the other from N**3 + 1: one block of
    relation selectors for each moves in relations (the pairs they join)."""
    top, bases = size**3, list[int | None]()
    sizes = (
        (steps, 2 * len(offset_pairs(size, KING))),
        (regions, len(_apart(size))),
        (orders, size * size * (size - 1)),
    )
    for present, count in sizes:
        bases.append(top if present else None)
        top += count if present else 0
    tails = []
    for moves in relations:
        tails.append(top)
        top += len(offset_pairs(size, moves))
    rules = []
    for _ in range(cells):
        rules.append(top)
        top += size * size
    return Layout(bases[0], bases[1], bases[2], tuple(tails), tuple(rules), top)


@cache
def step_selectors(size: int, base: int) -> dict[tuple[int, int], int]:
    """(a, b) -> selector of "a < b", for a and b a king's move apart, both orders,
    from base + 1: a thermometer's steps, minimum and maximum cells."""
    top, out = base, {}
    for a, b in offset_pairs(size, KING):
        out[(a, b)] = top = top + 1
        out[(b, a)] = top = top + 1
    return out


@cache
def _apart(size: int) -> list[tuple[int, int]]:
    """The pairs of cells that share no row or column."""
    pairs = combinations(range(size * size), 2)
    return [(a, c) for a, c in pairs if a // size != c // size and a % size != c % size]


@cache
def region_selectors(size: int, base: int) -> dict[tuple[int, int], int]:
    """(a, c) -> selector of "a and c are in one region" (all different), for the pairs
    of cells that share no row or column, from base + 1: jigsaw."""
    return {pair: base + i for i, pair in enumerate(_apart(size), 1)}


@cache
def order_literals(size: int, base: int) -> dict[int, list[int]]:
    """cell -> its order literals (index k: "digit ≥ k", k = 2..N; 0 before), from base
    + 1: the constraints that use ``b.ge``."""
    step, out = size - 1, {}
    for c in range(size * size):
        out[c] = [0, 0, *range(base + c * step + 1, base + c * step + size)]
    return out


@cache
def relation_selectors(size: int, base: int, moves: Moves = KING) -> dict[tuple[int, int], int]:
    """(a, b) -> selector of a registry relation on cells one of the moves apart (a
    king's move by default), both orders sharing one, from base + 1."""
    out = {}
    for i, (a, b) in enumerate(offset_pairs(size, moves), 1):
        out[(a, b)] = out[(b, a)] = base + i
    return out


def relation_kinds(puzzle: Rules) -> tuple[tuple[type[Constraint], object], ...]:
    """The (class, label) of each relation a skeleton holds (``pair_relations``), for
    the classes of the puzzle's constraints and those grouped with them (``pair_group``)."""
    size = puzzle.size
    present = {type(c) for c in puzzle.constraints if type(c).pair_relations(size)}
    kinds = sorted({k for kind in present for k in kind.pair_group()}, key=lambda k: k.key)
    return tuple((k, label) for k in kinds for label in k.pair_relations(size))


def cell_kinds(puzzle: Rules) -> tuple[type[Constraint], ...]:
    """The registry classes whose cell rules a skeleton holds (``cell_rule``)."""
    kinds = {type(c) for c in puzzle.constraints if c.cell_rule}
    return tuple(sorted(kinds, key=lambda k: k.key))
