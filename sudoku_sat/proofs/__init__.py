"""Certified uniqueness: DRUP proofs that a puzzle has one solution, and two checkers.

A puzzle P with solution S is unique iff F_regle ∧ clues(P) ∧ ¬S is UNSAT
(:mod:`.formula`). :mod:`.prover` makes the proof (failed literals, or a CDCL solver),
:mod:`.proof` reads and writes DRUP text, :mod:`.store` writes certificates,
:mod:`.rup` (with :mod:`.program` and the numba twin :mod:`.rup_numba`) is the
in-house checker, :mod:`.external` wraps dratify, :mod:`.check` checks files and
:mod:`.batch` certifies many puzzles.
"""

from __future__ import annotations

from .batch import Certifier, Outcome
from .check import CHECKERS, PuzzleChecker, Report, check_texts
from .prover import PROOF_SOLVERS, PROVERS, Certificate, Prover, Refusal
from .rup import RupChecker, Verdict

__all__ = [
    "CHECKERS",
    "PROOF_SOLVERS",
    "PROVERS",
    "Certificate",
    "Certifier",
    "Outcome",
    "Prover",
    "PuzzleChecker",
    "Refusal",
    "Report",
    "RupChecker",
    "Verdict",
    "check_texts",
]
