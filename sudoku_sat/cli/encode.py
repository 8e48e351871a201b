"""``encode`` (grid to DIMACS, in any encoding) and ``decode`` (solver answer to grid)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TextIO

import typer

import sudoku_sat

from ..dimacs import parse_answer, write_cnf
from ..encodings import Formula, Header, comments, decode_model, encode, infer_order, read_comments
from ..errors import DimacsError, InputError, SudokuSatError
from ..files import atomic_path, atomic_write, check_folder, check_writable, read_text
from ..grid import MAX_ORDER, MIN_ORDER, Grid, solution_problem
from ..gridio import Puzzle, format_line
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    guarded,
    load,
    progress,
    show_grid,
)
from ._encoding_options import ENCODING_HELP, AmoName, AmoOption, EncodingName
from .variants import RuleOption, decode_variant, encode_variants, variant_input

LARGE_ENCODE_ORDER = 6
"""Without --encoding, orders above this (49x49 up) get the candidates encoding."""


def header(puzzle: Puzzle | None, formula: Formula) -> list[str]:
    """The comment lines of an encoded puzzle: encoding, numbering, puzzle, clauses per part."""
    n, size = formula.n, formula.n**2
    name = "Centrale 2014" if formula.encoding == "extended" else formula.encoding
    lines = [
        f"sudoku-sat {sudoku_sat.__version__}: {name} encoding, {formula.amo} at-most-one, "
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


def formula(
    puzzle: Puzzle, rules_only: bool, no_f2: bool, encoding: str = "extended", amo: str = "pairwise"
) -> Formula:
    """The formula the options ask for."""
    if rules_only:
        return encode(None, puzzle.n, encoding, amo)
    return encode(puzzle.grid, puzzle.n, encoding, amo, with_f2=not no_f2)


CLASSIC_MAX_ORDER = 8
"""Largest order the classic encodings are written at (64x64: 33 M pairwise clauses);
past it ``--encoding candidates`` is the only one (81x81 would be 85 M and more)."""


def write_candidates(puzzle: Puzzle, output: Path | None) -> None:
    """The candidate-only CNF of puzzle (:mod:`sudoku_sat.encodings.candidates`), to the
    file atomically or to stdout, as bytes."""
    from ..encodings.candidates import write_dimacs
    from ..puzzles.large import candidate_cnf

    cnf = candidate_cnf(puzzle.grid, puzzle.n)
    size = puzzle.n**2
    lines = [
        f"sudoku-sat {sudoku_sat.__version__}: candidates encoding, "
        f"order {puzzle.n} ({size}x{size})",
        f"encoding candidates amo mixed order {puzzle.n}",
        f"variables 1..{cnf.primary} are candidates (map: 'c x CELL FIRST VALUES'), "
        f"auxiliaries {cnf.primary + 1}..{cnf.nvars}; clauses {cnf.nclauses}",
        f"puzzle {puzzle.origin}",
    ]
    if output is None:
        stdout = typer.get_binary_stream("stdout")
        write_dimacs(stdout, cnf, lines)
        stdout.flush()
        return
    with atomic_path(output) as tmp, open(tmp, "wb") as fp:
        write_dimacs(fp, cnf, lines)


def _writer(puzzle: Puzzle, formula: Formula, rules_only: bool) -> Callable[[TextIO], None]:
    lines = header(None if rules_only else puzzle, formula)
    return lambda fp: write_cnf(fp, formula.nvars, formula.clauses, lines)


@app.command("encode")
@guarded
def encode_command(
    puzzles: PuzzlesArg,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the DIMACS to this file.")
    ] = None,
    out_dir: Annotated[
        Path | None,
        typer.Option(help="Write one NAME-INDEX.cnf per puzzle into this folder."),
    ] = None,
    index: Annotated[
        int | None, typer.Option(min=1, help="Encode only the puzzle at this 1-based index.")
    ] = None,
    rules_only: Annotated[
        bool, typer.Option("--rules-only", help="Emit F_regle alone (no clue clauses).")
    ] = False,
    no_f2: Annotated[
        bool, typer.Option("--no-f2", help="Leave out F2 (forbidden values of empty cells).")
    ] = False,
    encoding: Annotated[
        EncodingName | None,
        typer.Option(
            "--encoding",
            help=ENCODING_HELP + " Default: extended up to 36x36, candidates from 49x49.",
            show_default=False,
        ),
    ] = None,
    amo: AmoOption = AmoName.pairwise,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Encode puzzles as DIMACS CNF: formula_initiale = F1 ∧ F2 ∧ F_regle.

    For 9x9 F_regle has exactly 11,988 clauses (K1 L1 C1 B1 K2 L2 C2 B2, duplicates
    kept); --encoding minimal has 8,829, natural 11,745, augmented 15,228 (triad
    variables after N³), reduced drops what the clues fix (docs/encodings.md).
    Variable x(i,j,k) is number N²·i + N·j + k in every encoding but candidates, whose
    numbering is recorded in the file's comments (decode it with --cnf). Writes to stdout
    unless -o or --out-dir is given; files are written atomically.
    """
    variants = variant_input(puzzles, rule)
    if variants is not None:
        return encode_variants(variants, output, index, puzzles)
    items = load(puzzles, alphabet, order)
    if encoding is None:
        big = items[0].n > LARGE_ENCODE_ORDER
        encoding = EncodingName.candidates if big else EncodingName.extended
    if rules_only and encoding in (EncodingName.reduced, EncodingName.candidates):
        raise SudokuSatError(
            f"--rules-only has no {encoding.value} form: the {encoding.value} encoding needs clues"
        )
    if encoding is not EncodingName.candidates and items[0].n > CLASSIC_MAX_ORDER:
        side = items[0].n ** 2
        raise SudokuSatError(
            f"the {encoding.value} encoding of a {side}x{side} grid is too large to write; "
            "use --encoding candidates"
        )
    if index is not None:
        if index > len(items):
            raise InputError(f"--index {index}: the file holds {len(items)} puzzles", puzzles)
        items = [items[index - 1]]
    if len(items) > 1 and out_dir is None:
        raise InputError(
            f"{len(items)} puzzles: a DIMACS file holds one; use --out-dir DIR or --index K",
            puzzles,
        )
    if out_dir is not None:
        check_folder(out_dir)
        stem = "stdin" if puzzles == "-" else Path(puzzles).stem
        width = len(str(len(items)))
        for k, puzzle in enumerate(progress(items, len(items), "encoding", quiet), start=1):
            if encoding is EncodingName.candidates:
                write_candidates(puzzle, out_dir / f"{stem}-{k:0{width}d}.cnf")
                continue
            enc = formula(puzzle, rules_only, no_f2, encoding.value, amo.value)
            atomic_write(out_dir / f"{stem}-{k:0{width}d}.cnf", _writer(puzzle, enc, rules_only))
        typer.echo(f"wrote {len(items)} file(s) to {out_dir}", err=True)
        return
    check_writable(output)
    puzzle = items[0]
    if encoding is EncodingName.candidates:
        write_candidates(puzzle, output)
        return
    enc = formula(puzzle, rules_only, no_f2, encoding.value, amo.value)
    writer = _writer(puzzle, enc, rules_only)
    if output is None:
        stdout: TextIO = typer.get_text_stream("stdout")
        writer(stdout)
    else:
        atomic_write(output, writer)


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


