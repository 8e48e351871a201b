"""``encode`` (grid to DIMACS, in any encoding) and ``decode`` (solver answer to grid)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from ..files import atomic_path, check_folder, check_writable
from ..grid import MAX_ORDER, MIN_ORDER
from ..jobs.encoding import Writer, decode, writers
from ..model.puzzle import Puzzle
from . import app
from ._common import (
    AlphabetOption,
    GridFormat,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    given_options,
    guarded,
    load,
    progress,
)
from ._encoding_options import ENCODING_HELP, AmoName, AmoOption, EncodingName
from ._shown import show_grid, show_solution


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
    items = load(puzzles, alphabet, order, rule)
    if index is not None:
        if index > len(items):
            raise InputError(f"--index {index}: the file holds {len(items)} puzzles", puzzles)
        items = [items[index - 1]]
    if len(items) > 1 and out_dir is None:
        raise InputError(
            f"{len(items)} puzzles: a DIMACS file holds one; use --out-dir DIR or --index K",
            puzzles,
        )
    chosen = encoding and encoding.value
    write = writers(items, chosen, amo.value, rules_only, no_f2, given_options())
    if out_dir is not None:
        check_folder(out_dir)
        stem = "stdin" if puzzles == "-" else Path(puzzles).stem
        width = len(str(len(items)))
        for k, writer in enumerate(progress(write, len(items), "encoding", quiet), start=1):
            write_file(writer, out_dir / f"{stem}-{k:0{width}d}.cnf")
        typer.echo(f"wrote {len(items)} file(s) to {out_dir}", err=True)
        return
    check_writable(output)
    if output is not None:
        write_file(write[0], output)
        return
    stdout = typer.get_binary_stream("stdout")
    write[0](stdout)
    stdout.flush()


def write_file(writer: Writer, path: Path) -> None:
    """One puzzle's DIMACS file, written atomically."""
    with atomic_path(path) as tmp, open(tmp, "wb") as fp:
        writer(fp)


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
    quiet: QuietOption = False,
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
    puzzle = None if puzzle_file is None else one_puzzle(puzzle_file, alphabet, order)
    decoded = decode(answer, cnf, puzzle, order)
    if decoded.grid is None:
        verdict = "no solution" if decoded.status == "UNSAT" else "no answer"
        typer.echo(f"{decoded.status}: the solver found {verdict}", err=True)
        raise typer.Exit(1)
    if puzzle is not None:
        typer.echo(show_solution(puzzle, decoded.grid, fmt, alphabet))
    else:
        typer.echo(show_grid(decoded.grid, decoded.n, fmt, alphabet))


def one_puzzle(path: str, alphabet: str | None, order: int | None) -> Puzzle:
    """The single puzzle of a --puzzle file."""
    items = load(path, alphabet, order, prints=True)
    if len(items) != 1:
        raise InputError(f"holds {len(items)} puzzles; --puzzle needs one", path)
    return items[0]
