"""Variant puzzles in the grid-reading commands: detection by content, then the variant path.

Each grid-reading command (solve, count, unique, encode, show, candidates) calls
``variant_input`` first: f-puzzles JSON or links, or a plain grid file with ``--rule``,
come back as variant puzzles handled here; anything else returns None and the classic
reader takes the file as before (stdin, read once, is put back for it).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TextIO

import typer

from ..errors import InputError, UsageError
from ..files import atomic_write, check_writable, read_text
from ..variants.model import CLI_RULES, Variant, classic, rules_of, with_rules
from .variant_options import REASONS

RULE_HELP = (
    "Add a global rule to plain grids (repeatable): "
    + ", ".join(CLI_RULES)
    + ". f-puzzles input carries its own rules."
)
RuleOption = Annotated[
    list[str] | None, typer.Option("--rule", help=RULE_HELP, metavar="NAME", show_default=False)
]
VariantRuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        help="Make variant puzzles of these rules (repeatable or comma-separated); "
        "generate --help lists them all.",
        metavar="NAME",
        show_default=False,
    ),
]
PEEK = 65536
"""Bytes of a file read to tell f-puzzles input from a plain grid file."""


def variant_input(
    path: str,
    rules: list[str] | None = None,
    alphabet: str | None = None,
    order: int | None = None,
) -> list[Variant] | None:
    """The puzzles of path as variants when it holds f-puzzles JSON or links, or when rules
    are given (a plain grid file, read with alphabet and order); None for a plain grid
    file without rules (stdin, once read, is put back for the caller). UsageError for
    rules on f-puzzles input, which carries its own."""
    from ..variants.fpuzzles import is_variant_text, parse_variants

    for name in rules or []:
        if name not in CLI_RULES:
            raise UsageError(f"--rule {name!r}: known rules are {', '.join(CLI_RULES)}")
    if path != "-" and not rules and not _peek_variant(path):
        return None
    text, source = read_text(path)
    if is_variant_text(text):
        if rules:
            raise UsageError(f"--rule: {REASONS['rule']}")
        puzzles = parse_variants(text, source)
    elif rules:
        from ..gridio import parse_puzzles

        plain = parse_puzzles(text, source, alphabet, order)
        puzzles = [classic(p.n * p.n, p.grid, p.origin) for p in plain]
    else:
        sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
        return None
    if not puzzles:
        raise InputError("no puzzle found", source)
    return [with_rules(p, rules) for p in puzzles] if rules else puzzles


CLASSIC_ONLY = {
    "anneal": "its moves swap digits within boxes and its cost counts row and column "
    "clashes only, blind to a variant's rules",
    "compare": "its in-house UP and FL engines run on the classic formula; rate gives a "
    "variant its rung, count --method all cross-checks its solvers",
    "ladder": "it climbs the classic encodings' rule formulas; rate gives a variant puzzle "
    "its rung on its own CNF",
    "encodings": "it compares the classic CNF encodings; a variant puzzle has one encoding",
    "propagate": "--encoding encodes classic grids; write a variant's CNF with encode and "
    "propagate that file",
}
"""Why the commands that take classic grids only refuse a variant file (docs/variants.md)."""


def classic_only(path: str, command: str) -> None:
    """UsageError (one line, exit 2) when path holds variant puzzles: command's limit."""
    if variant_input(path) is not None:
        raise UsageError(f"{command} takes classic grids only: {CLASSIC_ONLY[command]}")


def _peek_variant(path: str) -> bool:
    from ..variants.fpuzzles import is_variant_text

    try:
        with open(path, "rb") as fp:
            head = fp.read(PEEK)
    except (OSError, ValueError):
        return False  # the classic reader reports it
    return is_variant_text(head.decode("utf-8", "replace").lstrip("\ufeff"))


def title(k: int, total: int, puzzle: Variant, what: str) -> str:
    """The comment line above a drawn grid."""
    n = puzzle.size
    return (
        f"# {k}/{total} {puzzle.origin}: {n}x{n} {', '.join(rules_of(puzzle)) or 'classic'}: {what}"
    )


