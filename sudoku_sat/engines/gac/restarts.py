"""Constraint-programming search for large orders (extra ``fast``): GAC, dom/wdeg, restarts.

The EUP restart search (:mod:`..eup.restarts`) propagates with E, U and naked pairs only;
a CP solver filters each all-different unit to generalized arc consistency
(:mod:`.alldiff`) and learns, without nogoods, where the conflicts are. Here:

- Propagation: :func:`.gac_alldiff.gac_propagate` (E, U, then Régin's filter on every
  unit touched, to a fixpoint).
- Branching: binary, ``c = v`` then ``c != v`` (the refutation is propagated too, which
  d-way branching would not do). The cell: an open cell minimising candidates / wdeg,
  where wdeg is the sum of the weights of its 3 units, and a unit's weight (1 at first)
  grows by one each time its rule fails (dom/wdeg, Boussemart, Hemery, Lecoutre and Sais,
  ECAI 2004); ties drawn uniformly (reservoir sampling). ``wdeg=False``: plain dom.
- Last conflict (``last=True``, Lecoutre, Saïs, Tabary and Vidal, AIJ 2009): after a
  failed ``c = v``, c is branched on first again, as long as it is open, until one of its
  assignments survives; the search goes straight back to the culprit decision.
- Dual variables (``dual=True``): a unit and a value not placed in it (which of its
  cells takes the value?) compete with the cells, their domain being the number of the
  unit's open cells having the value, their weight 3 times the unit's (Dotú, del Val and
  Cebrián 2003 found branching on both views best for quasigroup completion).
- Values: random order (``value="random"``) or least constraining first
  (``value="lcv"``: the value fewest peers still have; ties random); with
  ``saving=True``, the last value a cell held in a consistent state first, when still a
  candidate (phase saving, as CDCL solvers do across restarts).
- Restarts: as :func:`.eup_restarts.solve_restarts` (Luby or geometric cutoffs in nodes,
  a node being one decision ``c = v`` propagated; the deadline checked between runs); the
  weights and the units' last matchings are kept from run to run.

A refutation failing at depth 0 proves the puzzle has no solution (the run's tree is
exhausted); a solution is checked with ``is_solution`` before it is returned.

Measured (docs/engines.md): 5-6.5x fewer nodes per second than the EUP restarts, and no
half-blank 49x49 puzzle solved in 120 s by any option set; one 36x36 puzzle solved by
one lucky run (lcv, last conflict and phase saving; not with other solver seeds). Roads not
taken: nogoods recorded at restarts (what CDCL does better), singleton arc consistency
at every node (the EUP form, ``look``, ran 30-43 nodes/s at 36x36).
"""

from __future__ import annotations

import numpy as np

from ...deadline import Deadline
from ...grid import Grid
from ...kernel_cache import njit
from ...result import SolveResult
from ..eup.bits import ONE, ZERO, popcount, tables, trailing
from ..eup.restarts import (
    UNIT,
    RestartStats,
    Schedule,
    engine_result,
    fewer,
    restart_loop,
)
from ..eup.search import _deeper, pick
from .alldiff import OK, gac_propagate, gac_root, scratch

FIRST_DEPTHS = 64
"""Rows of a run's state stack allocated at first; doubled when a run goes deeper."""

VALUE_RULES = ("random", "lcv")
"""Value orders: random, or least constraining first."""


@njit(cache=True)
def wdeg_cell(st, cu, weight, wdeg):  # type: ignore[no-untyped-def]
    """(cell, d, w): an open cell minimising d / w, d its candidates and w the sum of its
    units' weights (wdeg False: 1), uniform among the ties; cell -1 when none is open."""
    best = -1
    bd = np.int64(1)
    bw = np.int64(0)
    ties = 0
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE) == ZERO:
            continue
        d = np.int64(popcount(m))
        w = np.int64(1)
        if wdeg:
            w = weight[cu[c, 0]] + weight[cu[c, 1]] + weight[cu[c, 2]]
        lhs, rhs = d * bw, bd * w
        if best < 0 or lhs < rhs:
            best, bd, bw, ties = c, d, w, 1
        elif lhs == rhs:
            ties += 1
            if np.random.randint(0, ties) == 0:
                best = c
    return best, bd, bw


