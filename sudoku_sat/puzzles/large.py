"""The default path at large orders: propagation, the candidate-only CNF, then CaDiCaL.

From ``LARGE_ORDER`` (25x25) up, ``solve``, ``count`` and ``unique`` with their default
options come here (:mod:`sudoku_sat.encodings.candidates` builds the CNF):

1. the clues are propagated (naked and hidden singles, numpy); a contradiction is the
   answer UNSAT, a filled grid is the one solution (no solver runs);
2. otherwise the candidate-only CNF is built; ``solve`` hands it to the ``cadical``
   binary when it is on PATH (written to a temp file, the fastest loader measured), to
   PySAT's CaDiCaL 1.9.5 (``cadical195``) otherwise;
3. ``count`` and ``unique`` load it once into PySAT's ``cadical195``. After each model
   S, the *trades* of S (:mod:`sudoku_sat.puzzles.trades`: clue-free cycles exchanged
   between two rows of a band or two columns of a stack, numpy, about 20 ms at 144x144)
   and theirs are added, checked, up to the cap; then every new solution is blocked
   with a clause over its true candidate variables (the candidates of a model are a
   function of its grid, so a blocking clause removes exactly one solution), the
   solver's phases are set to S (the next search starts next to it), and the same
   incremental solver is asked again, until UNSAT or the cap. The count is exact:
   every solution counted is a distinct checked grid, and the solver's UNSAT says there
   is no other; trades only spare solver calls.

Every grid returned is checked with :func:`candidates.is_valid` against the rules and
the clues (numpy, no solver trusted). ``LARGE_ORDER`` is the measured crossing point
(benchmarks/bench_large.py, docs/large.md).

Measured for ``count``/``unique`` (2026-11-26, one run each, load 1-2.5, in-process unless
said): on the benchmark's 144x144 30 %-blank instance (several solutions: the trades find
255 more, 256 in all, which the solver's next call confirms), and on that puzzle with
one clue added in each of its 8 clue-free cycles (unique; the second question is UNSAT):

- *Trades* end ``unique`` on the first instance after the first question: the whole
  process took 8.83 s against ``solve`` 7.71 s (docs/large.md has the earlier figures).
- *Loading into PySAT* (clauses as Python lists, 319,927 of them) takes 0.27 s, 0.21 s
  with ``append_formula`` per width group: loading is not what costs.
- *The second question, when it is SAT* (trades switched off): the incremental
  cadical195 took 9.73 s, 1.47 s with its phases set to S (kept), 9.57 s with phases
  set to not-S; the ``cadical`` binary on the CNF plus the blocking clause 12.57 s, a
  fresh cadical195 with the blocking clause 14.91 s, 5.01 s with phases S.
- *The second question, when it is UNSAT* (the unique puzzle): incremental cadical195
  8.83 s plain and 8.87 s with phases S (after a first question of 5.65 s and 5.28 s);
  the binary 12.9 s (after 5.87 s); a fresh cadical195 with phases S 22.93 s.

``count --cap 1000`` in-process (same day, load about 1): 36x36 at 90 % blank, 1,000
solutions in 2.83 s with trades against 67.18 s without (a solver call each); 225x225 at
20 % blank (8 solutions) 0.73 s against 0.57 s: there the closure's 20 ms per grid is
the cost, and bounding the trades by the time of the last solver call gained nothing
measurable (not kept).

Roads not taken, from these figures: the ``cadical`` binary for every question (first as
``solve`` asks it, then the CNF plus the blocking clauses, written by the numpy writer:
the binary's first answer is the faster, 6.5 s against 8.44 s on the first instance,
but each further question starts from nothing: 18.8 s for the unique puzzle against
14.7 s); the binary for the first question and a fresh PySAT solver for the rest (29.5 s
on the unique puzzle). What is left: on a unique puzzle ``unique`` costs the first
solution plus a proof that there is no other, about 2.3x ``solve`` on the puzzle above.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..encodings.candidates import CandidateCnf, build, is_valid, propagate, write_dimacs
from ..errors import SolverError
from ..grid import LARGE_ORDER, Grid
from ..result import SolveResult
from ..signals import scratch_folder
from .trades import trade_closure

__all__ = ["LARGE_ORDER", "candidate_cnf", "count_large", "solve_large"]
PYSAT_NAME = "cadical195"
BINARY = "cadical"


def candidate_cnf(grid: Grid | npt.ArrayLike, n: int) -> CandidateCnf:
    """The propagated candidate-only CNF of grid."""
    return build(propagate(grid, n))


def solve_large(
    grid: Grid,
    n: int,
    timeout: float | None = None,
    binary: str | None = BINARY,
    pysat_name: str = PYSAT_NAME,
) -> SolveResult:
    """Solve grid by propagation and CaDiCaL on the candidate-only CNF; checked answer.

    ``binary=None`` (or the default ``cadical`` not on PATH) uses the PySAT solver
    pysat_name instead (cadical195 by default); any other binary must be on PATH."""
    start = time.perf_counter()
    puzzle = np.asarray(grid, dtype=np.int32)
    cnf = candidate_cnf(puzzle, n)
    path = shutil.which(binary) if binary else None
    if binary and binary != BINARY and path is None:
        raise SolverError(f"solver binary {binary!r} not found on PATH")
    stats: dict[str, Any] = {"candidates": cnf.primary, "clauses": cnf.nclauses}
    if cnf.primary == 0 and cnf.nclauses == 0:
        return _checked(puzzle, cnf.givens, n, start, "propagation", stats)
    if cnf.primary == 0:
        return SolveResult("unsat", grid, time.perf_counter() - start, "propagation", stats)
    if path is not None:
        return _solve_binary(puzzle, cnf, path, timeout, start, stats)
    model = _solve_pysat(cnf, timeout, pysat_name)
    if model is None:
        seconds, why = time.perf_counter() - start, f"timeout after {timeout} s"
        return SolveResult("unknown", grid, seconds, pysat_name, stats, why)
    if not model:
        return SolveResult("unsat", grid, time.perf_counter() - start, pysat_name, stats)
    return _checked(puzzle, cnf.decode(model), n, start, pysat_name, stats)


def _checked(
    puzzle: npt.NDArray[np.int32],
    solution: npt.NDArray[np.int32],
    n: int,
    start: float,
    solver: str,
    stats: dict[str, Any],
) -> SolveResult:
    grid: Grid = tuple(solution.tolist())
    seconds = time.perf_counter() - start
    if not is_valid(solution, n, puzzle):
        detail = f"{solver}'s answer is not a solution of the puzzle"
        return SolveResult("crashed", tuple(puzzle.tolist()), seconds, solver, stats, detail)
    return SolveResult("solved", grid, seconds, solver, stats)


def _solve_pysat(cnf: CandidateCnf, timeout: float | None, name: str) -> list[int] | None:
    """A model's true variables ([] when UNSAT, None on timeout) from a PySAT solver."""
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=cnf.clauses()) as sat:
        found = sat.solve() if timeout is None else _solve_limited(sat, timeout)
        if found is None:
            return None
        return [lit for lit in sat.get_model() or [] if lit > 0] if found else []


