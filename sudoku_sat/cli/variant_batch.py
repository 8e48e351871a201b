"""``solve``, ``count`` and ``unique`` on variant puzzles: :class:`VariantTask` by
``--method`` on the executor ``--jobs``/``--scheduler`` ask for, the output in input
order as one process prints it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from ..errors import SolverError
from ..grid import Grid
from ..methods import COUNT, SOLVE
from ..model.puzzle import Puzzle
from ._common import GridFormat, batch_results, emit_json, open_batch
from .variant_options import refuse_unhonoured

if TYPE_CHECKING:
    from ..variants.methods import Answer

BATCH = {"jobs", "scheduler", "connect_timeout"}
"""The executor options: honoured by every batch command on variants."""
NAMED = 10
R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class Batch:
    """Where a batch runs (--jobs, --scheduler, --connect-timeout) and its progress bar."""

    jobs: int | None = None
    scheduler: str | None = None
    connect_timeout: float = 10.0
    quiet: bool = False

    def run(self, task: Callable[[list[T]], list[R]], items: list[T], label: str) -> list[R]:
        """task on every puzzle, in input order."""
        with open_batch(self.jobs, self.scheduler, self.connect_timeout) as executor:
            quiet = self.quiet or len(items) < 20
            return list(batch_results(executor, task, items, label, quiet))


def honour(names: set[str], rule: list[str] | None, reasons: dict[str, str] | None = None) -> None:
    """Refuse any option given that the variant path does not honour (the executor's
    are); --rule, --order and --alphabet read plain grids when --rule is given."""
    plain = {"rule", "order", "alphabet"} if rule else set()
    refuse_unhonoured(names | BATCH | plain, reasons)


def shown_grid(p: Puzzle, grid: Grid, fmt: GridFormat, alphabet: str | None) -> str:
    """A solution in --format (grid, line, numbers, fpuzzles)."""
    from ..variants.fpuzzles_write import dumps
    from ..variants.text import format_line, format_numbers, render

    if fmt is GridFormat.fpuzzles:
        return dumps(p.with_givens(grid))
    if fmt is GridFormat.line:
        return format_line(grid, alphabet)
    if fmt is GridFormat.numbers:
        return format_numbers(grid)
    return render(p, grid, alphabet)


def solve_variants(
    puzzles: list[Puzzle],
    method: str,
    timeout: float | None,
    fmt: GridFormat,
    as_json: bool,
    alphabet: str | None,
    batch: Batch,
) -> None:
    """``solve`` on variants: each puzzle's first solution by the method."""
    from ..variants.methods import VariantTask, variant_method
    from ..variants.text import format_line
    from .variants import title

    variant_method(method, SOLVE, timeout)
    task = VariantTask(method, 1, 1, timeout)
    records, unsolved, crashed = [], 0, []
    for k, (p, a) in enumerate(zip(puzzles, batch.run(task, puzzles, "solving"), strict=True), 1):
        grid = a.solutions[0] if a.solutions else None
        unsolved += grid is None
        if a.status == "crashed":
            crashed.append(f"puzzle {k} ({p.origin}): {a.detail}")
        status = {"solved": "solved", "unsat": "unsat"}.get(a.status, a.status)
        if as_json:
            line = grid and format_line(grid, alphabet)
            records.append(
                {
                    "index": k,
                    "origin": p.origin,
                    "status": status,
                    "solution": line,
                    "solver": a.solver,
                    "seconds": round(a.seconds, 6),
                    "detail": a.detail or None,
                }
            )
        elif grid is None:
            why = f" ({a.detail})" if a.detail else ""
            word = status.upper()
            typer.echo(
                f"# {word} {p.origin}{why}"
                if fmt is not GridFormat.grid
                else title(
                    k,
                    len(puzzles),
                    p,
                    f"{word}{why}: " + ("no solution" if status == "unsat" else "no answer"),
                )
            )
        elif fmt is GridFormat.grid:
            typer.echo(
                title(k, len(puzzles), p, f"solved by {a.solver}")
                + "\n"
                + shown_grid(p, grid, fmt, alphabet)
            )
        else:
            typer.echo(shown_grid(p, grid, fmt, alphabet))
    if as_json:
        emit_json(records)
    if crashed:
        more = f" and {len(crashed) - 1} more" if len(crashed) > 1 else ""
        raise SolverError(f"{len(crashed)} of {len(puzzles)} puzzle(s) crashed: {crashed[0]}{more}")
    if unsolved:
        typer.echo(f"{unsolved} of {len(puzzles)} puzzle(s) not solved", err=True)
        raise typer.Exit(1)


