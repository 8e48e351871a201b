"""Puzzles on the wire: a grid as its order and a string, one character per cell.

A chunk of a thousand 9x9 puzzles pickles to about 90 kB this way, where the tuples of
ints would take several times that. Value v is ``chr(48 + v)`` ('0' for an empty cell,
'1'..'9', then ':' onwards for the larger orders), so every order up to 8 (values up to
64, 'p') fits in printable ASCII.
"""

from __future__ import annotations

from ..grid import Grid
from ..gridio import Puzzle

Packed = tuple[int, str]
"""A grid on the wire: its order n and one character per cell."""


def pack(grid: Grid, n: int) -> Packed:
    """grid as (n, text), one character per cell."""
    return n, "".join(chr(48 + v) for v in grid)


def unpack(packed: Packed) -> Grid:
    """The grid of a packed one."""
    return tuple(ord(ch) - 48 for ch in packed[1])


def pack_all(puzzles: list[Puzzle]) -> list[Packed]:
    """Every puzzle's grid, packed."""
    return [pack(p.grid, p.n) for p in puzzles]
