"""``encode`` (grid to DIMACS) and ``decode`` (solver answer to grid)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TextIO

import typer

from .. import __version__
from ..dimacs import parse_answer, write_cnf
from ..encoding import Encoding, encode
from ..errors import DimacsError, InputError
from ..files import atomic_write, read_text
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

DEFAULT_OUT_DIR = Path("cnf_out")


def header(puzzle: Puzzle | None, encoding: Encoding) -> list[str]:
    """The comment lines of an encoded puzzle: numbering, the puzzle, clauses per part."""
    size = encoding.n**2
    lines = [
        f"sudoku-sat {__version__}: Centrale 2014 encoding, order {encoding.n} ({size}x{size})",
        f"x(i,j,k) = {size * size}*i + {size}*j + k, i,j in 0..{size - 1}, k in 1..{size}",
    ]
    if puzzle is not None:
        lines.append(f"puzzle {format_line(puzzle.grid, puzzle.n)} ({puzzle.origin})")
    counts = ", ".join(f"{name} {count}" for name, count in encoding.counts().items())
    lines.append(f"clauses: {counts}; total {len(encoding)}")
    return lines


def formula(puzzle: Puzzle, rules_only: bool, no_f2: bool) -> Encoding:
    """The formula the options ask for."""
    if rules_only:
        return encode(None, puzzle.n)
    return encode(puzzle.grid, puzzle.n, with_f2=not no_f2)


def _writer(puzzle: Puzzle, encoding: Encoding, rules_only: bool) -> Callable[[TextIO], None]:
    comments = header(None if rules_only else puzzle, encoding)
    return lambda fp: write_cnf(fp, encoding.nvars, encoding.clauses, comments)


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
    split: Annotated[
        bool, typer.Option("--split", help="Same as --out-dir cnf_out (the default folder).")
    ] = False,
    index: Annotated[
        int | None, typer.Option(min=1, help="Encode only the puzzle at this 1-based index.")
    ] = None,
    rules_only: Annotated[
        bool, typer.Option("--rules-only", help="Emit F_regle alone (no clue clauses).")
    ] = False,
    no_f2: Annotated[
        bool, typer.Option("--no-f2", help="Leave out F2 (forbidden values of empty cells).")
    ] = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Encode puzzles as DIMACS CNF: formula_initiale = F1 ∧ F2 ∧ F_regle.

    For 9x9 F_regle has exactly 11,988 clauses (K1 L1 C1 B1 K2 L2 C2 B2, duplicates
    kept). Variable x(i,j,k) is number N²·i + N·j + k. Writes to stdout unless -o or
    --out-dir is given; files are written atomically.
    """
    items = load(puzzles, alphabet, order)
    if split and out_dir is None:
        out_dir = DEFAULT_OUT_DIR
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
        out_dir.mkdir(parents=True, exist_ok=True)
        stem = "stdin" if puzzles == "-" else Path(puzzles).stem
        width = len(str(len(items)))
        for k, puzzle in enumerate(progress(items, len(items), "encoding", quiet), start=1):
            enc = formula(puzzle, rules_only, no_f2)
            atomic_write(out_dir / f"{stem}-{k:0{width}d}.cnf", _writer(puzzle, enc, rules_only))
        typer.echo(f"wrote {len(items)} file(s) to {out_dir}", err=True)
        return
    puzzle = items[0]
    enc = formula(puzzle, rules_only, no_f2)
    writer = _writer(puzzle, enc, rules_only)
    if output is None:
        stdout: TextIO = typer.get_text_stream("stdout")
        writer(stdout)
    else:
        atomic_write(output, writer)


def infer_order(literals: list[int]) -> int:
    """The smallest order whose N**3 variables cover every literal."""
    top = max((abs(lit) for lit in literals), default=0)
    for n in range(2, 7):
        if n**6 >= top:
            return n
    raise DimacsError(f"literal {top} is beyond the 46,656 variables of a 36x36 grid")


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
        int | None, typer.Option(min=2, max=6, help="Box side n; inferred from the literals.")
    ] = None,
    fmt: Annotated[
        GridFormat, typer.Option("--format", help="How to print the grid.")
    ] = GridFormat.grid,
) -> None:
    """Turn a SAT solver's answer on an encoded puzzle back into a grid.

    Exits 1 when the answer is UNSAT or UNKNOWN (said on stderr), 2 on unreadable input.
    """
    from ..encoding import decode

    text, source = read_text(answer)
    parsed = parse_answer(text, source)
    if parsed.status != "SAT":
        verdict = "no solution" if parsed.status == "UNSAT" else "no answer"
        typer.echo(f"{parsed.status}: the solver found {verdict}", err=True)
        raise typer.Exit(1)
    n = order or infer_order(parsed.literals)
    grid, clashes = decode(parsed.literals, n)
    if clashes:
        size = n * n
        i, j = divmod(clashes[0], size)
        raise DimacsError(f"not a Sudoku model: cell ({i},{j}) is given several values", source)
    typer.echo(show_grid(grid, n, fmt))
    if 0 in grid:
        typer.echo(f"warning: {grid.count(0)} cells have no true literal", err=True)
        raise typer.Exit(1)
