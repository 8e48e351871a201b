"""``certify`` (certificates of uniqueness into a folder), ``check-proof`` (verify one), and
the ``--certify DIR`` option and helpers that ``unique`` and ``generate`` can share."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SolverError
from ..files import read_text
from ..gridio import Puzzle
from ..methods import CHECK, PROVE
from . import app
from ._common import (
    AlphabetOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    emit_json,
    guarded,
    load,
    method_option,
    progress,
)

if TYPE_CHECKING:  # the proofs package loads when a certificate is asked for (--certify)
    from ..jobs.certifying import Certifying
    from ..jobs.counting import Counted
    from ..proofs import Certifier, Outcome
    from ..puzzles.maker import Made


CertifyOption = Annotated[
    Path | None,
    typer.Option(
        "--certify",
        metavar="DIR",
        help="Write a certificate per unique puzzle into DIR: puzzle-NNNNN.cnf "
        "(F_regle ∧ clues ∧ ¬S), .sol (the solution) and .drup (a DRUP proof that the CNF "
        "is UNSAT), checked by the in-house checker first. Check one with check-proof.",
    ),
]
PROVE_HELP = (
    "Where the proofs come from. auto: failed literals when they solve the puzzle (no "
    "search), else CDCL on pysat:glucose42; fl: failed literals only; pysat[:NAME]: CDCL "
    "on that PySAT solver, which logs the proof (glucose42 unless NAME: glucose4, "
    "cadical195, lingeling, ...)."
)
CHECK_HELP = (
    "all: both checkers, which must agree; rup: the in-house forward RUP checker (on "
    "the project's unit propagation; compiled with numba when installed, rup:python for "
    "the pure-Python one); dratify: the dratify package (extra 'certify')."
)


def certificate_folder(directory: Path | None) -> contextlib.AbstractContextManager[Path | None]:
    """proofs.store.certificate_folder, imported only when DIRECTORY is given: ``unique``
    and ``generate`` import this module, and a run without --certify loads no proof code."""
    if directory is None:
        return contextlib.nullcontext()
    from ..proofs.store import certificate_folder as folder

    return folder(directory)


def certified(
    certifier: Certifier, puzzles: Iterable[tuple[int, tuple[int, ...], int]]
) -> Iterator[Outcome]:
    """The outcome of every (index, grid, n), in order."""
    for index, grid, n in puzzles:
        yield certifier.certify(index, grid, n)


def with_certificates(
    results: Iterator[Made], certifier: Certifying, outcomes: list[Outcome]
) -> Iterator[Made]:
    """Pass generate's results on, certifying each puzzle made (outcomes collects them)."""
    for made in results:
        p = made.made()
        if p is not None and p.solution is not None:
            outcomes.append(certifier.certify(made.index + 1, p, (p.solution,)))
        yield made


def certify_puzzles(
    items: list[Puzzle],
    verdicts: list[str],
    folder: Path,
    quiet: bool,
    found: Sequence[Counted] = (),
    method: str = "auto",
) -> list[Outcome]:
    """Certify every puzzle, each by its engine; a prover that finds the puzzle not
    unique when the counting methods said unique (or the reverse) is a SolverError."""
    from ..jobs.certifying import Certifying

    solutions = [c.solutions or None for c in found] or [None] * len(items)
    outcomes = []
    with Certifying(folder, method) as certifier:
        work = (
            certifier.certify(k, p, s)
            for k, (p, s) in enumerate(zip(items, solutions, strict=True), 1)
        )
        for outcome in progress(work, len(items), "certifying", quiet or len(items) < 20):
            outcomes.append(outcome)
    for outcome, said in zip(outcomes, verdicts, strict=True):
        kind = "unique" if outcome.refusal is None else outcome.refusal.kind
        if said in ("unique", "several", "none") and kind != "open" and kind != said:
            raise SolverError(
                f"puzzle {outcome.index}: the counting methods say {said}, the prover finds {kind}"
            )
    return outcomes


def report_outcomes(outcomes: list[Outcome], directory: Path, named: list[str]) -> int:
    """Say on stderr which puzzles got no certificate and how many did; the count refused.

    ``named`` holds each puzzle's name for messages ("puzzle 3 (file:3)")."""
    refused = [o for o in outcomes if o.refusal is not None]
    for outcome in refused[:10]:
        assert outcome.refusal is not None
        typer.echo(
            f"{named[outcome.index - 1]}: no certificate: {outcome.refusal.reason}", err=True
        )
    if len(refused) > 10:
        typer.echo(f"... and {len(refused) - 10} more puzzles without a certificate", err=True)
    done = len(outcomes) - len(refused)
    typer.echo(f"{done} of {len(outcomes)} puzzle(s) certified in {directory}", err=True)
    return len(refused)