def _solve_limited(sat: Any, timeout: float) -> bool | None:
    """solve with a wall-clock limit (PySAT's interrupt from a timer thread)."""
    import threading

    timer = threading.Timer(timeout, sat.interrupt)
    timer.start()
    try:
        found = sat.solve_limited(expect_interrupt=True)
    finally:
        timer.cancel()
    sat.clear_interrupt()
    return found  # type: ignore[no-any-return]


def _solve_binary(
    puzzle: npt.NDArray[np.int32],
    cnf: CandidateCnf,
    path: str,
    timeout: float | None,
    start: float,
    stats: dict[str, Any],
) -> SolveResult:
    from ..sat.external import (
        OutputTooLarge,
        answer_text,
        binary_command,
        output_limit,
        run_in_group,
    )

    grid: Grid = tuple(puzzle.tolist())
    name = Path(path).name
    limit = output_limit(cnf.nvars)
    with scratch_folder() as tmp:
        file, out = Path(tmp) / "puzzle.cnf", Path(tmp) / "result.txt"
        with open(file, "wb") as fp:
            write_dimacs(fp, cnf)
        try:
            proc = run_in_group(binary_command(path, file, out), timeout, Path(tmp), limit)
            text = answer_text(path, out, proc, limit)
        except subprocess.TimeoutExpired:
            seconds = time.perf_counter() - start
            return SolveResult("unknown", grid, seconds, name, stats, f"timeout after {timeout} s")
        except OutputTooLarge as exc:
            seconds = time.perf_counter() - start
            return SolveResult("crashed", grid, seconds, name, stats, str(exc))
        except OSError as exc:
            raise SolverError(f"{path}: cannot run: {exc.strerror}") from None
    stats["exit_code"] = proc.returncode
    if proc.returncode == 20:
        return SolveResult("unsat", grid, time.perf_counter() - start, name, stats)
    if proc.returncode != 10:
        detail = f"{name} exit code {proc.returncode}"
        return SolveResult("crashed", grid, time.perf_counter() - start, name, stats, detail)
    return _checked(puzzle, cnf.decode(_literals(text, name)), cnf.n, start, name, stats)


