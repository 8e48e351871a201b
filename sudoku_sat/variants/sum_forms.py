"""The sums of the registry's constraints in each sum encoding of the builder, and each
family's default, picked from the sum-encoding table of docs/variants.md.

Three statements cover every sum-bearing constraint of ``constraints/``:

- :func:`total_is`: the cells' digits sum to a known total, optionally only when a guard
  literal holds (little killers; the gap of a sandwich, guarded by its crusts' pair; the
  first X cells of an X-sum, guarded by the first cell's digit);
- :func:`equal_totals`: several groups of cells have one sum (region sum lines: the
  segments; zippers: the mirrored pairs, and the centre cell; double arrows: the two
  circles and the cells between);
- :func:`group_totals`: a group's one-hot total literals (total -> a literal true exactly
  when the group sums to it), what ``equal_totals`` ties together in ``combos`` and
  ``running``.

The encodings (``builder.SUM_ENCODINGS``):

- ``combos``: one selector per digit assignment of the group, the group's digit *sets*
  when its cells all differ (they share a row, column or region pairwise: a sandwich's
  gap, a segment of a region sum line), else its digit *tuples* (cells sharing a unit
  differ in them); support clauses both ways, each total literal the disjunction of its
  selectors. Past :data:`MAX_OPTIONS` assignments, ``running`` instead.
- ``running``: one-hot partial sums (``sum_shapes.partial_sums``: ``sums.sum_literals``
  with support both ways, a partial sum or a digit implying the sums it leads to: the
  zippers' real puzzles 8.0 -> 6.5 ms, the search 4.6 -> 2.9 ms); for a known total,
  only the partial sums the remaining cells can still take to it (``running_total``).
- ``card``: PySAT's totalizer over each x(c, d) repeated d times, the other side's
  literals negated (Σ plus + Σ d·¬x(minus, d) = |minus|·N(N+1)/2).
- ``pb-dd``, ``pb-totalizer``, ``pb-sorting``: pindakaas' encoders of the linear
  equality (``sums_pb.linear``).

A guarded statement adds ¬guard to each clause (``combos`` on cells that differ: the
guarded digit sets of ``outside.guarded_sets``, selectors functions of the grid). The
default of a family (its class's ``sum_encoding``; ``constraints.sum_defaults()`` lists
them by f-puzzles key) applies when the builder's encoding was not chosen
(``Builder.chosen``); a chosen one applies to every family.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from math import comb

from ..grid import Clause
from ..model.builder import Builder
from .outside import digit_sets, guarded_sets
from .sum_shapes import never, place, running_shape, totals_shape
from .sums_pb import linear

MAX_OPTIONS = 2000
"""Past this many digit sets or tuples a group's ``combos`` is its running sums."""


def encoding(b: Builder, default: str) -> str:
    """The sum encoding of a family in this builder: the chosen one, else the family's
    default (its ``sum_encoding``; ``running`` when it names none)."""
    return b.sums if b.chosen else default or "running"


def _guarded(clauses: list[Clause], guard: int | None) -> list[Clause]:
    return clauses if guard is None else [[*c, -guard] for c in clauses]


@cache
def _region_of(regions: tuple[tuple[int, ...], ...]) -> dict[int, int]:
    return {c: k for k, cells in enumerate(regions) for c in cells}


