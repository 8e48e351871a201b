"""A variant Sudoku as plain data: size, regions, givens and the list of rule instances.

Glossary (size N, cells ``c = r*N + col`` row-major from 0, digits 1..N, 0 for a blank):

- region: N cells that hold every digit once. By default the f-puzzles boxes: n x n for a
  square N, otherwise rectangles of ``BOX_SHAPES[N]`` (rows x columns): 6x6 in 2x3, 8x8 in
  2x4, 10x10 in 2x5, 12x12 in 3x4, 15x15 in 3x5. A jigsaw puzzle replaces them.
- global rules (:data:`GLOBAL_RULES`): ``diagonal+`` (bottom-left to top-right) and
  ``diagonal-`` (top-left to bottom-right) all different, ``antiknight``, ``antiking``,
  ``nonconsecutive`` (orthogonal neighbours differ by more than 1), ``disjointgroups``
  (the same position in every region all different).
- per-clue rules: extra regions (windoku) and killer cages (all different, optional sum),
  thermometers (strictly increasing from the bulb), arrows (circle = sum of the line;
  a circle of several cells reads as a number), difference (kropki white, default 1) and
  ratio (kropki black, default 2) dots, XV pairs (sum 10 or 5), odd and even cells, and
  given pencil marks (the digits a cell may hold).
- ``negative``: the relations ("difference", "ratio", "xv") whose marks are all given, so
  that a pair of orthogonal neighbours with no mark of that kind does not satisfy it
  (with the values of the puzzle's marks of that kind: :func:`negated_values`).

The 13 rule names of :data:`RULE_NAMES` (and diagonal+ or diagonal- for one diagonal alone)
are what ``rules_of`` reports and what the
benchmark and the CLI's ``--rule`` speak of.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ..errors import InputError
from ..grid import Grid
from .constraint import Constraint

BOX_SHAPES = {6: (2, 3), 8: (2, 4), 10: (2, 5), 12: (3, 4), 15: (3, 5)}
"""f-puzzles' default box (rows, columns) for the sizes that are not squares."""
MIN_SIZE = 4
MAX_SIZE = 16
GLOBAL_RULES = (
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjointgroups",
)
RULE_NAMES = (
    "x",
    "windoku",
    "anti-knight",
    "anti-king",
    "non-consecutive",
    "disjoint-groups",
    "jigsaw",
    "killer",
    "thermometer",
    "arrow",
    "kropki",
    "xv",
    "odd-even",
)
"""The 13 rule sets, as the CLI names them."""
NEGATABLE = ("difference", "ratio", "xv")
NEGATED_BY_DEFAULT = {"difference": (1,), "ratio": (2,), "xv": (5, 10)}
"""The values a negative excludes when the puzzle has no mark of its kind (XV: always)."""

Pair = tuple[int, int]


@dataclass(frozen=True)
class Cage:
    """A killer cage: cells all different, summing to total when it is given."""

    cells: tuple[int, ...]
    total: int | None = None


@dataclass(frozen=True)
class Arrow:
    """An arrow: the circle's cells read as a number equal the sum of the line's cells."""

    circle: tuple[int, ...]
    line: tuple[int, ...]


@dataclass(frozen=True)
class Dot:
    """A relation between two orthogonal neighbours: kind "difference" (|a-b| = value),
    "ratio" (a = value*b or b = value*a) or "sum" (a + b = value, XV)."""

    kind: str
    cells: Pair
    value: int