def model_of(output: str) -> npt.NDArray[np.int64]:
    """The literals of a solver's ``v`` lines."""
    text = " ".join(line[1:] for line in output.splitlines() if line.startswith("v"))
    return np.array(text.split(), dtype=np.int64)


def count_large(grid: Grid, n: int, cap: int = 2) -> int:
    """min(solutions, cap): propagation, then one incremental cadical195 that blocks every
    solution found, its trades found first (see the module docstring)."""
    from pysat.solvers import Solver

    puzzle = np.asarray(grid, dtype=np.int32)
    cnf = candidate_cnf(puzzle, n)
    if cnf.primary == 0:
        return 0 if cnf.nclauses else int(is_valid(cnf.givens, n, puzzle))
    found: list[npt.NDArray[np.uint8]] = []
    with Solver(name=PYSAT_NAME, bootstrap_with=cnf.clauses()) as sat:
        while len(found) < cap and sat.solve():
            solution = cnf.decode(sat.get_model() or [])
            if not is_valid(solution, n, puzzle):
                raise SolverError(f"{PYSAT_NAME} gave a model that is not a solution")
            before = len(found)
            found.append(solution.astype(np.uint8))
            trade_closure(found, before, puzzle, n, cap)
            for other in found[before:]:
                sat.add_clause([-lit for lit in candidate_literals(cnf, other)])
            sat.set_phases(candidate_literals(cnf, solution))  # the next search starts at it
    return min(len(found), cap)


def candidate_literals(cnf: CandidateCnf, solution: npt.ArrayLike) -> list[int]:
    """The candidate variables true in solution's grid (negated: the clause blocking it)."""
    cells = np.flatnonzero(cnf.givens == 0)
    values = np.asarray(solution, dtype=np.int64)[cells]
    lits = cnf.var_of[cells, values - 1]
    if not lits.all():
        raise SolverError("a solution outside the propagated candidates")
    return lits.astype(np.int64).tolist()  # type: ignore[no-any-return]


def _literals(text: str, name: str) -> npt.NDArray[np.int64]:
    """A SAT answer's literals, from the ``v`` lines of CaDiCaL/Kissat or any binary's."""
    from ..dimacs import parse_answer

    if name.startswith(("cadical", "kissat")):
        return model_of(text)
    return np.array(parse_answer(text, name).literals, dtype=np.int64)
