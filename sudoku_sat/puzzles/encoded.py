"""Encoded puzzles: the DIMACS files ``encode`` writes, and solver answers read back.

:func:`choose_encoding` settles the encoding for a puzzle's order (the candidate-only
formula from 49x49 up, the classic ones up to 64x64); :func:`write_encoded` writes one
puzzle's file with the comment lines that let :func:`decode_answer` recover its order,
its encoding and, for ``reduced`` and ``candidates``, the variables the clues removed.
:func:`decode_answer` turns a solver's output into a grid and refuses anything that is
not a solution (of the puzzle, when given), naming the first defect.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import BinaryIO

from ..dimacs import parse_answer, write_cnf
from ..encodings import Formula, Header, comments, decode_model, encode, infer_order, read_comments
from ..errors import DimacsError, InputError, SudokuSatError
from ..files import read_text
from ..grid import MAX_ORDER, MIN_ORDER, Grid, solution_problem
from ..gridio import Puzzle, format_line
from ..version import version

LARGE_ENCODE_ORDER = 6
"""Without a chosen encoding, orders above this (49x49 up) get the candidates encoding;
up to it (36x36) a solution's defect is named cell by cell."""
CLASSIC_MAX_ORDER = 8
"""Largest order the classic encodings are written at (64x64: 33 M pairwise clauses);
past it ``candidates`` is the only one (81x81 would be 85 M and more)."""


def choose_encoding(n: int, encoding: str | None = None, rules_only: bool = False) -> str:
    """The encoding a puzzle of order n is written in: the one asked for, if it can be
    written (SudokuSatError otherwise), else extended up to 36x36 and candidates above."""
    chosen = encoding or ("candidates" if n > LARGE_ENCODE_ORDER else "extended")
    if rules_only and chosen in ("reduced", "candidates"):
        raise SudokuSatError(
            f"--rules-only has no {chosen} form: the {chosen} encoding needs clues"
        )
    if chosen != "candidates" and n > CLASSIC_MAX_ORDER:
        side = n * n
        raise SudokuSatError(
            f"the {chosen} encoding of a {side}x{side} grid is too large to write; "
            "use --encoding candidates"
        )
    return chosen


def header(puzzle: Puzzle | None, formula: Formula) -> list[str]:
    """The comment lines of an encoded puzzle: encoding, numbering, puzzle, clauses per part."""
    n, size = formula.n, formula.n**2
    name = "Centrale 2014" if formula.encoding == "extended" else formula.encoding
    lines = [
        f"sudoku-sat {version()}: {name} encoding, {formula.amo} at-most-one, "
        f"order {n} ({size}x{size})",
        f"x(i,j,k) = {size * size}*i + {size}*j + k, i,j in 0..{size - 1}, k in 1..{size}"
        + (f"; auxiliaries {size**3 + 1}..{formula.nvars}" if formula.aux_vars else ""),
        *comments(formula),
    ]
    if puzzle is not None and size <= 36:
        lines.append(f"puzzle {format_line(puzzle.grid, puzzle.n)} ({puzzle.origin})")
    counts = ", ".join(f"{name} {count}" for name, count in formula.counts().items())
    lines.append(f"clauses: {counts}; total {len(formula)}")
    return lines


@dataclass(frozen=True)
class EncodeOptions:
    """How a puzzle is written: the encoding (from :func:`choose_encoding`), the
    at-most-one method, the rules alone, or without F2."""

    encoding: str = "extended"
    amo: str = "pairwise"
    rules_only: bool = False
    no_f2: bool = False


def puzzle_formula(puzzle: Puzzle, options: EncodeOptions) -> Formula:
    """The formula the options ask for (not for the candidates encoding)."""
    if options.rules_only:
        return encode(None, puzzle.n, options.encoding, options.amo)
    return encode(puzzle.grid, puzzle.n, options.encoding, options.amo, with_f2=not options.no_f2)


