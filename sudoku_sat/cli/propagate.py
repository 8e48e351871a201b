"""``propagate``: an in-house ladder level (up, fl, fl2 ... fl9) on any DIMACS file, or
with ``--encoding`` on the formula of each puzzle of a grid file in that encoding."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

import typer

from ..alphabet import MAX_SYMBOLS
from ..dimacs import compacted, map_back, read_cnf
from ..encodings import encode
from ..engines.propagation import Propagation, propagate_cnf
from ..gridio import Puzzle, format_line, format_numbers
from ..lab.crosscheck import Check, checks_json
from ..lab.ladder_check import check_level
from ..lab.puzzle_propagation import PuzzleFixpoint, propagate_puzzle
from ..methods import LEVELS, parse_method
from . import app
from ._common import (
    PUZZLES_HELP,
    AlphabetOption,
    JsonOption,
    OrderOption,
    QuietOption,
    emit_json,
    guarded,
    load,
    method_option,
)
from ._encoding_options import AMO_HELP, ENCODING_HELP, AmoName, EncodingName


def literal_lines(literals: list[int], width: int = 16) -> list[str]:
    """Literals as ``v ... 0`` lines (SAT-competition style), the last closed by 0."""
    chunks = [literals[k : k + width] for k in range(0, len(literals), width)] or [[]]
    lines = [" ".join(["v", *map(str, chunk)]) for chunk in chunks]
    lines[-1] += " 0"
    return lines


@app.command("propagate")
@guarded
def propagate_command(
    cnf: Annotated[
        str,
        typer.Argument(
            help="DIMACS CNF file ('-' for stdin); any formula. With --encoding, puzzles "
            "instead: " + PUZZLES_HELP
        ),
    ],
    method: Annotated[
        str,
        method_option(
            LEVELS,
            "up: unit propagation; fl: UP plus the failed-literal rule; flK "
            "(K = 2..9): a literal fails when fl(K-1) under it reaches a conflict "
            "(docs/ladder.md). Compiled with numba when the 'fast' extra is installed; "
            "':python' runs the pure-Python engine (same results).",
        ),
    ] = "up",
    as_json: JsonOption = False,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Cross-check against PySAT: UP literal for literal against "
            "Solver.propagate; fl and flK against flK rebuilt on PySAT propagate, and "
            "entailment of every derived literal. Exit 1 when a check fails.",
        ),
    ] = False,
    encoding: Annotated[
        EncodingName | None,
        typer.Option(
            "--encoding",
            help="Read puzzles instead of a CNF and propagate each one's formula as "
            "'encode --encoding' writes it (clues F1, F2, then the rules). " + ENCODING_HELP,
        ),
    ] = None,
    amo: Annotated[AmoName, typer.Option("--amo", help="With --encoding: " + AMO_HELP)] = (
        AmoName.pairwise
    ),
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Propagate a CNF to its fixpoint and print the assigned literals.

    Text output: 's FIXPOINT' or 's CONFLICT', then the assigned literals (sorted by
    variable) as 'v ... 0' lines, then 'c' lines with the counters. With --encoding,
    per puzzle a 'c' line (status, cells valued, probes, time) and the grid as one line
    ('.' for an open cell). Exit code 1 on a conflict (the formula is UNSAT) or a failed
    check.
    """
    chosen = parse_method(method, LEVELS)
    level, backend = chosen.name, chosen.backend
    if encoding is not None:
        from ._lab import classic_only

        classic_only(cnf, "propagate")
        puzzles = load(cnf, alphabet, order)
        settings = (level, encoding.value, amo.value, backend)
        over_puzzles(puzzles, settings, as_json, check, alphabet)
        return
    formula, back = compacted(read_cnf(cnf))
    result = propagate_cnf(formula.nvars, formula.clauses, level, backend)
    checks = check_level(formula.nvars, formula.clauses, level, result) if check else []
    result = replace(
        result,
        literals=map_back(result.literals, back),
        conflict=None if result.conflict is None else map_back(result.conflict, back),
    )
    literals = sorted(result.literals, key=abs)
    if as_json:
        data: dict[str, object] = {
            "status": result.status,
            "literals": literals,
            "stats": result.stats.as_dict(),
        }
        if check:
            data["checks"] = checks_json(checks)
        emit_json(data)
    else:
        typer.echo("\n".join(text_report(result, literals, checks)))
    if result.status == "conflict" or not all(c.ok for c in checks):
        raise typer.Exit(1)


def text_report(result: Propagation, literals: list[int], checks: list[Check]) -> list[str]:
    """The status line, the ``v`` lines, then ``c`` lines for the counters and checks."""
    stats = [
        f"c {key} {value:.6f}" if isinstance(value, float) else f"c {key} {value}"
        for key, value in result.stats.as_dict().items()
    ]
    return [
        f"s {result.status.upper()}",
        *literal_lines(literals),
        *stats,
        *(f"c check {c.line()}" for c in checks),
    ]


def over_puzzles(
    puzzles: list[Puzzle],
    settings: tuple[str, str, str, str],
    as_json: bool,
    check: bool,
    alphabet: str | None = None,
) -> None:
    """Each puzzle's fixpoint at the level on its formula in the encoding, printed as it
    comes (or one JSON array); exit 1 when a puzzle is a conflict or a check fails."""
    level, encoding, amo, backend = settings
    results: list[dict[str, object]] = []
    bad = 0
    for index, puzzle in enumerate(puzzles, 1):
        fix = propagate_puzzle(puzzle.grid, puzzle.n, level, encoding, amo, backend)
        checks = puzzle_checks(puzzle, fix, encoding, amo, level) if check else []
        bad += fix.status == "conflict" or not all(c.ok for c in checks)
        if as_json:
            data = {"index": index, "origin": puzzle.origin, **fix.as_dict()}
            results.append({**data, "checks": checks_json(checks)} if check else data)
            continue
        typer.echo(puzzle_line(index, puzzle, fix, alphabet))
        for c in checks:
            typer.echo(f"c check {c.line()}")
    if as_json:
        emit_json(results)
    if bad:
        raise typer.Exit(1)


def puzzle_checks(
    puzzle: Puzzle, fix: PuzzleFixpoint, encoding: str, amo: str, level: str
) -> list[Check]:
    """:func:`check_level` on the puzzle's whole formula, as ``encode`` writes it."""
    formula = encode(puzzle.grid, puzzle.n, encoding, amo)
    return check_level(formula.nvars, formula.clauses, level, fix.propagation)


def puzzle_line(
    index: int, puzzle: Puzzle, fix: PuzzleFixpoint, alphabet: str | None = None
) -> str:
    """A ``c`` line for one puzzle, then its grid: one line ('.' for an open cell), or
    lines of numbers (0 for an open cell) above 36x36."""
    n = puzzle.n
    stats = fix.propagation.stats
    wide = n * n > MAX_SYMBOLS
    grid = format_numbers(fix.grid, n) if wide else format_line(fix.grid, n, alphabet)
    head = (
        f"c {index} {puzzle.origin}: {fix.status.upper()} {fix.cells}/{len(fix.grid)} cells, "
        f"{stats.probes} probes, {stats.seconds * 1000:.3f} ms"
    )
    return f"{head}\n{grid}"
