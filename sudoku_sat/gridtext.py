"""Grids written as text: one line of symbols (or of numbers past 36x36), N lines of
numbers, or drawn with block separators; what every command prints and the readers of
``gridio`` read back."""

from __future__ import annotations

from .alphabet import MAX_SYMBOLS, default_alphabet, expand_alphabet
from .grid import Grid


def format_line(grid: Grid, n: int, alphabet: str | None = None) -> str:
    """The grid as one line of N*N symbols, ``.`` for a blank."""
    size = n * n
    symbols = default_alphabet(size) if alphabet is None else expand_alphabet(alphabet, size)
    return "".join(symbols[v - 1] if v else "." for v in grid)


def format_symbols(grid: Grid, size: int) -> str:
    """One line of a grid of side size (any size up to 36), ``.`` for a blank."""
    symbols = default_alphabet(size)
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
