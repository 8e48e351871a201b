"""How the commands show puzzles and grids: one function a form (a grid drawn with the
puzzle's boxes, one line, numbers, f-puzzles JSON, pencil marks, the title above a
drawn grid), the same for every puzzle, with or without constraints."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from enum import Enum

from ..alphabet import MAX_SYMBOLS
from ..grid import Grid
from ..gridio import format_numbers, render
from ..gridtext import format_any_line
from ..model.puzzle import Puzzle
from ._edge import fail


class GridFormat(str, Enum):
    """How a grid is printed."""

    grid = "grid"
    line = "line"
    numbers = "numbers"
    fpuzzles = "fpuzzles"
    sigh = "sigh"


def writable_in(fmt: GridFormat, puzzles: Iterable[tuple[int, str]]) -> None:
    """Refuse before any work (one line, exit 2) a grid that fmt cannot hold, given as
    (size N, origin): f-puzzles holds 4x4 to 16x16, so ``solve`` or ``generate`` past it
    would otherwise solve or make everything and then fail; sigh holds up to 16x16."""
    if fmt not in (GridFormat.fpuzzles, GridFormat.sigh):
        return
    from ..model.geometry import MAX_SIZE, MIN_SIZE

    for size, origin in puzzles:
        if fmt is GridFormat.sigh:
            if size > MAX_SIZE:
                raise fail(f"{origin}: a {size}x{size} grid: sigh holds grids up to 16x16")
            continue
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise fail(
                f"{origin}: a {size}x{size} grid: f-puzzles holds grids of {MIN_SIZE}x"
                f"{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}: use --format line or numbers"
            )


def show_grid(grid: Grid, n: int, fmt: GridFormat, alphabet: str | None = None) -> str:
    """A classic grid in the chosen format."""
    from ..model.puzzle import Puzzle

    return show_solution(Puzzle(n * n, grid), grid, fmt, alphabet)


def show_solution(p: Puzzle, grid: Grid, fmt: GridFormat, alphabet: str | None = None) -> str:
    """A grid of puzzle p (its solution, or its givens) in the chosen format: drawn with
    the puzzle's boxes (a jigsaw's or a size without square boxes: no box lines), one
    line, numbers, f-puzzles JSON with the puzzle's rules, or a line as sigh writes a
    solution (one symbol a cell; ``show`` writes the puzzle itself, ``puzzle_text``)."""
    n = p.n
    if fmt is GridFormat.fpuzzles:
        from ..variants.fpuzzles_write import dumps
        from ..variants.puzzle import solved

        if not p.extra:
            return dumps(p.with_givens(grid))
        return dumps(replace(solved(p, grid), solution=p.solution))  # extra cells: marks
    grid = p.grid_part(grid)  # the cells beyond the grid are not drawn (sigh: the same)
    alphabet = alphabet or p.alphabet  # digits from 0: their own symbols
    if fmt is GridFormat.sigh:
        from ..variants.sigh_cells import short_solution

        return short_solution(grid, p.size, p.low)
    if p.shaped:  # rows x cols of the shape's cells, no boxes drawn
        return _shaped(p, grid, fmt, alphabet)
    if n == 0:
        from ..variants.text import format_line as line_of
        from ..variants.text import format_numbers as numbers_of

        if fmt is GridFormat.line:
            return line_of(grid, alphabet)
        if fmt is GridFormat.numbers:
            return numbers_of(grid)
    elif fmt is GridFormat.line:
        return format_any_line(grid, n, alphabet)
    elif fmt is GridFormat.numbers or n * n > MAX_SYMBOLS:
        return format_numbers(grid, n)
    if n == 0 or p.own_regions:
        from ..variants.text import render as drawn

        return drawn(p, grid, alphabet)
    return render(grid, n, alphabet)


def _shaped(p: Puzzle, cells: Grid, fmt: GridFormat, alphabet: str | None) -> str:
    """A shaped grid's cells (reading order): one line of symbols, rows of numbers, or
    rows of symbols."""
    from ..variants.text import symbols

    shown = symbols(p.size, alphabet)
    if fmt is GridFormat.line:
        return "".join(shown[v] for v in cells)
    rows = [cells[k : k + p.cols] for k in range(0, len(cells), p.cols)]
    if fmt is GridFormat.numbers:
        return "\n".join(" ".join(str(p.value(v) if v else 0) for v in row) for row in rows)
    return "\n".join(" ".join(shown[v] for v in row) for row in rows)


def puzzle_text(p: Puzzle, fmt: GridFormat, alphabet: str | None = None) -> str:
    """A puzzle itself in the chosen format: its givens as :func:`show_solution` shows a
    grid, or, in sigh's format, the whole puzzle as one sigh string."""
    if fmt is GridFormat.sigh:
        from ..variants.sigh_write import to_sigh

        return to_sigh(p)
    return show_solution(p, p.grid, fmt, alphabet)


def show_pencil(p: Puzzle, digits: Sequence[Sequence[int]], alphabet: str | None = None) -> str:
    """Pencil marks of puzzle p: each cell a small box of its candidates, in the grid's
    boxes and symbols (a jigsaw or a size without square boxes: in rows of N)."""
    alphabet = alphabet or p.alphabet  # digits from 0: their own symbols
    if p.shaped:  # the shape's cells, rows of its columns: each cell's digits on a line
        from ..variants.text import symbols

        shown = symbols(p.size, alphabet)
        marks = ["".join(shown[d] for d in digits[c]) or "-" for c in p.grid_cells]
        width = max(len(m) for m in marks)
        rows = [marks[k : k + p.cols] for k in range(0, len(marks), p.cols)]
        return "\n".join(" ".join(m.ljust(width) for m in row).rstrip() for row in rows)
    if p.n == 0 or p.own_regions:
        from ..variants.text import render_pencil as pencil_of

        return pencil_of(p, tuple(tuple(d) for d in digits), alphabet)
    from ..gridtext import render_pencil

    return render_pencil(digits, p.n, alphabet)


def title(k: int, total: int, p: Puzzle, what: str) -> str:
    """The comment line above a drawn grid: its place, origin, size and rules."""
    return f"# {k}/{total} {p.origin}: {p.dims} {', '.join(p.rules) or 'classic'}: {what}"