def distinct(b: Builder, cells: Sequence[int]) -> bool:
    """True when the cells pairwise share a row, column or region (so all differ)."""
    n = b.n
    if max(cells, default=0) >= n * n and len(cells) > 1:
        return False  # a cell beyond the grid shares no unit (model/extra.py)
    one_line = len({c // n for c in cells}) <= 1 or len({c % n for c in cells}) <= 1
    if one_line and not b.p.raw:
        return True  # one row or one column (a sandwich's gap, an X-sum's cells)
    return all(b.sees(a, c) for a, c in combinations(cells, 2))


def card(b: Builder, plus: Sequence[int], minus: Sequence[int], total: int) -> list[Clause]:
    """PySAT's totalizer: Σ plus - Σ minus = total, each literal x(c, d) repeated d times
    (minus through its negated literals: Σ d·¬x(c, d) = N(N+1)/2 - digit)."""
    from pysat.card import CardEnc, EncType

    full = b.n * (b.n + 1) // 2
    lits = [b.x(c, d) for c in plus for d in b.digits() for _ in range(d)]
    lits += [-b.x(c, d) for c in minus for d in b.digits() for _ in range(d)]
    bound = total + full * len(minus)
    if not 0 <= bound <= len(lits):
        return never(b)
    enc = CardEnc.equals(lits=lits, bound=bound, top_id=b.top, encoding=EncType.totalizer)
    b.top = max(b.top, enc.nv)
    return [list(c) for c in enc.clauses]


def _options(b: Builder, cells: Sequence[int], total: int | None) -> list[tuple[int, ...]] | None:
    """The digit sets (cells that all differ) or the tuples (cells sharing a unit differ)
    of the cells, summing to total when given; None past MAX_OPTIONS."""
    n, k = b.n, len(cells)
    if distinct(b, cells):
        if total is not None:
            return list(digit_sets(tuple(b.digits()), k, total))
        return None if comb(n, k) > MAX_OPTIONS else list(combinations(b.digits(), k))
    if n**k > MAX_OPTIONS:
        return None
    clash = [(i, j) for i, j in combinations(range(k), 2) if distinct(b, (cells[i], cells[j]))]
    return [
        t
        for t in product(b.digits(), repeat=k)
        if (total is None or sum(t) == total) and all(t[i] != t[j] for i, j in clash)
    ]


def _selected(
    b: Builder, cells: Sequence[int], options: list[tuple[int, ...]], sets: bool
) -> tuple[list[int], list[Clause]]:
    """One selector per option, at least one holds, support clauses both ways: a set's
    digits each on some cell and no other digit on any; a tuple's digit on each cell."""
    sel = [b.fresh() for _ in options]
    out: list[Clause] = [list(sel)]
    support: dict[int, list[int]] = {}
    for s, option in zip(sel, options, strict=True):
        if sets:
            for d in b.digits():
                if d in option:
                    out.append([-s] + [b.x(c, d) for c in cells])
                    for c in cells:
                        support.setdefault(b.x(c, d), []).append(s)
                else:
                    out.extend([-s, -b.x(c, d)] for c in cells)
        else:
            for c, d in zip(cells, option, strict=True):
                out.append([-s, b.x(c, d)])
                support.setdefault(b.x(c, d), []).append(s)
    out.extend([-b.x(c, d), *support.get(b.x(c, d), [])] for c in cells for d in b.digits())
    return sel, out


def span(b: Builder, cells: Sequence[int]) -> tuple[int, int]:
    """The least and the most the cells can sum to: k different digits when they all
    differ (1+...+k to N+...+(N-k+1)), else k to k*N."""
    k, n = len(cells), b.n
    if distinct(b, cells):
        return k * (k + 1) // 2, k * (2 * n - k + 1) // 2
    return k, k * n


def group_totals(
    b: Builder, cells: Sequence[int], how: str, most: int | None = None
) -> dict[int, int]:
    """One-hot literals of the cells' sum (total -> literal), their clauses added to b:
    ``combos`` selectors when few enough, else ``running`` sums; one cell: its digits.
    Totals past most (when given) are ruled out as early as the partial sums allow."""
    options = None if how != "combos" or len(cells) < 2 else _options(b, cells, None)
    if options is None:
        clauses, totals = place(b, totals_shape(b.n, len(cells), most), cells)
        b.add(clauses)
        return totals
    options = [o for o in options if most is None or sum(o) <= most]
    if not options:
        v = b.fresh()
        b.add([[v], [-v]])
        return {}
    sel, out = _selected(b, cells, options, distinct(b, cells))
    by_total: dict[int, list[int]] = {}
    for s, option in zip(sel, options, strict=True):
        by_total.setdefault(sum(option), []).append(s)
    totals = {t: b.fresh() for t in sorted(by_total)}
    for t, ss in by_total.items():
        out.append([-totals[t], *ss])
        out.extend([-s, totals[t]] for s in ss)
    b.add(out)
    return totals


def equal_sums(a: dict[int, int], c: dict[int, int]) -> list[Clause]:
    """Two one-hot sums (total -> literal) equal: each total's literals equivalent, a
    total only one side reaches false."""
    out: list[Clause] = []
    for t in sorted(set(a) | set(c)):
        if t in a and t in c:
            out += [[-a[t], c[t]], [a[t], -c[t]]]
        else:
            out.append([-(a.get(t) or c[t])])
    return out


def pair_into(b: Builder, m: int, a: int, c: int) -> list[Clause]:
    """Clauses, no auxiliary: a's digit plus c's is m's (a zipper's pair and its centre):
    the running sum of a and c with m's digits as its totals. Each digit pair implies its
    sum at m (or excludes itself past N); each digit of a or c needs a larger digit at m,
    and each digit t at m a smaller one at a and at c (zipperline 6.4 -> 5.3 ms a puzzle,
    CPU, against equating the pair's auxiliary totals with m's digits)."""
    x, digits, n = b.x, b.digits(), b.n
    out = [
        [-x(a, d), -x(c, e), *([x(m, d + e)] if d + e <= n else [])] for d in digits for e in digits
    ]
    for p in (a, c):
        out += [[-x(p, d), *(x(m, t) for t in range(d + 1, n + 1))] for d in digits]
        out += [[-x(m, t), *(x(p, d) for d in range(1, t))] for t in digits]
    return out


def equal_totals(
    b: Builder, groups: Sequence[Sequence[int]], how: str, low: int = 1
) -> list[Clause]:
    """Clauses: every group's digits have the first group's sum. In ``combos`` and
    ``running`` the groups' totals stop at the least of their most (:func:`span`), and
    a total out of a group's span is false at once; in ``running``, pairs equal to a
    first group of one cell are :func:`pair_into` it. low: the puzzle's first digit
    (``Puzzle.low``): the sums are of the digits, a group of k cells summing k(low-1)
    more than its indexes 1..N, so groups of different sizes shift apart."""
    shift = [len(g) * (low - 1) for g in groups]
    if how == "card" or how.startswith("pb-"):
        first = tuple(groups[0])
        out: list[Clause] = []
        for other, s in zip(groups[1:], shift[1:], strict=True):
            total = s - shift[0]  # Σ first - Σ other on the indexes
            if how == "card":
                out += card(b, first, tuple(other), total)
            else:
                terms = [*((c, 1) for c in first), *((c, -1) for c in other)]
                out += linear(b, terms, total, how)
        return out
    pairs = [g for g in groups[1:] if len(g) == 2]
    if how == "running" and len(groups[0]) == 1 and pairs and low == 1:
        out = [c for a, d in pairs for c in pair_into(b, groups[0][0], a, d)]
        rest = [g for g in groups[1:] if len(g) != 2]
        return out + (equal_totals(b, [groups[0], *rest], how) if rest else [])
    spans = [
        (lo + s, hi + s) for g, s in zip(groups, shift, strict=True) for lo, hi in [span(b, g)]
    ]
    least, most = max(lo for lo, _ in spans), min(hi for _, hi in spans)
    sums = [
        {t + s: lit for t, lit in group_totals(b, g, how, most - s).items()}
        for g, s in zip(groups, shift, strict=True)
    ]
    out = [c for other in sums[1:] for c in equal_sums(sums[0], other)]
    out += [[-lit] for t, lit in sums[0].items() if not least <= t <= most]
    return out


def total_is(
    b: Builder,
    cells: Sequence[int],
    total: int,
    how: str,
    guard: int | None = None,
    pool: tuple[int, ...] | None = None,
    differ: bool | None = None,
) -> list[Clause]:
    """Clauses: the cells' digits sum to total (when guard holds). pool: the digits the
    cells may take, for ``combos`` on cells that all differ (a sandwich's gap: 2..N-1);
    differ: whether they all differ (None: :func:`distinct` looks)."""
    if not cells:
        return [] if total == 0 else [[-guard]] if guard is not None else never(b)
    if differ is None:
        differ = distinct(b, cells)
    if how == "combos" and differ:
        sets = digit_sets(pool or tuple(b.digits()), len(cells), total)
        if guard is not None:
            return list(guarded_sets(b, guard, tuple(cells), sets))
        if not sets:
            return never(b)
        return _selected(b, cells, list(sets), True)[1]
    if how == "combos":
        options = _options(b, cells, total)
        if options is not None:
            if not options:
                return [[-guard]] if guard is not None else never(b)
            return _guarded(_selected(b, cells, options, False)[1], guard)
        how = "running"
    if how == "card":
        return _guarded(card(b, cells, (), total), guard)
    if how.startswith("pb-"):
        return _guarded(linear(b, [(c, 1) for c in cells], total, how), guard)
    return _guarded(place(b, running_shape(b.n, len(cells), total), cells)[0], guard)
