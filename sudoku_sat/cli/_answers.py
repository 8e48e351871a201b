"""What ``count``, ``unique`` and ``solve`` do once their options are read, without typer:
the typer commands (``count.py``, ``solve.py``) and the plain forms (``_plain``: one file,
no option) call the same functions, so the two paths print the same lines and end with
the same exit codes. ``given`` is the options the user set (``_common.given_options``;
none on the plain path), for the library to honour or refuse."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..batch import CONNECT_TIMEOUT
from ..errors import SolverError
from ..gridio import Puzzle
from ..result import SolveResult
from ._bulk import bulk_count, bulk_eligible, bulk_unique
from ._edge import batch_results, echo, emit_json, exit_if_any, open_batch
from ._reading import load, load_any
from ._shown import GridFormat, show_solution, title, writable_in

if TYPE_CHECKING:
    from ..jobs.counting import Counted

NAMED = 10
"""How many puzzles an error or a verdict names on stderr before a summary."""


def counted(
    items: list[Puzzle],
    cap: int,
    method: str,
    quiet: bool,
    jobs: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    keep: int = 0,
    given: dict[str, str] | None = None,
) -> Iterator[Counted]:
    """Each puzzle's counts by every method, in order, each on its engine, on the executor
    the options ask for, with a progress bar for long files. The names are checked
    before any work; a method that fails on a puzzle is a SolverError naming it."""
    from ..jobs.counting import plan  # not loaded by the bulk path (a file of 9x9 lines)

    job, work = plan(items, cap, method, keep, given or {})
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


def count(
    puzzles: str,
    cap: int = 1000,
    method: str = "auto",
    as_json: bool = False,
    alphabet: str | None = None,
    order: int | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    quiet: bool = False,
    rule: list[str] | None = None,
    given: dict[str, str] | None = None,
) -> None:
    """``count``: one line per puzzle (the count, or >=cap), or --json's records."""
    source = load_any(puzzles, alphabet, order, rule, bulk_eligible(method, as_json, rule))
    if not isinstance(source, list):
        return bulk_count(source, cap, jobs, scheduler)
    items = source
    results: list[Counted] = []
    for result in counted(items, cap, method, quiet, jobs, scheduler, connect_timeout, 0, given):
        results.append(result)
        if not as_json:
            echo(describe(result, cap))
    numbered = list(enumerate(zip(items, results, strict=True), 1))
    if as_json:
        emit_json([count_record(k, p, c, cap) for k, (p, c) in numbered])
    disagree = [f"puzzle {k} ({p.origin})" for k, (p, c) in numbered if c.count is None]
    if disagree:
        more = f" and {len(disagree) - NAMED} more" if len(disagree) > NAMED else ""
        raise SolverError(f"methods disagree on {', '.join(disagree[:NAMED])}{more}")


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


def unique(
    puzzles: str,
    method: str = "auto",
    as_json: bool = False,
    alphabet: str | None = None,
    order: int | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    quiet: bool = False,
    certify: Path | None = None,
    rule: list[str] | None = None,
    given: dict[str, str] | None = None,
) -> int:
    """``unique``: a verdict a puzzle (or --json's records), certificates with --certify;
    the exit code."""
    bulk = bulk_eligible(method, as_json, certify, rule)
    source = load_any(puzzles, alphabet, order, rule, bulk)
    if not isinstance(source, list):
        return bulk_unique(source, jobs, scheduler)
    items = source
    if certify is not None:
        from ..jobs.certifying import check_method

        check_method("auto", items)
    with _certificates(certify) as folder:
        verdicts: list[str] = []
        found: list[Counted] = []
        answers = counted(items, 2, method, quiet, jobs, scheduler, connect_timeout, 2, given)
        for result in answers:
            found.append(result)
            verdicts.append(verdict(result))
            if not as_json:
                echo(verdicts[-1] + _note(items[len(found) - 1], result))
        outcomes = []
        if folder is not None:
            from .certify import certify_puzzles

            outcomes = certify_puzzles(items, verdicts, folder, quiet, found)
        if as_json:
            numbered = enumerate(zip(items, found, verdicts, strict=True), 1)
            records = [unique_record(k, p, c, v) for k, (p, c, v) in numbered]
            for record, outcome in zip(records, outcomes, strict=False):
                record["certificate"] = outcome.as_dict()
            emit_json(records)
        code = unique_exit(items, verdicts)
        if folder is not None:
            from .certify import report_outcomes

            report_outcomes(
                outcomes, folder, [f"puzzle {k} ({p.origin})" for k, p in enumerate(items, 1)]
            )
            if any(o.refusal is not None and o.refusal.kind == "open" for o in outcomes):
                code = max(code, 1)  # a unique puzzle left without a certificate
    return code


