"""Minimal puzzles at 25x25 and 36x36: the rules first, then one small SAT question per clue.

The greedy emptying (:mod:`.emptying`) walks the clues in random order, each removal
kept while the puzzle stays unique. At 25x25 and above, asking a CDCL solver about every
removal drives the puzzle into the region where the questions are hardest (about half
the cells blank, the hardness peak of quasigroup completion: 1 to 33 s per question on
one incremental solver, docs/large.md). Here the same random order is walked in two
phases:

1. **Rules only** (:func:`sudoku_sat.engines.eup.rules_only.empty_by_rules`, compiled):
   a removal is kept when the rules alone (naked and hidden singles and naked pairs, to
   a fixpoint) still fill the grid. Uniqueness follows, every test costs microseconds,
   and the puzzle left is solved by the rules: at 25x25 about 260 of 625 clues stay.
   The pass runs in ``RULES_TRIES`` random orders and the sparsest puzzle is kept (its
   order is the order of phase 2): fewer questions, and fewer clues that could go.
2. **One question per clue left**: "a solution of the puzzle without clue c that puts
   another value at c?". The rules answer first (:func:`refuted`: every other value of
   c, placed, contradicts: c can go); else a *fresh* small CNF, the candidates the rules
   leave with S[c] forbidden at c (:mod:`sudoku_sat.encodings.candidates`), goes to a
   PySAT solver that prefers S's values. SAT: c stays, and the solution is stored as its
   *witness*, which agrees with every clue but c and so stays a second solution when
   other clues go later. Every clue is first asked on the rules-only puzzle itself,
   nothing removed yet (the densest puzzle, where the questions are easiest); the clues
   that could go from it are then asked again one by one, each removal kept for the next
   question, those whose removal leaves the fewest cells open to the rules first. The
   result is minimal (every clue kept has a witness for the final puzzle) and unique
   (every removal was a "no").

Roads not taken (measured on 25x25, figures in docs/large.md): one incremental solver
holding the rules of the empty grid with the clues as assumptions (the issue's first idea:
slower per question than the fresh small CNF); the compiled EUP search for the witness
(seconds per question); witnesses from swaps valid by construction (two rows of a band
exchanging a cycle, two values exchanged on a connected set: few clues covered); the
search confined to the bands and stacks of c (rarely a witness); singles without pairs in
the rules (several times slower on some grids). A witness found for one clue never
serves another: it differs from S at that clue, which stays.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..encodings.candidates import Candidates, build, is_valid
from ..errors import SolverError
from ..grid import Grid
from .emptying_compiled import NO_WITNESSES, Witnesses

LARGE_EMPTY_MIN_ORDER = 5
"""generate's greedy emptying takes this path from 25x25 up."""
LARGE_EMPTY_MAX_ORDER = 6
"""The largest order generate accepts (36x36; benchmarks/bench_generate_large.py)."""
SOLVERS = {5: "m22", 6: "cadical195"}
"""The PySAT solver of the phase-2 questions per order (on the first questions measured,
minisat 2.2 fastest at 25x25, CaDiCaL 1.9.5 at 36x36)."""
RULES_TRIES = {5: 8}
"""Random orders the rules-only pass runs in, per order (1 elsewhere); the sparsest puzzle
reached is kept. Faster on the slow 25x25 seeds; at 36x36 one order (seed 1: 863.09 s)
against eight (past 1500 s): docs/large.md."""
PAIRS = True
"""The rules include the naked pairs (Parité) besides the singles (faster: docs/large.md)."""

IntArray = npt.NDArray[np.int32]


@dataclass(frozen=True)
class LargeEmptied:
    """A minimal puzzle, a witness per clue, and what the two phases cost."""

    grid: Grid
    witnesses: Witnesses
    stats: dict[str, Any] = field(default_factory=dict)


def _tables(n: int) -> tuple[Any, Any, Any, Any]:
    from ..engines.eup.bits import tables

    return tables(n)


