"""CNF of a variant puzzle over the classic numbering, auxiliaries after.

Variables. x(r, c, d) is ``N*N*r + N*c + d`` (row-major cells, digits 1..N), the numbering
of ``sudoku_sat.encoding.var`` with N = n*n there: 1..N**3, so any solver's answer on those
variables decodes to the grid. Auxiliary variables (sums) follow from N**3 + 1.

Rules, one part each (``VariantFormula.parts`` counts the clauses per part):
cells (exactly one digit: ALO + pairwise AMO); rows, columns, regions, and every other
N-cell all-different group (diagonals, N-cell extra regions, disjoint groups): each digit
at least once and at most once; smaller groups (cages, smaller extra regions): at most
once. Anti-knight, anti-king: ¬x(a,d) ∨ ¬x(b,d) for each pair a move apart that shares no
row, column or region. Non-consecutive and the negatives: one binary clause per excluded
pair of digits. Thermometers: for cells i < j along a line, x(a,d) → ∨ x(b,e), e ≥
d + j - i, and the converse support (x(b,e) → ∨ x(a,d), d ≤ e - j + i). Dots (difference,
ratio, XV): x(a,d) → ∨ x(b,e) over the e that fit, both ways. Odd, even, given pencil marks
and givens: unit clauses.

Sums (killer cages with a total, arrows), three encodings (:data:`SUM_ENCODINGS`):
- ``combos``: enumerated digit sets (a cage) or digit tuples (a one-cell-circle arrow), one
  selector each: exactly the enumerated assignments, with support clauses both ways;
- ``card``: PySAT's totalizer (``pysat.card``, ``CardEnc.equals``) over each x(c,d)
  repeated d times (the circle's literals enter negated: line + Σ d·¬circle_d = Σ d);
- ``running``: one-hot partial sums s(i,t) along the cells, forward clauses
  s(i-1,a) ∧ x(i,b) → s(i,a+b) and backward supports.
``pysat.pb`` needs the 'pindakaas' package and was not measured. The default,
:data:`DEFAULT_SUMS`, is the fastest in ``benchmarks/bench_variants.py --sums`` (docs/variants.md).
Arrows whose circle has several cells (a number of several digits): the line's running
sums (partial sums outside the numbers the circle can read ruled out), each total tied
to the circle's digits that spell it (``sums._pill``), except under ``card`` (the totalizer,
11 s against 0.03 s on a published pill-arrow puzzle) and ``pb-*`` (one linear equality,
line - 100a - 10b - c = 0). A line over more than half a house is first rewritten by the
houses (``sums.by_houses``: a house's N cells sum to N(N+1)/2, so a 28-cell line round the
grid's edge is 135 minus 3 corners plus 4 cells): "Triple digits" went from 30-60 s to
0.06 s (docs/variants.md, "Pills").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations

from ..grid import Clause
from .builder import DEFAULT_SUMS, Builder, VariantFormula
from .model import (
    KING,
    KNIGHT,
    NEGATABLE,
    NEGATED_BY_DEFAULT,
    Variant,
    all_different_groups,
    consecutive_exempt,
    negated_values,
    offset_pairs,
    orthogonal_pairs,
    rules_of,
)
from .sums import sums_part


def encode_variant(
    puzzle: Variant, sums: str = DEFAULT_SUMS, givens: bool = True, guard_sums: bool = False
) -> VariantFormula:
    """Every clause of the puzzle: rules, then (when givens) the givens as units. With
    guard_sums every cage sum's clauses hold only under its selector literal."""
    b = Builder(puzzle, sums, guard_sums)
    for name, part in SKELETON + CLUES:
        b.part = name
        part(b)
    if givens:
        b.part = "givens"
        b.add([[b.x(c, d)] for c, d in enumerate(puzzle.givens) if d])
    parts = {k: v for k, v in b.parts.items() if v}
    return VariantFormula(puzzle.size, b.top, b.clauses, parts, rules_of(puzzle), b.selectors)


