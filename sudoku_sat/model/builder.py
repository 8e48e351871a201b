"""The clause builder every rule writes its clauses with: variable numbering, fresh
auxiliaries, clauses counted per part, and in a session the skeleton's selectors that a
rule assumes instead of writing clauses (see ``variants/encode`` for the numbering and
the rules). It knows the puzzle only as :class:`Rules` (size, regions, constraints), so
that it sits below the rules and the puzzle that use it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import Any, Protocol

from ..dimacs import dumps
from ..errors import UsageError
from ..grid import Clause
from .geometry import Regions, in_line


class Rules(Protocol):
    """What a builder reads of a puzzle."""

    @property
    def size(self) -> int: ...

    @property
    def regions(self) -> Regions: ...

    @property
    def constraints(self) -> tuple[Any, ...]: ...

    @property
    def cells(self) -> int: ...

    @property
    def lines(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def outside(self) -> frozenset[int]: ...

    @property
    def shaped(self) -> bool: ...

    @property
    def raw(self) -> bool: ...


SUM_ENCODINGS = ("combos", "card", "running", "pb-dd", "pb-totalizer", "pb-sorting")
DEFAULT_SUMS = "default"
"""No encoding chosen: cages and arrows in ``combos``, each registry family in its own
default (``constraints.sum_defaults()``)."""
MAX_TUPLES = 20000
"""Past this many digit tuples an arrow's ``combos`` falls back to ``running``."""


@dataclass
class VariantFormula:
    """The clauses of a variant puzzle, with the number of variables and clauses per part."""

    size: int
    nvars: int
    clauses: list[Clause]
    parts: dict[str, int] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    selectors: dict[Any, int] = field(default_factory=dict)
    """With guard_sums: cage -> the literal that switches its sum on."""
    extra: tuple[str, ...] = ()
    """The names of the cells beyond the grid, numbered after the grid's."""

    def comments(self) -> list[str]:
        """The DIMACS header comments: size, rules, numbering, clauses per part."""
        n = self.size
        rules = ", ".join(self.rules) or "classic"
        first = (n * n + len(self.extra)) * n + 1
        cells = [
            f"cells beyond the grid: {name} = {n}*{n * n + k} + d"
            for k, name in enumerate(self.extra)
        ]
        return [
            f"sudoku-sat variant {n}x{n}: rules {rules}",
            f"x(r,c,d) = {n * n}*r + {n}*c + d, r,c in 0..{n - 1}, d in 1..{n}"
            + (f"; auxiliaries {first}..{self.nvars}" if self.nvars >= first else ""),
            *cells,
            "clauses: "
            + ", ".join(f"{k} {v}" for k, v in self.parts.items())
            + f"; total {len(self.clauses)}",
        ]

    def dimacs(self) -> str:
        """The DIMACS text, comments first (what ``sudoku-sat encode`` writes, less the
        version and puzzle lines)."""
        return dumps(self.nvars, self.clauses, self.comments())


