"""The rule formulas of the four grid encodings, built from named parts.

Every encoding uses the statement's variables x(i, j, k) = N²·i + N·j + k (through
``encoding.var``); auxiliary variables come after N³ from an :class:`Allocator`.
Parts, by the statement's names: K1 (each cell has a value), K2 (at most one value per
cell), L1 C1 B1 (each value at least once per row, column, block), L2 C2 B2 (at most
once).

- ``minimal``: K1 L2 C2 B2. Pigeonhole makes every model a grid: a row's N cells each
  hold a value and no value twice, so each holds exactly one. N² + 3N²·C(N,2) clauses
  pairwise (8,829 for 9x9).
- ``natural`` (Lynce and Ouaknine's "efficient"): K1 K2 L2 C2 B2, N² + 4N²·C(N,2)
  (11,745).
- ``extended``: the Centrale formula, K1 L1 C1 B1 K2 L2 C2 B2, 4N² + 4N²·C(N,2) (11,988);
  pairwise it *is* ``encoding.rule_part``'s output, unchanged.
- ``augmented``: extended plus one *triad* variable per value and intersection of a
  block with a row (horizontal triad, n cells) or a column (vertical triad), as in the
  tdoku benchmark's augmented encoding. TH/TV define a triad as the disjunction of its
  cells (¬t ∨ c_1 ∨ ... ∨ c_n, and c_i → t); TR, TC, TBH, TBV say that exactly one of a
  row's, a column's, a block's horizontal and a block's vertical triads holds each
  value. UP then performs pointing and claiming (locked candidates): when a block's
  value is confined to one row, the block's other triads are false, so that row's triad
  is true, so the row's other triads are false and so are their cells. 2nN² triad
  variables (486 for 9x9); pairwise 2nN²(n+1) + 4N²(1 + C(n,2)) more clauses (3,240,
  for 15,228 in all).

The at-most-one parts (K2 L2 C2 B2, and the triad groups' AMO halves) use the chosen
method of :mod:`.amo`; pairwise is the statement's.
"""

from __future__ import annotations

from itertools import chain

from ..encoding import rule_part, var
from ..grid import Clause, Geometry, geometry
from .amo import Allocator, at_most_one

VARIANTS = ("minimal", "natural", "extended", "augmented")
PARTS: dict[str, tuple[str, ...]] = {
    "minimal": ("K1", "L2", "C2", "B2"),
    "natural": ("K1", "K2", "L2", "C2", "B2"),
    "extended": ("K1", "L1", "C1", "B1", "K2", "L2", "C2", "B2"),
}
TRIAD_PARTS = ("TH", "TV", "TR", "TC", "TBH", "TBV")
PARTS["augmented"] = PARTS["extended"] + TRIAD_PARTS

Part = tuple[str, list[Clause]]


def _cell_lit(n: int, cell: int, k: int) -> int:
    return var(n, *divmod(cell, n * n), k)


def _unit_groups(geo: Geometry, units: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """Per unit and value, the literals of that value in the unit's cells."""
    return [
        [_cell_lit(geo.n, c, k) for c in unit] for unit in units for k in range(1, geo.size + 1)
    ]


def _cell_groups(geo: Geometry) -> list[list[int]]:
    return [[_cell_lit(geo.n, c, k) for k in range(1, geo.size + 1)] for c in range(geo.ncells)]


def amo_part(groups: list[list[int]], amo: str, alloc: Allocator) -> list[Clause]:
    """At-most-one over each group, in order."""
    return list(chain.from_iterable(at_most_one(g, amo, alloc) for g in groups))


def _amo_groups(geo: Geometry, name: str) -> list[list[int]]:
    units = {"L2": geo.rows, "C2": geo.cols, "B2": geo.blocks}
    return _cell_groups(geo) if name == "K2" else _unit_groups(geo, units[name])


class Triads:
    """The triad variables of order n: horizontal (row i, band column b, value k) then
    vertical (column j, band row a, value k), numbered from ``first``."""

    def __init__(self, geo: Geometry, alloc: Allocator):
        self.geo = geo
        count = geo.size * geo.n * geo.size
        self.h0 = alloc.new(count)[0] if count else 0
        self.v0 = alloc.new(count)[0]

    def h(self, i: int, b: int, k: int) -> int:
        """Value k lies in row i within the b-th block column (cells n·b .. n·b+n-1)."""
        g = self.geo
        return self.h0 + (i * g.n + b) * g.size + k - 1

    def v(self, j: int, a: int, k: int) -> int:
        """Value k lies in column j within the a-th block row."""
        g = self.geo
        return self.v0 + (j * g.n + a) * g.size + k - 1

    def definitions(self, horizontal: bool) -> list[Clause]:
        """t ↔ c_1 ∨ ... ∨ c_n for every triad of one direction."""
        g, n = self.geo, self.geo.n
        out: list[Clause] = []
        for line in range(g.size):
            for b in range(n):
                for k in range(1, g.size + 1):
                    if horizontal:
                        t, cells = self.h(line, b, k), [(line, n * b + r) for r in range(n)]
                    else:
                        t, cells = self.v(line, b, k), [(n * b + r, line) for r in range(n)]
                    lits = [var(n, i, j, k) for i, j in cells]
                    out.append([-t, *lits])
                    out += [[-x, t] for x in lits]
        return out

    def groups(self, name: str) -> list[list[int]]:
        """The triad groups of part TR, TC, TBH or TBV, one per unit and value."""
        g, n, out = self.geo, self.geo.n, []
        for u in range(g.size):
            for k in range(1, g.size + 1):
                if name == "TR":
                    out.append([self.h(u, b, k) for b in range(n)])
                elif name == "TC":
                    out.append([self.v(u, a, k) for a in range(n)])
                elif name == "TBH":  # block u = (band row u // n, band column u % n)
                    out.append([self.h(n * (u // n) + r, u % n, k) for r in range(n)])
                else:
                    out.append([self.v(n * (u % n) + r, u // n, k) for r in range(n)])
        return out


def _exactly_one(groups: list[list[int]], amo: str, alloc: Allocator) -> list[Clause]:
    return [list(g) for g in groups] + amo_part(groups, amo, alloc)


def rule_parts(n: int, variant: str, amo: str, alloc: Allocator) -> list[Part]:
    """The named parts of a variant's rule formula, allocating auxiliaries from alloc."""
    if variant not in PARTS:
        raise KeyError(f"unknown encoding {variant!r}; known: {', '.join(VARIANTS)}")
    geo = geometry(n)
    triads = Triads(geo, alloc) if variant == "augmented" else None
    parts: list[Part] = []
    for name in PARTS[variant]:
        if triads is not None and name in ("TH", "TV"):
            parts.append((name, triads.definitions(name == "TH")))
        elif triads is not None and name in TRIAD_PARTS:
            parts.append((name, _exactly_one(triads.groups(name), amo, alloc)))
        elif name.endswith("1") or amo == "pairwise":
            parts.append((name, rule_part(n, name)))
        else:
            parts.append((name, amo_part(_amo_groups(geo, name), amo, alloc)))
    return parts
