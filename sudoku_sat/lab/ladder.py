"""The inference ladder over a dataset: what each encoding and each level solves, and
the smallest level each puzzle needs.

Rows (:func:`ladder_rows`): one per (encoding, level), over the same puzzles: puzzles
solved (UP, or the level's probing, fills every cell without a guess), conflicts (an
UNSAT puzzle), mean cells holding a value at the fixpoint (clues included: N⁴ when
solved), mean probes (every level of the nesting counted), and milliseconds per puzzle
(the batch call: units in, outcomes out). Each puzzle's clues are the positive literals
of its clue cells, passed as assumptions to the encoding's rule formula, which is
loaded once per worker (no F1/F2 units: what the clues force is the encoding's work).

Depth (:func:`depth_run`): each puzzle climbs the ladder up, fl, fl2, ... from one
fixpoint to the next until its grid is filled or the cap is reached; the level where
it stops is the smallest K such that flK solves it (the levels only climb).

Puzzles run in chunks of at most ``CHUNK``, each chunk one compiled batch call
(:mod:`sudoku_sat.engines.propagation.batch`): a :class:`LadderTask` on any executor of
:mod:`sudoku_sat.batch` (this process, ``--jobs N`` local processes, a Dask cluster).
Every result but the time depends on the puzzle alone, so it is the same on every
executor, in input order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from ..batch.cache import cached
from ..batch.executor import Executor, Progress, Serial, batch_map
from ..batch.items import Packed, pack, unpack
from ..encoding import clue_assumptions
from ..encodings import ENCODINGS as ALL_ENCODINGS
from ..encodings import rules as encoding_rules
from ..engines.propagation.batch import BatchPropagator
from ..engines.propagation.deep import level_name, parse_level
from ..errors import SudokuSatError as UsageError
from ..grid import Grid
from ..methods import LEVELS, one_backend, parse_methods

ENCODINGS = tuple(name for name in ALL_ENCODINGS if name != "reduced")
"""The encodings the ladder can load: each one's rules, shared by every puzzle (the
reduced encoding has a formula per puzzle: its clues simplified away, which is what UP
does to the extended rules, so it derives what ``extended`` derives)."""
DEFAULT_LEVELS = "up,fl,fl2"
CHUNK = 100
"""Puzzles per batch call at most (fewer in small batches: ``batch.chunk_size``)."""


class PuzzleRun(NamedTuple):
    """One puzzle's result at one (encoding, level): what the rows are summed from."""

    solved: bool
    conflict: bool
    cells: int
    probes: int
    level: int
    seconds: float


def encoding_formula(encoding: str, n: int) -> tuple[int, list[list[int]]]:
    """Variables and rule clauses of an encoding of order n."""
    if encoding not in ENCODINGS:
        raise UsageError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    formula = encoding_rules(n, encoding)
    return formula.nvars, formula.clauses


@dataclass(frozen=True)
class LadderTask:
    """The ladder's task: one compiled batch call on a chunk of puzzles of order n at one
    (encoding, level), climbing from level to level when ``climb`` (``--depth``). The
    encoding's propagator is built once per worker (process and thread, from the batch
    cache) and reused for every chunk and level."""

    encoding: str
    n: int
    level: int
    climb: bool = False
    backend: str = "auto"

    def __call__(self, chunk: list[Packed]) -> list[PuzzleRun]:
        key = ("ladder", self.encoding, self.n, self.backend)
        prop: BatchPropagator = cached(key, self._propagator)
        assumptions = [clue_assumptions(unpack(item), self.n) for item in chunk]
        run = prop.run(assumptions, self.level, self.climb)
        each = run.seconds / max(1, len(chunk))
        size = self.n * self.n
        return [
            PuzzleRun(o.solved(size), o.status == "conflict", o.cells, o.probes, o.level, each)
            for o in run.outcomes
        ]

    def _propagator(self) -> BatchPropagator:
        nvars, clauses = encoding_formula(self.encoding, self.n)
        return BatchPropagator(nvars, clauses, self.n * self.n, self.backend)


def run_all(
    grids: Sequence[Grid],
    n: int,
    encoding: str,
    level: int,
    climb: bool = False,
    backend: str = "auto",
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[PuzzleRun]:
    """Every grid at one (encoding, level), in input order, on executor (default: here);
    progress(k) as each chunk of k puzzles completes."""
    encoding_formula(encoding, n)  # refuse an unknown name here, not in a worker
    task = LadderTask(encoding, n, level, climb, backend)
    items = [pack(grid, n) for grid in grids]
    return list(batch_map(executor or Serial(), task, items, progress, CHUNK))


@dataclass(frozen=True)
class LadderRow:
    """One (encoding, level) over a dataset."""

    encoding: str
    level: str
    puzzles: int
    solved: int
    conflicts: int
    mean_cells: float
    mean_probes: float
    ms_per_puzzle: float

    @property
    def solved_pct(self) -> float:
        return 100.0 * self.solved / self.puzzles if self.puzzles else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "solved_pct": self.solved_pct}


