"""Certify a batch of puzzles: prove, check with the in-house checker, write the files.

One :class:`~.prover.Prover` and one :class:`~.check.PuzzleChecker` per order serve the
whole batch. A proof the in-house checker rejects is a bug in a prover, not a result:
SolverError (exit 3). A puzzle with no solution or several gets no certificate, and the
:class:`Outcome` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import SolverError
from ..grid import Grid
from ..methods import PROVE, parse_method
from .check import PuzzleChecker
from .prover import Certificate, Prover, Refusal, proof_solver
from .rup import Verdict
from .store import Written, write_certificate


@dataclass(frozen=True)
class Outcome:
    """One puzzle's certification: the files written, or the reason there are none."""

    index: int
    method: str | None = None
    files: Written | None = None
    refusal: Refusal | None = None
    verdict: Verdict | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "method": self.method,
            "files": None if self.files is None else self.files.as_dict(),
            "reason": None if self.refusal is None else self.refusal.reason,
            "checked": None if self.verdict is None else self.verdict.ok,
        }


PROOF_SOLVER = "glucose42"
"""The PySAT solver that logs CDCL proofs unless the method names one (``pysat:NAME``)."""


class Certifier:
    """Certificates for puzzles of any order, written into one folder."""

    @classmethod
    def by_method(cls, directory: str | Path | None, method: str = "auto") -> Certifier:
        """The certifier for a method: ``auto`` (failed literals when they solve the
        puzzle, else CDCL), ``fl`` (failed literals only) or ``pysat[:NAME]`` (CDCL on
        that PySAT solver, glucose42 unless NAME)."""
        chosen = parse_method(method, PROVE)
        prover = "cdcl" if chosen.name == "pysat" else chosen.name
        return cls(directory, prover, proof_solver(chosen.detail or PROOF_SOLVER))

    def __init__(
        self,
        directory: str | Path | None,
        prover: str = "auto",
        solver: str = PROOF_SOLVER,
        backend: str = "auto",
    ):
        self.directory = directory
        self.prover = prover
        self.solver = solver
        self.backend = backend
        self.provers: dict[int, Prover] = {}
        self.checkers: dict[int, PuzzleChecker] = {}

    def __enter__(self) -> Certifier:
        return self

    def __exit__(self, *exc: object) -> None:
        for prover in self.provers.values():
            prover.close()

    def prove(self, grid: Grid, n: int) -> Certificate | Refusal:
        if n not in self.provers:
            self.provers[n] = Prover(n, self.backend, self.solver)
        return self.provers[n].certify(grid, self.prover)

    def check(self, cert: Certificate) -> Verdict:
        if cert.n not in self.checkers:
            self.checkers[cert.n] = PuzzleChecker(cert.n, self.backend)
        return self.checkers[cert.n].check(cert)

    def certify(self, index: int, grid: Grid, n: int) -> Outcome:
        """Prove, check, and write (when a folder was given) puzzle number index."""
        cert = self.prove(grid, n)
        if isinstance(cert, Refusal):
            return Outcome(index, refusal=cert)
        verdict = self.check(cert)
        if not verdict.ok:
            raise SolverError(
                f"puzzle {index}: the {cert.method} proof fails the in-house "
                f"checker ({verdict.reason})"
            )
        files = None
        if self.directory is not None:
            files = write_certificate(self.directory, index, cert)
        return Outcome(index, cert.method, files, verdict=verdict)
