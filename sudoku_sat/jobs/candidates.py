"""True candidates of any puzzle (the digits each cell holds in some solution), by its
engine (``route.engine_of``): below 25x25 and with constraints, one incremental solver
on the puzzle's CNF (``variants.true_candidates.candidates``); a classic grid from 25x25 up, one
CaDiCaL on the candidate-only CNF (``puzzles.candidates_large``), which never builds the
N³-variable formula."""

from __future__ import annotations

from ..model.puzzle import Puzzle
from ..result import Candidates
from .route import LARGE, engine_of


def candidates(p: Puzzle, cap: int | None = None) -> Candidates:
    """p's true candidates, and with cap each candidate's solutions counted up to cap."""
    if engine_of(p) == LARGE:
        from ..puzzles.candidates_large import candidates_large

        return candidates_large(p.grid, p.n, cap)
    from ..variants.true_candidates import candidates as on_cnf

    return on_cnf(p, cap)
