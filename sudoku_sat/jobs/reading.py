"""Reading the puzzles of a job, for the command line and the API alike: the one reader
(``variants.puzzle.parse_any``: grids in every format, f-puzzles JSON and links, sigh's
strings; the global rules of ``rule`` added to every puzzle read, f-puzzles ones too),
behind one check: the options that only read plain grids are refused in one line on
f-puzzles and sigh input, which carries its own size (``order``) and its digits
(``alphabet``, unless the caller prints grids in symbols with it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import GridError, UsageError
from ..model.puzzle import Puzzle

if TYPE_CHECKING:
    from ..bulk import Lines

OWN = {
    "order": "an f-puzzles or sigh puzzle carries its own size",
    "alphabet": "f-puzzles and sigh input carry their own digits, and this command prints none",
}
"""Why a reading option is refused on f-puzzles input (docs/variants.md)."""


def parse(
    text: str,
    source: str,
    alphabet: str | None = None,
    order: int | None = None,
    rule: str | Sequence[str] | None = None,
    prints: bool = False,
    lines: bool = False,
) -> Lines | list[Puzzle]:
    """Every puzzle of text, in order; GridError when it holds none. prints: the caller
    prints grids in symbols, so an alphabet applies to f-puzzles input too. lines: a
    text of 9x9 lines and no option asking otherwise comes back as bulk
    :class:`~sudoku_sat.bulk.Lines`, the fast path of the classic engine."""
    if lines and not rule and alphabet is None and order in (None, 3) and _a_grid_line_first(text):
        from ..bulk import parse_lines

        bulk = parse_lines(text, source)  # 81-character grid lines, never f-puzzles or sigh
        if bulk is not None:
            return bulk
    from ..variants.puzzle import is_rules_text, parse_any  # the readers of every format

    if is_rules_text(text):  # f-puzzles or sigh: its own size and digits
        given = {
            "order": order is not None,
            "alphabet": alphabet is not None and not prints,
        }
        for name, why in OWN.items():
            if given[name]:
                raise UsageError(f"--{name}: {why}")
    puzzles = parse_any(text, source, alphabet, order, rule)
    if not puzzles:
        raise GridError("no puzzle found", source)
    return puzzles


def parse_puzzles(
    text: str,
    source: str,
    alphabet: str | None = None,
    order: int | None = None,
    rule: str | Sequence[str] | None = None,
    prints: bool = False,
) -> list[Puzzle]:
    """:func:`parse`, as puzzles."""
    found = parse(text, source, alphabet, order, rule, prints)
    assert isinstance(found, list)
    return found


def _a_grid_line_first(text: str) -> bool:
    """True when the first line that is not blank or a comment is 81 grid characters (a
    file of 9x9 lines, it may be: the bulk reader is then loaded to check the rest)."""
    for raw in text[:4096].splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            return len(line) == 81 and not line.strip("123456789.0")
    return False