@dataclass(frozen=True)
class Variant:
    """One variant puzzle. ``regions`` are the N-cell regions (boxes or jigsaw pieces)."""

    size: int
    givens: Grid
    regions: tuple[tuple[int, ...], ...]
    rules: frozenset[str] = frozenset()
    extra_regions: tuple[tuple[int, ...], ...] = ()
    cages: tuple[Cage, ...] = ()
    thermometers: tuple[tuple[int, ...], ...] = ()
    arrows: tuple[Arrow, ...] = ()
    dots: tuple[Dot, ...] = ()
    odd: tuple[int, ...] = ()
    even: tuple[int, ...] = ()
    pencil: tuple[tuple[int, tuple[int, ...]], ...] = ()
    negative: frozenset[str] = frozenset()
    jigsaw: bool = False
    constraints: tuple[Constraint, ...] = ()
    """The instances of the registry's constraints (``variants/constraints/``)."""
    solution: Grid | None = None
    origin: str = "<input>"
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def ncells(self) -> int:
        """N*N."""
        return self.size * self.size

    def with_givens(self, givens: Grid) -> Variant:
        """The same rules with other givens."""
        return replace(self, givens=tuple(givens))

    def svg(self, values: Grid | None = None) -> str:
        """The puzzle drawn as setters draw it (SVG text; ``variants/svg.py``), with the
        digits of values filled in when given."""
        from .svg import draw

        return draw(self, values)

    def _repr_svg_(self) -> str:
        """What a notebook shows for a Variant that ends a cell."""
        return self.svg()


def negated_values(puzzle: Variant, kind: str) -> tuple[int, ...]:
    """The values that a negative of kind ("difference", "ratio", "xv") excludes between
    neighbours without a mark: every value the puzzle's white (difference) or black
    (ratio) dots carry, or 1 / 2 when there is none; X and V's 10 and 5. So a negative
    black-dot puzzle whose dots say 3 forbids a ratio of 3 elsewhere, not 2: the reading of
    the f-puzzles solver add-on (rangsk's SudokuSolver, ``SolverFactory.cs``: one
    ``neg`` ratio per value of the puzzle's ratio dots, ``neg2`` when it has none)."""
    if kind == "xv":
        return NEGATED_BY_DEFAULT[kind]
    values = sorted({d.value for d in puzzle.dots if d.kind == kind})
    return tuple(values) or NEGATED_BY_DEFAULT[kind]


def box_shape(size: int) -> tuple[int, int]:
    """f-puzzles' default box (rows, columns) for size N."""
    root = math.isqrt(size)
    if root * root == size:
        return root, root
    if size in BOX_SHAPES:
        return BOX_SHAPES[size]
    return 1, size  # 5x5, 7x7, 11x11, 13x13, 14x14: no boxes (the file gives the regions)


def has_default_boxes(size: int) -> bool:
    """True when f-puzzles draws boxes of its own at size N (squares, 6, 8, 10, 12, 15);
    at 5, 7, 11, 13 and 14 a puzzle's file must give every cell its region."""
    return box_shape(size)[0] > 1


def default_regions(size: int) -> tuple[tuple[int, ...], ...]:
    """The default boxes of size N, numbered in reading order, cells in reading order."""
    h, w = box_shape(size)
    out = []
    for br in range(0, size, h):
        for bc in range(0, size, w):
            out.append(tuple(r * size + c for r in range(br, br + h) for c in range(bc, bc + w)))
    return tuple(out)


def windoku_regions(size: int) -> tuple[tuple[int, ...], ...]:
    """The four extra 3x3 regions of a 9x9 windoku (rows and columns 2-4 and 6-8)."""
    return tuple(
        tuple(r * size + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3))
        for r0 in (1, 5)
        for c0 in (1, 5)
    )


def classic(size: int, givens: Grid, origin: str = "<input>") -> Variant:
    """A plain Sudoku of size N with the default boxes; InputError past :data:`MAX_SIZE`
    (the variant path, f-puzzles, candidates and SVG drawings stop at 16x16)."""
    if size > MAX_SIZE:
        raise InputError(
            f"a {size}x{size} grid: variant rules, candidates, f-puzzles and SVG drawings "
            f"go up to {MAX_SIZE}x{MAX_SIZE}",
            origin,
        )
    return Variant(size, tuple(givens), default_regions(size), origin=origin)


