"""Puzzle grids as text: drawn with their boxes, or one line of N*N symbols."""

from __future__ import annotations

import math

from ..grid import Grid
from ..model.geometry import box_shape
from ..model.puzzle import Puzzle

SYMBOLS = ".123456789ABCDEFG"
"""Symbol of each value 0..16: '.' blank, then 1-9 and A-G for 10-16 (the 16x16 alphabet)."""


def symbols(size: int, alphabet: str | None = None) -> str:
    """'.' then the symbol of each value 1..size: :data:`SYMBOLS`, or the --alphabet's."""
    from ..alphabet import default_alphabet, expand_alphabet

    if alphabet is None:
        return SYMBOLS if size < len(SYMBOLS) else "." + default_alphabet(size)

    return "." + expand_alphabet(alphabet, size)


def format_line(grid: Grid, alphabet: str | None = None) -> str:
    """One line of N*N symbols, '.' for a blank."""
    shown = symbols(math.isqrt(len(grid)), alphabet)
    return "".join(shown[v] for v in grid)


def format_numbers(grid: Grid) -> str:
    """N lines of N space-separated numbers, 0 for a blank."""
    n = math.isqrt(len(grid))
    return "\n".join(" ".join(str(v) for v in grid[r * n : r * n + n]) for r in range(n))


def render(puzzle: Puzzle, grid: Grid | None = None, alphabet: str | None = None) -> str:
    """The grid (the givens by default) drawn with box separators (none for a jigsaw)."""
    grid = puzzle.grid if grid is None else grid
    n = puzzle.size
    shown = symbols(n, alphabet)
    own = puzzle.own_regions
    h, w = (n, n) if own else box_shape(n)
    rows = []
    for r in range(n):
        cells = [shown[grid[r * n + c]] for c in range(n)]
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


def render_pencil(
    puzzle: Puzzle, digits: tuple[tuple[int, ...], ...], alphabet: str | None = None
) -> str:
    """Pencil marks: each cell a small box of its candidates ('.' for the others), in the
    shape of the grid's boxes (3x3 for 9x9, 2x3 for 6x6), boxes ruled as in ``render``."""
    n = puzzle.size
    h, w = box_shape(n)
    mh, mw = (h, w) if h > 1 else (1, n)
    own = puzzle.own_regions
    bh, bw = (n, n) if own else (h, w)
    shown = symbols(n, alphabet)
    lines = []
    for r in range(n):
        for sub in range(mh):
            row = []
            for c in range(n):
                marks = digits[r * n + c]
                ds = range(sub * mw + 1, sub * mw + mw + 1)
                row.append("".join(shown[d] if d in marks else "." for d in ds))
                if (c + 1) % bw == 0 and c + 1 < n:
                    row.append("|")
            lines.append(" ".join(row))
        if r + 1 < n:
            ruled = (r + 1) % bh == 0
            lines.append("".join("+" if ch == "|" else "-" for ch in lines[-1]) if ruled else "")
    return "\n".join(lines)


def puzzle_line(p: Puzzle, alphabet: str | None = None) -> str:
    """A puzzle as one line that reads back: its N*N symbols when it has no rules (the
    classic line, numbers past 36x36), else its f-puzzles JSON, which keeps them (its
    sigh string when its digits start at 0 or its grid is no N x N square, which
    f-puzzles cannot say)."""
    if p.low != 1 or p.shaped:
        from .sigh_write import to_sigh

        return to_sigh(p)
    if p.constraints or p.n == 0:
        from .fpuzzles_write import dumps

        return dumps(p)
    from ..gridtext import format_any_line

    return format_any_line(p.grid, p.n, alphabet)


def puzzle_value(p: Puzzle) -> object:
    """A puzzle in JSON records: its line, or its f-puzzles object when it has rules (its
    sigh string when its digits start at 0 or it has a shape)."""
    if (p.constraints or p.n == 0) and p.low == 1 and not p.shaped:
        from .fpuzzles_write import to_fpuzzles

        return to_fpuzzles(p)
    return puzzle_line(p)
