"""Orbits: the units a puzzle is emptied by, single cells or, with ``symmetric``, the
pairs of cells exchanged by a 180° rotation (the centre cell alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..grid import Cell, Grid

Orbit = tuple[Cell, ...]


@cache
def orbits(n: int, symmetric: bool = False) -> tuple[Orbit, ...]:
    """Single cells, or the orbits of the 180° rotation (pairs, and the centre alone)."""
    ncells = n**4
    if not symmetric:
        return tuple((c,) for c in range(ncells))
    return tuple(
        (c, ncells - 1 - c) if c != ncells - 1 - c else (c,) for c in range((ncells + 1) // 2)
    )


def filled_orbits(puzzle: Grid, n: int, symmetric: bool = False) -> list[Orbit]:
    """The orbits with at least one clue of puzzle, in cell order."""
    if not symmetric:
        return [o for o in orbits(n) if puzzle[o[0]]]
    return [o for o in orbits(n, symmetric) if any(puzzle[c] for c in o)]


def without(grid: Grid, cells: Sequence[Cell]) -> Grid:
    """grid with cells emptied."""
    out = list(grid)
    for c in cells:
        out[c] = 0
    return tuple(out)
