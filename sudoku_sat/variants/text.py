"""Variant grids as text: drawn with their boxes, or one line of N*N symbols."""

from __future__ import annotations

from ..grid import Grid
from .model import Variant, box_shape

SYMBOLS = ".123456789ABCDEFG"
"""Symbol of each value 0..16: '.' blank, then 1-9 and A-G for 10-16 (the 16x16 alphabet)."""


def format_line(grid: Grid) -> str:
    """One line of N*N symbols, '.' for a blank."""
    return "".join(SYMBOLS[v] for v in grid)


def render(puzzle: Variant, grid: Grid | None = None) -> str:
    """The grid (the givens by default) drawn with box separators (none for a jigsaw)."""
    grid = puzzle.givens if grid is None else grid
    n = puzzle.size
    h, w = (n, n) if puzzle.jigsaw else box_shape(n)
    rows = []
    for r in range(n):
        cells = [SYMBOLS[grid[r * n + c]] for c in range(n)]
        groups = [" ".join(cells[k : k + w]) for k in range(0, n, w)]
        rows.append(" | ".join(groups))
        if (r + 1) % h == 0 and r + 1 < n:
            rows.append(
                "+".join(
                    "-" * (len(g) + (1 if k == 0 or k == len(groups) - 1 else 2))
                    for k, g in enumerate(groups)
                )
            )
    return "\n".join(rows)


def render_candidates(size: int, digits: tuple[tuple[int, ...], ...]) -> str:
    """Pencil marks: each cell's candidates in a fixed-width field, one grid row a line."""
    width = max(1, max((len(d) for d in digits), default=1))
    lines = []
    for r in range(size):
        cells = ["".join(SYMBOLS[d] for d in digits[r * size + c]) or "-" for c in range(size)]
        lines.append(" ".join(cell.ljust(width) for cell in cells).rstrip())
    return "\n".join(lines)
