"""The independent check of a large puzzle (25x25 and up): unique by CaDiCaL, minimal by witnesses.

:mod:`.emptying_large` decides with the compiled EUP rules and PySAT's minisat 2.2
(cadical195 at 36x36) on one small CNF per clue. The check shares none of that:

- **unique**: the candidate-only CNF of the final puzzle (numpy propagation of
  :mod:`sudoku_sat.encodings.candidates`, not the EUP rules) plus one clause that
  excludes the solution S (some open cell holds another value than S's), given to the
  ``cadical`` binary (CaDiCaL 1.9.5) when it is on PATH, else to PySAT's CaDiCaL 1.5.3
  (``cadical153``, a solver the emptying never uses): UNSAT means S is the one solution.
- **minimal**: every clue has a stored witness, and every witness is checked against
  the definition of a solution (:meth:`.Witnesses.valid`: every unit holds 1..N, every
  other clue kept, the clue's cell differs from S), by code that trusts no solver.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np

from ..encodings.candidates import build, is_valid, propagate, write_dimacs
from ..errors import SolverError
from ..grid import Grid
from ..signals import scratch_folder
from .emptying_compiled import Witnesses
from .verify import Verdict

BINARY = "cadical"
FALLBACK = "cadical153"


def verify_large(puzzle: Grid, solution: Grid, n: int, witnesses: Witnesses) -> Verdict:
    """Unique (CaDiCaL on the candidate-only CNF excluding solution) and minimal (a
    checked witness per clue); the method names what checked it."""
    unique, method = only_solution(puzzle, solution, n)
    clues = {(c,) for c, v in enumerate(puzzle) if v}
    minimal = unique and clues <= witnesses.valid(puzzle, solution, n)
    return Verdict(unique, minimal, f"{method} + a checked witness per clue")


def only_solution(puzzle: Grid, solution: Grid, n: int) -> tuple[bool, str]:
    """Whether solution is the one solution of puzzle, and the solver that said so."""
    sol = np.array(solution, dtype=np.int32)
    if not is_valid(sol, n, puzzle):
        return False, "numpy rules check"
    cnf = build(propagate(puzzle, n))
    if cnf.primary == 0:
        return cnf.nclauses == 0 and bool((cnf.givens == sol).all()), "propagation"
    size = n * n
    chosen = cnf.var_of[np.arange(size * size), sol - 1]
    cnf.groups.append(-chosen[chosen > 0].astype(np.int64)[None, :])
    path = shutil.which(BINARY)
    if path is None:
        return not _pysat_sat(cnf.clauses()), f"pysat {FALLBACK}"
    with scratch_folder() as tmp:
        file = Path(tmp) / "unique.cnf"
        with open(file, "wb") as fp:
            write_dimacs(fp, cnf)
        done = subprocess.run([path, "-q", "-n", str(file)], capture_output=True, check=False)
    if done.returncode not in (10, 20):
        raise SolverError(f"{BINARY} exit code {done.returncode} on the uniqueness check")
    return done.returncode == 20, f"{BINARY} binary"


def _pysat_sat(clauses: object) -> bool:
    from pysat.solvers import Solver

    with Solver(name=FALLBACK, bootstrap_with=clauses) as sat:
        return bool(sat.solve())