def _cells(b: Builder) -> None:
    for c in range(b.p.ncells):
        b.add([[b.x(c, d) for d in b.digits()]])
        b.add([-b.x(c, d), -b.x(c, e)] for d, e in combinations(b.digits(), 2))


def _group(b: Builder, cells: tuple[int, ...]) -> Iterator[Clause]:
    """All different; every digit at least once when the group has N cells."""
    for d in b.digits():
        if len(cells) == b.n:
            yield [b.x(c, d) for c in cells]
        yield from ([-b.x(a, d), -b.x(c, d)] for a, c in combinations(cells, 2))


def _lines(size: int) -> list[tuple[int, ...]]:
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    return rows + [tuple(r * size + c for r in range(size)) for c in range(size)]


def _units(b: Builder) -> None:
    for cells in (*_lines(b.n), *([] if b.p.jigsaw else b.p.regions)):
        b.add(_group(b, cells))


def _jigsaw(b: Builder) -> None:
    """A jigsaw's regions are clues, so that jigsaw puzzles share a skeleton: in a session,
    the skeleton's same-region selectors of their pairs, and each digit at least once."""
    if not b.p.jigsaw:
        return
    selectors = region_selectors(b.n) if b.pair_selectors and skeleton_key(b.p)[1] else {}
    for cells in b.p.regions:
        if not selectors:
            b.add(_group(b, cells))
            continue
        b.assume.extend(selectors[p] for p in combinations(sorted(cells), 2) if p in selectors)
        b.add([b.x(c, d) for c in cells] for d in b.digits())


def _groups(b: Builder) -> None:
    for cells in all_different_groups(b.p, cages=False):
        b.add(_group(b, cells))


def _cage_groups(b: Builder) -> None:
    for cage in b.p.cages:
        b.add(_group(b, cage.cells))


def skeleton_key(puzzle: Variant) -> tuple[object, ...]:
    """What the skeleton clauses depend on: puzzles with equal keys share them."""
    shared = puzzle.jigsaw and "disjointgroups" not in puzzle.rules
    regions = None if shared else puzzle.regions
    pairs = bool(puzzle.dots or puzzle.negative)
    steps = bool(puzzle.thermometers)
    exempt = consecutive_exempt(puzzle)
    return (puzzle.size, shared, regions, puzzle.rules, puzzle.extra_regions, exempt, pairs, steps)


PAIR_RELATIONS = (("difference", 1), ("ratio", 2), ("sum", 10), ("sum", 5))
"""The marks every pair of neighbours gets a selector for in a session's skeleton."""


@cache
def pair_selectors(size: int) -> dict[tuple[int, int, str, int], int]:
    """(a, c, kind, value) -> selector, after N**3: one per orthogonal pair and default
    mark (PAIR_RELATIONS), and per pair and negative kind ("not-difference", ...)."""
    out, top = {}, size**3
    for a, c in orthogonal_pairs(size):
        for kind, value in (*PAIR_RELATIONS, *((f"not-{k}", 0) for k in NEGATABLE)):
            top += 1
            out[(a, c, kind, value)] = top
    return out


@cache
def step_selectors(size: int) -> dict[tuple[int, int], int]:
    """(a, b) -> selector of "a < b", for a and b a king's move apart, both orders,
    numbered after the pair selectors: a thermometer's steps."""
    top = size**3 + len(pair_selectors(size))
    out = {}
    for a, b in offset_pairs(size, KING):
        out[(a, b)] = top = top + 1
        out[(b, a)] = top = top + 1
    return out


def encode_skeleton(puzzle: Variant) -> tuple[list[Clause], int]:
    """The clauses shared by every puzzle of the same skeleton key, and the top variable.
    When the puzzle has dots or negatives, every pair relation is there behind a selector."""
    b = Builder(puzzle, DEFAULT_SUMS)
    for name, part in SKELETON:
        b.part = name
        part(b)
    key = skeleton_key(puzzle)
    if key[-2]:
        b.part = "pairs"
        for (a, c, kind, value), s in pair_selectors(b.n).items():
            b.add([*clause, -s] for clause in _pair_clauses(b, a, c, kind, value))
    if key[-1]:
        b.part = "steps"
        for (a, c), s in step_selectors(b.n).items():
            b.add([*clause, -s] for clause in _relation(b, a, c, _above(b.n, 1)))
    if key[1]:
        b.part = "same-region pairs"
        for (a, c), s in region_selectors(b.n).items():
            b.add([-s, -b.x(a, d), -b.x(c, d)] for d in b.digits())
    b.top = max(b.top, *region_selectors(b.n).values())
    return b.clauses, b.top