class Builder:
    """Clauses of one puzzle as they are made, with the next free variable."""

    def __init__(self, puzzle: Rules, sums: str, guard_sums: bool = False, top: int = 0):
        if sums not in SUM_ENCODINGS and sums != DEFAULT_SUMS:
            raise UsageError(f"unknown sum encoding {sums!r}; known: {', '.join(SUM_ENCODINGS)}")
        self.chosen = sums != DEFAULT_SUMS
        """False: each sum family takes its default (cages and arrows: ``combos``)."""
        self.p, self.n = puzzle, puzzle.size
        self.sums = sums if self.chosen else "combos"
        self.top = max(top, puzzle.cells * puzzle.size)
        """Grid literals 1..N**3, then the extra cells' (``model/extra.py``), then the
        auxiliaries."""
        self.clauses: list[Clause] = []
        self.parts: dict[str, int] = {}
        self.part = ""
        self.guard_sums = guard_sums
        self.implied = True
        """False: no redundant clause the rules imply, inside a rule's own clauses too
        (a cage's digit sets cleared from its house), as explanations and ratings read
        the rules (``encode_variant(implied=False)``)."""
        self.selectors: dict[Any, int] = {}
        self.session = False
        """Session mode: facts (pencil marks, parity) are assumptions, not unit clauses."""
        self.same_region: dict[tuple[int, int], int] = {}
        """Session mode, when the skeleton has them: (a, c) -> the selector of "a and c
        share a region" (a jigsaw's regions)."""
        self.assume: list[int] = []
        self.steps: dict[tuple[int, int], int] = {}
        """Session mode, when the skeleton has them: (a, b) -> the selector of "a < b"."""
        self.relations: dict[object, dict[tuple[int, int], int]] = {}
        """Session mode: (registry class, label) -> the selectors of that relation on
        cells a king's move apart (``Constraint.pair_relations``)."""
        self.cell_rules: dict[object, int] = {}
        """Session mode: registry class -> where its cell selectors start (cell c: base+1+c)."""
        self.shared: dict[object, int] = {}
        """Literals made once for the whole formula, keyed by their maker, their clauses
        added at once (unguarded): a chaos construction's "same region" of two cells."""
        self.order: dict[int, list[int]] = {}
        """cell -> its order literals (index k: "digit ≥ k", 2 ≤ k ≤ N), the skeleton's in
        a session that has them, else made on first use."""

    def x(self, cell: int, d: int) -> int:
        return cell * self.n + d

    @cached_property
    def groups(self) -> list[tuple[int, ...]]:
        """The puzzle's all-different groups beyond rows, columns and regions (diagonals,
        extra regions, disjoint groups, cages: ``Constraint.groups``)."""
        n, regions = self.n, self.p.regions
        return [g for c in self.p.constraints for g in c.groups(n, regions)]

    def sees(self, a: int, c: int) -> bool:
        """True when cells a and c share a row, a column or a region, so that their
        digits differ by the grid's own rules (a Raw grid has no rows or columns)."""
        if not self.p.raw and in_line(self.n, a, c):
            return True
        region = self.region_of
        return region.get(a, -1) == region.get(c, -2)

    @cached_property
    def region_of(self) -> dict[int, int]:
        """cell -> the index of its region (none for a cell in no region)."""
        return {c: k for k, cells in enumerate(self.p.regions) for c in cells}

    def fresh(self) -> int:
        self.top += 1
        return self.top

    def add(self, clauses: Iterable[Clause]) -> None:
        before = len(self.clauses)
        self.clauses.extend(clauses)
        self.parts[self.part] = self.parts.get(self.part, 0) + len(self.clauses) - before

    def digits(self) -> range:
        return range(1, self.n + 1)

    def ge(self, cell: int, k: int) -> int:
        """The literal "the cell's digit is at least k", 2 ≤ k ≤ N (order encoding)."""
        return self.orders_of(cell)[k]

    def orders_of(self, cell: int) -> list[int]:
        """The cell's order literals, index k = 2..N (``ge``), made on first use alone."""
        lits = self.order.get(cell)
        if lits is None:
            lits = self.order[cell] = [0, 0, *(self.fresh() for _ in range(2, self.n + 1))]
            self.add(order_clauses(self, cell, lits))
        return lits

    def related(self, kind: object, a: int, c: int, fits: dict[int, list[int]]) -> list[Clause]:
        """a and c keep the relation fits: the skeleton's selector of kind (assumed, no
        clause) in a session that has it; else x(a,d) → ∨ x(c,e), e in fits[d], and the
        converse support (arc consistent)."""
        selector = self.relations.get(kind, {}).get((a, c))
        if selector is not None:
            self.assume.append(selector)
            return []
        return relation(self, a, c, fits)

    def cell_rule(self, kind: Any, cell: int) -> list[Clause]:
        """The clauses of the registry class kind on one cell (``cell_clauses``): the
        skeleton's selector of that cell (assumed, no clause) in a session that has it."""
        base = self.cell_rules.get(kind)
        if base is not None:
            self.assume.append(base + 1 + cell)
            return []
        return list(kind.cell_clauses(cell, self.n))

    def facts(self, lits: list[int]) -> list[Clause]:
        """Literals that hold: in a session assumed (no clause), else unit clauses."""
        if self.session:
            self.assume.extend(lits)
            return []
        return [[lit] for lit in lits]

    def less(self, a: int, c: int) -> list[Clause]:
        """a's digit below c's: in a session whose skeleton has the steps, its selector
        (assumed, no clause); else x(a,d) → ∨ x(c,e), e > d, and the converse support."""
        if (a, c) in self.steps:
            self.assume.append(self.steps[(a, c)])
            return []
        return list(_less(self.n, a, c))


