"""One puzzle type from the reader to the kernels: a :class:`~sudoku_sat.gridio.Puzzle`
carries its rules (``Puzzle.variant``), and this module turns text into such puzzles and
puzzles into the variant library's :class:`Variant`.

- A classic grid is a puzzle with no extra rules: an f-puzzles file whose puzzle has only
  givens and the default boxes of a square size comes back as a classic ``Puzzle``
  (``variant`` None), so the classic engines answer it.
- ``Puzzle.n`` is the box side; a variant whose size is not a square (6x6, 8x8, ...) has
  none, and ``n`` is 0 there (``Puzzle.size`` is the side of the grid in every case).
- Global rules (``rule``, the CLI's ``--rule`` names) make any puzzle a variant.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ..errors import GridError, UsageError
from ..gridio import Puzzle, parse_puzzles
from .fpuzzles import is_variant_text, parse_variants
from .model import CLI_RULES, Variant, classic, rules_of, with_rules


def rule_names(rule: str | Sequence[str] | None) -> list[str]:
    """The global rules asked for (one name or several), each checked."""
    names = [rule] if isinstance(rule, str) else list(rule or ())
    for name in names:
        if name not in CLI_RULES:
            raise UsageError(f"--rule {name!r}: known rules are {', '.join(CLI_RULES)}")
    return names


def is_classic(v: Variant) -> bool:
    """True when the variant has nothing beyond a classic puzzle of a square size."""
    square = math.isqrt(v.size) ** 2 == v.size
    return square and not v.jigsaw and not v.pencil and not rules_of(v)


def puzzle_of(v: Variant) -> Puzzle:
    """The Puzzle of a variant (classic when it has no extra rule)."""
    root = math.isqrt(v.size)
    n = root if root * root == v.size else 0
    rules = None if is_classic(v) else v
    return Puzzle(n, tuple(v.givens), v.origin, solution=v.solution, variant=rules)


def variant_of(p: Puzzle) -> Variant:
    """The Variant of any puzzle (a classic one gets its default boxes)."""
    if p.variant is not None:
        return p.variant
    return replace(classic(p.n * p.n, p.grid, p.origin), solution=p.solution)


def with_global_rules(p: Puzzle, names: list[str]) -> Puzzle:
    """The puzzle with the global rules named added (a classic one becomes a variant)."""
    if not names:
        return p
    v = with_rules(variant_of(p), names)
    return Puzzle(p.n, p.grid, p.origin, p.count, p.solution, v)


def solved(p: Puzzle, grid: tuple[int, ...]) -> Puzzle:
    """The puzzle p with every cell filled by grid (its rules kept)."""
    v = None if p.variant is None else p.variant.with_givens(grid)
    return Puzzle(p.n, tuple(grid), p.origin, variant=v)


def parse_any(
    text: str,
    source: str = "<input>",
    alphabet: str | None = None,
    order: int | None = None,
    rule: str | Sequence[str] | None = None,
) -> list[Puzzle]:
    """Every puzzle in text, whatever the command line reads: grids in every format,
    f-puzzles JSON (one object, or one a line) and f-puzzles or SudokuPad links."""
    names = rule_names(rule)
    if is_variant_text(text):
        puzzles = [puzzle_of(v) for v in parse_variants(text, source)]
    else:
        puzzles = parse_puzzles(text, source, alphabet, order)
    return [with_global_rules(p, names) for p in puzzles]


def one_puzzle(puzzles: list[Puzzle]) -> Puzzle:
    """The one puzzle of a text, or GridError."""
    if len(puzzles) != 1:
        raise GridError(f"expected one puzzle, found {len(puzzles)} (use read() for a file)")
    return puzzles[0]
