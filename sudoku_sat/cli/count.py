"""``count`` (solutions per puzzle, up to a cap) and ``unique`` (exactly one solution?):
their options; what they do is ``_answers.count`` and ``_answers.unique``."""

from __future__ import annotations

from typing import Annotated

import typer

from ..methods import COUNT, VARIANT
from . import _answers, app
from ._common import (
    CONNECT_TIMEOUT,
    AlphabetOption,
    ConnectTimeoutOption,
    JobsOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    SchedulerOption,
    given_options,
    guarded,
    method_option,
)
from .certify import CertifyOption

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
MethodOption = Annotated[str, method_option(COUNT, METHOD_HELP, VARIANT)]


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
    _answers.count(
        puzzles,
        cap,
        method,
        as_json,
        alphabet,
        order,
        jobs,
        scheduler,
        connect_timeout,
        quiet,
        rule,
        given_options(),
    )


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
    code = _answers.unique(
        puzzles,
        method,
        as_json,
        alphabet,
        order,
        jobs,
        scheduler,
        connect_timeout,
        quiet,
        certify,
        rule,
        given_options(),
    )
    raise typer.Exit(code)