def _certificates(certify: Path | None) -> contextlib.AbstractContextManager[Path | None]:
    """The certificates' folder (``certify.certificate_folder``, its module imported only
    for --certify); None without it."""
    if certify is None:
        return contextlib.nullcontext()
    from .certify import certificate_folder

    return certificate_folder(certify)


def _note(p: Puzzle, result: Counted) -> str:
    """After a verdict: whether the solution found is the one the file gives, if any. The
    classic engines send back no grid; a file's solution is checked to solve its puzzle
    when read (``Puzzle.problem``), so a unique puzzle's one solution is the file's."""
    if p.solution is None:
        return ""
    if not result.solutions:
        return " (the file's solution)" if result.count == 1 else ""
    found = p.grid_part(result.solutions[0])  # a file's solution may hold the grid alone
    given = p.solution if len(p.solution) == len(found) else p.grid_part(p.solution)
    same = result.count == 1 and found == given
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
        echo(f"puzzle {k} ({puzzle.origin}) {PROBLEMS[verdict]}", err=True)
    if len(bad) > NAMED:
        tally = ", ".join(f"{verdicts.count(v)} {v}" for v in PROBLEMS if v in verdicts)
        echo(f"... {len(bad)} of {len(items)} puzzles not unique ({tally})", err=True)
    if "disagree" in verdicts:
        return 3
    if "none" in verdicts:
        return NO_SOLUTION
    return 1 if "several" in verdicts else 0


def solve(
    puzzles: str,
    method: str = "auto",
    timeout: float | None = None,
    fmt: GridFormat = GridFormat.grid,
    as_json: bool = False,
    encoding: str = "extended",
    amo: str = "pairwise",
    alphabet: str | None = None,
    order: int | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    quiet: bool = False,
    rule: list[str] | None = None,
    given: dict[str, str] | None = None,
) -> None:
    """``solve``: every puzzle's grid (or --json's records); Exit 1 when one is not solved."""
    from ..jobs.solving import plan

    items = load(puzzles, alphabet, order, rule, prints=True)
    writable_in(fmt, ((p.size, p.origin) for p in items))
    job, work = plan(items, method, timeout, encoding, amo, given or {})
    records: list[dict[str, object]] = []
    unsolved = 0
    crashed: list[str] = []
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        results = batch_results(executor, job, work, "solving", quiet or len(items) < 20)
        for k, (puzzle, result) in enumerate(zip(items, results, strict=True), start=1):
            unsolved += result.status != "solved"
            if result.status == "crashed":
                crashed.append(f"puzzle {k} ({puzzle.origin}): {result.detail}")
            if as_json:
                records.append(result_json(k, puzzle, result))
            else:
                echo(render_result(k, puzzle, result, fmt, alphabet, len(items)))
    if as_json:
        emit_json(records)
    if crashed:
        more = f" and {len(crashed) - 1} more" if len(crashed) > 1 else ""
        raise SolverError(f"{len(crashed)} of {len(items)} puzzle(s) crashed: {crashed[0]}{more}")
    exit_if_any(unsolved, len(items))


def result_json(index: int, puzzle: Puzzle, result: SolveResult) -> dict[str, object]:
    """One puzzle's result for --json."""
    solved = result.status in ("solved", "partial")
    out: dict[str, object] = {
        "index": index,
        "origin": puzzle.origin,
        "status": result.status,
        "solution": show_solution(puzzle, result.grid, GridFormat.line) if solved else None,
        "solver": result.solver,
        "seconds": round(result.seconds, 6),
        "stats": result.stats,
        "detail": result.detail or None,
    }
    if puzzle.extra:  # the cells beyond the grid, by name (model/extra.py)
        digits = result.grid[puzzle.ncells :] if solved else ()
        out["extra"] = dict(zip(puzzle.extra_names, digits, strict=False)) or None
    return out


def render_result(
    k: int,
    puzzle: Puzzle,
    result: SolveResult,
    fmt: GridFormat,
    alphabet: str | None,
    total: int,
) -> str:
    """A result as text: a line, or a titled grid."""
    if fmt is not GridFormat.grid:
        if result.status == "solved":
            return show_solution(puzzle, result.grid, fmt, alphabet)
        detail = f" ({result.detail})" if result.detail else ""
        line = show_solution(puzzle, result.grid, GridFormat.line, alphabet)
        return f"# {result.status.upper()} {puzzle.origin}{detail}: {line}"
    what = f"{result.status.upper()} by {result.solver} in {result.seconds:.4f} s"
    what += f" ({result.detail})" if result.detail else ""
    head = title(k, total, puzzle, what)
    if result.status == "unsat":
        return head + "\n# UNSAT: this puzzle has no solution"
    if result.status == "crashed":
        return head + "\n# CRASHED: no grid"
    return head + "\n" + show_solution(puzzle, result.grid, fmt, alphabet)
