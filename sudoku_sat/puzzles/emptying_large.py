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
3. **Cheaper questions at 36x36**: a first-pass SAT call stops at ``FIRST_BUDGET``
   conflicts (its clue is then loose); a clue refused on the first pass is asked in the
   second for a witness that differs from S at one of the clues removed since (one
   clause, implied).
4. **Every core** (:class:`Questions`): the first-pass questions, independent, are shared
   among forked worker processes; the second pass asks the next clues at once on one
   puzzle and takes the answers in order as if asked one by one: the same puzzle as one
   process.

Roads not taken (measured on 25x25, figures in docs/large.md): one incremental solver
holding the rules of the empty grid with the clues as assumptions (the issue's first idea:
slower per question than the fresh small CNF); the compiled EUP search for the witness
(seconds per question); witnesses from swaps valid by construction (two rows of a band
exchanging a cycle, two values exchanged on a connected set: few clues covered); the
search confined to the bands and stacks of c (rarely a witness); singles without pairs in
the rules (several times slower on some grids); the conflict budget at 25x25 (seed 9:
13.98 s against 13.62 s without: the second pass grew by more than the first shrank);
threads (PySAT holds the GIL while it solves); the differ clause for every loose clue,
with the first pass's puzzle asked when it fails (36x36 seed 1: never failed, second pass
152.0 s against 153.1 s). A witness found for one clue never serves another: it differs
from S at that clue, which stays.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..encodings.candidates import is_valid
from ..errors import SolverError
from ..grid import Grid
from .clue_questions import PAIRS, Answer, Asking, IntArray, Questions, answer, rule_tables
from .emptying_compiled import NO_WITNESSES, Witnesses

LARGE_EMPTY_MIN_ORDER = 5
"""generate's greedy emptying takes this path from 25x25 up."""
LARGE_EMPTY_MAX_ORDER = 6
"""The largest order generate accepts (36x36; benchmarks/bench_generate_large.py)."""
SOLVERS = {5: "m22", 6: "cadical195"}
"""The PySAT solver of the phase-2 questions per order (on the first questions measured,
minisat 2.2 fastest at 25x25, CaDiCaL 1.9.5 at 36x36; at 25x25 minisat still beats CaDiCaL
in stable mode, seeds 9, 4, 8: 12.29, 8.47, 7.22 s of questions against 13.70, 8.94,
9.45 s)."""
FIRST_BUDGET = {6: 1000}
"""Conflicts a first-pass SAT call may take, per order (no limit elsewhere): past it the
clue is loose, asked again with no limit in the second pass (docs/large.md)."""
RULES_TRIES = {5: 8}
"""Random orders the rules-only pass runs in, per order (1 elsewhere); the sparsest puzzle
reached is kept. Faster on the slow 25x25 seeds; at 36x36 one order (seed 1: 863.09 s)
against eight (past 1500 s): docs/large.md."""


@dataclass(frozen=True)
class LargeEmptied:
    """A minimal puzzle, a witness per clue, and what the two phases cost."""

    grid: Grid
    witnesses: Witnesses
    stats: dict[str, Any] = field(default_factory=dict)


def empty_large(
    puzzle: Grid,
    solution: Grid,
    n: int,
    rng: random.Random,
    solver: str | None = None,
    workers: int = 1,
) -> LargeEmptied:
    """The minimal puzzle reached from puzzle (unique, solved by solution) trying its clues
    in an order drawn from rng, and a witness per clue kept. The first-pass questions are
    shared among workers forked processes (the same puzzle whatever their number)."""
    from ..engines.eup import rules_only

    tables = rule_tables(n)
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
    name = solver or SOLVERS.get(n, "cadical195")
    kept, grids = _phase2(current, sol, n, order, name, stats, workers)
    stats |= {"rules_seconds": round(t1 - t0, 6), "sat_seconds": round(time.perf_counter() - t1, 6)}
    witnesses = Witnesses(tuple((c,) for c in kept), np.array(grids)) if kept else NO_WITNESSES
    return LargeEmptied(tuple(current.tolist()), witnesses, stats)