@cache
def region_selectors(size: int) -> dict[tuple[int, int], int]:
    """(a, c) -> selector of "a and c are in one region" (all different), for the pairs
    of cells that share no row or column, numbered after the step selectors: jigsaw."""
    top = max(step_selectors(size).values())
    out = {}
    for a, c in combinations(range(size * size), 2):
        if a // size != c // size and a % size != c % size:
            out[(a, c)] = top = top + 1
    return out


def encode_clues(
    puzzle: Variant, top: int, sums: str = DEFAULT_SUMS
) -> tuple[list[Clause], int, list[int]]:
    """For a session: the clauses of the puzzle's own clues (cages, lines, dots, parity;
    not the givens), auxiliaries numbered after top, the new top, and the skeleton's pair
    selectors to assume."""
    b = Builder(puzzle, sums, top=top)
    b.pair_selectors = True
    for name, part in CLUES:
        b.part = name
        part(b)
    return b.clauses, b.top, b.assume


def _shares_unit(puzzle: Variant, a: int, c: int) -> bool:
    n = puzzle.size
    if a // n == c // n or a % n == c % n:
        return True
    return any(a in r and c in r for r in puzzle.regions)


def _moves(b: Builder) -> None:
    for rule, moves in (("antiknight", KNIGHT), ("antiking", KING)):
        if rule in b.p.rules:
            for a, c in offset_pairs(b.n, moves):
                if not _shares_unit(b.p, a, c):
                    b.add([-b.x(a, d), -b.x(c, d)] for d in b.digits())


def _relation(b: Builder, a: int, c: int, fits: dict[int, list[int]]) -> Iterator[Clause]:
    """x(a,d) → ∨ x(c,e) over e in fits[d], and the converse support."""
    back: dict[int, list[int]] = {e: [] for e in b.digits()}
    for d in b.digits():
        yield [-b.x(a, d)] + [b.x(c, e) for e in fits[d]]
        for e in fits[d]:
            back[e].append(d)
    for e in b.digits():
        yield [-b.x(c, e)] + [b.x(a, d) for d in back[e]]


def _forbid(b: Builder, a: int, c: int, pairs: Iterable[tuple[int, int]]) -> Iterator[Clause]:
    n = b.n
    return ([-b.x(a, d), -b.x(c, e)] for d, e in pairs if 1 <= d <= n and 1 <= e <= n)


def _consecutive(n: int) -> list[tuple[int, int]]:
    return [(d, d + 1) for d in range(1, n)] + [(d + 1, d) for d in range(1, n)]


def _nonconsecutive(b: Builder) -> None:
    if "nonconsecutive" in b.p.rules:
        exempt = consecutive_exempt(b.p)
        for a, c in orthogonal_pairs(b.n):
            if (a, c) not in exempt:
                b.add(_forbid(b, a, c, _consecutive(b.n)))


def _neighbours(b: Builder) -> None:
    n, p = b.n, b.p
    selectors = pair_selectors(n) if b.pair_selectors else {}
    for dot in p.dots:
        a, c = dot.cells
        if (a, c, dot.kind, dot.value) in selectors:
            b.assume.append(selectors[(a, c, dot.kind, dot.value)])
        else:
            b.add(_relation(b, a, c, _fitting(n, dot.kind, dot.value)))
    if not p.negative:
        return
    kropki = {d.cells for d in p.dots if d.kind in ("difference", "ratio")}
    xv = {d.cells for d in p.dots if d.kind == "sum"}
    negated = {kind: negated_values(p, kind) for kind in p.negative}
    for a, c in orthogonal_pairs(n):
        for kind, values in negated.items():
            if (a, c) not in (xv if kind == "xv" else kropki):
                if selectors and values == NEGATED_BY_DEFAULT[kind]:
                    b.assume.append(selectors[(a, c, f"not-{kind}", 0)])
                else:
                    b.add(_forbid(b, a, c, _banned(n, kind, values)))


