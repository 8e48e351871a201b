"""The variant CNF with the origin of every clause: which rule instance made it (a cell,
a row, a column, a region, a cage, a line, a dot, a registry constraint, a given), so
that an explanation can name the constraint that forced a step, with its cells.

Built piece by piece with the encoder's own parts (``encode.SKELETON`` and ``CLUES``):
each piece is the puzzle stripped of every clue but one instance (regions kept, since
some rules read them), encoded on a :class:`Builder` whose auxiliaries follow the
previous piece's. Cells, rows, columns and regions are written here, one origin each,
with the same clauses as ``encode`` (exactly one digit per cell; in each N-cell unit
every digit at least once and at most once). The union is the puzzle's formula up to
the numbering of auxiliaries; ``tests/test_difficulty_variants.py`` counts its
solutions against ``encode_variant``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from ..grid import Clause
from .builder import DEFAULT_SUMS, Builder
from .encode import CLUES, IMPLIED, SKELETON
from .model import Variant, all_different_groups

STRUCTURE = ("cell", "row", "column", "box", "region")
"""The kinds of origin every Sudoku has; the others are the puzzle's own rules."""
LABELS = {
    "diagonal+": "diagonal (bottom-left to top-right)",
    "diagonal-": "diagonal (top-left to bottom-right)",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "nonconsecutive": "non-consecutive",
    "disjointgroups": "disjoint groups",
    "difference": "no white dot elsewhere",
    "ratio": "no black dot elsewhere",
    "xv": "no X or V elsewhere",
}
"""How a global rule or a negative constraint is named in an explanation."""


@dataclass(frozen=True)
class Origin:
    """A rule instance: ``kind`` (cell, row, killer cage, thermometer, ...), a ``detail``
    (a cage's sum, a dot's value) and the cells it is about."""

    kind: str
    cells: tuple[int, ...] = ()
    detail: str = ""

    @property
    def structural(self) -> bool:
        return self.kind in STRUCTURE


@dataclass(frozen=True)
class TaggedFormula:
    """The clauses, the number of variables, and each clause's origin (an index into
    ``origins``)."""

    size: int
    nvars: int
    clauses: list[Clause]
    origin_of: list[int]
    origins: list[Origin]


def stripped(puzzle: Variant) -> Variant:
    """The puzzle with no rule beyond cells, rows, columns and its regions."""
    return replace(
        puzzle,
        givens=(0,) * puzzle.ncells,
        rules=frozenset(),
        extra_regions=(),
        cages=(),
        thermometers=(),
        arrows=(),
        dots=(),
        odd=(),
        even=(),
        pencil=(),
        negative=frozenset(),
        jigsaw=False,
        constraints=(),
    )


def pieces(puzzle: Variant) -> Iterator[tuple[Origin, Variant]]:
    """Every rule instance beyond the structure, with the stripped puzzle holding it alone."""
    base, n = stripped(puzzle), puzzle.size
    for rule in sorted(puzzle.rules):
        piece = replace(base, rules=frozenset({rule}))
        groups = all_different_groups(piece, cages=False)
        cells = tuple(sorted({c for g in groups for c in g}))
        yield Origin(LABELS.get(rule, rule), cells if len(cells) < puzzle.ncells else ()), piece
    for region in puzzle.extra_regions:
        yield Origin("extra region", region), replace(base, extra_regions=(region,))
    for cage in puzzle.cages:
        sum_ = "" if cage.total is None else f"sum {cage.total}"
        yield Origin("killer cage", cage.cells, sum_), replace(base, cages=(cage,))
    for line in puzzle.thermometers:
        yield Origin("thermometer", line), replace(base, thermometers=(line,))
    for arrow in puzzle.arrows:
        circle = " ".join(f"r{c // n + 1}c{c % n + 1}" for c in arrow.circle)
        origin = Origin("arrow", arrow.line, f"circle {circle}")
        yield origin, replace(base, arrows=(arrow,))
    for dot in puzzle.dots:
        kind = {"difference": "white dot", "ratio": "black dot"}.get(dot.kind, "")
        kind = kind or {10: "X", 5: "V"}.get(dot.value, "sum dot")
        yield Origin(kind, dot.cells, str(dot.value)), replace(base, dots=(dot,))
    for c in puzzle.odd:
        yield Origin("odd cell", (c,)), replace(base, odd=(c,))
    for c in puzzle.even:
        yield Origin("even cell", (c,)), replace(base, even=(c,))
    for c, digits in puzzle.pencil:
        marks = "".join(map(str, digits))
        yield Origin("pencil marks", (c,), marks), replace(base, pencil=((c, digits),))
    for constraint in puzzle.constraints:
        origin = Origin(constraint.rule or constraint.key, constraint.cells_named())
        yield origin, replace(base, constraints=(constraint,))


def _units(puzzle: Variant) -> Iterator[Origin]:
    n = puzzle.size
    for r in range(n):
        yield Origin("row", tuple(r * n + c for c in range(n)), str(r + 1))
    for c in range(n):
        yield Origin("column", tuple(r * n + c for r in range(n)), str(c + 1))
    kind = "region" if puzzle.jigsaw else "box"
    for k, region in enumerate(puzzle.regions):
        yield Origin(kind, region, str(k + 1))


def tagged_formula(puzzle: Variant, givens: bool = True) -> TaggedFormula:
    """The puzzle's clauses, each with its origin."""
    n = puzzle.size
    clauses: list[Clause] = []
    origin_of: list[int] = []
    origins: list[Origin] = []

    def add(origin: Origin, made: list[Clause]) -> None:
        if made:
            origins.append(origin)
            clauses.extend(made)
            origin_of.extend([len(origins) - 1] * len(made))

    digits = range(1, n + 1)
    for cell in range(puzzle.ncells):
        made = [[cell * n + d for d in digits]]
        made += [[-(cell * n + d), -(cell * n + e)] for d, e in combinations(digits, 2)]
        add(Origin("cell", (cell,)), made)
    for origin in _units(puzzle):
        add(origin, _group(n, origin.cells))
    top = n**3
    negatives = sorted(puzzle.negative)
    for origin, piece in pieces(puzzle):
        made, top = _encode(piece, top)
        add(origin, made)
    for kind in negatives:
        marked = replace(stripped(puzzle), dots=puzzle.dots)
        before = {tuple(c) for c in _encode(marked, top)[0]}
        made, _ = _encode(replace(marked, negative=frozenset({kind})), top)
        add(Origin(LABELS.get(kind, kind)), [c for c in made if tuple(c) not in before])
    if givens:
        for cell, d in enumerate(puzzle.givens):
            if d:
                add(Origin("given", (cell,), str(d)), [[cell * n + d]])
    return TaggedFormula(n, top, clauses, origin_of, origins)


def _group(n: int, cells: tuple[int, ...]) -> list[Clause]:
    out: list[Clause] = []
    for d in range(1, n + 1):
        out.append([c * n + d for c in cells])
        out.extend([-(a * n + d), -(c * n + d)] for a, c in combinations(cells, 2))
    return out


def _encode(piece: Variant, top: int) -> tuple[list[Clause], int]:
    """The clauses of a stripped puzzle's one instance, auxiliaries after top."""
    b = Builder(piece, DEFAULT_SUMS, top=top)
    for name, part in (*SKELETON, *CLUES):
        if name not in ("cells", "units") and name not in IMPLIED:
            b.part = name
            part(b)
    return b.clauses, b.top
