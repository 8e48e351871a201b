"""True candidates of any puzzle (the digits each cell holds in some solution), by its
engine (``route.engine_of``): below 25x25 and with constraints, one incremental solver
on the puzzle's CNF (``variants.solve.candidates``); from 25x25 up, the same questions
on the candidate-only CNF of the large orders."""

from __future__ import annotations

from ..model.puzzle import Puzzle
from ..variants.solve import Candidates
from ..variants.solve import candidates as on_cnf


def candidates(p: Puzzle, cap: int | None = None) -> Candidates:
    """p's true candidates, and with cap each candidate's solutions counted up to cap."""
    return on_cnf(p, cap)
