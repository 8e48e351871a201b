"""The one place that picks the engine for a puzzle, and honours or refuses options.

Three engines answer puzzles (:func:`engine_of`):

- ``classic``: a grid with no constraint and square boxes below 25x25: the compiled EUP
  engines at 9x9 and 16x16, the bulk path for files of 9x9 lines, PySAT on the
  statement's formula, solver binaries, the in-house engines of the laboratory;
- ``large``: the same from 25x25 up: propagation and the candidate-only CNF on CaDiCaL
  (docs/large.md);
- ``session``: a puzzle with constraints (or regions that are not square boxes): one
  incremental PySAT solver per skeleton, the puzzle's clues under an activation literal
  (``variants.solve.Session``), its CNF for binaries and certificates.

A command gives the options its user set (:func:`check_options`); an option the engine
of some puzzle does not honour is refused here, in one line naming the option and why,
before any work (``--encoding: puzzles with constraints have one encoding``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..errors import UsageError
from ..grid import LARGE_ORDER
from ..model.puzzle import Puzzle

CLASSIC, LARGE, SESSION = "classic", "large", "session"
ENGINES = (CLASSIC, LARGE, SESSION)


def engine_of(p: Puzzle) -> str:
    """The engine that answers p: the classic engines a classic grid (``is_classic``:
    digits 1..N on square boxes, nothing more), the variant session every other."""
    if not p.is_classic:
        return SESSION
    return LARGE if p.n >= LARGE_ORDER else CLASSIC


def engines(puzzles: Iterable[Puzzle]) -> set[str]:
    """The engines a batch needs."""
    return {engine_of(p) for p in puzzles}


ONE_ENCODING = "puzzles with constraints have one encoding (docs/variants.md)"
ONE_EMPTYING = (
    "puzzles with constraints are emptied one way: greedy, on one incremental solver "
    "(docs/variants.md)"
)
REASONS = {
    "encoding": ONE_ENCODING,
    "amo": ONE_ENCODING,
    "no_f2": ONE_ENCODING,
    "fill": "grids with constraints are filled one way: random digits on their CNF",
    "empty_": ONE_EMPTYING,
    "symmetric": ONE_EMPTYING,
    "ti": ONE_EMPTYING,
    "tf": ONE_EMPTYING,
    "step": ONE_EMPTYING,
}
"""Why the session does not honour an option, by the command's parameter name."""
CLASSIC_ONLY = frozenset(REASONS)
"""The options only the classic engines honour."""


def check_options(puzzles: Iterable[Puzzle], given: Mapping[str, str]) -> None:
    """UsageError (one line) for the first option given (parameter name -> the flag as
    the user typed it) that the engine of one of the puzzles does not honour."""
    if SESSION not in engines(puzzles):
        return
    for name, flag in given.items():
        if name in CLASSIC_ONLY:
            raise UsageError(f"{flag}: {REASONS[name]}")


def classic_only(puzzles: Iterable[Puzzle], command: str, why: str) -> None:
    """UsageError when a puzzle needs the session: command answers classic grids only."""
    if SESSION in engines(puzzles):
        raise UsageError(f"{command} takes classic grids only: {why}")
