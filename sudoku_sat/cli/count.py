"""``count`` (solutions per puzzle, up to a cap) and ``unique`` (exactly one solution?)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SolverError
from ..gridio import Puzzle
from ..methods import COUNT, VARIANT
from . import app
from ._bulk import bulk_count, bulk_eligible, bulk_unique
from ._common import (
    CONNECT_TIMEOUT,
    AlphabetOption,
    ConnectTimeoutOption,
    GridFormat,
    JobsOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    SchedulerOption,
    batch_results,
    emit_json,
    given_options,
    guarded,
    method_option,
    open_batch,
)
from ._shown import show_solution
from .certify import (
    CertifyOption,
    certificate_folder,
    certify_puzzles,
    report_outcomes,
)

if TYPE_CHECKING:
    from ..bulk import Lines
    from ..jobs.counting import Counted

METHOD_HELP = (
    "auto (default): per order the fastest measured (eup for 9x9 and 16x16 when numba is "
    "installed, else for 16x16 only; pysat below 25x25 otherwise; candidates from "
    "25x25 up); a file of 9x9 lines goes to the compiled engine in chunks of 1024; eup: "
    "in-house bitmask search (rules E, U, P + backtracking); "
    "pysat[:NAME]: an incremental PySAT solver (m22 unless NAME) with guarded blocking "
    "clauses; ganak: exact #SAT with pyganak (extra 'count'), "
    "run only below the cap (PySAT checks the cap first); "
    "candidates (auto from 25x25 up): propagation, candidate-only CNF, blocking clauses "
    "on one CaDiCaL (docs/large.md); "
    "all: every available method, which must agree. Variant puzzles (docs/variants.md): "
    "auto, pysat[:NAME], bin:NAME (blocking clauses, the binary run again per solution), "
    "all (the session, every solver binary on PATH, CP-SAT)."
)
NAMED = 10
"""How many puzzles an error or a verdict names on stderr before a summary."""
MethodOption = Annotated[str, method_option(COUNT, METHOD_HELP, VARIANT)]


def counted(
    items: list[Puzzle],
    cap: int,
    method: str,
    quiet: bool,
    jobs: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    keep: int = 0,
) -> Iterator[Counted]:
    """Each puzzle's counts by every method, in order, each on its engine, on the executor
    the options ask for, with a progress bar for long files. The names are checked
    before any work; a method that fails on a puzzle is a SolverError naming it."""
    from ..jobs.counting import plan  # not loaded by the bulk path (a file of 9x9 lines)

    job, work = plan(items, cap, method, keep, given_options())
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        results = batch_results(executor, job, work, "counting", quiet or len(items) < 20)
        for k, (p, result) in enumerate(zip(items, results, strict=True), 1):
            if result.crashed:
                raise SolverError(f"puzzle {k} ({p.origin}): {result.detail}")
            yield result


def shown(count: int, cap: int) -> str:
    """A count as printed: the number, or >=cap when the cap was reached."""
    return f">={cap}" if count >= cap else str(count)


def describe(counted: Counted, cap: int) -> str:
    """One output line: the count when the methods agree, every method's count if not."""
    if counted.count is not None:
        return shown(counted.count, cap)
    return " ".join(f"{method}={shown(c, cap)}" for method, c in counted.counts.items())


