"""A ladder level on the formula of each puzzle, in any encoding: ``propagate --encoding``.

The formula is the one ``encode --encoding E --amo A`` writes for the puzzle: the clue
parts F1 and F2, then the rules of E (for ``reduced``, the extended rules simplified by
the clues). For every encoding but ``reduced`` the rules are loaded once in a propagator
(per order, encoding, at-most-one method and back-end) and F1 and F2 come in as
assumptions, which gives the fixpoint of the whole CNF; ``reduced`` builds a propagator
per puzzle. The grid is read back from the true grid literals (auxiliaries ignored), the
clues of a ``reduced`` formula added back, as ``decode --cnf`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..batch.cache import per_thread
from ..encodings import decode_model as decode_literals
from ..encodings import encode, rules
from ..engines.propagation import Engines, Propagation, build_propagator, run_engine
from ..grid import Grid


@dataclass(frozen=True)
class PuzzleFixpoint:
    """One puzzle at one level: ``solved`` (a fixpoint with every cell valued),
    ``fixpoint`` (cells left open) or ``conflict`` (the puzzle has no solution)."""

    status: str
    grid: Grid
    cells: int
    """Cells holding a value at the fixpoint, clues included."""
    propagation: Propagation

    def as_dict(self) -> dict[str, Any]:
        """status, cells, grid (0 for an open cell), counters."""
        return {
            "status": self.status,
            "cells": self.cells,
            "grid": list(self.grid),
            "stats": self.propagation.stats.as_dict(),
        }


@per_thread
def _rules_propagator(n: int, encoding: str, amo: str, backend: str) -> Engines:
    formula = rules(n, encoding, amo)
    return build_propagator(formula.nvars, formula.clauses, backend)


def propagate_puzzle(
    grid: Grid,
    n: int,
    level: str = "up",
    encoding: str = "extended",
    amo: str = "pairwise",
    backend: str = "auto",
) -> PuzzleFixpoint:
    """The ``level`` fixpoint (up, fl, fl2 ... fl9) of grid's formula in the encoding."""
    formula = encode(grid, n, encoding, amo)
    if encoding == "reduced":
        prop = build_propagator(formula.nvars, formula.clauses, backend)
        result = run_engine(prop, level)
    else:
        units = [
            clause[0] for name, part in formula.parts if name in ("F1", "F2") for clause in part
        ]
        result = run_engine(_rules_propagator(n, encoding, amo, backend), level, units)
    if result.status == "conflict":
        return PuzzleFixpoint("conflict", tuple(grid), sum(1 for v in grid if v), result)
    values, _ = decode_literals(result.literals, n, formula.givens)
    cells = sum(1 for v in values if v)
    status = "solved" if cells == len(values) else "fixpoint"
    return PuzzleFixpoint(status, values, cells, result)
