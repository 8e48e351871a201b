"""The law of 45: sums that killer cages and the houses imply, added as redundant clauses.

A house (row, column, region) holds each digit once, so its digits sum to N(N+1)/2, and
k houses that do not overlap sum to k times that. In an *area* made of such houses
(consecutive rows, consecutive columns, one region, two regions side by side), the cages
lying wholly inside sum to their totals; the cells left over (the *innies*) sum to the
rest. When the cages that cover the innies stick out of the area, their cells outside
(the *outies*) sum to those cages' totals less the innies' sum. Setters solve killers
with these sums; a CDCL solver does not find them (they are linear reasoning over
several cages at once), and on 18 real published killers they cut one session's
CPU from 1.88 to 1.02 s (Glucose 4, measured at load 6).

The whole grid is an area too (its innies: the cells no cage covers, as sigh's
``_fillInSumGap``). And, as sigh's optimizer does (``_makeInnieOutieSumHandlers``), the
cages with more than half of their cells in an area (runs of rows and of columns from
either edge, regions, two neighbouring regions) give an *innie-outie difference*: the
cells they leave in the area (A) and the cells they reach outside (B) satisfy
sum(B) - sum(A) = their totals less the area's (``mixed_sums``; stated by digit tuples,
at most :data:`MOST_MIXED` cells). Measured on the 36 real killers of
``benchmarks/data/killers.jsonl`` in one session (CPU, 3 rounds alternated, load 5-7):
without them 7.56 s median, up to 3 cells 6.31 s, up to 4 cells 8.39 s (many more tuples
to encode and to propagate).

Each implied sum over at most :data:`MOST_CELLS` cells is stated as a cage's is (a
selector per digit set, supports both ways) when its cells must all differ, else by its
digit tuples (innies of two rows may repeat a digit; cells that share a house or a cage
get different digits in every tuple). Four cells measured best (3: 1.18 s, 5: 1.19 s).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import lru_cache

from ..grid import Clause
from ..model.builder import Builder
from ..model.geometry import Regions, in_line
from .sums import cage_combos

Given = tuple[tuple[int, ...], int | None, Hashable]
"""A cage as the law reads it: its cells, its total (None: not given), and the key of
the selector that switches its total on when the maker guards the sums."""

MOST_CELLS = 4
"""Implied sums over more cells are left out (more clauses, less propagation each)."""
MOST_TUPLE_CELLS = 4
"""Cells that may repeat a digit are stated by digit tuples up to this many cells."""
MOST_SIZE = 16
"""Past 16x16 the areas are many and large; no implied sums there."""
MOST_MIXED = 3
"""Innie-outie differences over more cells are left out."""
MOST_SMALL_SIDE = 2
"""One side of an innie-outie difference has at most this many cells (sigh's bound)."""
MOST_TUPLES = 600
"""Implied sums with more digit tuples than this are left out."""


@lru_cache(maxsize=64)
def areas(n: int, regions: Regions, every: bool = False) -> tuple[tuple[frozenset[int], int], ...]:
    """(cells, number of houses) of every area the law applies to (with every, the last
    row and column alone and the runs of rows and columns that end there too); made once
    a grid (a session's killers share them: 2 ms a puzzle), the last 64 grids kept (each
    jigsaw is a grid of its own: a batch of them must not fill the memory)."""
    return tuple(_areas(n, regions, every))


def _areas(n: int, regions: Regions, every: bool) -> Iterator[tuple[frozenset[int], int]]:
    for first in range(n):
        for last in range(first, n if every and first else n - 1):
            count = last - first + 1
            yield frozenset(r * n + c for r in range(first, last + 1) for c in range(n)), count
            yield frozenset(r * n + c for c in range(first, last + 1) for r in range(n)), count
    yield frozenset(range(n * n)), n  # the whole grid: the cells no cage covers
    pieces = [frozenset(r) for r in regions]
    for k, a in enumerate(pieces):
        yield a, 1
        for b in pieces[k + 1 :]:
            if _touch(a, b, n):
                yield a | b, 2


def _touch(a: frozenset[int], b: frozenset[int], n: int) -> bool:
    return any(
        (c + 1 in b and c % n != n - 1) or c + n in b or (c - 1 in b and c % n) or c - n in b
        for c in a
    )


@lru_cache(maxsize=64)
def _area_masks(n: int, regions: Regions, every: bool = False) -> tuple[tuple[int, int], ...]:
    """:func:`areas` with each area's cells as the bits of one integer (the loops over
    areas and cages below are set operations on them: 2.5 times faster than frozensets)."""
    return tuple((sum(1 << c for c in area), count) for area, count in areas(n, regions, every))


def _cells(mask: int) -> tuple[int, ...]:
    """The cells of a bit mask, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _cages(given: Sequence[Given]) -> list[tuple[int, int, int]] | None:
    """(index, cells as a bit mask, total) of the cages with a total; None when there are
    none or they overlap (their totals would count twice)."""
    cages = [
        (k, sum(1 << c for c in cells), t) for k, (cells, t, _) in enumerate(given) if t is not None
    ]
    union = 0
    for _, mask, _ in cages:
        if union & mask:
            return None
        union |= mask
    return cages or None


def implied_sums(
    n: int, regions: Regions, given: Sequence[Given], most: int = MOST_CELLS
) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """(cells, total, the indices in given of the cages it follows from) of every innie
    and outie sum over at most ``most`` cells that no cage states already, each once."""
    cages = _cages(given) if n <= MOST_SIZE else None
    if cages is None:
        return []  # no sums, too large, or cages that overlap
    house = n * (n + 1) // 2
    known = {mask for _, mask, _ in cages}
    found: dict[int, tuple[int, tuple[int, ...]]] = {}
    for area, count in _area_masks(n, regions):
        inside = [(k, cage, t) for k, cage, t in cages if cage & area == cage]
        innies = area
        for _, cage, _ in inside:
            innies &= ~cage
        left = count * house - sum(t for _, _, t in inside)
        used = tuple(k for k, _, _ in inside)
        size = innies.bit_count()
        if 0 < size <= most:
            found.setdefault(innies, (left, used))
        if not innies:
            continue
        over = [(k, cage, t) for k, cage, t in cages if cage & innies]
        covered = 0
        for _, cage, _ in over:
            covered |= cage
        if innies & ~covered:
            continue
        outies = covered & ~area
        if 0 < outies.bit_count() <= most:
            total = sum(t for _, _, t in over) - left
            found.setdefault(outies, (total, used + tuple(k for k, _, _ in over)))
    return [
        (_cells(cells), t, tuple(sorted(used)))
        for cells, (t, used) in found.items()
        if cells not in known
    ]


def mixed_sums(
    n: int, regions: Regions, given: Sequence[Given], most: int = MOST_MIXED
) -> list[tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]]:
    """(cells, weights of +1 or -1, total, the indices in given it follows from) of the
    innie-outie differences: in an area, the cages with more than half of their cells
    inside (sigh's rule) cover the area but its innies A and reach out of it by the
    outies B, so sum(B) - sum(A) = their totals less the area's. Kept when both sides
    are non-empty, one of them at most :data:`MOST_SMALL_SIDE` cells and both at most
    ``most`` cells together ("a cell outside less a cell inside is 3")."""
    cages = _cages(given) if n <= MOST_SIZE else None
    if cages is None:
        return []
    house = n * (n + 1) // 2
    sized = [(k, cage, t, cage.bit_count()) for k, cage, t in cages]
    found: dict[tuple[tuple[int, int], ...], tuple[int, tuple[int, ...]]] = {}
    for area, count in _area_masks(n, regions, every=True):
        covered, total, used = 0, -count * house, []
        for k, cage, t, size in sized:
            if 2 * (cage & area).bit_count() > size:
                covered |= cage
                total += t
                used.append(k)
        inside, outside = area & ~covered, covered & ~area
        ins, outs = inside.bit_count(), outside.bit_count()
        if not ins or not outs or ins + outs > most or min(ins, outs) > MOST_SMALL_SIDE:
            continue
        terms = tuple(sorted([(c, 1) for c in _cells(outside)] + [(c, -1) for c in _cells(inside)]))
        found.setdefault(terms, (total, tuple(used)))
    return [
        (tuple(c for c, _ in terms), tuple(w for _, w in terms), total, used)
        for terms, (total, used) in found.items()
    ]


def _apart(
    n: int, regions: Regions, given: Sequence[Given], cells: tuple[int, ...]
) -> list[tuple[int, int]]:
    """Index pairs of cells that must differ: a shared row, column, region or cage."""
    groups = [frozenset(r) for r in regions] + [frozenset(c) for c, _, _ in given]
    return [
        (i, j)
        for i in range(len(cells))
        for j in range(i + 1, len(cells))
        if in_line(n, cells[i], cells[j]) or any(cells[i] in g and cells[j] in g for g in groups)
    ]


def tuples(
    n: int,
    apart: list[tuple[int, int]],
    cells: tuple[int, ...],
    total: int,
    weights: tuple[int, ...] = (),
) -> list[tuple[int, ...]] | None:
    """The digit tuples of cells summing to total (each digit times its weight, +1 or
    -1; +1 by default), the index pairs apart differing (None past :data:`MOST_TUPLES`).
    Depth first, a prefix dropped as soon as the cells after it cannot reach the total
    (the product of every digit and a filter took 6 of the 7 s of CPU that 36 killers'
    encoding spent with the innie-outie differences)."""
    k = len(cells)
    weights = weights or (1,) * k
    low = [min(w, w * n) for w in weights]
    high = [max(w, w * n) for w in weights]
    rest_low = [sum(low[i + 1 :]) for i in range(k)]
    rest_high = [sum(high[i + 1 :]) for i in range(k)]
    earlier: list[list[int]] = [[] for _ in range(k)]
    for i, j in apart:
        earlier[max(i, j)].append(min(i, j))
    out: list[tuple[int, ...]] = []
    digits: list[int] = []

    def extend(i: int, partial: int) -> bool:
        """False once past MOST_TUPLES."""
        taken = {digits[j] for j in earlier[i]}
        w = weights[i]
        for d in range(1, n + 1):
            left = total - partial - w * d
            if d in taken or not rest_low[i] <= left <= rest_high[i]:
                continue
            digits.append(d)
            if i + 1 == k:
                out.append(tuple(digits))
                if len(out) > MOST_TUPLES:
                    return False
            elif not extend(i + 1, partial + w * d):
                return False
            digits.pop()
        return True

    return out if extend(0, 0) else None


def house_sums(b: Builder, given: Sequence[Given]) -> list[Clause]:
    """The implied sums of the cages, as clauses (with ``guard_sums``, each holds only
    while the sums of the cages it follows from are switched on)."""
    n, regions, out = b.n, b.p.regions, []
    for cells, total, used in implied_sums(n, regions, given):
        apart = _apart(n, regions, given, cells)
        if len(apart) == len(cells) * (len(cells) - 1) // 2:
            clauses = list(cage_combos(b, cells, total))  # all differ: digit sets
        elif (
            len(cells) <= MOST_TUPLE_CELLS and (found := tuples(n, apart, cells, total)) is not None
        ):
            clauses = _tuple_clauses(b, cells, found)
        else:
            continue
        out += _guarded(b, given, used, clauses)
    for cells, weights, total, used in mixed_sums(n, regions, given):
        apart = _apart(n, regions, given, cells)
        found = tuples(n, apart, cells, total, weights)
        if found is None:
            continue
        out += _guarded(b, given, used, _tuple_clauses(b, cells, found))
    return out


def _guarded(
    b: Builder, given: Sequence[Given], used: tuple[int, ...], clauses: list[Clause]
) -> list[Clause]:
    """The clauses, with ``guard_sums`` each holding only while the sums of the cages it
    follows from are switched on (the maker switches cage sums off: so do the sums they
    imply)."""
    if not b.guard_sums:
        return clauses
    guards = [-b.selectors[given[k][2]] for k in used]
    return [[*c, *guards] for c in clauses]


def _tuple_clauses(
    b: Builder, cells: tuple[int, ...], found: list[tuple[int, ...]]
) -> list[Clause]:
    """Exactly one of the tuples holds (a selector each), and each digit of a cell is
    supported by a tuple that has it there."""
    if not found:
        v = b.fresh()
        return [[v], [-v]]
    selectors = [b.fresh() for _ in found]
    out: list[Clause] = [selectors]
    support: dict[int, list[int]] = {}
    for s, t in zip(selectors, found, strict=True):
        for c, d in zip(cells, t, strict=True):
            out.append([-s, b.x(c, d)])
            support.setdefault(b.x(c, d), []).append(s)
    out.extend([-b.x(c, d), *support.get(b.x(c, d), [])] for c in cells for d in b.digits())
    return out