def encode_variants(
    puzzles: list[Variant],
    output: Path | None,
    index: int | None,
    source: str,
    out_dir: Path | None = None,
    rules_only: bool = False,
) -> None:
    """``encode`` on a variant: DIMACS over the classic numbering, rules named in the
    header; with rules_only, the rules and clues without the givens; with out_dir, one
    NAME-INDEX.cnf per puzzle."""
    if index is not None:
        if index > len(puzzles):
            raise InputError(f"--index {index}: the file holds {len(puzzles)} puzzles", source)
        puzzles = [puzzles[index - 1]]
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        stem = "stdin" if source == "-" else Path(source).stem
        width = len(str(len(puzzles)))
        for k, puzzle in enumerate(puzzles, 1):
            path = out_dir / f"{stem}-{k:0{width}d}.cnf"
            atomic_write(path, _cnf_writer(puzzle, rules_only))
        return
    if len(puzzles) > 1:
        raise InputError(
            f"{len(puzzles)} puzzles: a DIMACS file holds one; use --out-dir DIR or --index K",
            source,
        )
    writer = _cnf_writer(puzzles[0], rules_only)
    check_writable(output)
    if output is None:
        writer(typer.get_text_stream("stdout"))
    else:
        atomic_write(output, writer)


def _cnf_writer(puzzle: Variant, rules_only: bool) -> Callable[[TextIO], None]:
    from ..dimacs import write_cnf
    from ..variants.encode import encode_variant
    from ..variants.text import format_line
    from ..version import version

    formula = encode_variant(puzzle, givens=not rules_only)
    lines = [
        f"sudoku-sat {version()}",
        *formula.comments(),
        f"puzzle {format_line(puzzle.givens)} ({puzzle.origin})"
        + (": givens left out (--rules-only)" if rules_only else ""),
    ]

    def writer(fp: TextIO) -> None:
        write_cnf(fp, formula.nvars, formula.clauses, lines)

    return writer


def show_variants(
    puzzles: list[Variant], fmt: str, svg: Path | None, alphabet: str | None = None
) -> None:
    """``show`` on variants: drawn, one line, numbers, f-puzzles JSON, or an SVG drawing."""
    from ..variants.fpuzzles_write import dumps
    from ..variants.text import format_line, format_numbers, render

    if svg is not None:
        from ..variants.svg import draw

        if len(puzzles) > 1:
            raise InputError(f"{len(puzzles)} puzzles: --svg draws one", str(svg))
        check_writable(svg)
        atomic_write(svg, lambda fp: fp.write(draw(puzzles[0])))
        return
    for k, p in enumerate(puzzles, 1):
        if fmt == "fpuzzles":
            typer.echo(dumps(p))
        elif fmt == "line":
            typer.echo(format_line(p.givens, alphabet))
        elif fmt == "numbers":
            typer.echo(format_numbers(p.givens))
        else:
            clues = sum(1 for v in p.givens if v)
            drawn = render(p, None, alphabet)
            typer.echo(title(k, len(puzzles), p, f"{clues} givens") + "\n" + drawn)


def decode_variant(
    answer: str, puzzles: list[Variant], fmt: str, alphabet: str | None = None
) -> None:
    """``decode --puzzle VARIANT``: the solver's answer as a grid, which must solve it."""
    from ..dimacs import parse_answer
    from ..errors import DimacsError
    from ..variants.fpuzzles_write import dumps
    from ..variants.solve import Session, decode_model
    from ..variants.text import format_line, format_numbers, render

    if len(puzzles) != 1:
        raise InputError(f"holds {len(puzzles)} puzzles; --puzzle needs one", puzzles[0].origin)
    puzzle = puzzles[0]
    text, source = read_text(answer)
    parsed = parse_answer(text, source)
    if parsed.status != "SAT":
        typer.echo(f"{parsed.status}: the solver found no solution", err=True)
        raise typer.Exit(1)
    size = puzzle.size
    chosen = [lit for lit in parsed.literals if 0 < lit <= size**3]
    grid = decode_model(chosen, size)
    if len(chosen) != puzzle.ncells or 0 in grid:
        raise DimacsError(f"not a model of a {size}x{size} grid: {len(chosen)} cell values", source)
    if any(g and g != v for g, v in zip(puzzle.givens, grid, strict=True)):
        raise DimacsError(f"not a solution of {puzzle.origin}: a given is changed", source)
    if not Session().solutions(puzzle.with_givens(grid), 1):
        raise DimacsError(f"not a solution of {puzzle.origin}: a rule is broken", source)
    if fmt == "line":
        typer.echo(format_line(grid, alphabet))
    elif fmt == "numbers":
        typer.echo(format_numbers(grid))
    elif fmt == "fpuzzles":
        typer.echo(dumps(puzzle.with_givens(grid)))
    else:
        typer.echo(render(puzzle, grid, alphabet))
