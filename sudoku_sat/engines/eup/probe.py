"""Failed values over the compiled EUP rules (extra ``fast``): a preprocessor for large orders.

A *probe* places value v in open cell c on a copy of the state and runs the rules E, U, P
(:func:`~sudoku_sat.engines.eup.search.propagate`); when they reach a contradiction, v is
removed from c for good and the rules run on the real state. Rounds over every open cell
and candidate repeat until one removes nothing (singleton consistency on the EUP rules,
the Sudoku form of failed literals). The result is a state (a candidate mask per cell)
that :func:`candidates` turns into givens and removed values, so a CDCL solver can be
handed a smaller formula (:func:`sudoku_sat.encodings.large.probed_formula`).

Cost: one propagation per (open cell, candidate) per round; on the half-blank 49x49
puzzles about 10,000 probes a round.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...grid import Grid
from .bits import tables
from .restarts import probe, root_state


def probed_state(grid: Grid, n: int, max_rounds: int = 100) -> tuple[Any, bool, dict[str, int]]:
    """The state of grid after the rules and failed values: (masks, ok, counters)."""
    units, cu, peers, full = tables(n)
    st, ok = root_state(np.asarray(grid, np.int32), units, cu, peers, full)
    counters = {"rounds": 0, "probes": 0, "removed": 0}
    if ok:
        ok, rounds, probes, removed = probe(st, max_rounds, units, cu, peers, full)
        counters = {"rounds": int(rounds), "probes": int(probes), "removed": int(removed)}
    return st, bool(ok), counters


def candidates(state: Any, n: int) -> tuple[Grid, list[tuple[int, int]]]:
    """(givens, removed): the cells with one candidate as a grid (0 elsewhere), and the
    (cell, value) pairs no longer possible in the open cells."""
    size = n * n
    givens: list[int] = []
    removed: list[tuple[int, int]] = []
    for c, mask in enumerate(int(m) for m in state):
        values = [k + 1 for k in range(size) if mask >> k & 1]
        givens.append(values[0] if len(values) == 1 else 0)
        if len(values) > 1:
            removed += [(c, k) for k in range(1, size + 1) if not mask >> (k - 1) & 1]
    return tuple(givens), removed
