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

Sums (cages, arrows, the registry's sum constraints): six encodings
(:data:`SUM_ENCODINGS`), each family's default in ``sum_forms.DEFAULTS``, read from the
sum-encoding table of docs/variants.md; ``sums`` and ``sum_forms`` describe them. Killers
also get the redundant sums of the law of 45 (``house_sums``; parts in :data:`IMPLIED`).
A pill's line over more than half a house is first rewritten by the houses
(``sums.by_houses``): "Triple digits" went from 30-60 s to 0.06 s (docs/variants.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from itertools import combinations

from ..grid import Clause
from .builder import DEFAULT_SUMS, Builder, VariantFormula, order_clauses, support
from .house_sums import house_sums_part
from .model import (
    KING,
    KNIGHT,
    NEGATED_BY_DEFAULT,
    Variant,
    all_different_groups,
    consecutive_exempt,
    negated_values,
    offset_pairs,
    orthogonal_pairs,
    rules_of,
)
from .selectors import (
    Layout,
    cell_kinds,
    layout,
    order_literals,
    pair_selectors,
    region_selectors,
    relation_kinds,
    relation_selectors,
    step_selectors,
)
from .sums import sums_part


def encode_variant(
    puzzle: Variant,
    sums: str = DEFAULT_SUMS,
    givens: bool = True,
    guard_sums: bool = False,
    implied: bool = True,
) -> VariantFormula:
    """Every clause of the puzzle: rules, then (when givens) the givens as units. With
    guard_sums every cage sum's clauses hold only under its selector literal; without
    implied, none of the redundant clauses of :data:`IMPLIED` (as rating reads it)."""
    b = Builder(puzzle, sums, guard_sums)
    for name, part in SKELETON + CLUES:
        if name in IMPLIED and not implied:
            continue
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
    lay = skeleton_layout(b.p)
    selectors = {}
    if b.pair_selectors and lay.regions is not None:
        selectors = region_selectors(b.n, lay.regions)
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
    """A cage's digits differ: only its pairs that share no row, column or region (the
    others differ already), each digit at least once in a cage of N cells."""
    n, region = b.n, {c: k for k, r in enumerate(b.p.regions) for c in r}
    for cage in b.p.cages:
        if len(cage.cells) == n:
            b.add([b.x(c, d) for c in cage.cells] for d in b.digits())
        pairs = [
            (a * n, c * n)
            for a, c in combinations(cage.cells, 2)
            if a // n != c // n and a % n != c % n and region.get(a) != region.get(c)
        ]
        b.add([-a - d, -c - d] for a, c in pairs for d in b.digits())


def skeleton_key(puzzle: Variant) -> tuple[object, ...]:
    """What the skeleton clauses depend on: puzzles with equal keys share them."""
    shared = puzzle.jigsaw and "disjointgroups" not in puzzle.rules
    regions = None if shared else puzzle.regions
    pairs = bool(puzzle.dots or puzzle.negative)
    steps = bool(puzzle.thermometers) or any(c.steps for c in puzzle.constraints)
    orders = any(c.orders for c in puzzle.constraints)
    relations, cells = relation_kinds(puzzle), cell_kinds(puzzle)
    exempt = consecutive_exempt(puzzle)
    size, rules, extra = puzzle.size, puzzle.rules, puzzle.extra_regions
    return (size, shared, regions, rules, extra, exempt, pairs, steps, orders, relations, cells)


def skeleton_layout(puzzle: Variant) -> Layout:
    """The numbering of the blocks the puzzle's skeleton holds."""
    key = skeleton_key(puzzle)
    present = (bool(key[6]), bool(key[7]), bool(key[1]), bool(key[8]))
    return layout(puzzle.size, *present, len(relation_kinds(puzzle)), len(cell_kinds(puzzle)))


def encode_skeleton(puzzle: Variant) -> tuple[list[Clause], int]:
    """The clauses shared by every puzzle of the same skeleton key, and the top variable.
    When the puzzle has dots or negatives, every pair relation is there behind a selector."""
    b = Builder(puzzle, DEFAULT_SUMS)
    for name, part in SKELETON:
        b.part = name
        part(b)
    lay = skeleton_layout(puzzle)
    if lay.pairs is not None:
        b.part = "pairs"
        for (a, c, kind, value), s in pair_selectors(b.n, lay.pairs).items():
            b.add([*clause, -s] for clause in _pair_clauses(b, a, c, kind, value))
    if lay.steps is not None:
        b.part = "steps"
        for (a, c), s in step_selectors(b.n, lay.steps).items():
            b.add([*clause, -s] for clause in _relation(b, a, c, _above(b.n, 1)))
    if lay.regions is not None:
        b.part = "same-region pairs"
        for (a, c), s in region_selectors(b.n, lay.regions).items():
            b.add([-s, -b.x(a, d), -b.x(c, d)] for d in b.digits())
    if lay.orders is not None:
        b.part = "order literals"
        for cell, lits in order_literals(b.n, lay.orders).items():
            b.add(order_clauses(b, cell, lits))
    for base, (family, label) in zip(lay.relations, relation_kinds(puzzle), strict=True):
        b.part = f"{family.key} {label} pairs"
        fits = family.pair_relations(b.n)[label]
        for (a, c), s in relation_selectors(b.n, base).items():
            if a < c:
                b.add([*clause, -s] for clause in support(b, a, c, fits))
    for base, rule in zip(lay.cells, cell_kinds(puzzle), strict=True):
        b.part = f"{rule.key} cells"
        for cell in range(b.n * b.n):
            b.add([*clause, -(base + 1 + cell)] for clause in rule.cell_clauses(cell, b.n))
    b.top = lay.top
    return b.clauses, b.top


def encode_clues(
    puzzle: Variant, top: int, sums: str = DEFAULT_SUMS
) -> tuple[list[Clause], int, list[int]]:
    """For a session: the clauses of the puzzle's own clues (cages, lines, dots, parity;
    not the givens), auxiliaries numbered after top, the new top, and the skeleton's pair
    selectors to assume."""
    b = Builder(puzzle, sums, top=top)
    b.pair_selectors = True
    lay = skeleton_layout(puzzle)
    if lay.steps is not None:
        b.steps = step_selectors(b.n, lay.steps)
    if lay.orders is not None:
        b.order = dict(order_literals(b.n, lay.orders))
    kinds = zip(relation_kinds(puzzle), lay.relations, strict=True)
    b.relations = {kind: relation_selectors(b.n, base) for kind, base in kinds}
    b.cell_rules = dict(zip(cell_kinds(puzzle), lay.cells, strict=True))
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
    base = skeleton_layout(p).pairs if b.pair_selectors else None
    selectors = pair_selectors(n, base) if base is not None else {}
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
    steps = b.steps
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
    ("house sums", house_sums_part),
    ("constraints", _registered),
)
IMPLIED = frozenset({"house sums"})
"""Parts the rules imply (redundant, for the solver): not in explanations or ratings."""
