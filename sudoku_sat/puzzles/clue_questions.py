"""One clue's question at large orders, and the worker processes that share them.

"Is there a solution of the puzzle without clue c that puts another value at c?" The
rules answer first (:func:`sudoku_sat.engines.eup.rules_only.refuted`); else a fresh small
CNF, the candidates the rules leave with S[c] forbidden at c
(:mod:`sudoku_sat.encodings.candidates`), goes to a PySAT solver that prefers S's values,
within an optional conflict budget. A solution found is the clue's *witness*, checked
against the rules and the other clues. :class:`Questions` asks them here or in worker
processes forked from this one. Used by :mod:`.emptying_large`.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from multiprocessing.connection import Connection, wait
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from ..encodings.candidates import Candidates, build, is_valid
from ..errors import SolverError

QUESTIONS_PER_TASK = 4
"""First-pass questions a worker takes at a time (milliseconds to seconds each)."""
PAIRS = True
"""The rules include the naked pairs (Parité) besides the singles (faster: docs/large.md)."""
OPTIONS = {"cadical195": {"stabilizeonly": 1}}
"""Options set on a fresh solver of that name before it reads the CNF. CaDiCaL in stable
mode only (no focused phases): the questions are mostly SAT, and stable mode finds their
witnesses sooner (36x36, 30 random questions of seed 4: 60.6 s against 83.4 s; its 8
slowest: 34.9 s against 133.9 s; docs/large.md)."""

IntArray = npt.NDArray[np.int32]


def rule_tables(n: int) -> tuple[Any, Any, Any, Any]:
    from ..engines.eup.bits import tables

    return tables(n)


class Questions:
    """Asks clue questions about puzzles of one solution: here, or in ``workers``
    processes forked from this one (the compiled rules already loaded), one pipe each,
    which die with it and are stopped when it leaves the ``with`` block."""

    def __init__(self, sol: IntArray, n: int, solver: str, workers: int = 1) -> None:
        self.sol, self.n, self.solver, self.workers = sol, n, solver, max(1, workers)
        self._procs: list[tuple[Any, Connection]] = []
        self._idle: list[Connection] = []
        self._busy: dict[Connection, Any] = {}

    def __enter__(self) -> Questions:
        if self.workers > 1:
            import multiprocessing

            context = multiprocessing.get_context("fork")
            for _ in range(self.workers):
                here, there = context.Pipe()
                args = (there, self.sol, self.n, self.solver)
                proc = context.Process(target=_serve, args=args, daemon=True)
                proc.start()
                there.close()
                self._procs.append((proc, here))
            self._idle = [conn for _, conn in self._procs]
        return self

    def __exit__(self, *exc: object) -> None:
        for proc, _ in self._procs:
            proc.terminate()
        for proc, conn in self._procs:
            proc.join()
            conn.close()
        self._procs, self._idle, self._busy = [], [], {}

    @property
    def parallel(self) -> bool:
        """Whether the questions go to worker processes."""
        return bool(self._procs)

    @property
    def idle(self) -> bool:
        """Whether a worker is free for :meth:`submit`."""
        return bool(self._idle)

    def submit(
        self,
        tag: Any,
        current: IntArray,
        clues: list[int],
        budget: int | None = None,
        differ: dict[int, list[int]] | None = None,
    ) -> None:
        """Hand the clues' questions on current to a free worker; :meth:`receive` gives
        back tag with their answers."""
        hints = {c: differ[c] for c in clues if c in differ} if differ else {}
        conn = self._idle.pop()
        conn.send((current, clues, budget, hints))
        self._busy[conn] = tag

    def receive(self) -> tuple[Any, Reply]:
        """The tag and answers of a submitted chunk, the first one done."""
        conn = cast(Connection, wait(list(self._busy))[0])
        reply = _reply(conn)
        self._idle.append(conn)
        return self._busy.pop(conn), reply

    def ask(
        self,
        current: IntArray,
        clues: list[int],
        budget: int | None = None,
        differ: dict[int, list[int]] | None = None,
    ) -> Iterator[tuple[Answer, dict[str, int]]]:
        """Each clue's answer on current (none removed), in order, and what asking it
        counted, each SAT call within budget conflicts (None: no limit), with the cells
        differ gives a clue (see :func:`witness`); the workers take chunks of clues as
        they come free."""
        hints = differ or {}
        asking = Asking(self.sol, self.n, self.solver, budget)
        if not self.parallel:
            for c in clues:
                yield answer(current, c, asking, hints.get(c))
            return
        size = max(1, min(QUESTIONS_PER_TASK, len(clues) // self.workers))
        chunks = [clues[k : k + size] for k in range(0, len(clues), size)]
        done: dict[int, Reply] = {}
        sent = given = 0
        while given < len(chunks):
            while self.idle and sent < len(chunks):
                self.submit(sent, current, chunks[sent], budget, hints)
                sent += 1
            tag, reply = self.receive()
            done[tag] = reply
            while given in done:
                yield from done.pop(given)
                given += 1


def _reply(conn: Connection) -> Reply:
    try:
        reply = conn.recv()
    except EOFError:
        raise SolverError("a process answering the questions died") from None
    if isinstance(reply, Exception):
        raise reply
    return cast(Reply, reply)


def _serve(conn: Connection, sol: IntArray, n: int, solver: str) -> None:
    """A question worker: answers each chunk of clues it is sent, until its pipe closes."""
    from ..signals import worker_signals

    worker_signals()
    _die_with_parent()
    while True:
        try:
            current, clues, budget, hints = conn.recv()
        except EOFError:
            return
        try:
            asking = Asking(sol, n, solver, budget)
            answers = [answer(current, c, asking, hints.get(c)) for c in clues]
            conn.send(answers)
        except Exception as exc:  # noqa: BLE001 - handed to the parent, which raises it
            conn.send(exc)


def _die_with_parent() -> None:
    """Ask Linux to send SIGTERM to this process when its parent dies (no orphan left
    behind a parent killed outright); elsewhere the pool's own clean-up must do."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


