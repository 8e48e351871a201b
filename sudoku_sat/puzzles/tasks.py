"""The task of count and unique: one chunk of puzzles in, one result per puzzle out.

Each task is a small frozen dataclass (its options) whose call runs a chunk; it pickles
as its class's name and its options, so it travels to a local worker process or a Dask
worker as a few bytes. Puzzles travel as strings (:mod:`.items`). The tasks of the other
batch commands live beside their library: ``SolveTask`` in :mod:`sudoku_sat.puzzles.solving`,
``CompareTask`` in :mod:`sudoku_sat.lab.compare`, ``MakeTask`` and ``MinimizeTask`` in
:mod:`sudoku_sat.puzzles.maker`, ``LevelTask`` in :mod:`sudoku_sat.difficulty.making`,
``RateTask`` in :mod:`sudoku_sat.difficulty.rating`, ``LadderTask`` in
:mod:`sudoku_sat.lab.ladder`.
The solvers a task needs come from :mod:`.cache`: built in the worker on first use,
reused for its next chunks, never pickled.

Answers that depend on nothing but the puzzle (counts, verdicts, solutions of unique
puzzles, puzzles made from a seed) are therefore the same on every executor. The one
exception is the history of a PySAT solver: for a puzzle with several solutions, which
one ``solve --method pysat`` prints, and the CDCL decisions and conflicts ``compare`` reports,
can depend on the puzzles that worker's solver saw before.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..batch.cache import cached
from ..batch.items import Packed, unpack
from .counting import Counters


@dataclass(frozen=True)
class CountTask:
    """count and unique: min(count, cap) by every method asked, per puzzle."""

    cap: int
    methods: tuple[str, ...]
    solver: str = "m22"

    def __call__(self, chunk: list[Packed]) -> list[dict[str, int]]:
        counters = cached(("counters", self.solver), lambda: Counters(self.solver))
        pairs = [(unpack(item), item[0]) for item in chunk]
        return list(counters.count_all(pairs, self.cap, list(self.methods)))
