"""Certificates of uniqueness for any puzzle, each by its engine (``route.engine_of``):
a classic grid by the classic certifier (``proofs.batch.Certifier``: failed literals
when they solve it, else CDCL, per ``--method``), a puzzle with constraints by a
proof-logging PySAT solver on its CNF (``variants.certify``: Glucose 4.2 unless
``pysat:NAME``). Both give a :class:`~sudoku_sat.proofs.batch.Outcome` whose files
``check-proof`` verifies."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from ..errors import UsageError
from ..grid import Grid
from ..methods import PROVE, parse_method
from ..model.puzzle import Puzzle
from ..proofs.batch import PROOF_SOLVER, Certifier, Outcome
from ..proofs.prover import Refusal
from .route import SESSION, engine_of


def check_method(method: str, puzzles: list[Puzzle]) -> None:
    """UsageError when the method cannot prove one of the puzzles (``fl`` proofs are
    failed literals on the classic formula)."""
    chosen = parse_method(method, PROVE)
    if chosen.name == "fl" and any(engine_of(p) == SESSION for p in puzzles):
        raise UsageError(
            f"--method {method}: failed-literal proofs are for classic grids; a puzzle "
            "with constraints is proved by pysat[:NAME] (auto: glucose42)"
        )


class Certifying:
    """Certificates written into one folder (None: proved and checked, not written)."""

    def __init__(self, folder: Path | None, method: str = "auto"):
        chosen = parse_method(method, PROVE)
        self.folder = folder
        self.solver = chosen.detail or PROOF_SOLVER
        self.classic = Certifier.by_method(folder, method)

    def __enter__(self) -> Certifying:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.classic.__exit__(kind, exc, tb)

    def certify(self, index: int, p: Puzzle, solutions: tuple[Grid, ...] | None = None) -> Outcome:
        """Puzzle number index certified (solutions: up to two already found, if any)."""
        if engine_of(p) != SESSION:
            return self.classic.certify(index, p.grid, p.n)
        from ..variants.certify import certify_variant

        if solutions is None:
            from ..variants.solve import Session

            with Session() as session:
                solutions = tuple(session.solutions(p, 2))
        if len(solutions) != 1:
            kind = "none" if not solutions else "several"
            reason = "no solution" if not solutions else "several solutions"
            other = solutions[1] if len(solutions) > 1 else None
            return Outcome(index, refusal=Refusal(kind, reason, other))
        return certify_variant(p, solutions[0], self.folder, index, self.solver)
