"""Running-sum clauses made once per shape and renumbered for each use.

The clauses of :func:`running_total` (k cells summing to a known total) and of
:func:`partial_sums` (k cells' one-hot totals, up to a most) depend on the cells only
through their digit literals: made once for cells 0..k-1 of an empty N x N puzzle
(:func:`functools.cache` on (N, k, total) or (N, k, most)), they are renumbered for each
use by one table lookup a literal (the cell literals x(i, d) to the real cells', the
auxiliaries after N**3 to fresh ones). Little killers, region sums, zippers and double
arrows repeat few shapes (a diagonal's length and clue, a segment's length), so a puzzle
mostly renumbers instead of enumerating partial sums again (the clause generation of the
little killers' real puzzles: 1.1 -> 0.9 ms a puzzle, CPU).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate, combinations, product

from ..grid import Clause
from ..model.builder import Builder
from ..model.puzzle import Puzzle
from .sums import at_most_one


@dataclass(frozen=True)
class Shape:
    """Clauses over cells 0..k-1 (x(i, d) = i*N + d), auxiliaries N**3 + 1 onwards, kept
    flat (every literal, clause after clause) with where each clause ends."""

    flat: tuple[int, ...]
    ends: tuple[int, ...]
    fresh: int
    totals: tuple[tuple[int, int], ...] = ()
    """For one-hot totals: (total, its literal), in the same numbering."""

    @classmethod
    def of(cls, clauses: list[Clause], fresh: int, totals: dict[int, int] | None = None) -> Shape:
        flat = tuple(lit for c in clauses for lit in c)
        ends = tuple(accumulate(len(c) for c in clauses))
        return cls(flat, ends, fresh, tuple(sorted((totals or {}).items())))


def running_total(b: Builder, cells: Sequence[int], total: int) -> list[Clause]:
    """Clauses: the cells' digits sum to total, through one-hot partial sums (exactly one
    true at each step). A partial sum the remaining cells cannot take to total is never
    made: the pairs leading to it exclude each other instead; every auxiliary is a
    function of the grid."""
    terms = [[(b.x(c, d), d) for d in b.digits()] for c in cells]
    k = len(terms)
    low = [k - 1 - i for i in range(k)]  # the fewest the cells after the i-th add
    high = [b.n * (k - 1 - i) for i in range(k)]

    def viable(i: int, t: int) -> bool:
        return t + low[i] <= total <= t + high[i]

    out: list[Clause] = [[-lit] for lit, w in terms[0] if not viable(0, w)]
    prev = {w: lit for lit, w in terms[0] if viable(0, w)}
    for i, term in enumerate(terms[1:], 1):
        into: dict[int, list[tuple[int, int]]] = {}
        for (a, pa), (lit, w) in product(prev.items(), term):
            if viable(i, a + w):
                into.setdefault(a + w, []).append((pa, lit))
            else:
                out.append([-pa, -lit])
        if not into:  # nothing reaches the total
            return out + never(b)
        sums = {t: b.fresh() for t in sorted(into)}
        for t, ways in into.items():
            out.extend([-pa, -lit, sums[t]] for pa, lit in ways)
            out.append([-sums[t], *sorted({pa for pa, _ in ways})])
            out.append([-sums[t], *sorted({lit for _, lit in ways})])
        out.append(list(sums.values()))
        out.extend([-u, -v] for u, v in combinations(sums.values(), 2))
        prev = sums
    return out if total in prev else out + never(b)


def never(b: Builder) -> list[Clause]:
    """Two clauses no assignment satisfies (DIMACS writers refuse the empty clause)."""
    v = b.fresh()
    return [[v], [-v]]


def _record(n: int, make: Callable[[Builder], object]) -> tuple[Builder, object]:
    b = Builder(Puzzle(n, (0,) * (n * n)), "running")
    return b, make(b)


@cache
def running_shape(n: int, k: int, total: int) -> Shape:
    """The shape of ``running_total`` over k cells."""
    b, out = _record(n, lambda b: running_total(b, tuple(range(k)), total))
    assert isinstance(out, list)
    return Shape.of(out, b.top - n**3)


def partial_sums(b: Builder, cells: tuple[int, ...], most: int | None) -> dict[int, int]:
    """``sums.sum_literals`` with support both ways at each step: besides a partial sum
    implying some way to reach it, a previous partial sum (and a cell's digit) implies
    one of the sums it leads to, so a digit no total can use is ruled out at once."""
    k = len(cells)
    clauses: list[Clause] = []
    prev = {d: b.x(cells[0], d) for d in b.digits()}
    if most is not None:
        clauses += [[-lit] for t, lit in prev.items() if t + k - 1 > most]
        prev = {t: lit for t, lit in prev.items() if t + k - 1 <= most}
    for i, c in enumerate(cells[1:], 1):
        into: dict[int, list[tuple[int, int]]] = {}
        for (a, pa), d in product(prev.items(), b.digits()):
            if most is not None and a + d + k - 1 - i > most:
                clauses.append([-pa, -b.x(c, d)])
            else:
                into.setdefault(a + d, []).append((pa, b.x(c, d)))
        sums = {t: b.fresh() for t in sorted(into)}
        for t, ways in into.items():
            clauses += [[-pa, -lit, sums[t]] for pa, lit in ways]
            clauses.append([-sums[t], *sorted({pa for pa, _ in ways})])
            clauses.append([-sums[t], *sorted({lit for _, lit in ways})])
        for a, pa in prev.items():
            clauses.append([-pa, *(sums[a + d] for d in b.digits() if a + d in sums)])
        for d in b.digits():
            clauses.append([-b.x(c, d), *(sums[a + d] for a in prev if a + d in sums)])
        clauses.append(list(sums.values()))
        clauses += at_most_one(b, list(sums.values()))
        prev = sums
    b.add(clauses)
    return prev


@cache
def totals_shape(n: int, k: int, most: int | None) -> Shape:
    """The shape of :func:`partial_sums` over k cells (its clauses and its totals)."""
    b, totals = _record(n, lambda b: partial_sums(b, tuple(range(k)), most))
    assert isinstance(totals, dict)
    return Shape.of(b.clauses, b.top - n**3, totals)


def place(b: Builder, shape: Shape, cells: Sequence[int]) -> tuple[list[Clause], dict[int, int]]:
    """The shape's clauses and totals on the cells, auxiliaries fresh from b: one table
    (local variable -> the builder's) looked up for every literal. Plain lists, not
    numpy: a shape's few thousand literals take no longer, and a one-puzzle command does
    not pay numpy's import (0.1-0.2 s)."""
    n, base = b.n, b.n**3
    table = [0] * (base + shape.fresh + 1)
    for i, cell in enumerate(cells):
        table[i * n + 1 : i * n + n + 1] = range(cell * n + 1, cell * n + n + 1)
    table[base + 1 :] = range(b.top + 1, b.top + shape.fresh + 1)
    b.top += shape.fresh
    flat = [table[lit] if lit > 0 else -table[-lit] for lit in shape.flat]
    clauses = [flat[i:j] for i, j in zip((0, *shape.ends), shape.ends, strict=False)]
    return clauses, {t: table[lit] for t, lit in shape.totals}
