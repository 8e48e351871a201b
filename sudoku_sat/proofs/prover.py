"""Certificates of uniqueness: a solution S and a DRUP proof that F_regle ∧ clues(P) ∧ ¬S
is UNSAT, from the in-house failed-literal engine or from a proof-producing CDCL solver.

Failed literals (``fl``). The engine runs on F_regle with the clues as assumptions. A
failed literal l (UP from l reaches a conflict) makes ¬l a RUP lemma, and every literal
UP derives after it is true at the root when the checker meets it. So the failed
literals' negations, in the order the engine found them (the literals of its trail beyond
unit propagation that UP from the earlier ones does not give), are a list of unit
lemmas. When the fixpoint fills every cell, it is S, and with those units ¬S is false:
the empty clause is RUP. The proof needs no ¬S while it is made; the checker gets the whole
formula. A puzzle unit propagation alone solves gets the one-line proof ``0`` (``up``).

CDCL (``cdcl``). A fresh PySAT solver with ``with_proof=True`` (Glucose 4.2 by
default; CaDiCaL and Lingeling work too: :data:`PROOF_SOLVERS`) gets the whole formula.
SAT means a second solution: no certificate. UNSAT gives the solver's DRUP proof,
deletions included.

``auto`` tries failed literals first (tens to hundreds of µs compiled) and calls CDCL only
when they leave cells open (a fresh solver loads 12,000 clauses: milliseconds).

Roads not taken: branching on top of failed literals to get an in-house proof for every
puzzle (proofs grow with the search tree; CDCL is short on the puzzles FL cannot
finish); one incremental CDCL solver with assumptions (its proof refutes F ∧ assumptions
only together with the assumptions, which DRUP cannot state).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..encoding import clue_assumptions, decode, num_vars, rules
from ..engines.propagation import Engines, Propagator, build_propagator
from ..errors import SolverError
from ..grid import Grid, check_grid, is_solution
from ..sat.pysat import check_pysat_name, rules_solver
from .formula import certificate_clauses
from .proof import Proof, Step, parse_proof

PROVERS = ("auto", "fl", "cdcl")
PROOF_SOLVERS = (
    "cadical195",
    "cadical153",
    "cadical103",
    "glucose4",
    "glucose42",
    "glucose3",
    "lingeling",
    "maplechrono",
    "maplesat",
)
"""PySAT solvers whose ``with_proof=True`` gives a complete DRUP proof (tried on
python-sat 1.9.dev17; MapleCM's proof lacks the empty clause, Kissat, Minisat and
MergeSat refuse proofs)."""
HEADER_LINES = 2
"""Comment lines before the first step of a written proof (hash, then method)."""


@dataclass(frozen=True)
class Certificate:
    """A unique puzzle, its solution and the DRUP proof (method up, fl or cdcl)."""

    n: int
    puzzle: Grid
    solution: Grid
    proof: Proof
    method: str
    seconds: float = 0.0


@dataclass(frozen=True)
class Refusal:
    """No certificate, and why: kind none, several (with a second solution) or open."""

    kind: str
    reason: str
    other: Grid | None = None


def numbered(lemmas: list[tuple[int, ...]], deletions: list[bool] | None = None) -> Proof:
    """Steps numbered by the line they take in a written proof."""
    marks = deletions or [False] * len(lemmas)
    steps = tuple(
        Step(lits, delete, HEADER_LINES + i + 1)
        for i, (lits, delete) in enumerate(zip(lemmas, marks, strict=True))
    )
    return Proof(steps)


def proof_solver(name: str) -> str:
    """name, when that PySAT solver gives a DRUP proof (:data:`PROOF_SOLVERS`); else
    SolverError naming the ones that do (checked before any certificate folder is made)."""
    if check_pysat_name(name) not in PROOF_SOLVERS:
        raise SolverError(
            f"PySAT solver {name!r} gives no DRUP proof; use one of: " + ", ".join(PROOF_SOLVERS)
        )
    return name


class Prover:
    """Certifies puzzles of order n: failed literals on F_regle built once, CDCL fallback."""

    def __init__(self, n: int, backend: str = "auto", solver: str = "glucose42"):
        proof_solver(solver)
        self.n = n
        self.solver = solver
        self.engine: Engines = build_propagator(num_vars(n), rules(n), backend)
        self.finder: Any = None  # a rules solver for S, made when first needed
        # the probe order 1..N**3 as the array the compiled engine takes (it would convert
        # a range on every call, which costs more than the probes of an easy puzzle)
        self.order = _variables(num_vars(n), isinstance(self.engine, Propagator))

    def close(self) -> None:
        if self.finder is not None:
            self.finder.delete()
            self.finder = None

    def __enter__(self) -> Prover:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def certify(self, grid: Grid, prover: str = "auto") -> Certificate | Refusal:
        """A certificate of grid's uniqueness, or the reason there is none."""
        if prover not in PROVERS:
            raise SolverError(f"unknown prover {prover!r}; known: {', '.join(PROVERS)}")
        check_grid(grid, self.n)
        start = time.perf_counter()
        if prover != "cdcl":
            result = self.failed_literals(grid)
            if result is not None:
                return _timed(result, start)
        solution = self.solution(grid)
        if solution is None:
            return Refusal("none", "has no solution")
        if prover == "fl":
            return self.open_refusal(grid, solution)
        return _timed(self.cdcl(grid, solution), start)

    def failed_literals(self, grid: Grid) -> Certificate | Refusal | None:
        """The FL certificate; a refusal when the clues contradict; None when cells stay open."""
        run = self.engine.failed_literals(clue_assumptions(grid, self.n), self.order)
        if run.status == "conflict":
            return Refusal("none", "has no solution (failed literals refute the clues)")
        solution, _ = decode(run.literals, self.n)
        if 0 in solution:
            return None
        _check_solution(solution, self.n, grid)
        assumptions = clue_assumptions(grid, self.n)
        lemmas = [
            (lit,) for lit in fl_lemmas(self.engine, assumptions, run.literals[run.up_count :])
        ]
        method = "fl" if lemmas else "up"
        return Certificate(self.n, grid, solution, numbered([*lemmas, ()]), method)

    def solution(self, grid: Grid) -> Grid | None:
        """One solution of grid from a PySAT rules solver, or None."""
        if self.finder is None:
            self.finder = rules_solver(self.n)
        if not self.finder.solve(assumptions=clue_assumptions(grid, self.n)):
            return None
        solution, _ = decode(self.finder.get_model(), self.n)
        _check_solution(solution, self.n, grid)
        return solution

    def cdcl(self, grid: Grid, solution: Grid) -> Certificate | Refusal:
        """The CDCL solver's proof, or a second solution."""
        from pysat.solvers import Solver

        clauses = certificate_clauses(grid, self.n, solution)
        with Solver(name=self.solver, bootstrap_with=clauses, with_proof=True) as solver:
            if solver.solve():
                return _several(solver.get_model(), self.n, grid)
            lines = solver.get_proof()
        proof = parse_proof("\n".join(lines), num_vars(self.n), f"<{self.solver} proof>")
        steps = [s.lits for s in proof.steps]
        return Certificate(
            self.n, grid, solution, numbered(steps, [s.delete for s in proof.steps]), "cdcl"
        )

    def open_refusal(self, grid: Grid, solution: Grid) -> Refusal:
        """Why forced failed literals give no certificate: several solutions, or open cells."""
        from pysat.solvers import Solver

        with Solver(name="m22", bootstrap_with=certificate_clauses(grid, self.n, solution)) as s:
            if s.solve():
                return _several(s.get_model(), self.n, grid)
        return Refusal(
            "open", "is unique, but failed literals leave cells open (use --method auto or pysat)"
        )