@app.command("certify")
@guarded
def certify_command(
    puzzles: PuzzlesArg,
    directory: Annotated[
        Path, typer.Argument(help="Folder for the certificates (created if needed).")
    ],
    method: Annotated[str, method_option(PROVE, PROVE_HELP)] = "auto",
    as_json: JsonOption = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Certify that every puzzle has exactly one solution: per unique puzzle, write into
    DIRECTORY puzzle-NNNNN.cnf (F_regle ∧ clues ∧ ¬S), .sol (the solution) and .drup (a
    DRUP proof that the CNF is UNSAT), checked by the in-house checker first.

    Prints one line per puzzle (the proof method, or why there is no certificate: no
    solution, several solutions). Exit 0 when every puzzle is certified, 1 otherwise.
    Check a certificate with check-proof, or with drat-trim / dratify on the CNF and proof.
    """
    from ..jobs.certifying import Certifying, check_method
    from ..proofs.store import certificate_folder as store_folder

    items = load(puzzles, alphabet, order, rule)
    check_method(method, items)
    outcomes: list[Outcome] = []
    with store_folder(directory) as folder, Certifying(folder, method) as certifier:
        work = (certifier.certify(k, p) for k, p in enumerate(items, 1))
        quiet = quiet or len(items) < 20
        for outcome in progress(work, len(items), "certifying", quiet):
            outcomes.append(outcome)
            if not as_json:
                refusal = outcome.refusal
                typer.echo(
                    f"certified ({outcome.method})"
                    if refusal is None
                    else f"no certificate: {refusal.reason}"
                )
    if as_json:
        emit_json(
            [
                {"index": o.index, "origin": p.origin, "certificate": o.as_dict()}
                for o, p in zip(outcomes, items, strict=True)
            ]
        )
    names = [f"puzzle {k} ({p.origin})" for k, p in enumerate(items, 1)]
    if report_outcomes(outcomes, folder, names):
        raise typer.Exit(1)


@app.command("check-proof")
@guarded
def check_proof_command(
    cnf: Annotated[str, typer.Argument(help="The CNF file (DIMACS) the proof refutes.")],
    proof: Annotated[str, typer.Argument(help="The DRUP proof file.")],
    method: Annotated[str, method_option(CHECK, CHECK_HELP)] = "all",
    as_json: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """Check that PROOF is a DRUP refutation of CNF: exit 0 verified, 1 refuted, 2 malformed.

    Every lemma must be RUP (forward check, deletions honoured; deleting a unit clause is
    ignored, as drat-trim does). The proof's recorded SHA-256 must match the CNF; a
    certificate CNF (from certify) also has its solution checked against its puzzle
    and its clauses compared with F_regle ∧ clues(P) ∧ ¬S. A refuted proof names the
    line of its first bad lemma.
    """
    cnf_text, cnf_source = read_text(cnf)
    proof_text, proof_source = read_text(proof)
    from ..proofs import check_texts
    from ..variants.certify import variant_problems

    sources = (cnf_source, proof_source)
    report = check_texts(cnf_text, proof_text, method, sources, variant_problems)
    if as_json:
        emit_json(
            {
                "ok": report.ok,
                "agree": report.agree,
                "problems": report.problems,
                "puzzle_checked": report.puzzle is not None,
                "verdicts": [v.as_dict() for v in report.verdicts],
            }
        )
    else:
        for verdict in report.verdicts:
            word = "verified" if verdict.ok else "REFUTED"
            typer.echo(f"{verdict.checker}: {word}: {verdict.reason} ({verdict.seconds:.3f} s)")
        if report.puzzle is not None and not report.problems:
            typer.echo("solution: solves the puzzle; CNF is F_regle ∧ clues(P) ∧ ¬S for them")
    if report.ok:
        return
    for problem in report.problems:
        typer.echo(f"sudoku-sat: {problem}", err=True)
    bad = next((v for v in report.verdicts if not v.ok), None)
    if bad is not None:
        typer.echo(f"sudoku-sat: {proof_source}: {bad.checker}: {bad.reason}", err=True)
    if not report.agree:
        typer.echo("sudoku-sat: the checkers disagree", err=True)
    raise typer.Exit(1)


__all__ = [
    "certify_puzzles",
    "CertifyOption",
    "certified",
    "certificate_folder",
    "report_outcomes",
    "with_certificates",
]
