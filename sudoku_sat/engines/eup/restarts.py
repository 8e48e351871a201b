"""Randomized restarts over the compiled EUP rules (extra ``fast``), for large orders.

Backtracking on half-blank quasigroup-like puzzles has heavy-tailed run times: most
random orders of search finish quickly, a few run almost forever (Gomes, Selman and
Kautz, "Boosting combinatorial search through randomization", AAAI 1998). Cutting every
run after a number of search nodes and starting again with other random choices removes
the tail. Here:

- One *run* is a depth-first search with the rules E, U, P of
  :func:`~sudoku_sat.engines.eup.search.propagate`, branching on a cell of fewest
  candidates chosen uniformly among the ties (reservoir sampling) and trying its values
  in random order (numba's generator, seeded per run), stopped after ``cutoff`` nodes (a
  node is one propagation of a choice).
- The cutoffs follow Luby's sequence times ``unit`` (1, 1, 2, 1, 1, 2, 4, ...: within a
  log factor of the best fixed cutoff, Luby, Sinclair and Zuckerman 1993) or a geometric
  one (``unit * growth**i``).
- A run that exhausts its tree without reaching its cutoff proves the puzzle has no
  solution; a run that finds one returns it. Python checks the deadline between runs,
  and cuts the cutoff of a run that would end after it (at the node rate so far).

Roads not taken: restarting inside one compiled call (fewer Python crossings, but no
clock inside numba and no per-run deadline check); learning (nogoods) between runs, which
is what CDCL solvers already do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ...deadline import Deadline, TimedOut
from ...grid import Grid, is_solution
from ...kernel_cache import njit
from ...result import SolveResult
from .bits import ONE, ZERO, popcount, singles, tables, to_grid, to_state
from .search import _deeper, _mark, pick, propagate, stack

FIRST_DEPTHS = 64
"""Rows of a run's state stack allocated at first; doubled when a run goes deeper."""

UNIT = 64
"""Default nodes per Luby unit: the first runs stop after 64 nodes."""


@njit(cache=True)
def fewer(best, fewest, ties, item, k):  # type: ignore[no-untyped-def]
    """One step of a minimum drawn uniformly among the ties (reservoir sampling): the
    (best, fewest, ties) after seeing item, whose score is k."""
    if k < fewest:
        return item, k, 1
    if k == fewest:
        ties += 1
        if np.random.randint(0, ties) == 0:
            return item, fewest, ties
    return best, fewest, ties


@njit(cache=True)
def random_branch_cell(st):  # type: ignore[no-untyped-def]
    """An open cell of fewest candidates, uniform among the ties, or -1 when none is open."""
    best = -1
    fewest = ONE << np.uint64(32)
    ties = 0
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE):
            best, fewest, ties = fewer(best, fewest, ties, c, popcount(m))
    return best