def rules_of(puzzle: Variant) -> list[str]:
    """The names (from :data:`RULE_NAMES`) of the rule sets the puzzle uses, in that order,
    then the rule names of its registry constraints in the order they come."""
    dots = {d.kind for d in puzzle.dots}
    diagonals = sorted({"diagonal+", "diagonal-"} & puzzle.rules)
    present = {
        "x": len(diagonals) == 2,
        "windoku": bool(puzzle.extra_regions),
        "anti-knight": "antiknight" in puzzle.rules,
        "anti-king": "antiking" in puzzle.rules,
        "non-consecutive": "nonconsecutive" in puzzle.rules,
        "disjoint-groups": "disjointgroups" in puzzle.rules,
        "jigsaw": puzzle.jigsaw,
        "killer": bool(puzzle.cages),
        "thermometer": bool(puzzle.thermometers),
        "arrow": bool(puzzle.arrows),
        "kropki": bool(dots & {"difference", "ratio"})
        or bool({"difference", "ratio"} & puzzle.negative),
        "xv": "sum" in dots or "xv" in puzzle.negative,
        "odd-even": bool(puzzle.odd or puzzle.even),
    }
    names = [name for name in RULE_NAMES if present[name]]
    one = diagonals if len(diagonals) == 1 else []  # one diagonal is not x: named as --rule does
    return one + names + list(dict.fromkeys(c.rule for c in puzzle.constraints))


CLI_RULES = {
    "x": ("diagonal+", "diagonal-"),
    "diagonal+": ("diagonal+",),
    "diagonal-": ("diagonal-",),
    "anti-knight": ("antiknight",),
    "anti-king": ("antiking",),
    "non-consecutive": ("nonconsecutive",),
    "disjoint-groups": ("disjointgroups",),
    "windoku": (),
}
"""The rules ``--rule NAME`` adds to a plain grid, by name (windoku adds extra regions)."""


def with_rules(puzzle: Variant, names: list[str] | tuple[str, ...]) -> Variant:
    """The puzzle with the global rules named (keys of :data:`CLI_RULES`) added."""
    rules = set(puzzle.rules)
    extra = puzzle.extra_regions
    for name in names:
        rules.update(CLI_RULES[name])
        if name == "windoku" and not extra:
            extra = windoku_regions(puzzle.size)
    return replace(puzzle, rules=frozenset(rules), extra_regions=extra)


def consecutive_exempt(puzzle: Variant) -> frozenset[Pair]:
    """The pairs a non-consecutive rule leaves free: those carrying a white (difference)
    dot. f-puzzles stores "all white dots given" as ``nonconsecutive`` plus the dots (its
    negative constraint for the difference of 1, as the f-puzzles solver add-on reads it)."""
    if "nonconsecutive" not in puzzle.rules:
        return frozenset()
    return frozenset(d.cells for d in puzzle.dots if d.kind == "difference")


def cell_name(size: int, cell: int) -> str:
    """f-puzzles' name of a cell: R1C1 for cell 0."""
    r, c = divmod(cell, size)
    return f"R{r + 1}C{c + 1}"


def orthogonal_pairs(size: int) -> list[Pair]:
    """Every pair of orthogonal neighbours (a < b), row pairs then column pairs."""
    across = [(r * size + c, r * size + c + 1) for r in range(size) for c in range(size - 1)]
    down = [(r * size + c, (r + 1) * size + c) for r in range(size - 1) for c in range(size)]
    return across + down


def offset_pairs(size: int, moves: tuple[Pair, ...]) -> list[Pair]:
    """Every pair of cells a < b that one of the (dr, dc) moves joins."""
    out = set()
    for r in range(size):
        for c in range(size):
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < size and 0 <= cc < size:
                    a, b = r * size + c, rr * size + cc
                    out.add((min(a, b), max(a, b)))
    return sorted(out)


KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))
KING = ((1, 1), (1, -1), (0, 1), (1, 0))


def all_different_groups(puzzle: Variant, cages: bool = True) -> list[tuple[int, ...]]:
    """The groups besides rows, columns and regions whose digits must differ."""
    n, out = puzzle.size, []
    if "diagonal-" in puzzle.rules:
        out.append(tuple(i * n + i for i in range(n)))
    if "diagonal+" in puzzle.rules:
        out.append(tuple((n - 1 - i) * n + i for i in range(n)))
    if "disjointgroups" in puzzle.rules:
        out.extend(tuple(sorted(r)[k] for r in puzzle.regions) for k in range(n))
    out.extend(puzzle.extra_regions)
    if cages:
        out.extend(c.cells for c in puzzle.cages)
    return out
