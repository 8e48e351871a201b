"""How the commands read puzzles: the one reader (``jobs.reading``) on a path or stdin."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..gridio import Puzzle

if TYPE_CHECKING:
    from ..bulk import Lines


def load(
    path: str,
    alphabet: str | None = None,
    order: int | None = None,
    rule: list[str] | None = None,
    prints: bool = False,
) -> list[Puzzle]:
    """Read the puzzles of path, the way every grid-reading command does: the one reader,
    the rules of --rule added, the options of plain grids refused on f-puzzles input
    (``jobs.reading``; prints: the command prints grids in --alphabet's symbols)."""
    from ..files import read_text
    from ..jobs.reading import parse_puzzles

    text, source = read_text(path)
    return parse_puzzles(text, source, alphabet, order, rule, prints)


def load_any(
    path: str, alphabet: str | None, order: int | None, rule: list[str] | None, bulk: bool
) -> Lines | list[Puzzle]:
    """The puzzles of path (the one reader): as bulk Lines when bulk is allowed and the
    file is 9x9 lines, the fast path of the classic engine."""
    from ..files import read_text
    from ..jobs.reading import parse

    text, source = read_text(path)
    return parse(text, source, alphabet, order, rule, lines=bulk)
