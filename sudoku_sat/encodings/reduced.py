"""The ``reduced`` encoding: the clues simplified away at encoding time.

After Kwon and Jain ("Optimized CNF encoding for Sudoku puzzles", 2006): the clues fix
a set of literals (the statement's F1 and F2: each clue's value true and its other
values false, and each empty cell's values already placed among its peers false). Every
rule clause holding one of them is satisfied and dropped; every false literal is struck
from the clauses left. What remains speaks only of the free candidates, usually a few
percent of the extended formula for a 9x9 puzzle.

The numbering is kept (x(i,j,k) = N²·i + N·j + k, auxiliaries after N³), so the header
still announces every variable; the fixed ones simply occur in no clause. A solver may
give them any value, which is why decoding needs the clues back: the writer records
them in a comment line (``givens``) and :func:`decode_reduced` reads the model only on
free candidates. A clue set that breaks a rule leaves an empty clause: the formula is
UNSAT, as it should be, and DIMACS says so with a bare ``0`` line.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..encoding import cell_value, f1, f2, forbidden, num_vars
from ..grid import Clause, Grid, geometry

Part = tuple[str, list[Clause]]


def fixed_literals(grid: Grid, n: int) -> set[int]:
    """The literals the clues fix: F1 and F2's units."""
    return {c[0] for c in f1(grid, n) + f2(grid, n)}


def simplify(parts: Sequence[Part], fixed: set[int]) -> list[Part]:
    """Drop the clauses a fixed literal satisfies, strike the fixed-false literals."""
    out: list[Part] = []
    for name, clauses in parts:
        kept = [
            [lit for lit in clause if -lit not in fixed]
            for clause in clauses
            if not any(lit in fixed for lit in clause)
        ]
        out.append((name, kept))
    return out


def candidates(grid: Grid, n: int) -> list[set[int]]:
    """Per cell, the values still open: the clue alone, or those no peer holds."""
    geo = geometry(n)
    everything = set(range(1, geo.size + 1))
    return [{v} if v else everything - set(forbidden(grid, n, c)) for c, v in enumerate(grid)]


def decode_reduced(literals: Sequence[int], n: int, givens: Grid) -> tuple[Grid, list[int]]:
    """The grid of a model of the reduced formula: the clues, then each empty cell's
    true free candidate; cells given several values are reported as in ``decode``."""
    size = n * n
    open_values = candidates(givens, n)
    grid = list(givens)
    clashes: set[int] = set()
    for lit in literals:
        if 0 < lit <= num_vars(n):
            i, j, k = cell_value(n, lit)
            c = i * size + j
            if givens[c] or k not in open_values[c]:
                continue
            if grid[c] and grid[c] != k:
                clashes.add(c)
            grid[c] = k
    return tuple(grid), sorted(clashes)