@njit(cache=True)
def dual_pick(st, units, weight, wdeg, bd, bw):  # type: ignore[no-untyped-def]
    """(cell, value bit) of the dual variable (unit u, value v: which cell of u takes v)
    minimising its open cells having v / (3 weight[u]), if below bd / bw; else (-1, 0).
    The cell is drawn among those open cells, as the ties."""
    size = units.shape[1]
    counts = np.empty(size, np.int64)
    best_u, best_v = -1, -1
    ties = 0
    for u in range(units.shape[0]):
        counts[:] = 0
        for k in range(size):
            m = st[units[u, k]]
            if m & (m - ONE) == ZERO:
                continue
            while m:
                bit = m & (~m + ONE)
                m ^= bit
                counts[np.int64(trailing(bit))] += 1
        w = 3 * weight[u] if wdeg else np.int64(3)
        for v in range(size):
            d = counts[v]
            if d < 2:
                continue
            lhs, rhs = d * bw, bd * w
            if lhs < rhs:
                best_u, best_v, bd, bw, ties = u, v, d, w, 1
            elif lhs == rhs and best_u >= 0:
                ties += 1
                if np.random.randint(0, ties) == 0:
                    best_u, best_v = u, v
    if best_u < 0:
        return -1, ZERO
    bit = ONE << np.uint64(best_v)
    pick = np.random.randint(0, bd)
    for k in range(size):
        c = units[best_u, k]
        m = st[c]
        if m & bit and m != bit:
            if pick == 0:
                return c, bit
            pick -= 1
    return -1, ZERO


@njit(cache=True)
def lcv_value(st, c, peers):  # type: ignore[no-untyped-def]
    """The candidate of cell c that the fewest peers still have (ties drawn uniformly)."""
    m = st[c]
    best = ZERO
    fewest = peers.shape[1] + 1
    ties = 0
    while m:
        bit = m & (~m + ONE)
        m ^= bit
        k = 0
        for i in range(peers.shape[1]):
            if st[peers[c, i]] & bit:
                k += 1
        best, fewest, ties = fewer(best, fewest, ties, bit, k)
    return best


@njit(cache=True)
def _restrict(st, c, mask, ctx):  # type: ignore[no-untyped-def]
    """st[c] &= mask (a non-empty result), then the fixpoint: OK or the unit to blame."""
    queue, dirty, gdirty, units, cu, peers, full, hint, work = ctx
    m = st[c] & mask
    st[c] = m
    for t in range(3):
        dirty[cu[c, t]] = 1
        gdirty[cu[c, t]] = 1
    queue[0] = c
    qt = 1 if m & (m - ONE) == ZERO else 0
    return gac_propagate(st, queue, qt, dirty, gdirty, units, cu, peers, full, hint, work)


