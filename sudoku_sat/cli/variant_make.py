"""``generate --rule`` and ``minimize`` on variant puzzles: batch tasks of
:mod:`sudoku_sat.difficulty.variant_making` on the executor the options ask for, each
puzzle checked by CP-SAT, with ``--certify`` certificates that ``check-proof`` verifies."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperOption

from ..errors import UsageError
from ..methods import EMPTY, parse_method
from ..variants.model import Variant
from ._common import GridFormat, emit_json, exit_if_any
from .variant_batch import Batch, honour

if TYPE_CHECKING:
    from ..difficulty.variant_making import VariantMade

MADE = {"seed", "fmt", "stats", "as_json", "alphabet", "method"}
"""The options generate --rule and minimize honour on variants (besides the executor's)."""
JSON_DIGITS = "f-puzzles JSON writes digits as numbers; --alphabet draws with --format grid"


class RuleHelp(TyperCommand):
    """generate's command: its --help lists every name --rule takes, the registry's rules
    read only then (importing the registry costs each command 0.15 s, numpy included)."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from ..variants.make import known_kinds

        for param in self.params:
            if param.name == "rule" and isinstance(param, TyperOption):
                param.help = f"{RULE_HELP}: {', '.join(known_kinds())}."
        super().format_help(ctx, formatter)


RULE_HELP = (
    "Make variant puzzles of these rules, repeatable or comma-separated (killer,thermometer),"
    " printed as f-puzzles JSON, one a line"
)


def solver_of(method: str) -> str | None:
    """The PySAT solver behind --method: auto (the session's), pysat (m22)."""
    m = parse_method(method, EMPTY)
    if m.name not in ("auto", "pysat"):
        raise UsageError(
            f"--method {method!r}: {m.name} empties classic grids only; variant puzzles "
            "take auto or pysat (docs/variants.md)"
        )
    return None if m.name == "auto" else "m22"


def check_format(fmt: GridFormat, alphabet: str | None) -> None:
    """--format numbers is refused; --alphabet only with --format grid."""
    if fmt is GridFormat.numbers:
        raise UsageError(
            "--format numbers: a variant puzzle prints as f-puzzles JSON (line, fpuzzles) "
            "or drawn (grid)"
        )
    if alphabet is not None and fmt is not GridFormat.grid:
        raise UsageError(f"--alphabet: {JSON_DIGITS}")


def shown(p: Variant, k: int, total: int, fmt: GridFormat, alphabet: str | None) -> str:
    """A made puzzle: f-puzzles JSON on one line, or drawn under a title."""
    from ..variants.fpuzzles_write import dumps
    from ..variants.text import render
    from .variants import title

    if fmt is GridFormat.grid:
        clues = sum(1 for v in p.givens if v)
        return title(k, total, p, f"{clues} givens") + "\n" + render(p, None, alphabet) + "\n"
    return dumps(p)


def emit(
    made: Iterable[VariantMade],
    total: int,
    seed: int,
    fmt: GridFormat,
    options: tuple[bool, bool, bool, str | None],
    folder: Path | None,
) -> int:
    """Print each puzzle (and its certificate), in order; the number of failures."""
    from ..variants.certify import certify_variant
    from ..variants.fpuzzles_write import to_fpuzzles

    stats, as_json, quiet, alphabet = options
    failures, records = 0, []
    for m in made:
        failures += m.problem is not None
        record: dict[str, Any] = {
            "index": m.index,
            "seed": seed,
            "origin": m.puzzle.origin if m.puzzle else None,
            "puzzle": to_fpuzzles(m.puzzle) if m.puzzle else None,
            "check": m.problem or "unique, minimal",
            "seconds": round(m.seconds, 4),
            "check_seconds": round(m.check_seconds, 4),
        }
        if m.puzzle is not None and m.problem is None and folder is not None:
            assert m.puzzle.solution is not None
            cert = certify_variant(m.puzzle, m.puzzle.solution, folder, m.index)
            record["certificate"] = cert.files.as_dict() if cert.files else cert.refusal
            if cert.refusal is not None:
                failures += 1
                typer.echo(f"puzzle {m.index}: no certificate: {cert.refusal}", err=True)
        records.append(record)
        if as_json:
            continue
        line = stats_line(m, total)
        if stats:
            typer.echo(line)
        elif not quiet or m.puzzle is None:
            typer.echo(line, err=True)
        if m.puzzle is not None:
            typer.echo(shown(m.puzzle, m.index, total, fmt, alphabet))
    if as_json:
        emit_json(records)
    if folder is not None:
        done = sum(1 for r in records if isinstance(r.get("certificate"), dict))
        typer.echo(f"{done} of {total} puzzle(s) certified in {folder}", err=True)
    return failures


def stats_line(m: VariantMade, total: int) -> str:
    """The '#' line of one puzzle: givens, times, the check's verdict."""
    if m.puzzle is None:
        return f"# {m.index}/{total}: failed: {m.problem}"
    givens = sum(1 for v in m.puzzle.givens if v)
    verdict = f"FAILED: {m.problem}" if m.problem else "unique and minimal by CP-SAT"
    tries = f" ({m.tries} tries)" if m.tries > 1 else ""
    return f"# {m.index}/{total}: {givens} givens, made in {m.seconds:.3f} s{tries}; {verdict}"


def generate_variants(
    kinds: list[str],
    size: int,
    count: int,
    seed: int,
    level: str | None,
    method: str,
    fmt: GridFormat,
    options: tuple[bool, bool, bool, str | None],
    certify: Path | None,
    batch: Batch,
) -> None:
    """``generate --rule``: unique minimal variant puzzles, each checked by CP-SAT."""
    from ..difficulty.variant_making import MakeVariants
    from ..proofs.store import prepare
    from ..variants.make import check_kinds, split_kinds

    honour(MADE | {"rule", "size", "order", "count", "difficulty", "certify"}, None)
    check_format(fmt, options[3])
    kinds = split_kinds(kinds)
    check_kinds(kinds, size)
    task = MakeVariants(tuple(kinds), size, seed, level, solver_of(method))
    folder = None if certify is None else prepare(certify)
    made = batch.run(task, list(range(1, count + 1)), "generating")
    failures = emit(made, count, seed, fmt, options, folder)
    exit_if_any(failures, count, "failed")


def minimize_variants(
    puzzles: list[Variant],
    seed: int,
    method: str,
    fmt: GridFormat,
    options: tuple[bool, bool, bool, str | None],
    batch: Batch,
) -> None:
    """``minimize`` on variants: each puzzle's givens emptied while it stays unique."""
    from ..difficulty.variant_making import MinimizeVariants

    honour(MADE, None)
    check_format(fmt, options[3])
    task = MinimizeVariants(seed, solver_of(method))
    items = list(enumerate(puzzles, 1))
    made = batch.run(task, items, "minimizing")
    failures = emit(made, len(puzzles), seed, fmt, options, None)
    exit_if_any(failures, len(puzzles), "failed")
