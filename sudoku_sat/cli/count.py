"""``count`` (solutions per puzzle, up to a cap) and ``unique`` (exactly one solution?)."""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Annotated

import typer

from ..counting import Counters, available_methods
from ..errors import SolverError
from ..gridio import Puzzle
from . import app
from ._common import (
    AlphabetOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    emit_json,
    guarded,
    load,
    progress,
)


class Method(str, Enum):
    """How solutions are counted."""

    eup = "eup"
    pysat = "pysat"
    ganak = "ganak"
    all = "all"


METHOD_HELP = (
    "eup: in-house bitmask search (rules E, U, P + backtracking); pysat: incremental PySAT "
    "solver with guarded blocking clauses; ganak: exact #SAT with pyganak (extra 'count'); "
    "all: every available method, which must agree."
)
NAMED = 10
"""How many puzzles an error or a verdict names on stderr before a summary."""
MethodOption = Annotated[Method, typer.Option(help=METHOD_HELP)]
SolverOption = Annotated[str, typer.Option(help="PySAT solver for --method pysat.")]


def methods_for(method: Method) -> list[str]:
    """The counting methods to run for the --method option."""
    return available_methods() if method is Method.all else [method.value]


def counted(
    items: list[Puzzle], cap: int, methods: list[str], solver: str, quiet: bool
) -> Iterator[dict[str, int]]:
    """Each puzzle's counts by every method, as they come, with a progress bar for long files."""
    with Counters(solver) as counters:
        results = counters.count_all(((p.grid, p.n) for p in items), cap, methods)
        yield from progress(results, len(items), "counting", quiet or len(items) < 20)


def shown(count: int, cap: int) -> str:
    """A count as printed: the number, or >=cap when the cap was reached."""
    return f">={cap}" if count >= cap else str(count)


def agreed(counts: dict[str, int]) -> int | None:
    """The count every method gave, or None when they disagree."""
    values = set(counts.values())
    return values.pop() if len(values) == 1 else None


def describe(counts: dict[str, int], cap: int) -> str:
    """One output line: the count when the methods agree, every method's count if not."""
    count = agreed(counts)
    if count is not None:
        return shown(count, cap)
    return " ".join(f"{method}={shown(c, cap)}" for method, c in counts.items())


@app.command("count")
@guarded
def count_command(
    puzzles: PuzzlesArg,
    cap: Annotated[
        int, typer.Option(min=1, help="Stop counting at K solutions and print >=K.", metavar="K")
    ] = 1000,
    method: MethodOption = Method.eup,
    solver: SolverOption = "m22",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of results.")] = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Count the solutions of every puzzle: one line per puzzle, in input order.

    Prints the count, or >=K when the cap K was reached (0: no solution). With
    --method all, exit code 3 and a message naming the puzzles when two methods disagree.
    """
    items = load(puzzles, alphabet, order)
    results: list[dict[str, int]] = []
    for counts in counted(items, cap, methods_for(method), solver, quiet):
        results.append(counts)
        if not as_json:
            typer.echo(describe(counts, cap))
    numbered = list(enumerate(zip(items, results, strict=True), 1))
    if as_json:
        emit_json([count_record(k, p, c, cap) for k, (p, c) in numbered])
    disagree = [f"puzzle {k} ({p.origin})" for k, (p, c) in numbered if agreed(c) is None]
    if disagree:
        more = f" and {len(disagree) - NAMED} more" if len(disagree) > NAMED else ""
        raise SolverError(f"methods disagree on {', '.join(disagree[:NAMED])}{more}")


def count_record(k: int, puzzle: Puzzle, counts: dict[str, int], cap: int) -> dict[str, object]:
    """One puzzle's counts for --json."""
    count = agreed(counts)
    return {
        "index": k,
        "origin": puzzle.origin,
        "count": count,
        "capped": count is not None and count >= cap,
        "cap": cap,
        "methods": counts,
    }


VERDICTS = {0: "none", 1: "unique", 2: "several"}


@app.command("unique")
@guarded
def unique_command(
    puzzles: PuzzlesArg,
    method: MethodOption = Method.eup,
    solver: SolverOption = "m22",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON array of verdicts.")] = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
) -> None:
    """Check that every puzzle has exactly one solution: prints unique, several or none.

    Exit code 0 when every puzzle is unique, 1 when one has several solutions, 2 when one
    has none (2 wins over 1); stderr names the puzzles that are not unique.
    """
    items = load(puzzles, alphabet, order)
    verdicts: list[str] = []
    for counts in counted(items, 2, methods_for(method), solver, quiet):
        verdicts.append(verdict(counts))
        if not as_json:
            typer.echo(verdicts[-1])
    if as_json:
        numbered = enumerate(zip(items, verdicts, strict=True), 1)
        emit_json([{"index": k, "origin": p.origin, "verdict": v} for k, (p, v) in numbered])
    raise typer.Exit(unique_exit(items, verdicts))


def verdict(counts: dict[str, int]) -> str:
    """unique, several or none from counts with cap 2; disagree when the methods differ."""
    count = agreed(counts)
    return "disagree" if count is None else VERDICTS[count]


PROBLEMS = {
    "none": "has no solution",
    "several": "has several solutions",
    "disagree": "gets different counts from the methods",
}


def unique_exit(items: list[Puzzle], verdicts: list[str]) -> int:
    """Name the puzzles that are not unique on stderr; the exit code they call for."""
    bad = [
        (k, p, v) for k, (p, v) in enumerate(zip(items, verdicts, strict=True), 1) if v in PROBLEMS
    ]
    for k, puzzle, verdict in bad[:NAMED]:
        typer.echo(f"puzzle {k} ({puzzle.origin}) {PROBLEMS[verdict]}", err=True)
    if len(bad) > NAMED:
        tally = ", ".join(f"{verdicts.count(v)} {v}" for v in PROBLEMS if v in verdicts)
        typer.echo(f"... {len(bad)} of {len(items)} puzzles not unique ({tally})", err=True)
    if "disagree" in verdicts:
        return 3
    if "none" in verdicts:
        return 2
    return 1 if "several" in verdicts else 0