def write_encoded(puzzle: Puzzle, options: EncodeOptions, fp: BinaryIO) -> None:
    """The DIMACS file of puzzle, as UTF-8 bytes to fp (the candidate-only formula is
    streamed chunk by chunk)."""
    if options.encoding == "candidates":
        write_candidates(puzzle, fp)
        return
    formula = puzzle_formula(puzzle, options)
    lines = header(None if options.rules_only else puzzle, formula)
    text = io.TextIOWrapper(fp, encoding="utf-8", newline="\n")
    try:
        write_cnf(text, formula.nvars, formula.clauses, lines)
        text.flush()
    finally:
        text.detach()


def write_candidates(puzzle: Puzzle, fp: BinaryIO) -> None:
    """The candidate-only CNF of puzzle (:mod:`sudoku_sat.encodings.candidates`), its map
    back to the grid in the comment lines."""
    from ..encodings.candidates import write_dimacs
    from .large import candidate_cnf

    cnf = candidate_cnf(puzzle.grid, puzzle.n)
    size = puzzle.n**2
    lines = [
        f"sudoku-sat {version()}: candidates encoding, order {puzzle.n} ({size}x{size})",
        f"encoding candidates amo mixed order {puzzle.n}",
        f"variables 1..{cnf.primary} are candidates (map: 'c x CELL FIRST VALUES'), "
        f"auxiliaries {cnf.primary + 1}..{cnf.nvars}; clauses {cnf.nclauses}",
        f"puzzle {puzzle.origin}",
    ]
    write_dimacs(fp, cnf, lines)


def order_of(literals: list[int], header: Header | None, order: int | None) -> int:
    """The order: given, recorded in the CNF, matched by the variable count of some
    encoding, or the smallest whose N**3 variables cover every literal."""
    if order is not None:
        return order
    if header is not None:
        return header.n
    found = infer_order(literals)
    if found is not None:
        return found
    top = max((abs(lit) for lit in literals), default=0)
    for n in range(MIN_ORDER, MAX_ORDER + 1):
        if n**6 >= top:
            return n
    side = MAX_ORDER**2
    raise DimacsError(f"literal {top} is beyond the {side**3:,} variables of a {side}x{side} grid")


def _foreign(literals: list[int]) -> bool:
    """True for a whole model (every variable from 1 to the top, as solvers print them)
    of at least a 4x4 grid's 64 variables whose count fits no classic encoding: the
    answer on a variant's CNF, whose auxiliaries follow the N³ cell variables."""
    top = max((abs(lit) for lit in literals), default=0)
    whole = top >= 64 and len({abs(lit) for lit in literals}) == top
    return whole and infer_order(literals) is None


def comment_lines(path: str) -> tuple[list[str], str]:
    """The comment lines before a CNF's 'p' line (without their 'c'), and the source name."""
    text, source = read_text(path)
    lines = []
    for line in text.splitlines():
        if line.startswith("p"):
            break
        if line.startswith("c"):
            lines.append(line[1:].strip())
    return lines, source


def decode_candidates(literals: list[int], path: str, n: int) -> tuple[Grid, list[int]]:
    """The grid of a model of a candidates CNF (its map read from the CNF's comments) and
    the open cells given no value or several."""
    import numpy as np

    from ..encodings.candidates import read_map

    lines, source = comment_lines(path)
    cmap = read_map(lines, n, source)
    true = [lit for lit in literals if 0 < lit <= cmap.primary]
    cells, _ = cmap.cell_value()
    per_cell = np.bincount(cells[np.array(true, dtype=np.int64) - 1], minlength=n**4)
    open_cells = cmap.var_of.any(axis=1)
    clashes = np.flatnonzero(open_cells & (per_cell != 1)).tolist()
    return tuple(cmap.decode(true).tolist()), clashes


