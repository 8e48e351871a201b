"""The numbering of a session skeleton's blocks after the grid's N**3 variables, fixed by
the size so that every puzzle of a skeleton names them alike: the pair selectors (dots
and negatives on orthogonal neighbours), the step selectors ("a < b" on a king's move:
thermometers, minimum and maximum cells), the same-region selectors (jigsaws), the order
literals (every cell's "digit ≥ k": between and lockout lines), then one block per
registry relation (``Constraint.pair_fits``: whispers). A skeleton holds only the
blocks its puzzles need (``encode.skeleton_key``); a session sets the numbers of the
absent blocks below its top false once."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from .model import KING, NEGATABLE, offset_pairs, orthogonal_pairs

PAIR_RELATIONS = (("difference", 1), ("ratio", 2), ("sum", 10), ("sum", 5))
"""The marks every pair of neighbours gets a selector for in a session's skeleton."""


@cache
def pair_selectors(size: int) -> dict[tuple[int, int, str, int], int]:
    """(a, c, kind, value) -> selector, after N**3: one per orthogonal pair and default
    mark (PAIR_RELATIONS), and per pair and negative kind ("not-difference", ...)."""
    out, top = {}, size**3
    for a, c in orthogonal_pairs(size):
        for kind, value in (*PAIR_RELATIONS, *((f"not-{k}", 0) for k in NEGATABLE)):
            top += 1
            out[(a, c, kind, value)] = top
    return out


@cache
def step_selectors(size: int) -> dict[tuple[int, int], int]:
    """(a, b) -> selector of "a < b", for a and b a king's move apart, both orders,
    numbered after the pair selectors: a thermometer's steps."""
    top = size**3 + len(pair_selectors(size))
    out = {}
    for a, b in offset_pairs(size, KING):
        out[(a, b)] = top = top + 1
        out[(b, a)] = top = top + 1
    return out


@cache
def region_selectors(size: int) -> dict[tuple[int, int], int]:
    """(a, c) -> selector of "a and c are in one region" (all different), for the pairs
    of cells that share no row or column, numbered after the step selectors: jigsaw."""
    top = max(step_selectors(size).values())
    out = {}
    for a, c in combinations(range(size * size), 2):
        if a // size != c // size and a % size != c % size:
            out[(a, c)] = top = top + 1
    return out


@cache
def order_literals(size: int) -> dict[int, list[int]]:
    """cell -> its order literals (index k: "digit ≥ k", k = 2..N; 0 before), numbered
    after the region selectors: the constraints that use ``b.ge``."""
    top = max(region_selectors(size).values())
    out = {}
    for cell in range(size * size):
        out[cell] = [0, 0, *range(top + 1, top + size)]
        top += size - 1
    return out


@cache
def relation_selectors(size: int, index: int) -> dict[tuple[int, int], int]:
    """(a, b) -> selector of the skeleton's index-th registry relation (0, 1, ... in the
    skeleton key's order) on cells a king's move apart, both orders sharing one,
    numbered after the order literals."""
    pairs = offset_pairs(size, KING)
    top = order_literals(size)[size * size - 1][-1] + index * len(pairs)
    out = {}
    for a, b in pairs:
        top += 1
        out[(a, b)] = out[(b, a)] = top
    return out
