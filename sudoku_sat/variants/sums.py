"""Sum encodings of killer cage totals (``cage_sum``) and arrows (``arrow_sum``), used by
their rule modules; ``encode`` documents them and which is the default. Arrows whose
circle has several cells (pills) are the line's one-hot running sums tied to the
circle's digits (``_pill``) in every encoding but ``card`` and ``pb-*`` (one linear
equality). A sum over more than half a house is first
rewritten by the houses (``by_houses``: N cells of a house sum to N(N+1)/2)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, product

from ..grid import Clause
from ..model.builder import MAX_TUPLES, Builder
from ..model.geometry import beside
from .sums_pb import linear


def cage_sum(b: Builder, cells: tuple[int, ...], total: int) -> list[Clause]:
    """A cage's cells (all different) sum to total, in the builder's sum encoding."""
    terms = [[(b.x(c, d), d) for d in b.digits()] for c in cells]
    if b.sums.startswith("pb-"):
        return linear(b, [(c, 1) for c in cells], total)
    if b.sums == "combos":
        return list(cage_combos(b, cells, total))
    if b.sums == "card":
        return _card(b, terms, total)
    return _running(b, terms, [total], None)


def arrow_sum(b: Builder, circle: tuple[int, ...], line: tuple[int, ...]) -> list[Clause]:
    """The line's digits sum to the number the circle's digits read."""
    terms = [[(b.x(c, d), d) for d in b.digits()] for c in line]
    weights = tuple(10 ** (len(circle) - 1 - k) for k in range(len(circle)))
    if len(circle) > 1 and b.sums.startswith("pb-"):
        coefs, const = _coefficients(b, line)
        for c, w in zip(circle, weights, strict=True):
            coefs[c] = coefs.get(c, 0) - w
        return linear(b, list(coefs.items()), -const)
    if len(circle) > 1 and b.sums != "card":
        return _pill(b, circle, line)
    if len(circle) > 1 or b.sums == "card":
        negated = [
            [(-b.x(c, d), w * d) for d in b.digits()] for c, w in zip(circle, weights, strict=True)
        ]
        return _card(b, terms + negated, sum(weights) * b.n * (b.n + 1) // 2)
    if b.sums.startswith("pb-"):
        return linear(b, [*((c, 1) for c in line), (circle[0], -1)], 0)
    target = [b.x(circle[0], d) for d in b.digits()]
    if b.sums == "combos":
        tuples = _tuples(b.n, len(line))
        if tuples is not None:
            return list(_arrow_combos(b, line, circle[0], _distinct(b, line, tuples)))
    return _running(b, terms, list(b.digits()), target)


def _pill(b: Builder, circle: tuple[int, ...], line: tuple[int, ...]) -> list[Clause]:
    """A circle of several cells read as a number: the one-hot sums of the line, each
    total t tied to the circle's digits spelling t (t -> each circle digit; the circle's
    digits -> t; a circle digit -> one of the totals with that digit there). The line's
    partial sums stay within the numbers the circle can read, and a line over more than
    half a house is rewritten by the houses first (``sum_literals``). (``card``'s totalizer
    took 11 s on logic-masters' 'Pill Arrow Sudoku', this 0.03 s.)"""
    k, n = len(circle), b.n
    most = int(str(n) * k) if n <= 9 else sum(n * 10 ** (k - 1 - i) for i in range(k))
    least = int("1" * k)
    before = len(b.clauses)
    total = sum_literals(b, line, most=most, least=least)
    out = b.clauses[before:]
    del b.clauses[before:]
    b.parts[b.part] -= len(out)
    spelled: dict[int, tuple[int, ...]] = {}
    for digits in product(b.digits(), repeat=k):
        t = sum(d * 10 ** (k - 1 - i) for i, d in enumerate(digits))
        spelled[t] = digits
        lits = [-b.x(c, d) for c, d in zip(circle, digits, strict=True)]
        out.append([*lits, total[t]] if t in total else lits)
    for t, lit in total.items():
        if t not in spelled:
            out.append([-lit])
            continue
        out.extend([-lit, b.x(c, d)] for c, d in zip(circle, spelled[t], strict=True))
    for i, c in enumerate(circle):
        for d in b.digits():
            has = [lit for t, lit in total.items() if spelled.get(t, ())[i : i + 1] == (d,)]
            out.append([-b.x(c, d), *has])
    return out


def _distinct(
    b: Builder, line: tuple[int, ...], tuples: list[tuple[int, ...]]
) -> list[tuple[int, ...]]:
    """The tuples that give different digits to line cells sharing a row, column or
    region (the units rule them out anyway; fewer selectors, stronger propagation)."""
    clash = [
        (i, j)
        for i in range(len(line))
        for j in range(i + 1, len(line))
        if b.sees(line[i], line[j])
    ]
    if not clash:
        return tuples
    return [t for t in tuples if all(t[i] != t[j] for i, j in clash)]


def _contradiction(b: Builder) -> list[Clause]:
    """Two clauses no assignment satisfies (DIMACS writers refuse the empty clause)."""
    v = b.fresh()
    return [[v], [-v]]


def _card(b: Builder, terms: list[list[tuple[int, int]]], total: int) -> list[Clause]:
    from pysat.card import CardEnc, EncType

    lits = [lit for term in terms for lit, weight in term for _ in range(weight)]
    enc = CardEnc.equals(lits=lits, bound=total, top_id=b.top, encoding=EncType.totalizer)
    b.top = max(b.top, enc.nv)
    return [list(c) for c in enc.clauses]


@cache
def _combos(n: int, size: int, total: int) -> tuple[tuple[int, ...], ...]:
    return tuple(s for s in combinations(range(1, n + 1), size) if sum(s) == total)


def cage_combos(
    b: Builder, cells: tuple[int, ...], total: int | tuple[int, ...]
) -> Iterator[Clause]:
    """One selector per digit set: exactly the sets that sum to total (or to one of
    several: a digital-root cage's), supports both ways.
    A cage that lies in a row, column or region with other cells: each set's digits are
    out of those cells (``[-set, -x(o, d)]``), so choosing a set clears the house at
    once and a digit placed beside the cage rules out the sets that hold it (the cages of
    one house then exclude each other's sets by propagation alone). On the 36 real
    killers of ``benchmarks/data/killers.jsonl``, one session (CPU, 3 rounds alternated,
    load 10): 6.45 s median without those clauses, 4.92 s with them. They are redundant:
    left out with the other implied clauses (``b.implied``) where explanations read the
    rules' own clauses.
    (Not kept: a literal "the cage holds d", true once every set without d is out; the
    36 killers, two runs of 3 rounds: 7.38 and 6.87 s with it, 7.20 and 7.55 s without.)"""
    totals = (total,) if isinstance(total, int) else total
    sets = tuple(s for t in totals for s in _combos(b.n, len(cells), t))
    if not sets:
        yield from _contradiction(b)
        return
    sel = [b.fresh() for _ in sets]
    yield list(sel)
    n = b.n
    near = beside(n, b.p.regions, cells) if len(sets) > 1 and b.implied and not b.p.raw else []
    near = [c for c in near if c not in b.p.outside]  # a shape's frame cells: no cells
    base = [c * n for c in cells]  # x(c, d) = c * n + d, as Builder.x: no call a literal
    around = [o * n for o in near]
    for s, digits in zip(sel, sets, strict=True):
        for d in range(1, n + 1):
            if d in digits:
                yield [-s, *[x + d for x in base]]
                yield from ([-s, -(x + d)] for x in around)
            else:
                yield from ([-s, -(x + d)] for x in base)
    for d in range(1, n + 1):
        using = [s for s, digits in zip(sel, sets, strict=True) if d in digits]
        yield from ([-(x + d), *using] for x in base)


@cache
def _tuples(n: int, length: int) -> list[tuple[int, ...]] | None:
    if length > n:
        return []
    count = 1
    for k in range(length):  # tuples of `length` digits with sum <= n: C(n, length)
        count = count * (n - k) // (k + 1)
    if count > MAX_TUPLES:
        return None
    return [t for t in product(range(1, n + 1), repeat=length) if sum(t) <= n]


def _arrow_combos(
    b: Builder, line: tuple[int, ...], circle: int, tuples: list[tuple[int, ...]]
) -> Iterator[Clause]:
    if not tuples:
        yield from _contradiction(b)
        return
    sel = [b.fresh() for _ in tuples]
    yield list(sel)
    support: dict[int, list[int]] = {}
    for s, t in zip(sel, tuples, strict=True):
        for c, d in zip(line, t, strict=True):
            yield [-s, b.x(c, d)]
            support.setdefault(b.x(c, d), []).append(s)
        yield [-s, b.x(circle, sum(t))]
        support.setdefault(b.x(circle, sum(t)), []).append(s)
    for c in (*line, circle):
        for d in b.digits():
            yield [-b.x(c, d)] + support.get(b.x(c, d), [])


def _running(
    b: Builder, terms: list[list[tuple[int, int]]], totals: list[int], target: list[int] | None
) -> list[Clause]:
    """One-hot partial sums: s[t] true iff the terms so far sum to t. With target (one literal
    per total), s_last[t] ↔ target[t]; without it, the last sum is totals[0]."""
    out: list[Clause] = []
    prev = {w: lit for lit, w in terms[0]}  # the first cell's digits are its partial sums
    for term in terms[1:]:
        sums: dict[int, int] = {}
        into: dict[int, list[tuple[int, int]]] = {}
        for (a, pa), (lit, w) in product(prev.items(), term):
            into.setdefault(a + w, []).append((pa, lit))
        for t, ways in into.items():
            sums[t] = b.fresh()
            out.extend([-pa, -lit, sums[t]] for pa, lit in ways)
            out.append([-sums[t]] + sorted({pa for pa, _ in ways}))
            out.append([-sums[t]] + sorted({lit for _, lit in ways}))
        out.append(list(sums.values()))
        out.extend([-u, -v] for u, v in combinations(sums.values(), 2))
        prev = {t: s for t, s in sums.items()}
    if target is None:
        out.extend([-s] for t, s in prev.items() if t != totals[0])
        if totals[0] not in prev:
            out.extend(_contradiction(b))
        return out
    for t, s in prev.items():
        out.append([-s, target[t - 1]] if t in totals else [-s])
    out.extend(
        [-lit, prev[t]] if t in prev else [-lit] for t, lit in zip(totals, target, strict=True)
    )
    return out


PAIRWISE = 24
"""Up to this many partial sums a step, at most one holds by pairwise clauses; past it
(long lines, circles of several digits), by a ladder (3 clauses a literal, not a
quadratic number: 10 million clauses for a 78-cell line into a 3-digit circle)."""


def at_most_one(b: Builder, lits: list[int]) -> list[Clause]:
    """At most one of lits: pairwise up to PAIRWISE literals, else a ladder, y(i) true
    when one of the first i+1 is (lit(i) -> y(i), y(i) -> y(i+1), y(i) -> not lit(i+1))."""
    if len(lits) <= PAIRWISE:
        return [[-u, -v] for u, v in combinations(lits, 2)]
    out: list[Clause] = []
    ys = [b.fresh() for _ in lits[:-1]]
    for i, y in enumerate(ys):
        out.append([-lits[i], y])
        out.append([-y, -lits[i + 1]])
        if i + 1 < len(ys):
            out.append([-y, ys[i + 1]])
    return out


def sum_literals(
    b: Builder,
    cells: tuple[int, ...],
    weights: tuple[int, ...] = (),
    most: int | None = None,
    least: int | None = None,
) -> dict[int, int]:
    """One-hot literals of the sum of the cells' digits (each times its weight, 1 by
    default): total -> a literal true exactly when the cells sum to that total, exactly one
    of them true. Running sums over the cells (the ``running`` encoding); for one cell the
    cell's own digit literals. What constraints whose total is itself unknown use
    (region sum lines, zippers, sandwiches, arrows with a circle of several cells). With
    ``most`` (``least``), totals past it (below it) are ruled out as soon as a partial sum,
    plus the least (most) the cells left can add, passes it, and get no literal. Cells over
    more than half a house are summed as :func:`by_houses` rewrites them (when
    :data:`HOUSES`): the same totals, fewer and narrower partial sums."""
    weights = weights or (1,) * len(cells)
    const = 0
    if HOUSES and len(cells) > b.n // 2:
        coefs, const = _coefficients(b, cells, weights)
        cells, weights = tuple(coefs), tuple(coefs.values())
        most = None if most is None else most - const
        least = None if least is None else least - const
    if not cells:  # the houses alone give the total
        if (most is not None and most < 0) or (least is not None and least > 0):
            return {}
        v = b.fresh()
        b.add([[v]])
        return {const: v}
    lits = _one_hot(b, cells, weights, most, least)
    return {t + const: lit for t, lit in lits.items()}


def _one_hot(
    b: Builder,
    cells: tuple[int, ...],
    weights: tuple[int, ...],
    most: int | None,
    least: int | None,
) -> dict[int, int]:
    """The running sums of :func:`sum_literals` (weights of any sign), as they stand."""
    n = b.n
    terms = [[(b.x(c, d), w * d) for d in b.digits()] for c, w in zip(cells, weights, strict=True)]
    low = [min(w, w * n) for w in weights]
    high = [max(w, w * n) for w in weights]
    rest_low = [sum(low[k + 1 :]) for k in range(len(cells))]
    rest_high = [sum(high[k + 1 :]) for k in range(len(cells))]

    def fits(t: int, k: int) -> bool:
        return (most is None or t + rest_low[k] <= most) and (
            least is None or t + rest_high[k] >= least
        )

    clauses: list[Clause] = []
    prev = {w: lit for lit, w in terms[0]}
    clauses.extend([-lit] for t, lit in prev.items() if not fits(t, 0))
    prev = {t: lit for t, lit in prev.items() if fits(t, 0)}
    for k, term in enumerate(terms[1:], 1):
        sums: dict[int, int] = {}
        into: dict[int, list[tuple[int, int]]] = {}
        for (a, pa), (lit, w) in product(prev.items(), term):
            if not fits(a + w, k):
                clauses.append([-pa, -lit])
                continue
            into.setdefault(a + w, []).append((pa, lit))
        for t, ways in sorted(into.items()):
            sums[t] = b.fresh()
            clauses.extend([-pa, -lit, sums[t]] for pa, lit in ways)
            clauses.append([-sums[t]] + sorted({pa for pa, _ in ways}))
            clauses.append([-sums[t]] + sorted({lit for _, lit in ways}))
        clauses.append(list(sums.values()))
        clauses.extend(at_most_one(b, list(sums.values())))
        prev = sums
    b.add(clauses)
    return prev


HOUSES = True
"""Rewrite sums over more than half a house by the houses (:func:`by_houses`) in
:func:`sum_literals` and the ``pb-*`` pills. Measured in docs/variants.md ("Pills");
``benchmarks/bench_variants.py --pills`` turns it off for the comparison."""


def houses(b: Builder) -> list[tuple[int, ...]]:
    """The groups of N cells that hold every digit once: rows, columns, regions, and the
    N-cell all-different groups of the constraints (diagonals, disjoint groups, extra
    regions, cages of N cells)."""
    n = b.n
    groups = [*b.p.lines, *b.p.regions, *b.groups]
    return list(dict.fromkeys(tuple(sorted(g)) for g in groups if len(set(g)) == n))


def by_houses(b: Builder, coefs: dict[int, int]) -> tuple[dict[int, int], int]:
    """A linear expression (cell -> coefficient of its digit) rewritten as one equal to it
    in every solution, plus a constant: the N cells of a house sum to N(N+1)/2, so adding
    or taking away a house and that total changes nothing. Greedy: while some house
    lowers the sum of the absolute coefficients (a line holding more than half of it:
    all but its k other cells become minus those k), the best is applied. A 28-cell line
    round the grid's edge becomes 135 minus 3 corners plus 4 cells; a 78-cell line
    through 9 boxes, 405 minus the cells it leaves out."""
    coefs = dict(coefs)
    total = b.n * (b.n + 1) // 2
    groups = houses(b)
    const = 0
    while True:
        best, move = 0, None
        for g in groups:
            for s in (1, -1):
                gain = sum(abs(coefs.get(c, 0) - s) - abs(coefs.get(c, 0)) for c in g)
                if gain < best:
                    best, move = gain, (g, s)
        if move is None:
            return {c: w for c, w in coefs.items() if w}, const
        g, s = move
        for c in g:
            coefs[c] = coefs.get(c, 0) - s
        const += s * total


def _coefficients(
    b: Builder, cells: tuple[int, ...], weights: tuple[int, ...] = ()
) -> tuple[dict[int, int], int]:
    """The cells' weighted sum as coefficients and a constant, rewritten by the houses
    when :data:`HOUSES` (cells in the order given, the houses' others after)."""
    coefs: dict[int, int] = {}
    for c, w in zip(cells, weights or (1,) * len(cells), strict=True):
        coefs[c] = coefs.get(c, 0) + w
    if not HOUSES:
        return coefs, 0
    return by_houses(b, coefs)


def sum_is(b: Builder, cells: tuple[int, ...], totals: tuple[int, ...]) -> list[Clause]:
    """Clauses saying the cells' digits sum to one of totals, in the builder's sum encoding
    (``combos`` only when the cells must all differ is the caller's call: this one holds
    for any cells, repeated digits allowed)."""
    terms = [[(b.x(c, d), d) for d in b.digits()] for c in cells]
    if b.sums == "card" and len(totals) == 1:
        return _card(b, terms, totals[0])
    if b.sums.startswith("pb-") and len(totals) == 1:
        return linear(b, [(c, 1) for c in cells], totals[0])
    if len(cells) == 1:
        return [[b.x(cells[0], t) for t in totals if 1 <= t <= b.n] or _contradiction(b)[0]]
    lits = sum_literals(b, cells)
    reachable = [lits[t] for t in totals if t in lits]
    if not reachable:
        return _contradiction(b)
    return [reachable]