def grid_problem(grid: Grid, n: int, puzzle: Grid | None) -> str | None:
    """Why grid is not a solution (of puzzle): the defect named up to 36x36, where the
    peers are cheap; past it a numpy check and a general reason."""
    if n <= LARGE_ENCODE_ORDER:
        return solution_problem(grid, n, puzzle)
    from ..encodings.candidates import is_valid

    if len(grid) != n**4 or is_valid(grid, n, puzzle):
        return None if len(grid) == n**4 else f"{len(grid)} cells, {n**4} expected"
    return "a cell is empty, a unit repeats a value or a clue is not kept"


def cnf_header(path: str) -> Header:
    """What the comment lines before a CNF's 'p' line record about its encoding."""
    lines, source = comment_lines(path)
    for line in lines:
        fields = line.split()
        if (
            fields[:2] == ["encoding", "candidates"]
            and len(fields) == 6
            and fields[5].isascii()
            and fields[5].isdigit()
        ):
            return Header("candidates", fields[3], int(fields[5]), None)
    header = read_comments(lines, source)
    if header is None and any(line.startswith("sudoku-sat variant") for line in lines):
        raise DimacsError(f"the CNF of a variant puzzle; {VARIANT_ANSWER}", source)
    if header is None:
        raise DimacsError("no 'encoding' comment line: not written by sudoku-sat encode", source)
    return header


VARIANT_ANSWER = "a variant puzzle's answer is decoded with --puzzle FILE (the file encoded)"


@dataclass(frozen=True)
class Decoded:
    """A solver's answer read back: its status (SAT, UNSAT, UNKNOWN) and, when SAT, the
    solution grid of order n."""

    status: str
    grid: Grid | None = None
    n: int = 0


def decode_answer(
    answer: str,
    cnf: str | None = None,
    puzzle: Puzzle | None = None,
    order: int | None = None,
) -> Decoded:
    """The grid in the solver output at path ``answer`` (SAT-competition lines, minisat's
    result file or bare literals; ``-`` for stdin). ``cnf``: the file the solver was
    given, whose comment lines give the order and, for reduced and candidates, what the
    clues removed; ``puzzle``: the clues the solution must keep. DimacsError (naming the
    first defect) when the model is not a solution."""
    header = cnf_header(cnf) if cnf is not None else None
    text, source = read_text(answer)
    parsed = parse_answer(text, source)
    if parsed.status != "SAT":
        return Decoded(parsed.status)
    if order is None and puzzle is not None:
        order = puzzle.n
    n = order_of(parsed.literals, header, order)
    guessed = order is None and header is None and _foreign(parsed.literals)
    if header is not None and header.n != n:
        raise InputError(f"--order {n} but the CNF is of order {header.n}", cnf or "--cnf")
    if header is not None and header.encoding == "candidates":
        assert cnf is not None
        grid, clashes = decode_candidates(parsed.literals, cnf, n)
    else:
        grid, clashes = decode_model(parsed.literals, n, header.givens if header else None)
    if guessed and (clashes or grid_problem(grid, n, None)):
        top = max(abs(lit) for lit in parsed.literals)
        raise DimacsError(  # a variant's answer: its auxiliaries fit no classic encoding
            f"not a Sudoku model: its {top:,} variables fit no classic encoding; {VARIANT_ANSWER}",
            source,
        )
    if clashes:
        i, j = divmod(clashes[0], n * n)
        raise DimacsError(
            f"not a Sudoku model: cell r{i + 1}c{j + 1} is given several values", source
        )
    if puzzle is not None and puzzle.n != n:
        raise InputError(f"--order {order} but the puzzle is of order {puzzle.n}", "--puzzle")
    problem = grid_problem(grid, n, None if puzzle is None else puzzle.grid)
    if problem is not None:
        against = f" of {puzzle.origin}" if puzzle is not None else ""
        raise DimacsError(f"not a solution{against} (order {n}): {problem}", source)
    return Decoded("SAT", grid, n)