def cnf_header(path: str) -> Header | None:
    """What the comment lines before a CNF's 'p' line record about its encoding."""
    lines, source = comment_lines(path)
    for line in lines:
        fields = line.split()
        if fields[:2] == ["encoding", "candidates"] and len(fields) == 6 and fields[5].isdigit():
            return Header("candidates", fields[3], int(fields[5]), None)
    header = read_comments(lines, source)
    if header is None:
        raise DimacsError("no 'encoding' comment line: not written by sudoku-sat encode", source)
    return header


@app.command("decode")
@guarded
def decode_command(
    answer: Annotated[
        str,
        typer.Argument(
            help="Solver output ('-' for stdin): 's SATISFIABLE' + 'v' lines, "
            "minisat's result file, or a bare literal list."
        ),
    ],
    order: Annotated[
        int | None,
        typer.Option(
            min=MIN_ORDER,
            max=MAX_ORDER,
            help="Box side n; from --cnf or --puzzle, else the literals.",
        ),
    ] = None,
    cnf: Annotated[
        str | None,
        typer.Option(
            help="The CNF the solver was given (as written by encode): its comment lines "
            "give the order and, for --encoding reduced, the clues (required then)."
        ),
    ] = None,
    puzzle_file: Annotated[
        str | None,
        typer.Option(
            "--puzzle",
            help="The encoded puzzle (a file of one puzzle, '-' for stdin): the solution "
            "must keep its clues.",
        ),
    ] = None,
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="How to print the grid.")
    ] = GridFormat.grid,
    alphabet: AlphabetOption = None,
) -> None:
    """Turn a SAT solver's answer on an encoded puzzle back into a grid.

    Works on every encoding: auxiliary variables (above N³) are ignored. A reduced
    formula leaves the clues' variables free, so its answer needs --cnf. The grid must
    be a solution: every cell valued, no rule broken, and with --puzzle every clue kept;
    otherwise the answer is refused (exit 2, the first defect named). Exits 1 when the
    answer is UNSAT or UNKNOWN (said on stderr), 2 on unreadable input.
    """
    if puzzle_file is not None and puzzle_file == answer == "-":
        raise InputError("the answer and --puzzle cannot both be stdin", "--puzzle")
    variants = None if puzzle_file is None else variant_input(puzzle_file)
    if variants is not None:
        return decode_variant(answer, variants, fmt is GridFormat.line)
    puzzle = None if puzzle_file is None else one_puzzle(puzzle_file, alphabet, order)
    header = cnf_header(cnf) if cnf is not None else None
    text, source = read_text(answer)
    parsed = parse_answer(text, source)
    if parsed.status != "SAT":
        verdict = "no solution" if parsed.status == "UNSAT" else "no answer"
        typer.echo(f"{parsed.status}: the solver found {verdict}", err=True)
        raise typer.Exit(1)
    if order is None and puzzle is not None:
        order = puzzle.n
    n = order_of(parsed.literals, header, order)
    if header is not None and header.n != n:
        raise InputError(f"--order {n} but the CNF is of order {header.n}", cnf or "--cnf")
    if header is not None and header.encoding == "candidates":
        assert cnf is not None
        grid, clashes = decode_candidates(parsed.literals, cnf, n)
    else:
        grid, clashes = decode_model(parsed.literals, n, header.givens if header else None)
    if clashes:
        size = n * n
        i, j = divmod(clashes[0], size)
        raise DimacsError(f"not a Sudoku model: cell ({i},{j}) is given several values", source)
    if puzzle is not None and puzzle.n != n:
        raise InputError(f"--order {order} but the puzzle is of order {puzzle.n}", "--puzzle")
    problem = grid_problem(grid, n, None if puzzle is None else puzzle.grid)
    if problem is not None:
        against = f" of {puzzle.origin}" if puzzle is not None else ""
        raise DimacsError(f"not a solution{against} (order {n}): {problem}", source)
    typer.echo(show_grid(grid, n, fmt, alphabet))


def one_puzzle(path: str, alphabet: str | None, order: int | None) -> Puzzle:
    """The single puzzle of a --puzzle file."""
    items = load(path, alphabet, order)
    if len(items) != 1:
        raise InputError(f"holds {len(items)} puzzles; --puzzle needs one", path)
    return items[0]
