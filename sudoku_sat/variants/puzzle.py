"""The one reader: text in every format a command or the API reads, into puzzles.

Grids in every text format (``gridio``: lines, rows, numbers, drawn grids), f-puzzles
JSON (one object, or one a line) and f-puzzles or SudokuPad links (``fpuzzles``), and
sigh's constraint strings (``sigh``: a text whose first line starts ``.Name`` or ``.~``),
told apart by content. Every one comes back as the one :class:`~sudoku_sat.model.puzzle.Puzzle`:
a classic grid is a puzzle with no constraints, an f-puzzles file whose puzzle has only
givens and the default boxes of a square size is one too, so the classic engines answer
it. Rules named by ``rule`` (the vocabulary of ``constraints.rules()``: ``x``,
``anti-knight``, ``diagonal+``, ``windoku``, ...) are added to every puzzle read: the
global rules only, which need no clue.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..arguments import split_names
from ..errors import GridError, UsageError
from ..files import read_text
from ..gridio import parse_puzzles
from ..model.constraint import Constraint
from ..model.puzzle import Puzzle
from .constraints import rule_classes, rules
from .fpuzzles import is_variant_text, parse_variants
from .sigh import is_sigh_text, parse_sigh

if TYPE_CHECKING:
    from ..bulk import Lines


def rule_names(rule: str | Sequence[str] | None) -> list[str]:
    """The global rules asked for (one name, a comma-separated list, or several), each
    checked: UsageError naming the rules a puzzle can be given without clues."""
    names = split_names(rule)
    if not names:
        return names  # the registry's modules are loaded only when a rule is named
    known = global_rule_names()
    for name in names:
        if name in rules() and name not in known:
            raise UsageError(
                f"--rule {name!r}: its clues come with the puzzle (f-puzzles JSON, a link or "
                f"sigh's strings) or from generate --rule; the rules a grid takes without "
                f"clues are {', '.join(known)}"
            )
        if name not in known:
            raise UsageError(f"--rule {name!r}: known rules are {', '.join(known)}")
    return names


def global_rule_names() -> list[str]:
    """The rule names a grid can be given without clues (global rules, windoku)."""
    return [
        name
        for name, kinds in rules().items()
        if all(k.drawn_first for k in kinds)
        and not any(k.regions is not Constraint.regions for k in kinds)
    ]


def with_rules(p: Puzzle, names: Sequence[str]) -> Puzzle:
    """The puzzle with the global rules named added (each once)."""
    if not names:
        return p
    found = list(p.constraints)
    for name in names:
        for kind in rule_classes(name):
            for made in kind.make(p.grid, p.size, p.regions, random.Random(0)):
                if made not in found:
                    found.append(made)
    return p.with_constraints(tuple(c.settle(found) for c in found))


def is_rules_text(text: str) -> bool:
    """True when text is in a format that carries its own size and rules (f-puzzles JSON
    or links, sigh's strings), not a plain grid file."""
    return is_variant_text(text) or is_sigh_text(text)


def parse_rules_text(text: str, source: str) -> list[Puzzle]:
    """Every puzzle of a text of f-puzzles JSON or links, or of sigh strings."""
    if is_sigh_text(text):
        return parse_sigh(text, source)
    return parse_variants(text, source)


def parse_any(
    text: str,
    source: str = "<input>",
    alphabet: str | None = None,
    order: int | None = None,
    rule: str | Sequence[str] | None = None,
) -> list[Puzzle]:
    """Every puzzle in text, whatever the command line reads: grids in every format,
    f-puzzles JSON (one object, or one a line), f-puzzles or SudokuPad links, sigh's
    constraint strings."""
    names = rule_names(rule)
    if is_rules_text(text):
        puzzles = parse_rules_text(text, source)
    else:
        puzzles = parse_puzzles(text, source, alphabet, order)
    return [with_rules(p, names) for p in puzzles]


def read_any(
    path: str | Path,
    alphabet: str | None = None,
    order: int | None = None,
    rule: str | Sequence[str] | None = None,
    lines: bool = False,
) -> Lines | list[Puzzle]:
    """Every puzzle of the file at path (``-``: standard input), in order; with lines, a
    file of 9x9 lines and no option asking otherwise comes back as :class:`Lines`, the
    bulk path's form. InputError when the file holds no puzzle."""
    text, source = read_text(path)
    plain = not rule and alphabet is None and order in (None, 3)
    if lines and plain and not is_rules_text(text):
        from ..bulk import parse_lines  # the bulk path's module, loaded when it may serve

        found = parse_lines(text, source)
        if found is not None:
            return found
    puzzles = parse_any(text, source, alphabet, order, rule)
    if not puzzles:
        raise GridError("no puzzle found", source)
    return puzzles


def read_puzzles(
    path: str | Path,
    alphabet: str | None = None,
    order: int | None = None,
    rule: str | Sequence[str] | None = None,
) -> list[Puzzle]:
    """Every puzzle of the file at path (``-``: standard input), in order."""
    found = read_any(path, alphabet, order, rule)
    assert isinstance(found, list)
    return found


def solved(p: Puzzle, grid: tuple[int, ...]) -> Puzzle:
    """The puzzle p with every cell filled by grid (its rules kept; no count or solution
    of the source's: a grid solved twice is the same puzzle); the digits of the cells
    beyond the grid, when grid holds them, as each one's only mark."""
    from .constraints.pencil import PencilMarks

    n2 = p.ncells
    filled = {c for c in range(n2, len(grid))}
    kept = tuple(c for c in p.constraints if not (isinstance(c, PencilMarks) and c.cell in filled))
    marks = tuple(PencilMarks(c, (grid[c],)) for c in sorted(filled))
    return replace(p, grid=tuple(grid[:n2]), count=None, solution=None, constraints=kept + marks)


def one_puzzle(puzzles: list[Puzzle]) -> Puzzle:
    """The one puzzle of a text, or GridError."""
    if len(puzzles) != 1:
        raise GridError(f"expected one puzzle, found {len(puzzles)} (use read() for a file)")
    return puzzles[0]
