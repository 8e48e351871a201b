"""Emptying on the compiled EUP engine: the whole greedy pass in one call, with witnesses.

The kernel (:func:`sudoku_sat.engines.eup.greedy.greedy_empty`) takes the orbits in the
order the pure-Python greedy would try them (drawn from the same random stream), skips
the removals the clues alone settle (every cell emptied a naked or hidden single), and
asks for each other emptied cell r "a solution with r != S[r]?".
When the answer is yes the orbit stays, and the solution found is kept as its
*witness*: it solves the final puzzle minus that orbit too, since later removals only
add solutions. So the minimality certificate of every clue comes with the emptying;
verification checks those grids against the rules (:meth:`Witnesses.valid`: a small
compiled check in :mod:`.witness_check` sharing no code with the search, or plain numpy
without numba; it trusts no solver) and counts the final puzzle by an independent
method.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..accel import numba_available
from ..grid import Grid, geometry

Orbit = tuple[int, ...]
"""Cells emptied together (as in :mod:`.emptying`)."""


@dataclass(frozen=True)
class Witnesses:
    """Per orbit kept by the compiled greedy, a second solution of the puzzle without it
    (one row of ``grids`` per orbit of ``orbits``)."""

    orbits: tuple[Orbit, ...]
    grids: Any

    def get(self, orbit: Orbit) -> Grid | None:
        """The witness of orbit, as a grid, or None."""
        if orbit not in self.orbits:
            return None
        return tuple(int(v) for v in self.grids[self.orbits.index(orbit)])

    def valid(self, puzzle: Grid, solution: Grid, n: int) -> set[Orbit]:
        """The orbits whose witness is a solution of puzzle minus that orbit, other than
        solution: every unit holds 1..N, every other clue is kept, some cell differs.
        Compiled (:mod:`.witness_check`) with numba, else :meth:`valid_numpy`."""
        if not self.orbits:
            return set()
        if not numba_available():
            return self.valid_numpy(puzzle, solution, n)
        import numpy as np

        from .witness_check import witnesses_ok

        ok = witnesses_ok(
            np.asarray(self.grids, dtype=np.int64),
            padded(self.orbits, np.int64),
            np.array(puzzle, dtype=np.int64),
            np.array(solution, dtype=np.int64),
            _unit_arrays(n)[0],
        )
        return {orbit for orbit, good in zip(self.orbits, ok.tolist(), strict=True) if good}

    def valid_numpy(self, puzzle: Grid, solution: Grid, n: int) -> set[Orbit]:
        """:meth:`valid` in plain numpy (the fallback without numba)."""
        import numpy as np

        if not self.orbits:
            return set()
        units, values = _unit_arrays(n)
        grids = self.grids
        rules = (np.sort(grids[:, units], axis=2) == values).all(axis=(1, 2))
        clues = np.array(puzzle)
        keep = np.repeat((clues != 0)[None, :], len(self.orbits), axis=0)
        rows = [k for k, orbit in enumerate(self.orbits) for _ in orbit]
        keep[rows, [c for orbit in self.orbits for c in orbit]] = False
        agrees = ((grids == clues) | ~keep).all(axis=1)
        other = (grids != np.array(solution)).any(axis=1)
        ok = (rules & agrees & other).tolist()
        return {orbit for orbit, good in zip(self.orbits, ok, strict=True) if good}


@cache
def _unit_arrays(n: int) -> tuple[Any, Any]:
    """The units of order n as an array (a row of cells per unit) and the values 1..N."""
    import numpy as np

    geo = geometry(n)
    return np.array(geo.units), np.arange(1, geo.size + 1)


NO_WITNESSES = Witnesses((), None)


def padded(orbits: Sequence[Orbit], dtype: Any) -> Any:
    """The orbits as a 2-D array, a row of cells per orbit, padded with -1."""
    import numpy as np

    width = max(map(len, orbits), default=1)
    if width == 1:
        return np.array(orbits, dtype=dtype).reshape(len(orbits), 1)
    rows = np.full((len(orbits), width), -1, dtype=dtype)
    for k, orbit in enumerate(orbits):
        rows[k, : len(orbit)] = orbit
    return rows


def greedy_with_witnesses(
    puzzle: Grid, solution: Grid, n: int, order: Sequence[Orbit], singles: bool = True
) -> tuple[Grid, Witnesses]:
    """The minimal puzzle the greedy reaches trying orbits in order, and the witnesses of
    the orbits kept."""
    import numpy as np

    from ..engines.eup import compiled as eup_numba
    from ..engines.eup import greedy as eup_greedy

    grid, found = eup_greedy.greedy_empty(
        np.array(puzzle, np.int32),
        np.array(solution, np.int32),
        padded(order, np.int32),
        np.arange(len(order), dtype=np.int32),
        singles,
        *eup_numba.tables(n),
    )
    kept = np.flatnonzero(found[:, 0])
    witnesses = Witnesses(tuple(order[k] for k in kept.tolist()), found[kept])
    return tuple(grid.tolist()), witnesses