def counted(puzzles: list[Puzzle], method: str, cap: int, keep: int, batch: Batch) -> list[Answer]:
    """Every puzzle counted up to cap by the method (all: every method available); a
    method that failed is a SolverError naming the puzzle."""
    from ..variants.methods import VariantTask, variant_method

    variant_method(method, COUNT)
    answers = batch.run(VariantTask(method, cap, keep), puzzles, "counting")
    for k, (p, a) in enumerate(zip(puzzles, answers, strict=True), 1):
        if a.status in ("crashed", "unknown"):
            raise SolverError(f"puzzle {k} ({p.origin}): {a.solver}: {a.detail}")
    return answers


def disagreement(puzzles: list[Puzzle], answers: list[Answer]) -> None:
    """SolverError (exit 3) naming the puzzles on which the methods disagree."""
    bad = [
        f"puzzle {k} ({p.origin})"
        for k, (p, a) in enumerate(zip(puzzles, answers, strict=True), 1)
        if a.count is None
    ]
    if bad:
        more = f" and {len(bad) - NAMED} more" if len(bad) > NAMED else ""
        raise SolverError(f"methods disagree on {', '.join(bad[:NAMED])}{more}")


def describe(a: Answer, cap: int) -> str:
    """The count, or each method's count when they disagree."""

    def shown(c: int) -> str:
        return f">={cap}" if c >= cap else str(c)

    if a.count is not None:
        return shown(a.count)
    return " ".join(f"{m}={shown(c)}" for m, c in a.counts.items())


def count_variants(
    puzzles: list[Puzzle], cap: int, method: str, as_json: bool, batch: Batch
) -> None:
    """``count`` on variants: solutions up to cap, by every method asked for."""
    answers = counted(puzzles, method, cap, 0, batch)
    records = []
    for k, (p, a) in enumerate(zip(puzzles, answers, strict=True), 1):
        if as_json:
            c = a.count
            records.append(
                {
                    "index": k,
                    "origin": p.origin,
                    "count": c,
                    "capped": c is not None and c >= cap,
                    "cap": cap,
                    "methods": a.counts,
                }
            )
        else:
            typer.echo(describe(a, cap))
    if as_json:
        emit_json(records)
    disagreement(puzzles, answers)


VERDICTS = {0: "none", 1: "unique", 2: "several"}


def unique_variants(
    puzzles: list[Puzzle],
    as_json: bool,
    certify: str | Path | None = None,
    method: str = "auto",
    batch: Batch | None = None,
) -> None:
    """``unique`` on variants: unique, several or none; exit codes as for classic puzzles.
    With certify (a folder), every unique puzzle also gets a checked DRUP certificate."""
    from ..variants.text import format_line

    answers = counted(puzzles, method, 2, 2, batch or Batch())
    folder = None
    if certify is not None:  # the proof modules are loaded only for certificates
        from ..proofs.store import prepare
        from ..variants.certify import certify_variant

        folder = prepare(certify)
    uncertified = 0
    records: list[dict[str, Any]] = []
    verdicts = []
    for k, (p, a) in enumerate(zip(puzzles, answers, strict=True), 1):
        verdict = "disagree" if a.count is None else VERDICTS[a.count]
        verdicts.append(verdict)
        record: dict[str, Any] = {
            "index": k,
            "origin": p.origin,
            "verdict": verdict,
            "rules": p.rules,
        }
        if verdict == "unique":
            record["solution"] = format_line(a.solutions[0])
        if p.solution is not None:
            record["matches_solution"] = verdict == "unique" and a.solutions[0] == p.solution
        if folder is not None and verdict == "unique":
            cert = certify_variant(p, a.solutions[0], folder, k)
            record["certificate"] = cert.files.as_dict() if cert.files else cert.refusal
            if cert.refusal is not None:
                uncertified += 1
                typer.echo(f"puzzle {k} ({p.origin}): no certificate: {cert.refusal}", err=True)
        records.append(record)
        if not as_json:
            note = ""
            if p.solution is not None:
                same = record["matches_solution"]
                note = " (the file's solution)" if same else " (not the file's solution)"
            typer.echo(verdict + note)
    if as_json:
        emit_json(records)
    for k, (p, word) in enumerate(zip(puzzles, verdicts, strict=True), 1):
        if word in ("none", "several"):
            problem = "no solution" if word == "none" else "several solutions"
            typer.echo(f"puzzle {k} ({p.origin}) has {problem}", err=True)
    disagreement(puzzles, answers)
    if folder is not None:
        certified = verdicts.count("unique") - uncertified
        typer.echo(f"{certified} of {len(puzzles)} puzzle(s) certified in {folder}", err=True)
    code = 4 if "none" in verdicts else 1 if "several" in verdicts else 0
    raise typer.Exit(max(code, 1) if uncertified else code)