@njit(cache=True)
def root_state(puzzle, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """The puzzle's masks after the rules, and False when they reach a contradiction."""
    st = to_state(puzzle, full)
    queue, qt = singles(st)
    dirty = np.ones(units.shape[0], np.uint8)
    changed = np.ones(units.shape[0], np.uint8)
    return st, propagate(st, queue, qt, dirty, changed, units, cu, peers, full)


@njit(cache=True)
def one_run(root, seed, cutoff, look, units, cu, peers, full, out):  # type: ignore[no-untyped-def]
    """One randomized depth-first run from root (already propagated), at most cutoff nodes;
    with look > 0, failed values are removed at every node (at most look rounds).
    Returns (1, nodes) with the solution in out, (0, nodes) when cut off, (-1, nodes) when
    the tree is exhausted (no solution)."""
    np.random.seed(seed)
    ncells, nunits = root.shape[0], units.shape[0]
    c = random_branch_cell(root)
    if c < 0:
        out[:] = root
        return 1, 0
    queue = np.empty(ncells, np.int32)
    dirty = np.zeros(nunits, np.uint8)
    changed = np.zeros(nunits, np.uint8)
    depths = FIRST_DEPTHS
    states, cells, rems = stack(root, c, depths)
    depth = 0
    nodes = 0
    while depth >= 0:
        rem = rems[depth]
        if rem == ZERO:
            depth -= 1
            continue
        if nodes >= cutoff:
            return 0, nodes
        nodes += 1
        c = cells[depth]
        bit = pick(rem, True, ZERO)
        rems[depth] = rem ^ bit
        if depth + 1 == depths:
            states, cells, rems = _deeper(states, cells, rems)
            depths *= 2
        child = states[depth + 1]
        child[:] = states[depth]
        if not _place(child, c, bit, queue, dirty, changed, units, cu, peers, full):
            continue
        if look > 0 and not probe(child, look, units, cu, peers, full)[0]:
            continue
        nxt = random_branch_cell(child)
        if nxt < 0:
            out[:] = child
            return 1, nodes
        depth += 1
        cells[depth] = nxt
        rems[depth] = child[nxt]
    return -1, nodes


@njit(cache=True)
def _place(st, c, bit, queue, dirty, changed, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """st[c] = bit, then the rules; False on a contradiction."""
    st[c] = bit
    queue[0] = c
    _mark(dirty, cu, c)
    _mark(changed, cu, c)
    if propagate(st, queue, 1, dirty, changed, units, cu, peers, full):
        return True
    dirty[:] = 0
    changed[:] = 0
    return False


@njit(cache=True)
def probe(st, max_rounds, units, cu, peers, full):  # type: ignore[no-untyped-def]
    """Failed values removed from st (propagated already) to a fixpoint or max_rounds.
    Returns (ok, rounds, probes, removed); ok False when st has no solution."""
    ncells, nunits = st.shape[0], units.shape[0]
    queue = np.empty(ncells, np.int32)
    dirty = np.zeros(nunits, np.uint8)
    changed = np.zeros(nunits, np.uint8)
    work = np.empty(ncells, np.uint64)
    rounds = probes = removed = 0
    while rounds < max_rounds:
        rounds += 1
        before = removed
        for c in range(ncells):
            rem = st[c]
            if rem & (rem - ONE) == ZERO:
                continue
            while rem:
                bit = rem & (~rem + ONE)
                rem ^= bit
                if not st[c] & bit:
                    continue
                probes += 1
                work[:] = st
                if _place(work, c, bit, queue, dirty, changed, units, cu, peers, full):
                    continue
                removed += 1
                left = st[c] & ~bit
                if left == ZERO:
                    return False, rounds, probes, removed
                st[c] = left
                queue[0] = c
                _mark(dirty, cu, c)
                _mark(changed, cu, c)
                qt = 1 if left & (left - ONE) == ZERO else 0
                if not propagate(st, queue, qt, dirty, changed, units, cu, peers, full):
                    return False, rounds, probes, removed
        if removed == before:
            break
    return True, rounds, probes, removed


def luby(i: int) -> int:
    """Term i (from 0) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    k = 1
    while (1 << k) - 1 < i + 1:
        k += 1
    while (1 << k) - 1 != i + 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i + 1:
            k += 1
    return 1 << (k - 1)


def cutoffs(unit: int = UNIT, schedule: str = "luby", growth: float = 1.5) -> Iterator[int]:
    """The node cutoff of each run: unit times Luby's sequence, or unit * growth**i."""
    i = 0
    while True:
        yield unit * luby(i) if schedule == "luby" else max(1, int(unit * growth**i))
        i += 1


@dataclass
class RestartStats:
    """What a restart search did: runs started, search nodes in all, the solving run's nodes."""

    runs: int = 0
    nodes: int = 0
    last_nodes: int = 0
    cutoffs: list[int] = field(default_factory=list)


def _within(cutoff: int, nodes: int, started: float, deadline: Deadline | None) -> int:
    """cutoff, or fewer nodes when, at the node rate so far, the deadline would pass first
    (so a long run ends near the deadline instead of after it)."""
    if deadline is None or deadline.at is None or nodes == 0:
        return cutoff
    now = time.monotonic()
    rate = nodes / max(1e-9, now - started)
    return max(1, min(cutoff, int(rate * (deadline.at - now)) + 1))


@dataclass(frozen=True)
class Schedule:
    """When runs stop: node cutoffs (``unit`` times Luby's sequence, or geometric), the
    deadline (checked between runs) and at most max_runs runs (None: no limit)."""

    unit: int = UNIT
    kind: str = "luby"
    deadline: Deadline | None = None
    max_runs: int | None = None


Run = Callable[[int, int], tuple[int, int]]
"""One compiled run: (run seed, node cutoff) -> (status, nodes); status 1 when it solved
the puzzle into the search's output state, -1 when it exhausted its tree, 0 when cut."""


def restart_loop(
    run: Run,
    out: np.ndarray,
    n: int,
    grid: Grid,
    seed: int,
    schedule: Schedule,
    stats: RestartStats,
    search: str,
) -> tuple[Grid | None, bool, RestartStats]:
    """The restarts of a search: run after run, each with its seed and cutoff, until one
    solves (the solution in out, checked) or exhausts its tree, max_runs runs are done,
    or the deadline passes (TimedOut). stats is filled in place."""
    started = time.monotonic()
    for cutoff in cutoffs(schedule.unit, schedule.kind):
        if schedule.max_runs is not None and stats.runs >= schedule.max_runs:
            return None, False, stats
        if schedule.deadline is not None:
            schedule.deadline.check()
        limit = _within(cutoff, stats.nodes, started, schedule.deadline)
        status, nodes = run(seed * 1_000_003 + stats.runs, limit)
        stats.runs += 1
        stats.nodes += nodes
        stats.last_nodes = nodes
        stats.cutoffs.append(limit)
        if status == 1:
            return checked_solution(out, n, grid, search), True, stats
        if status == -1:
            return None, True, stats
    raise AssertionError("unreachable: cutoffs never ends")


def solve_restarts(
    grid: Grid,
    n: int,
    seed: int = 0,
    unit: int = UNIT,
    schedule: str = "luby",
    deadline: Deadline | None = None,
    max_runs: int | None = None,
    look: int = 0,
    stats: RestartStats | None = None,
) -> tuple[Grid | None, bool, RestartStats]:
    """(solution, decided, stats): a solution checked against the rules and grid; or
    (None, True, ...) when a run exhausted its tree (no solution); or (None, False, ...)
    after max_runs runs. Raises TimedOut past the deadline (checked between runs).
    stats, when given, is filled in place (readable after a timeout)."""
    units, cu, peers, full = tables(n)
    stats = RestartStats() if stats is None else stats
    root, ok = root_state(np.asarray(grid, np.int32), units, cu, peers, full)
    if ok and look > 0:
        ok = probe(root, look, units, cu, peers, full)[0]
    if not ok:
        return None, True, stats
    out = np.empty(root.shape[0], np.uint64)

    def run(run_seed: int, limit: int) -> tuple[int, int]:
        return one_run(root, run_seed, limit, look, units, cu, peers, full, out)  # type: ignore[no-any-return]

    schedule_ = Schedule(unit, schedule, deadline, max_runs)
    return restart_loop(run, out, n, grid, seed, schedule_, stats, "restart")


def checked_solution(state: np.ndarray, n: int, grid: Grid, search: str) -> Grid:
    """The solved state as a grid, checked against the rules and the clues of grid."""
    solution = np.empty(state.shape[0], np.int32)
    to_grid(state, solution)
    found = tuple(int(v) for v in solution)
    if not is_solution(found, n, grid):
        raise AssertionError(f"the {search} search returned a grid that is not a solution")
    return found


Search = Callable[..., tuple[Grid | None, bool, RestartStats]]
"""A restart search: (grid, n, seed, *, deadline) -> (solution or None, done, stats)."""


def engine_result(
    search: Search, engine: str, grid: Grid, n: int, timeout: float | None, seed: int
) -> SolveResult:
    """A restart search run under a timeout as a SolveResult: solved, unsat or unknown."""
    start = time.perf_counter()
    try:
        solution, _, stats = search(grid, n, seed, deadline=Deadline(timeout))
    except TimedOut as exc:
        return SolveResult("unknown", grid, time.perf_counter() - start, engine, {}, str(exc))
    seconds = time.perf_counter() - start
    counters = {"runs": stats.runs, "nodes": stats.nodes}
    if solution is None:
        return SolveResult("unsat", grid, seconds, engine, counters)
    return SolveResult("solved", solution, seconds, engine, counters, f"{stats.runs} runs")


def solve_engine(grid: Grid, n: int, timeout: float | None = None, seed: int = 0) -> SolveResult:
    """``sudoku-sat solve --method eup`` at large orders: restarts, UNSAT, or unknown."""
    return engine_result(solve_restarts, "eup", grid, n, timeout, seed)
