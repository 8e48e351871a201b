"""The second checker: dratify (PyPI, optional extra ``certify``), which shares no code
with this project: it parses the CNF and the proof text itself and checks with its own
two-watched-literal propagation.

It runs with ``check_rat=False``: a certificate is a DRUP proof, so every lemma must be
RUP, as for the in-house checker. Like drat-trim, dratify ignores the deletion of unit
clauses and accepts a formula that unit propagation alone refutes. Its failing step
number counts the proof's steps, which is our step list (one step per line), so the
first bad lemma is named by its line in the proof file.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..errors import SolverError, missing_extra
from .proof import Step
from .rup import Verdict


def dratify_module() -> Any:
    """The dratify package, or SolverError saying how to install it."""
    try:
        import dratify
    except ImportError:
        raise missing_extra("the dratify checker", "certify") from None
    return dratify


def dratify_available() -> bool:
    try:
        dratify_module()
    except SolverError:
        return False
    return True


def check_dratify(cnf_text: str, proof_text: str, steps: Sequence[Step]) -> Verdict:
    """dratify's verdict on the proof text against the CNF text."""
    dratify = dratify_module()
    start = time.perf_counter()
    try:
        formula = dratify.parse_dimacs(cnf_text)
        result = dratify.check_proof(formula, proof_text, check_rat=False, engine="auto")
    except ValueError as exc:
        raise SolverError(f"dratify could not read the input: {exc}") from None
    seconds = time.perf_counter() - start
    if result.ok:
        done = int(result.steps)  # the empty clause is the last step checked
        line = steps[done - 1].line if result.reached_empty and 0 < done <= len(steps) else None
        return Verdict("dratify", True, str(result.reason), line, seconds=seconds)
    index = int(result.failed_step)
    if 0 < index <= len(steps):
        step = steps[index - 1]
        body = " ".join(map(str, (*step.lits, 0)))
        reason = f"line {step.line}: lemma {body!r} is not RUP (dratify: {result.reason})"
        return Verdict("dratify", False, reason, step.line, step.lits, seconds)
    return Verdict("dratify", False, str(result.reason), seconds=seconds)