def _pair_clauses(b: Builder, a: int, c: int, kind: str, value: int) -> list[Clause]:
    """A mark's clauses (kind difference, ratio, sum), or a negative's (not-KIND, with
    its default values)."""
    n = b.n
    if not kind.startswith("not-"):
        return list(_relation(b, a, c, _fitting(n, kind, value)))
    negated = kind.removeprefix("not-")
    return list(_forbid(b, a, c, _banned(n, negated, NEGATED_BY_DEFAULT[negated])))


@cache
def _banned(n: int, kind: str, values: tuple[int, ...]) -> list[tuple[int, int]]:
    """The digit pairs a negative of kind ("difference", "ratio", "xv") excludes."""
    fits = "sum" if kind == "xv" else kind
    digits = range(1, n + 1)
    return [(d, e) for d in digits for e in digits if any(_fits(fits, v, d, e) for v in values)]


@cache
def _fitting(n: int, kind: str, value: int) -> dict[int, list[int]]:
    return {d: [e for e in range(1, n + 1) if _fits(kind, value, d, e)] for d in range(1, n + 1)}


def _fits(kind: str, value: int, d: int, e: int) -> bool:
    if kind == "difference":
        return abs(d - e) == value
    if kind == "ratio":
        return d == value * e or e == value * d
    return d + e == value


def _thermometers(b: Builder) -> None:
    """Every pair along a line (gap j - i). In a session, steps between neighbours are
    the skeleton's "a < b" selectors, and each cell's bounds (i+1 .. N-L+i+1) units:
    unit propagation along the chain then gives what the pairs give."""
    steps = step_selectors(b.n) if b.pair_selectors else {}
    for line in b.p.thermometers:
        pairs = list(combinations(range(len(line)), 2))
        if steps and all((x, y) in steps for x, y in zip(line, line[1:], strict=False)):
            b.assume.extend(steps[(x, y)] for x, y in zip(line, line[1:], strict=False))
            low = [(c, i + 1, b.n - len(line) + i + 1) for i, c in enumerate(line)]
            b.assume.extend(
                -b.x(c, d) for c, lo, hi in low for d in b.digits() if not lo <= d <= hi
            )
            continue
        for i, j in pairs:
            b.add(_relation(b, line[i], line[j], _above(b.n, j - i)))


@cache
def _above(n: int, gap: int) -> dict[int, list[int]]:
    return {d: list(range(d + gap, n + 1)) for d in range(1, n + 1)}


def _parity(b: Builder) -> None:
    p = b.p
    allowed: list[tuple[int, tuple[int, ...]]] = list(p.pencil)
    allowed += [(c, tuple(range(2, b.n + 1, 2))) for c in p.even]
    allowed += [(c, tuple(range(1, b.n + 1, 2))) for c in p.odd]
    banned = [-b.x(cell, d) for cell, digits in allowed for d in b.digits() if d not in digits]
    if b.pair_selectors:
        b.assume.extend(banned)  # in a session, facts are assumptions, not clauses
    else:
        b.add([lit] for lit in banned)


def _registered(b: Builder) -> None:
    """The registry's constraints (``variants/constraints/``), each its own clauses."""
    for constraint in b.p.constraints:
        b.add(constraint.clauses(b))


SKELETON = (
    ("cells", _cells),
    ("units", _units),
    ("groups", _groups),
    ("moves", _moves),
    ("nonconsecutive", _nonconsecutive),
)
CLUES = (
    ("jigsaw", _jigsaw),
    ("cages", _cage_groups),
    ("neighbours", _neighbours),
    ("thermometers", _thermometers),
    ("parity", _parity),
    ("sums", sums_part),
    ("constraints", _registered),
)