@app.command("count")
@guarded
def count_command(
    puzzles: PuzzlesArg,
    cap: Annotated[
        int, typer.Option(min=1, help="Stop counting at K solutions and print >=K.", metavar="K")
    ] = 1000,
    method: MethodOption = "auto",
    as_json: JsonOption = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Count the solutions of every puzzle: one line per puzzle, in input order.

    Prints the count, or >=K when the cap K was reached (0: no solution). With
    --method all, exit code 3 and a message naming the puzzles when two methods disagree.
    """
    source = load_any(puzzles, alphabet, order, rule, bulk_eligible(method, as_json, rule))
    if not isinstance(source, list):
        return bulk_count(source, cap, jobs, scheduler)
    items = source
    results: list[Counted] = []
    for result in counted(items, cap, method, quiet, jobs, scheduler, connect_timeout):
        results.append(result)
        if not as_json:
            typer.echo(describe(result, cap))
    numbered = list(enumerate(zip(items, results, strict=True), 1))
    if as_json:
        emit_json([count_record(k, p, c, cap) for k, (p, c) in numbered])
    disagree = [f"puzzle {k} ({p.origin})" for k, (p, c) in numbered if c.count is None]
    if disagree:
        more = f" and {len(disagree) - NAMED} more" if len(disagree) > NAMED else ""
        raise SolverError(f"methods disagree on {', '.join(disagree[:NAMED])}{more}")


def load_any(
    path: str, alphabet: str | None, order: int | None, rule: list[str] | None, bulk: bool
) -> Lines | list[Puzzle]:
    """The puzzles of path (the one reader): as bulk Lines when bulk is allowed and the
    file is 9x9 lines, the fast path of the classic engine."""
    from ..files import read_text
    from ..jobs.reading import parse

    text, source = read_text(path)
    return parse(text, source, alphabet, order, rule, lines=bulk)


def count_record(k: int, puzzle: Puzzle, counted: Counted, cap: int) -> dict[str, object]:
    """One puzzle's counts for --json."""
    count = counted.count
    return {
        "index": k,
        "origin": puzzle.origin,
        "count": count,
        "capped": count is not None and count >= cap,
        "cap": cap,
        "methods": counted.counts,
    }


VERDICTS = {0: "none", 1: "unique", 2: "several"}
NO_SOLUTION = 4
"""unique's exit code when a puzzle has no solution (2 is bad input, 3 a solver error)."""


@app.command("unique")
@guarded
def unique_command(
    puzzles: PuzzlesArg,
    method: MethodOption = "auto",
    as_json: JsonOption = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    quiet: QuietOption = False,
    certify: CertifyOption = None,
    rule: RuleOption = None,
) -> None:
    """Check that every puzzle has exactly one solution: prints unique, several or none.

    Exit code 0 when every puzzle is unique, 1 when one has several solutions, 4 when one
    has none (4 wins over 1; 2 stays for bad input); stderr names the puzzles that are
    not unique. With --certify DIR, every unique puzzle also gets a certificate in DIR (a
    DRUP proof that F_regle ∧ clues ∧ ¬S is UNSAT, which check-proof or drat-trim
    verifies); the prover must agree with the verdicts (exit 3 if not), and a unique
    puzzle left without a certificate makes the exit code at least 1.
    """
    bulk = bulk_eligible(method, as_json, certify, rule)
    source = load_any(puzzles, alphabet, order, rule, bulk)
    if not isinstance(source, list):
        raise typer.Exit(bulk_unique(source, jobs, scheduler))
    items = source
    if certify is not None:
        from ..jobs.certifying import check_method

        check_method("auto", items)
    with certificate_folder(certify) as folder:
        verdicts: list[str] = []
        found: list[Counted] = []
        for result in counted(items, 2, method, quiet, jobs, scheduler, connect_timeout, 2):
            found.append(result)
            verdicts.append(verdict(result))
            if not as_json:
                typer.echo(verdicts[-1] + _note(items[len(found) - 1], result))
        outcomes = [] if folder is None else certify_puzzles(items, verdicts, folder, quiet, found)
        if as_json:
            numbered = enumerate(zip(items, found, verdicts, strict=True), 1)
            records = [unique_record(k, p, c, v) for k, (p, c, v) in numbered]
            for record, outcome in zip(records, outcomes, strict=False):
                record["certificate"] = outcome.as_dict()
            emit_json(records)
        code = unique_exit(items, verdicts)
        if folder is not None:
            report_outcomes(
                outcomes, folder, [f"puzzle {k} ({p.origin})" for k, p in enumerate(items, 1)]
            )
            if any(o.refusal is not None and o.refusal.kind == "open" for o in outcomes):
                code = max(code, 1)  # a unique puzzle left without a certificate
    raise typer.Exit(code)


def _note(p: Puzzle, result: Counted) -> str:
    """After a verdict: whether the solution found is the one the file gives, if any. The
    classic engines send back no grid; a file's solution is checked to solve its puzzle
    when read (``Puzzle.problem``), so a unique puzzle's one solution is the file's."""
    if p.solution is None:
        return ""
    if not result.solutions:
        return " (the file's solution)" if result.count == 1 else ""
    same = result.count == 1 and result.solutions[0] == p.solution
    return " (the file's solution)" if same else " (not the file's solution)"


def unique_record(k: int, p: Puzzle, result: Counted, word: str) -> dict[str, object]:
    """One puzzle's verdict for --json: its rules, and its solution when unique."""
    record: dict[str, object] = {"index": k, "origin": p.origin, "verdict": word}
    record["rules"] = p.rules
    if word == "unique" and result.solutions:
        record["solution"] = show_solution(p, result.solutions[0], GridFormat.line)
    if p.solution is not None and result.solutions:
        record["matches_solution"] = word == "unique" and result.solutions[0] == p.solution
    return record


def verdict(counted: Counted) -> str:
    """unique, several or none from counts with cap 2; disagree when the methods differ."""
    count = counted.count
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
        return NO_SOLUTION
    return 1 if "several" in verdicts else 0