@lru_cache(maxsize=8192)
def _less(n: int, a: int, c: int) -> tuple[Clause, ...]:
    """The clauses of ``Builder.less``, made once a pair of cells (formulas share them:
    nothing changes a clause once made). A real maximum puzzle (81 pairs) spent 0.6 of
    its 1.4 ms making them each time."""
    base_a, base_c = a * n, c * n
    digits = range(1, n + 1)
    out = [[-(base_a + d), *(base_c + e for e in range(d + 1, n + 1))] for d in digits]
    return (*out, *([-(base_c + e), *(base_a + d for d in range(1, e))] for e in digits))


def support(b: Builder, a: int, c: int, fits: dict[int, list[int]]) -> list[Clause]:
    """x(a,d) → ∨ x(c,e) over e in fits[d], and x(c,e) → ∨ x(a,d) over the d it fits."""
    return _placed(b.n, a, c, _shape(b.n, _key(b.n, fits), False))


def relation(b: Builder, a: int, c: int, fits: dict[int, list[int]]) -> list[Clause]:
    """a and c keep the relation fits, in its cheaper form under unit propagation: the
    banned digit pairs as binary clauses when they are few (at most 2N: "not
    consecutive", "no X"), else ``support`` (a dot, a whisper)."""
    return _placed(b.n, a, c, _shape(b.n, _key(b.n, fits), True))


Shape = tuple[tuple[tuple[int, int], ...], ...]
"""Clauses over two cells: (0 for the first cell or 1 for the second, ±digit) each."""


def _key(n: int, fits: dict[int, list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(fits[d]) for d in range(1, n + 1))


@cache
def _shape(n: int, fits: tuple[tuple[int, ...], ...], cheaper: bool) -> Shape:
    """The clauses of a relation between two cells, once per relation (a skeleton places
    it on every pair of neighbours): the banned pairs when cheaper and they are few,
    else the supports both ways."""
    digits = range(1, n + 1)
    allowed = [set(fits[d - 1]) for d in digits]
    banned = [(d, e) for d in digits for e in digits if e not in allowed[d - 1]]
    if cheaper and len(banned) <= 2 * n:
        return tuple(((0, -d), (1, -e)) for d, e in banned)
    back: dict[int, list[int]] = {e: [] for e in digits}
    out: list[tuple[tuple[int, int], ...]] = []
    for d in digits:
        out.append(((0, -d), *((1, e) for e in fits[d - 1])))
        for e in fits[d - 1]:
            back[e].append(d)
    out += [((1, -e), *((0, d) for d in back[e])) for e in digits]
    return tuple(out)


def _placed(n: int, a: int, c: int, shape: Shape) -> list[Clause]:
    base = (a * n, c * n)
    return [
        [base[side] + d if d > 0 else -base[side] + d for side, d in clause] for clause in shape
    ]


def order_clauses(b: Builder, cell: int, ge: list[int]) -> list[Clause]:
    """ge[k] ↔ the cell's digit ≥ k (k = 2..N): a ladder ge[k] → ge[k-1], x(c,d) → ge[d]
    and ¬ge[d+1], and ge[k] ∧ ¬ge[k+1] → x(c,k) (4N-4 clauses): unit propagation carries
    bounds both ways between the order literals and the digits."""
    n, x = b.n, b.x
    out = [[-ge[k], ge[k - 1]] for k in range(3, n + 1)]
    out += [[-x(cell, d), ge[d]] for d in range(2, n + 1)]
    out += [[-x(cell, d), -ge[d + 1]] for d in range(1, n)]
    out.append([ge[2], x(cell, 1)])
    out += [[-ge[k], ge[k + 1], x(cell, k)] for k in range(2, n)]
    out.append([-ge[n], x(cell, n)])
    return out