def fl_lemmas(engine: Engines, assumptions: list[int], derived: Sequence[int]) -> list[int]:
    """The failed literals' negations among the literals FL derived beyond UP, in order: a
    literal unit propagation gives from the assumptions and the earlier ones is dropped
    (it would be a lemma true at the root already, and the checker would skip it)."""
    if isinstance(engine, Propagator):
        engine.root(assumptions)
        kept = []
        for lit in derived:
            if engine.val[lit] <= 0:
                kept.append(lit)
                engine.assign(lit)
                engine.propagate()
        return kept
    from .rup_numba import first_of_each

    return first_of_each(engine, assumptions, list(derived))  # type: ignore[arg-type]


def _variables(count: int, python: bool) -> Sequence[int]:
    """1..count, as a numpy array for the compiled engine."""
    if python:
        return list(range(1, count + 1))
    import numpy as np

    return cast(Sequence[int], np.arange(1, count + 1, dtype=np.int64))


def _several(model: list[int], n: int, grid: Grid) -> Refusal:
    other, _ = decode(model, n)
    _check_solution(other, n, grid)
    return Refusal("several", "has several solutions", other)


def _check_solution(solution: Grid, n: int, grid: Grid) -> None:
    if not is_solution(solution, n, grid):
        raise SolverError("a solver returned a grid that does not solve the puzzle")


def _timed(cert: Certificate | Refusal, start: float) -> Certificate | Refusal:
    if isinstance(cert, Refusal):
        return cert
    return Certificate(
        cert.n, cert.puzzle, cert.solution, cert.proof, cert.method, time.perf_counter() - start
    )