@njit(cache=True)
def gac_run(root, seed, cutoff, weight, phase, options, units, cu, peers, full, hint, out):  # type: ignore[no-untyped-def]
    """One randomized run from root (propagated already), at most cutoff decisions;
    options = (wdeg, lcv, last, dual, phase saving) as 0/1. weight (per unit), phase (per
    cell) and hint (matchings) are updated in place. Returns (1, nodes) with the solution
    in out, (0, nodes) when cut off, (-1, nodes) when the root is refuted (no solution)."""
    np.random.seed(seed)
    wdeg, lcv, last = options[0] != 0, options[1] != 0, options[2] != 0
    dual, saving = options[3] != 0, options[4] != 0
    ncells, nunits = root.shape[0], units.shape[0]
    dirty = np.zeros(nunits, np.uint8)
    gdirty = np.zeros(nunits, np.uint8)
    work = scratch(units.shape[1])
    ctx = (np.empty(ncells, np.int32), dirty, gdirty, units, cu, peers, full, hint, work)
    depths = FIRST_DEPTHS
    states = np.empty((depths, ncells), np.uint64)
    cells = np.empty(depths, np.int64)
    bits = np.empty(depths, np.uint64)
    states[0, :] = root
    depth = nodes = 0
    culprit = -1
    while True:
        st = states[depth]
        c = -1
        forced = ZERO
        if culprit >= 0 and st[culprit] & (st[culprit] - ONE):
            c = culprit
        else:
            culprit = -1
            c, bd, bw = wdeg_cell(st, cu, weight, wdeg)
            if dual and c >= 0:
                dc, forced = dual_pick(st, units, weight, wdeg, bd, bw)
                if dc >= 0:
                    c = dc
        if c < 0:
            out[:] = st
            return 1, nodes
        if nodes >= cutoff:
            return 0, nodes
        nodes += 1
        bit = _value(st, c, forced, lcv, saving, phase, peers)
        if depth + 1 == depths:
            states, cells, bits = _deeper(states, cells, bits)
            depths *= 2
        child = states[depth + 1]
        child[:] = st
        blame = _restrict(child, c, bit, ctx)
        if blame == OK:
            cells[depth], bits[depth] = c, bit
            depth += 1
            if saving:
                _save(child, phase)
            if c == culprit:
                culprit = -1
            continue
        weight[blame] += 1
        if last:
            culprit = c
        while True:  # refute c = bit where it was tried, backing up while that fails
            blame = _restrict(states[depth], c, ~bit, ctx)
            if blame == OK:
                break
            weight[blame] += 1
            if depth == 0:
                return -1, nodes
            depth -= 1
            c, bit = cells[depth], bits[depth]


@njit(cache=True)
def _value(st, c, forced, lcv, saving, phase, peers):  # type: ignore[no-untyped-def]
    """The value to try in cell c: the dual variable's, the saved one, else by the rule."""
    if forced:
        return forced
    if saving and st[c] & phase[c]:
        return phase[c]
    return lcv_value(st, c, peers) if lcv else pick(st[c], True, ZERO)


@njit(cache=True)
def _save(st, phase):  # type: ignore[no-untyped-def]
    """Phase saving: the value of every placed cell of st, remembered."""
    for c in range(st.shape[0]):
        m = st[c]
        if m & (m - ONE) == ZERO:
            phase[c] = m


def solve_gac(
    grid: Grid,
    n: int,
    seed: int = 0,
    unit: int = UNIT,
    schedule: str = "luby",
    deadline: Deadline | None = None,
    max_runs: int | None = None,
    wdeg: bool = True,
    value: str = "random",
    last: bool = False,
    dual: bool = False,
    saving: bool = False,
    stats: RestartStats | None = None,
) -> tuple[Grid | None, bool, RestartStats]:
    """(solution, decided, stats) as :func:`.eup_restarts.solve_restarts`: a solution
    checked against the rules and grid; (None, True, ...) when the puzzle has none;
    (None, False, ...) after max_runs runs. Raises TimedOut past the deadline (checked
    between runs). stats, when given, is filled in place (readable after a timeout)."""
    if value not in VALUE_RULES:
        raise ValueError(f"value must be one of {VALUE_RULES}, got {value!r}")
    units, cu, peers, full = tables(n)
    hint = np.full(units.shape, -1, np.int64)
    stats = RestartStats() if stats is None else stats
    root, blame = gac_root(np.asarray(grid, np.int32), units, cu, peers, full, hint)
    if blame != OK:
        return None, True, stats
    weight = np.ones(units.shape[0], np.int64)
    options = np.array([wdeg, value == "lcv", last, dual, saving], np.int64)
    phase = np.zeros(root.shape[0], np.uint64)
    out = np.empty(root.shape[0], np.uint64)

    def run(run_seed: int, limit: int) -> tuple[int, int]:
        return gac_run(  # type: ignore[no-any-return]
            root, run_seed, limit, weight, phase, options, units, cu, peers, full, hint, out
        )

    schedule_ = Schedule(unit, schedule, deadline, max_runs)
    return restart_loop(run, out, n, grid, seed, schedule_, stats, "GAC")


def solve_engine(grid: Grid, n: int, timeout: float | None = None, seed: int = 0) -> SolveResult:
    """``sudoku-sat solve --method gac``: restarts with GAC and dom/wdeg: solved, unsat or
    unknown (timed out)."""
    return engine_result(solve_gac, "gac", grid, n, timeout, seed)
