"""Grids written as text: one line of symbols (or of numbers past 36x36), N lines of
numbers, or drawn with block separators; what every command prints and the readers of
``gridio`` read back."""

from __future__ import annotations

from collections.abc import Sequence

from .alphabet import MAX_SYMBOLS, default_alphabet, expand_alphabet
from .grid import Grid


def format_line(grid: Grid, n: int, alphabet: str | None = None) -> str:
    """The grid as one line of N*N symbols, ``.`` for a blank."""
    size = n * n
    symbols = default_alphabet(size) if alphabet is None else expand_alphabet(alphabet, size)
    return "".join(symbols[v - 1] if v else "." for v in grid)


def format_symbols(grid: Grid, size: int, alphabet: str | None = None) -> str:
    """One line of a grid of side size (any size up to 36), ``.`` for a blank, in the
    alphabet given (its N symbols) or the default one."""
    symbols = default_alphabet(size) if alphabet is None else alphabet
    return "".join(symbols[v - 1] if v else "." for v in grid)


def format_any_line(grid: Grid, n: int, alphabet: str | None = None) -> str:
    """One line: symbols up to 36x36 (:func:`format_line`), beyond that the N*N numbers
    separated by spaces, 0 for a blank (49x49 and 64x64 have no one-symbol form; both
    forms read back)."""
    if alphabet is None and n * n > MAX_SYMBOLS:
        return " ".join(str(v) for v in grid)
    return format_line(grid, n, alphabet)


def format_numbers(grid: Grid, n: int) -> str:
    """The grid as N lines of space-separated numbers, 0 for a blank (the report's form)."""
    size = n * n
    return "\n".join(" ".join(str(v) for v in grid[i * size : (i + 1) * size]) for i in range(size))


def render(grid: Grid, n: int, alphabet: str | None = None) -> str:
    """The grid drawn with block separators, one symbol per cell."""
    size = n * n
    line = format_line(grid, n, alphabet)
    rule = "+".join(["-" * (2 * n + 1)] * n)[1:-1]
    out: list[str] = []
    for i in range(size):
        if i and i % n == 0:
            out.append(rule)
        row = line[i * size : (i + 1) * size]
        out.append(" | ".join(" ".join(row[b * n : (b + 1) * n]) for b in range(n)))
    return "\n".join(out)


def render_pencil(digits: Sequence[Sequence[int]], n: int, alphabet: str | None = None) -> str:
    """Pencil marks of a classic grid: each cell a small n x n box of its digits ('.' for
    the others) in the grid's symbols, numbers past 36x36; boxes ruled as in ``render``."""
    size = n * n
    if alphabet is None and size > MAX_SYMBOLS:
        width = len(str(size))
        shown = [".".rjust(width)] + [str(v).rjust(width) for v in range(1, size + 1)]
    else:
        symbols = default_alphabet(size) if alphabet is None else expand_alphabet(alphabet, size)
        shown = [".", *symbols]
    gap = "" if len(shown[-1]) == 1 else " "
    lines: list[str] = []
    for r in range(size):
        for sub in range(n):
            row: list[str] = []
            for c in range(size):
                marks = set(digits[r * size + c])
                values = range(sub * n + 1, sub * n + n + 1)
                row.append(gap.join(shown[v] if v in marks else shown[0] for v in values))
                if (c + 1) % n == 0 and c + 1 < size:
                    row.append("|")
            lines.append(" ".join(row))
        if r + 1 < size:
            ruled = (r + 1) % n == 0
            lines.append("".join("+" if ch == "|" else "-" for ch in lines[-1]) if ruled else "")
    return "\n".join(lines)