class Unfinished(Enum):
    """A SAT call stopped at its conflict budget."""

    UNFINISHED = "unfinished"


UNFINISHED = Unfinished.UNFINISHED
Answer = IntArray | None | Unfinished
"""A witness, None when the clue can go, or UNFINISHED."""
Reply = list[tuple[Answer, dict[str, int]]]
"""A chunk's answers, in its order, each with what asking it counted."""


@dataclass(frozen=True, eq=False)
class Asking:
    """What the questions of one pass share: the solution, the order, the PySAT solver,
    and the conflicts each SAT call may take (None: no limit)."""

    sol: IntArray
    n: int
    solver: str
    budget: int | None = None


def answer(
    current: IntArray, c: int, asking: Asking, differ: Sequence[int] | None = None
) -> tuple[Answer, dict[str, int]]:
    """The witness of clue c, None when c can go (the rules first, then SAT), UNFINISHED
    when the SAT call passed the budget (differ as for :func:`witness`), and what asking
    counted."""
    from ..engines.eup import rules_only

    if rules_only.refuted(current, c, int(asking.sol[c]), *rule_tables(asking.n), PAIRS):
        return None, {"refuted_by_rules": 1, "sat_questions": 0}
    tally = {"refuted_by_rules": 0, "sat_questions": 1}
    return witness(current, c, asking, differ), tally


def witness(
    current: IntArray, c: int, asking: Asking, differ: Sequence[int] | None = None
) -> Answer:
    """A solution of current without clue c that differs from asking.sol (S) at c,
    checked against the rules and the other clues; None when there is none; UNFINISHED
    when the solver stopped at the budget.

    differ: cells of which any such solution is known to differ from S at one at least
    (the clues removed since c was refused on a denser puzzle: a solution agreeing with
    S on all of them would have been a witness there), said to the solver as a clause
    (:func:`_differ_clause`); it changes no answer, only how fast it comes."""
    from pysat.solvers import Solver

    from ..engines.eup import rules_only

    sol, n, solver, budget = asking.sol, asking.n, asking.solver, asking.budget
    cells = np.array([c], dtype=np.int32)
    masks = rules_only.candidates_after(current, cells, sol[cells], *rule_tables(n), PAIRS)
    size = n * n
    cand = ((masks[:, None] >> np.arange(size, dtype=np.uint64)) & np.uint64(1)).astype(np.bool_)
    if not cand.any():
        return None
    cnf = build(Candidates(n, cand, "open"))
    clause = None if differ is None else _differ_clause(cand, cnf.var_of, sol, differ)
    if clause == []:
        return None
    if cnf.primary == 0:
        grid = cnf.givens
    else:
        preferred = cnf.var_of[np.arange(size * size), sol - 1]
        with Solver(name=solver) as sat:
            if solver in OPTIONS:
                sat.configure(OPTIONS[solver])
            sat.append_formula(cnf.clauses())
            if clause:
                sat.add_clause(clause)
            sat.set_phases(preferred[preferred > 0].tolist())
            if budget is not None:
                sat.conf_budget(budget)
            found = sat.solve() if budget is None else sat.solve_limited()
            if found is None:
                return UNFINISHED
            if not found:
                return None
            grid = cnf.decode(np.array(sat.get_model() or [], dtype=np.int64))
    loose = current.copy()
    loose[c] = 0
    if grid[c] == sol[c] or not is_valid(grid, n, loose):
        raise SolverError(f"{solver} gave a witness that is not a second solution")
    return grid.astype(np.int32)


def _differ_clause(
    cand: npt.NDArray[np.bool_], var_of: npt.NDArray[np.int32], sol: IntArray, cells: Sequence[int]
) -> list[int] | None:
    """The clause "one of cells at least does not hold its value of sol" over the
    candidate variables; None when it holds already (a cell has lost that value), [] when
    it cannot (every cell is left with that value alone)."""
    at = np.asarray(cells, dtype=np.int64)
    values = sol[at] - 1
    if not cand[at, values].all():
        return None
    variables = var_of[at, values]
    return [-int(v) for v in variables[variables > 0]]
