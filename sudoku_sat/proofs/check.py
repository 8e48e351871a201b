"""Checking a certificate: the CNF and the proof as files, by one checker or both.

Before any lemma is checked: the proof's recorded SHA-256 must be the CNF's, and when
the CNF's comments name a puzzle and a solution (every certificate's do), the solution
must solve the puzzle (:func:`sudoku_sat.grid.is_solution`, the SAT side of the claim)
and the CNF must be exactly F_regle ∧ clues(P) ∧ ¬S for them. Then each checker gives a
:class:`~.rup.Verdict`; the certificate holds when there is no problem and every
checker asked verifies the proof.

:class:`PuzzleChecker` checks in-memory certificates of one order with the in-house
checker, F_regle indexed once (what ``unique --certify`` and the benchmark use).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..dimacs import Cnf, dumps, parse_cnf
from ..encoding import num_vars, rules
from ..grid import is_solution
from ..methods import CHECK, parse_method
from .external import check_dratify
from .formula import certificate_clauses, described, extra_clauses
from .proof import Proof, Step, format_proof, parse_proof, sha256_text
from .prover import Certificate
from .rup import RupChecker, Verdict, verdict

SideCheck = Callable[[list[str], int, list[list[int]], str], "list[str] | None"]
"""The SAT-side check of certificates this package does not describe (a variant's, given
by :func:`sudoku_sat.variants.certify.variant_problems`): (comments, nvars, clauses,
source) -> the problems found, or None when the CNF is not of its kind."""


CHECKERS = ("rup", "dratify", "all")


@dataclass(frozen=True)
class Report:
    """What the checkers said, and the problems found before checking."""

    verdicts: list[Verdict]
    problems: list[str] = field(default_factory=list)
    puzzle: str | None = None  # what the SAT side checked, when the CNF names a puzzle

    @property
    def ok(self) -> bool:
        return not self.problems and all(v.ok for v in self.verdicts)

    @property
    def agree(self) -> bool:
        return len({v.ok for v in self.verdicts}) <= 1


def checkers_for(method: str) -> tuple[list[str], str]:
    """The checkers a method stands for, and the in-house checker's back-end: ``all``
    (both, the default), ``rup[:BACKEND]`` (the in-house checker) or ``dratify``."""
    chosen = parse_method(method, CHECK)
    names = ["rup", "dratify"] if chosen.name == "all" else [chosen.name]
    return names, chosen.backend


def check_texts(
    cnf_text: str,
    proof_text: str,
    method: str = "all",
    sources: tuple[str, str] = ("<cnf>", "<proof>"),
    side_check: SideCheck | None = None,
) -> Report:
    """Check a proof against a CNF, both given as text; DimacsError on malformed input.
    method: ``all`` (both checkers, which must agree), ``rup[:BACKEND]`` or ``dratify``.
    side_check: the SAT side of certificates of another kind (variants)."""
    names, backend = checkers_for(method)
    cnf = parse_cnf(cnf_text, sources[0])
    proof = parse_proof(proof_text, cnf.nvars, sources[1])
    problems = []
    digest = sha256_text(cnf_text)
    if proof.sha256 is not None and proof.sha256 != digest:
        problems.append(
            f"{sources[1]} was made for the formula with SHA-256 "
            f"{proof.sha256[:16]}..., {sources[0]} has {digest[:16]}..."
        )
    variant = (
        None if side_check is None else side_check(cnf.comments, cnf.nvars, cnf.clauses, sources[0])
    )
    problems.extend(variant or [])
    named = None if variant is not None else described(cnf, sources[0])
    if named is not None:
        puzzle, solution, n = named
        if not is_solution(solution, n, puzzle):
            problems.append(f"{sources[0]}: the solution in its comments does not solve the puzzle")
        elif cnf.nvars != num_vars(n) or cnf.clauses != certificate_clauses(puzzle, n, solution):
            problems.append(
                f"{sources[0]}: the clauses are not F_regle ∧ clues(P) ∧ ¬S for the "
                "puzzle and solution in its comments"
            )
    verdicts = run_checkers(names, cnf, proof, (cnf_text, proof_text), backend)
    checked = named is not None or variant is not None
    return Report(verdicts, problems, "checked" if checked else None)


def compacted(cnf: Cnf, proof: Proof) -> tuple[Cnf, tuple[Step, ...]]:
    """cnf and the proof's steps over the variables they use, renumbered 1..m in order
    (RUP does not depend on names), so that the checkers' work follows the clauses, not
    the header: ``p cnf 10000000 1`` is one variable. Lines are kept."""
    used = sorted(
        {abs(lit) for clause in cnf.clauses for lit in clause}
        | {abs(lit) for step in proof.steps for lit in step.lits}
    )
    if len(used) == cnf.nvars:
        return cnf, proof.steps
    index = {var: k for k, var in enumerate(used, start=1)}

    def renamed(lits: Sequence[int]) -> list[int]:
        return [index[lit] if lit > 0 else -index[-lit] for lit in lits]

    steps = tuple(Step(tuple(renamed(s.lits)), s.delete, s.line) for s in proof.steps)
    return Cnf(len(used), [renamed(c) for c in cnf.clauses], cnf.comments), steps


def run_checkers(
    names: list[str], cnf: Cnf, proof: Proof, texts: tuple[str, str], backend: str
) -> list[Verdict]:
    """Each checker's verdict, run on the compacted formula and proof (the CNF and proof
    texts as given when nothing is renumbered); verdicts name the proof's own lines and
    literals."""
    small, steps = compacted(cnf, proof)
    if small is not cnf:
        texts = (dumps(small.nvars, small.clauses), format_proof(steps))
    verdicts = []
    for name in names:
        if name == "rup":
            start = time.perf_counter()
            code, at = RupChecker(small.nvars, small.clauses, backend).run(steps)
            verdicts.append(verdict(code, at, proof.steps, time.perf_counter() - start))
        else:
            verdicts.append(check_dratify(texts[0], texts[1], proof.steps))
    return verdicts


class PuzzleChecker:
    """The in-house checker for certificates of order n, F_regle indexed once."""

    def __init__(self, n: int, backend: str = "auto"):
        self.n = n
        self.checker = RupChecker(num_vars(n), rules(n), backend)

    def check(self, cert: Certificate) -> Verdict:
        """The verdict on cert's proof against F_regle ∧ clues(P) ∧ ¬S; not ok as well when
        the solution does not solve the puzzle."""
        if not is_solution(cert.solution, cert.n, cert.puzzle):
            return Verdict("rup", False, "the solution does not solve the puzzle")
        return self.checker.check(cert.proof, extra_clauses(cert.puzzle, cert.n, cert.solution))
