"""The Centrale 2014 encoding of a Sudoku grid as a CNF formula, exactly as the statement.

Variables. x(i, j, k) is true iff cell (i, j) holds value k, with i, j in 0..N-1 and k in
1..N. Its DIMACS number is ``N*N*i + N*j + k``: 1..N**3 (1..729 for 9x9). This module owns
the numbering: ``var`` and ``cell_value`` convert both ways, ``cell_var`` and ``var_cell``
with cells numbered row by row; every other module calls them (the compiled kernels,
which cannot call Python, index their arrays the same way).

Rule formula. Each of the rules K (cell), L (row), C (column) and B (block) splits into
"at least once" (K1, L1, C1, B1: one clause of N positive literals per cell or per
unit and value) and "at most once" (K2, L2, C2, B2: one binary clause per pair).
F_regle = K1 ∧ L1 ∧ C1 ∧ B1 ∧ K2 ∧ L2 ∧ C2 ∧ B2 has 4N² + 4N²·C(N,2) clauses, 11,988
for 9x9. The pairs that L2 and C2 share with B2 are *kept*, as in the statement.

Clue formula. F1 holds, per filled cell with value k, the positive unit x(i,j,k) and the
N-1 negative units of the other values; F2 holds, per empty cell, the negative unit of
every value already placed in its row, column or block. F_grille = F1 ∧ F2 and
formula_initiale = F_grille ∧ F_regle. Clause order is deterministic: the sub-formulas in
the order above, cells in row-major order, values increasing.

Roads not taken: a deduplicated formula (fewer clauses, but not the statement's) and
sequential-counter at-most-one encodings (auxiliary variables hide the grid).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from .grid import Clause, Geometry, Grid, geometry

RULE_PARTS = ("K1", "L1", "C1", "B1", "K2", "L2", "C2", "B2")
CLUE_PARTS = ("F1", "F2")


def var(n: int, i: int, j: int, k: int) -> int:
    """DIMACS number of x(i, j, k) for order n: N*N*i + N*j + k."""
    size = n * n
    return size * size * i + size * j + k


def cell_value(n: int, v: int) -> tuple[int, int, int]:
    """The (i, j, k) of DIMACS variable v: the inverse of ``var``."""
    size = n * n
    i, rest = divmod(v - 1, size * size)
    j, k = divmod(rest, size)
    return i, j, k + 1


def cell_var(n: int, cell: int, k: int) -> int:
    """DIMACS number of "cell holds k" (cells numbered row by row): ``var`` of its (i, j)."""
    return cell * n * n + k


def var_cell(n: int, v: int) -> tuple[int, int]:
    """(cell, value) of DIMACS variable v, or of a literal's variable: the inverse of
    ``cell_var``."""
    cell, k = divmod(abs(v) - 1, n * n)
    return cell, k + 1


def blocking_clause(solution: Grid, n: int) -> Clause:
    """¬S: the clause that rules out solution and nothing else among full grids (some cell
    differs from it: one literal ¬x(c, S_c) per cell)."""
    size = n * n
    return [-(c * size + k) for c, k in enumerate(solution)]


def num_vars(n: int) -> int:
    """Number of variables of order n: N**3."""
    return n**6


def _lit(geo: Geometry, cell: int, k: int) -> int:
    return cell * geo.size + k


def _at_least(geo: Geometry, units: tuple[tuple[int, ...], ...]) -> Iterator[Clause]:
    for unit in units:
        for k in range(1, geo.size + 1):
            yield [_lit(geo, c, k) for c in unit]


def _at_most(geo: Geometry, units: tuple[tuple[int, ...], ...]) -> Iterator[Clause]:
    for unit in units:
        for k in range(1, geo.size + 1):
            for a, b in combinations(unit, 2):
                yield [-_lit(geo, a, k), -_lit(geo, b, k)]


def _k1(geo: Geometry) -> Iterator[Clause]:
    for c in range(geo.ncells):
        yield [_lit(geo, c, k) for k in range(1, geo.size + 1)]


def _k2(geo: Geometry) -> Iterator[Clause]:
    for c in range(geo.ncells):
        for k, m in combinations(range(1, geo.size + 1), 2):
            yield [-_lit(geo, c, k), -_lit(geo, c, m)]


_RULES: dict[str, Callable[[Geometry], Iterator[Clause]]] = {
    "K1": _k1,
    "L1": lambda g: _at_least(g, g.rows),
    "C1": lambda g: _at_least(g, g.cols),
    "B1": lambda g: _at_least(g, g.blocks),
    "K2": _k2,
    "L2": lambda g: _at_most(g, g.rows),
    "C2": lambda g: _at_most(g, g.cols),
    "B2": lambda g: _at_most(g, g.blocks),
}


def rule_part(n: int, name: str) -> list[Clause]:
    """One sub-formula of F_regle by its name (K1, L1, C1, B1, K2, L2, C2, B2)."""
    if name not in _RULES:
        raise KeyError(f"unknown sub-formula {name!r}; known: {', '.join(RULE_PARTS)}")
    return list(_RULES[name](geometry(n)))


@cache
def _rules_cached(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c) for name in RULE_PARTS for c in _RULES[name](geometry(n)))


def rules(n: int) -> list[Clause]:
    """F_regle for order n: the eight sub-formulas in statement order (a fresh list)."""
    return [list(c) for c in _rules_cached(n)]


def rule_count(n: int) -> int:
    """Clauses in F_regle: 4N² + 4N²·C(N,2) (11,988 for 9x9)."""
    size = n * n
    return 4 * size * size + 4 * size * size * (size * (size - 1) // 2)


def f1(grid: Grid, n: int) -> list[Clause]:
    """The clue units: x(i,j,k) and the N-1 units ¬x(i,j,l), l != k, per filled cell."""
    geo = geometry(n)
    out: list[Clause] = []
    for c, k in enumerate(grid):
        if k:
            out.append([_lit(geo, c, k)])
            out.extend([-_lit(geo, c, m)] for m in range(1, geo.size + 1) if m != k)
    return out


def forbidden(grid: Grid, n: int, cell: int) -> list[int]:
    """Values placed in the row, column or block of cell, increasing (statement's interdites_ij)."""
    geo = geometry(n)
    return sorted({grid[p] for p in geo.peers[cell] if grid[p]})


def f2(grid: Grid, n: int) -> list[Clause]:
    """Negative units of the values each empty cell cannot take from its peers."""
    geo = geometry(n)
    return [
        [-_lit(geo, c, k)] for c in range(geo.ncells) if not grid[c] for k in forbidden(grid, n, c)
    ]


@dataclass(frozen=True)
class Encoding:
    """A formula as named parts in order; ``clauses`` is their concatenation."""

    n: int
    parts: tuple[tuple[str, list[Clause]], ...]

    @property
    def nvars(self) -> int:
        return num_vars(self.n)

    @property
    def clauses(self) -> list[Clause]:
        return [c for _, part in self.parts for c in part]

    def counts(self) -> dict[str, int]:
        return {name: len(part) for name, part in self.parts}

    def __len__(self) -> int:
        return sum(len(part) for _, part in self.parts)


def encode(grid: Grid | None, n: int, *, with_rules: bool = True, with_f2: bool = True) -> Encoding:
    """formula_initiale = F1 ∧ F2 ∧ F_regle for grid (clues first, then rules).

    ``grid=None`` or ``with_rules`` alone gives F_regle; ``with_f2=False`` drops F2.
    """
    parts: list[tuple[str, list[Clause]]] = []
    if grid is not None:
        parts.append(("F1", f1(grid, n)))
        if with_f2:
            parts.append(("F2", f2(grid, n)))
    if with_rules:
        parts.extend((name, rule_part(n, name)) for name in RULE_PARTS)
    return Encoding(n, tuple(parts))


def clue_assumptions(grid: Grid, n: int) -> list[int]:
    """The positive literal of every clue: what an incremental solver takes as assumptions."""
    size = geometry(n).size
    return [c * size + k for c, k in enumerate(grid) if k]


def decode(literals: list[int] | tuple[int, ...], n: int) -> tuple[Grid, list[int]]:
    """Grid from the true literals of a model, and the cells given several values.

    A cell with no true literal stays 0. Literals above N**3 are ignored (auxiliary
    variables of another encoding).
    """
    geo = geometry(n)
    grid = [0] * geo.ncells
    clashes: list[int] = []
    top = num_vars(n)
    for lit in literals:
        if 0 < lit <= top:
            c, k = divmod(lit - 1, geo.size)
            if grid[c] and grid[c] != k + 1:
                clashes.append(c)
            grid[c] = k + 1
    return tuple(grid), sorted(set(clashes))
