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

Each implied sum over at most :data:`MOST_CELLS` cells is stated as a cage's is (a
selector per digit set, supports both ways) when its cells must all differ, else by its
digit tuples (innies of two rows may repeat a digit; cells that share a house or a cage
get different digits in every tuple). Four cells measured best (3: 1.18 s, 5: 1.19 s).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from itertools import product

from ..grid import Clause
from ..model.builder import Builder
from ..model.geometry import Regions
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
MOST_TUPLES = 600
"""Implied sums with more digit tuples than this are left out."""


def areas(n: int, regions: Regions) -> Iterator[tuple[frozenset[int], int]]:
    """(cells, number of houses) of every area the law applies to."""
    for first in range(n):
        for last in range(first, n - 1):
            count = last - first + 1
            yield frozenset(r * n + c for r in range(first, last + 1) for c in range(n)), count
            yield frozenset(r * n + c for c in range(first, last + 1) for r in range(n)), count
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


def implied_sums(
    n: int, regions: Regions, given: Sequence[Given], most: int = MOST_CELLS
) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """(cells, total, the indices in given of the cages it follows from) of every innie
    and outie sum over at most ``most`` cells that no cage states already, each once."""
    cages = [(k, frozenset(c), t) for k, (c, t, _) in enumerate(given) if t is not None]
    cells = [cage for _, cage, _ in cages]
    if not cages or n > MOST_SIZE or sum(map(len, cells)) > len(frozenset().union(*cells)):
        return []  # no sums, too large, or cages that overlap (their totals count twice)
    house = n * (n + 1) // 2
    known = set(cells)
    found: dict[frozenset[int], tuple[int, tuple[int, ...]]] = {}
    for area, count in areas(n, regions):
        inside = [(k, cage, t) for k, cage, t in cages if cage <= area]
        innies = area.difference(*[cage for _, cage, _ in inside])
        left = count * house - sum(t for _, _, t in inside)
        used = tuple(k for k, _, _ in inside)
        if 0 < len(innies) <= most:
            found.setdefault(innies, (left, used))
        over = [(k, cage, t) for k, cage, t in cages if cage & innies]
        covered = frozenset().union(*[cage for _, cage, _ in over])
        if not innies or not innies <= covered:
            continue
        outies = covered - area
        if 0 < len(outies) <= most:
            total = sum(t for _, _, t in over) - left
            found.setdefault(outies, (total, used + tuple(k for k, _, _ in over)))
    return [
        (tuple(sorted(cells)), t, tuple(sorted(used)))
        for cells, (t, used) in found.items()
        if cells not in known
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
        if cells[i] // n == cells[j] // n
        or cells[i] % n == cells[j] % n
        or any(cells[i] in g and cells[j] in g for g in groups)
    ]


def tuples(
    n: int, apart: list[tuple[int, int]], cells: tuple[int, ...], total: int
) -> list[tuple[int, ...]] | None:
    """The digit tuples of cells summing to total, the index pairs apart differing
    (None past :data:`MOST_TUPLES`)."""
    out = []
    for head in product(range(1, n + 1), repeat=len(cells) - 1):
        last = total - sum(head)
        t = (*head, last)
        if 1 <= last <= n and all(t[i] != t[j] for i, j in apart):
            out.append(t)
            if len(out) > MOST_TUPLES:
                return None
    return out


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
        if b.guard_sums:  # the maker switches cage sums off: so do the sums they imply
            guards = [-b.selectors[given[k][2]] for k in used]
            clauses = [[*c, *guards] for c in clauses]
        out += clauses
    return out


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