def _phase2(
    current: IntArray,
    sol: IntArray,
    n: int,
    order: list[int],
    solver: str,
    stats: dict[str, Any],
    workers: int = 1,
) -> tuple[list[int], list[IntArray]]:
    """Ask about every clue of current (in place): the clues kept and their witnesses.

    First every clue is asked on the rules-only puzzle itself, none removed yet (the
    densest puzzle, where the questions are easiest): a witness found stays valid for any
    subset of the clues, so its clue stays; a "no" makes the clue *loose*. Then the loose
    clues are asked again in turn, each removal kept for the next question, those whose
    removal leaves the fewest cells open to the rules first (the puzzle stays closest to
    one the rules solve, where the questions stay easy: measured in docs/large.md).

    With workers > 1 the first-pass questions, independent, are shared among worker
    processes, and the second pass asks the next workers loose clues at once on the same
    puzzle (:func:`_second_pass`): the puzzle made is the same as with one process."""
    kept: list[int] = []
    grids: list[IntArray] = []
    loose: list[int] = []
    refused: set[int] = set()
    counts = {"refuted_by_rules": 0, "sat_questions": 0, "unfinished": 0}
    t0 = time.perf_counter()
    clues = [c for c in order if current[c]]
    with Questions(sol, n, solver, workers) as questions:
        first = questions.ask(current, clues, FIRST_BUDGET.get(n))
        for c, (other, tally) in zip(clues, first, strict=True):
            _add(counts, tally)
            if isinstance(other, np.ndarray):
                kept.append(c)
                grids.append(other)
            else:
                loose.append(c)
                if other is None:
                    refused.add(c)
                else:
                    counts["unfinished"] += 1
        t1 = time.perf_counter()
        from ..engines.eup import rules_only

        tables = rule_tables(n)
        loose.sort(key=lambda r: rules_only.open_after(current, r, *tables, PAIRS))
        skip = bool(loose) and loose[0] in refused
        removed = loose[:1] if skip else []
        if skip:  # the first loose clue was refused on this very puzzle: it goes unasked
            current[loose[0]] = 0
        for c, other in _second_pass(current, loose[skip:], questions, counts, refused, removed):
            kept.append(c)
            grids.append(other)
    stats |= counts | {
        "second_pass": len(loose),
        "solver": solver,
        "workers": workers,
        "first_pass_seconds": round(t1 - t0, 6),
        "second_pass_seconds": round(time.perf_counter() - t1, 6),
    }
    return kept, grids


def _second_pass(
    current: IntArray,
    loose: list[int],
    questions: Questions,
    counts: dict[str, int],
    refused: set[int],
    removed: list[int],
) -> Iterator[tuple[int, IntArray]]:
    """The loose clues in turn, each removed from current (in place) when its answer is
    "no": the clues kept, with their witnesses.

    A clue refused on the first pass's puzzle has a witness now only if it differs there
    from the solution at one of the clues removed since (removed, in place): the solver is
    told so (:func:`witness`).

    With worker processes the questions are a pipeline: every free worker is handed the
    next clue on the puzzle as it is then, and the answers are taken in the clues' order,
    as if asked one by one: a witness stays valid once clues are removed, and a "no" is
    final when nothing was removed since its question was sent; otherwise that clue is
    asked again, first, and decided before the next."""
    if not questions.parallel:
        asking = Asking(questions.sol, questions.n, questions.solver)
        for c in loose:
            cells = list(removed) if c in refused else None
            other, tally = answer(current, c, asking, cells)
            _add(counts, tally)
            if isinstance(other, np.ndarray):
                yield c, other
            else:
                current[c] = 0
                removed.append(c)
        return
    waiting = deque(loose)  # not sent yet, in order
    sent: deque[int] = deque()  # sent, not decided yet, in order
    again: deque[int] = deque()  # to ask again before any other
    done: dict[int, tuple[Answer, int]] = {}  # answers with the removals they knew of
    while waiting or sent:
        while questions.idle and (again or waiting):
            c = again.popleft() if again else waiting.popleft()
            if c not in sent:
                sent.append(c)
            hint = {c: list(removed)} if c in refused else None
            questions.submit((c, len(removed)), current.copy(), [c], None, hint)
        (c, known), [(other, tally)] = questions.receive()
        _add(counts, tally)
        done[c] = (other, known)
        while sent and sent[0] in done:
            c = sent[0]
            other, known = done.pop(c)
            if isinstance(other, np.ndarray):
                sent.popleft()
                yield c, other
            elif known == len(removed):
                sent.popleft()
                current[c] = 0
                removed.append(c)
            else:
                again.append(c)
                break


def _add(counts: dict[str, int], tally: dict[str, int]) -> None:
    for key, value in tally.items():
        counts[key] += value