def empty_large(
    puzzle: Grid, solution: Grid, n: int, rng: random.Random, solver: str | None = None
) -> LargeEmptied:
    """The minimal puzzle reached from puzzle (unique, solved by solution) trying its clues
    in an order drawn from rng, and a witness per clue kept."""
    from ..engines.eup import rules_only

    tables = _tables(n)
    start = np.array(puzzle, dtype=np.int32)
    sol = np.array(solution, dtype=np.int32)
    if not is_valid(sol, n, start):
        raise SolverError("the grid to empty is not a solution of the puzzle")
    clues = [c for c in range(len(puzzle)) if puzzle[c]]
    t0 = time.perf_counter()
    tries: list[tuple[int, int, list[int], IntArray]] = []
    for _ in range(RULES_TRIES.get(n, 1)):
        order = clues[:]
        rng.shuffle(order)
        emptied = rules_only.empty_by_rules(start, np.array(order, np.int32), *tables, PAIRS)
        tries.append((int(np.count_nonzero(emptied)), len(tries), order, emptied))
    _, _, order, current = min(tries, key=lambda t: t[:2])
    t1 = time.perf_counter()
    stats: dict[str, Any] = {
        "rules_clues": int(np.count_nonzero(current)),
        "rules_tries": len(tries),
    }
    kept, grids = _phase2(current, sol, n, order, solver or SOLVERS.get(n, "cadical195"), stats)
    stats |= {"rules_seconds": round(t1 - t0, 6), "sat_seconds": round(time.perf_counter() - t1, 6)}
    witnesses = Witnesses(tuple((c,) for c in kept), np.array(grids)) if kept else NO_WITNESSES
    return LargeEmptied(tuple(current.tolist()), witnesses, stats)


def _phase2(
    current: IntArray, sol: IntArray, n: int, order: list[int], solver: str, stats: dict[str, Any]
) -> tuple[list[int], list[IntArray]]:
    """Ask about every clue of current (in place): the clues kept and their witnesses.

    First every clue is asked on the rules-only puzzle itself, none removed yet (the
    densest puzzle, where the questions are easiest); most answers are "stays", with a
    witness that stays valid for any subset of the clues. Then the clues that could go
    are asked again one by one, each removal kept for the next question, those whose
    removal leaves the fewest cells open to the rules first (the puzzle stays closest to
    one the rules solve, where the questions stay easy: measured in docs/large.md)."""
    kept: list[int] = []
    grids: list[IntArray] = []
    loose: list[int] = []
    counts = {"refuted_by_rules": 0, "sat_questions": 0}
    for c in (c for c in order if current[c]):
        other = _ask(current, sol, c, n, solver, counts)
        if other is None:
            loose.append(c)
        else:
            kept.append(c)
            grids.append(other)
    from ..engines.eup import rules_only

    tables = _tables(n)
    loose.sort(key=lambda r: rules_only.open_after(current, r, *tables, PAIRS))
    for k, c in enumerate(loose):
        other = _ask(current, sol, c, n, solver, counts) if k else None
        if other is None:
            current[c] = 0
        else:
            kept.append(c)
            grids.append(other)
    stats |= counts | {"second_pass": len(loose), "solver": solver}
    return kept, grids


def _ask(
    current: IntArray, sol: IntArray, c: int, n: int, solver: str, counts: dict[str, int]
) -> IntArray | None:
    """The witness of clue c (None when c can go): the rules first, then SAT."""
    from ..engines.eup import rules_only

    if rules_only.refuted(current, c, int(sol[c]), *_tables(n), PAIRS):
        counts["refuted_by_rules"] += 1
        return None
    counts["sat_questions"] += 1
    return witness(current, sol, c, n, solver)


def witness(current: IntArray, sol: IntArray, c: int, n: int, solver: str) -> IntArray | None:
    """A solution of current without clue c that differs from sol at c, checked against
    the rules and the other clues; None when there is none."""
    from pysat.solvers import Solver

    from ..engines.eup import rules_only

    cells = np.array([c], dtype=np.int32)
    masks = rules_only.candidates_after(current, cells, sol[cells], *_tables(n), PAIRS)
    size = n * n
    cand = ((masks[:, None] >> np.arange(size, dtype=np.uint64)) & np.uint64(1)).astype(np.bool_)
    if not cand.any():
        return None
    cnf = build(Candidates(n, cand, "open"))
    if cnf.primary == 0:
        grid = cnf.givens
    else:
        preferred = cnf.var_of[np.arange(size * size), sol - 1]
        with Solver(name=solver, bootstrap_with=cnf.clauses()) as sat:
            sat.set_phases(preferred[preferred > 0].tolist())
            if not sat.solve():
                return None
            grid = cnf.decode(np.array(sat.get_model() or [], dtype=np.int64))
    loose = current.copy()
    loose[c] = 0
    if grid[c] == sol[c] or not is_valid(grid, n, loose):
        raise SolverError(f"{solver} gave a witness that is not a second solution")
    return grid.astype(np.int32)
