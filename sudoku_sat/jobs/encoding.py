"""``encode`` and ``decode`` on any puzzle, by its engine (``route.engine_of``): a classic
grid in the encoding asked (``puzzles.encoded``: the statement's formula by default, the
encodings laboratory, the candidate-only CNF from 49x49), a puzzle with constraints in
its one CNF over the same numbering x(r,c,d) = N²r + Nc + d, auxiliaries after
(``variants.encode``); an answer decoded back and checked against the puzzle it was
given for."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import BinaryIO

from ..dimacs import parse_answer, write_cnf
from ..encodings import Formula
from ..errors import DimacsError, UsageError
from ..files import read_text
from ..grid import Grid
from ..model.builder import VariantFormula
from ..model.puzzle import Puzzle
from ..puzzles.encoded import Decoded, EncodeOptions, choose_encoding, decode_answer, write_encoded
from .route import SESSION, check_options, engine_of

Writer = Callable[[BinaryIO], None]
NUMBERED = (
    "the --puzzle with constraints gives the numbering, its size and its rules: its "
    "answer needs nothing else"
)


def writers(
    puzzles: list[Puzzle],
    encoding: str | None = None,
    amo: str = "pairwise",
    rules_only: bool = False,
    no_f2: bool = False,
    given: dict[str, str] | None = None,
) -> list[Writer]:
    """A DIMACS writer per puzzle (bytes to a binary file), the options checked first."""
    check_options(puzzles, given or {})
    return [_writer(p, encoding, amo, rules_only, no_f2) for p in puzzles]


def _writer(p: Puzzle, encoding: str | None, amo: str, rules_only: bool, no_f2: bool) -> Writer:
    if engine_of(p) == SESSION:
        return _session_writer(p, rules_only)
    options = EncodeOptions(choose_encoding(p.n, encoding, rules_only), amo, rules_only, no_f2)
    return lambda fp: write_encoded(p, options, fp)


def _session_writer(p: Puzzle, rules_only: bool) -> Writer:
    from ..variants.encode import encode_variant
    from ..variants.text import format_line
    from ..version import version

    formula = encode_variant(p, givens=not rules_only)
    lines = [
        f"sudoku-sat {version()}",
        *formula.comments(),
        f"puzzle {format_line(p.grid)} ({p.origin})"
        + (": givens left out (--rules-only)" if rules_only else ""),
    ]

    def write(fp: BinaryIO) -> None:
        text = io.TextIOWrapper(fp, encoding="utf-8", newline="\n")
        try:
            write_cnf(text, formula.nvars, formula.clauses, lines)
            text.flush()
        finally:
            text.detach()

    return write


def decode(
    answer: str, cnf: str | None = None, puzzle: Puzzle | None = None, order: int | None = None
) -> Decoded:
    """The grid in a solver's answer (``-``: stdin), checked: every cell valued, no rule
    of the puzzle broken, its givens kept. A puzzle with constraints gives the numbering
    and the rules; its answer needs no --cnf."""
    if puzzle is None or engine_of(puzzle) != SESSION:
        return decode_answer(answer, cnf, puzzle, order)
    for flag, value in (("--cnf", cnf), ("--order", order)):
        if value is not None:
            raise UsageError(f"{flag}: {NUMBERED}")
    from ..variants.solve import Session, decode_model

    text, source = read_text(answer)
    parsed = parse_answer(text, source)
    if parsed.status != "SAT":
        return Decoded(parsed.status)
    size = puzzle.size
    chosen = [lit for lit in parsed.literals if 0 < lit <= size**3]
    grid: Grid = decode_model(chosen, size)
    if len(chosen) != puzzle.ncells or 0 in grid:
        raise DimacsError(f"not a model of a {size}x{size} grid: {len(chosen)} cell values", source)
    if any(g and g != v for g, v in zip(puzzle.grid, grid, strict=True)):
        raise DimacsError(f"not a solution of {puzzle.origin}: a given is changed", source)
    with Session() as session:
        if not session.solutions(puzzle.with_givens(grid), 1):
            raise DimacsError(f"not a solution of {puzzle.origin}: a rule is broken", source)
    return Decoded("SAT", grid, puzzle.n)


def formula(
    p: Puzzle,
    encoding: str = "extended",
    amo: str = "pairwise",
    given: dict[str, str] | None = None,
) -> Formula | VariantFormula:
    """p's CNF as an object (``nvars``, ``clauses``, ``dimacs()``): the encoding asked for
    a classic grid, the one CNF of a puzzle with constraints."""
    check_options([p], given or {})
    if engine_of(p) == SESSION:
        from ..variants.encode import encode_variant

        return encode_variant(p)
    from ..encodings import encode

    return encode(p.grid, p.n, encoding, amo)