def summarize(encoding: str, level: str, runs: Sequence[PuzzleRun]) -> LadderRow:
    """The row of one (encoding, level) from its puzzles' runs."""
    k = max(1, len(runs))
    return LadderRow(
        encoding,
        level,
        len(runs),
        sum(r.solved for r in runs),
        sum(r.conflict for r in runs),
        sum(r.cells for r in runs) / k,
        sum(r.probes for r in runs) / k,
        1000.0 * sum(r.seconds for r in runs) / k,
    )


def parse_levels(text: str) -> tuple[list[int], str]:
    """The K of each level of a comma-separated --methods value (up, fl, flK, each with
    an optional ':python'), in order, no repeats, and the back-end they share."""
    methods = parse_methods(text, LEVELS)
    if not methods:
        raise UsageError("no level given (e.g. --methods up,fl,fl2)")
    levels = [parse_level(m.name) for m in methods]
    return list(dict.fromkeys(levels)), one_backend(methods)


def parse_encodings(text: str) -> list[str]:
    """The names of a comma-separated --encodings value, checked."""
    names = list(dict.fromkeys(name.strip() for name in text.split(",") if name.strip()))
    if not names:
        raise UsageError("no encoding given (e.g. --encodings extended)")
    for name in names:
        encoding_formula(name, 3)
    return names


def ladder_rows(
    grids: Sequence[Grid],
    n: int,
    encodings: Sequence[str],
    levels: Sequence[int],
    backend: str = "auto",
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[LadderRow]:
    """One row per (encoding, level), encodings outer, levels inner, on executor."""
    return [
        summarize(enc, level_name(k), run_all(grids, n, enc, k, False, backend, executor, progress))
        for enc in encodings
        for k in levels
    ]


@dataclass(frozen=True)
class DepthSummary:
    """The smallest level that solves each puzzle, as a distribution."""

    encoding: str
    cap: int
    puzzles: int
    by_level: dict[int, int]
    unsolved: int
    conflicts: int
    mean_probes: float
    ms_per_puzzle: float

    @property
    def needed(self) -> int | None:
        """The smallest K with flK solving every puzzle; None when the cap is not enough."""
        if self.unsolved or self.conflicts:
            return None
        return max(self.by_level, default=0)

    def statement(self, name: str) -> str:
        """The plain sentence the docs quote."""
        if self.needed is not None:
            return (
                f"{level_name(self.needed)} solves every one of the {self.puzzles} puzzles of "
                f"{name} ({self.encoding} encoding); {self._below()}"
            )
        return (
            f"no level up to {level_name(self.cap)} solves every puzzle of {name} "
            f"({self.encoding} encoding): {self.unsolved} of {self.puzzles} are left "
            f"unsolved at {level_name(self.cap)}"
            + (f", {self.conflicts} UNSAT" * bool(self.conflicts))
        )

    def _below(self) -> str:
        needed = self.needed or 0
        if needed == 0:
            return "unit propagation alone is enough"
        short = sum(v for k, v in self.by_level.items() if k == needed)
        return f"{level_name(needed - 1)} leaves {short} of them unsolved"

    def as_dict(self, name: str) -> dict[str, Any]:
        return {
            **asdict(self),
            "by_level": {level_name(k): v for k, v in sorted(self.by_level.items())},
            "needed": None if self.needed is None else level_name(self.needed),
            "statement": self.statement(name),
        }


def depth_run(
    grids: Sequence[Grid],
    n: int,
    encoding: str,
    cap: int,
    backend: str = "auto",
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> DepthSummary:
    """Each puzzle up the ladder to its smallest solving level (at most ``cap``), on
    executor (default: here)."""
    runs = run_all(grids, n, encoding, cap, True, backend, executor, progress)
    solved = [r for r in runs if r.solved]
    k = max(1, len(runs))
    return DepthSummary(
        encoding,
        cap,
        len(runs),
        dict(sorted(Counter(r.level for r in solved).items())),
        sum(not r.solved and not r.conflict for r in runs),
        sum(r.conflict for r in runs),
        sum(r.probes for r in runs) / k,
        1000.0 * sum(r.seconds for r in runs) / k,
    )
