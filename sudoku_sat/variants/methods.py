"""Who answers a variant puzzle: the ``--method`` words of ``solve``, ``count`` and
``unique`` (:mod:`sudoku_sat.methods`) on the variant CNF.

- ``auto``: a killer (cages, diagonals and disjoint groups as its only rules, at most
  9x9, no timeout) goes to the compiled killer search (:mod:`.killer_search`), every
  other puzzle to the session's PySAT solver (Glucose 4; CaDiCaL 1.5.3 for
  non-consecutive, Glucose 4 again under a timeout, since CaDiCaL cannot be
  interrupted);
- ``pysat`` / ``pysat:NAME``: that PySAT solver (``m22`` alone), in a :class:`Session`;
- ``bin:NAME``: the variant CNF (givens as units) written to a temp DIMACS file, the
  binary run on it in its own process group with the timeout, its model checked against
  every clause and decoded; counting adds the blocking clause of each grid found and runs
  the binary again, up to the cap;
- ``all`` (count, unique): every method available, which must agree: the session, each
  solver binary on PATH (:data:`BINARIES`) and CP-SAT (when OR-tools is installed).

The in-house engines (``eup``, ``up``, ``fl``, ``gac``, ``anneal``, ``ganak``,
``candidates``) read classic grids only: naming one on a variant is a UsageError.
Batches run :class:`VariantTask` on any executor of :mod:`sudoku_sat.batch`: an answer
depends on the puzzle alone, so every executor prints the same, in input order.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..batch.cache import cached
from ..deadline import TimedOut
from ..dimacs import write_cnf_file
from ..errors import SolverError, UsageError
from ..grid import Grid
from ..methods import EMPTY, VARIANT, Method, parse_method
from ..model.puzzle import Puzzle
from ..sat.pysat import check_pysat_name
from ..signals import scratch_folder
from . import killer_search
from .encode import encode_variant
from .solve import Session, blocking, decode_model

if TYPE_CHECKING:  # the solver binaries' modules load for a bin: method only (subprocess,
    # the classic encoding: 10 ms of a variant command's start otherwise)
    import subprocess

VARIANT_METHODS = VARIANT
"""The method names a variant puzzle takes (``all`` only where solutions are counted)."""
BINARIES = ("minisat", "cadical", "picosat", "cryptominisat5", "kissat")
"""The solver binaries ``all`` runs when they are on PATH."""


def variant_method(text: str, accepted: Sequence[str], timeout: float | None = None) -> Method:
    """The method text names for a variant puzzle, checked now: UsageError (exit 2) for a
    name the command or variants do not take, SolverError (exit 3) for an unknown PySAT
    solver or a binary not on PATH."""
    method = parse_method(text, (*accepted, *(m for m in ("bin",) if m not in accepted)))
    takes = [m for m in VARIANT_METHODS if m in accepted or m == "bin"]
    if method.name not in takes:
        shown = ", ".join(
            "pysat[:NAME]" if m == "pysat" else "bin:NAME" if m == "bin" else m for m in takes
        )
        raise UsageError(
            f"--method {text!r}: {method.name} reads classic grids only; "
            f"variant puzzles take {shown} (docs/variants.md)"
        )
    if method.name == "pysat":
        check_pysat_name(method.detail or "m22", timeout)
    if method.name == "bin":
        from ..sat.external import find_binary

        find_binary(method.detail)
    return method


def variant_emptier(method: str) -> str | None:
    """The PySAT solver that makes and empties variant puzzles (``generate --rule``,
    ``minimize``, their API twins) for a method of :data:`~sudoku_sat.methods.EMPTY`:
    None (the session's choice) for auto, m22 for pysat; UsageError for eup and counter,
    which empty classic grids only."""
    m = parse_method(method, EMPTY)
    if m.name not in ("auto", "pysat"):
        raise UsageError(
            f"--method {method!r}: {m.name} empties classic grids only; variant puzzles "
            "take auto or pysat (docs/variants.md)"
        )
    return None if m.name == "auto" else "m22"


def available(cpsat: bool = True) -> list[str]:
    """What ``all`` runs: the session, each binary on PATH, CP-SAT when installed."""
    out = ["pysat"] + [f"bin:{b}" for b in BINARIES if shutil.which(b)]
    if cpsat:
        try:
            import ortools  # noqa: F401
        except ImportError:
            return out
        out.append("cpsat")
    return out


@dataclass(frozen=True)
class Answer:
    """One puzzle's answer: ``status`` (solved, unsat, unknown, crashed), the solutions
    found (at most ``keep``), the count of each method, who answered, in how long."""

    status: str
    solutions: tuple[Grid, ...] = ()
    counts: dict[str, int] = field(default_factory=dict)
    solver: str = ""
    seconds: float = 0.0
    detail: str = ""

    @property
    def count(self) -> int | None:
        """The count every method gave, or None when they disagree."""
        values = set(self.counts.values())
        return values.pop() if len(values) == 1 else None


def _session(solver: str | None, timeout: float | None) -> Session:
    return cached(("variant-session", solver, timeout), lambda: Session(solver, timeout=timeout))


KILLER = "auto:killer"
"""Who answered when ``auto`` gave the puzzle to the compiled killer search."""


def _by(method: str, puzzle: Puzzle, cap: int, timeout: float | None) -> tuple[list[Grid], str]:
    """Up to cap solutions by one method, and who answered (the method, or
    :data:`KILLER`); TimedOut past timeout, SolverError on a crash."""
    name, _, detail = method.partition(":")
    if name == "bin":
        return binary_solutions(puzzle, detail, cap, timeout), method
    if name == "cpsat":
        from . import cpsat

        return cpsat.solutions(puzzle, cap), method
    if name == "auto":
        return auto(lambda: _session(None, timeout), puzzle, cap, timeout)
    return _session(detail or "m22", timeout).solutions(puzzle, cap), method


def auto(
    session: Callable[[], Session], puzzle: Puzzle, cap: int, timeout: float | None = None
) -> tuple[list[Grid], str]:
    """What ``auto`` answers with: the compiled killer search when it takes the puzzle
    (:data:`KILLER`), else the session (made when first needed); up to cap solutions,
    and who answered."""
    if killer_search.routed(puzzle, cap, timeout):
        return killer_search.solutions(puzzle, cap)[0], KILLER
    return session().solutions(puzzle, cap), "auto"


@dataclass(frozen=True)
class VariantTask:
    """Solutions of each puzzle of a chunk up to cap, by method (``all``: every available
    one, counted); ``keep`` solutions are sent back (1 for solve, 2 for unique)."""

    method: str = "auto"
    cap: int = 1
    keep: int = 1
    timeout: float | None = None

    def __call__(self, chunk: list[Puzzle]) -> list[Answer]:
        return [self.answer(p) for p in chunk]

    def answer(self, puzzle: Puzzle) -> Answer:
        methods = available() if self.method == "all" else [self.method]
        counts: dict[str, int] = {}
        kept: tuple[Grid, ...] = ()
        who: list[str] = []
        start = time.perf_counter()
        for method in methods:
            try:
                found, answered = _by(method, puzzle, self.cap, self.timeout)
            except TimedOut:
                seconds = time.perf_counter() - start
                return Answer(
                    "unknown", (), counts, method, seconds, f"timeout after {self.timeout} s"
                )
            except SolverError as exc:
                seconds = time.perf_counter() - start
                return Answer("crashed", (), counts, method, seconds, str(exc))
            counts[method] = len(found)
            who.append(answered)
            kept = kept or tuple(found[: self.keep])
        status = "solved" if any(counts.values()) else "unsat"
        return Answer(status, kept, counts, "+".join(who), time.perf_counter() - start)


def binary_solutions(
    puzzle: Puzzle, binary: str, cap: int, timeout: float | None = None
) -> list[Grid]:
    """Up to cap solutions by a solver binary: the variant CNF in a temp DIMACS file, the
    binary run on it (TimedOut past timeout), each model checked against every clause,
    then blocked and the binary run again. SolverError when it crashes or answers wrong."""
    import subprocess

    from ..sat.external import answer_text, binary_command, find_binary, output_limit, run_in_group

    path = find_binary(binary)
    formula = encode_variant(puzzle)
    clauses = list(formula.clauses)
    found: list[Grid] = []
    limit = output_limit(formula.nvars)
    with scratch_folder() as tmp:
        cnf, out = Path(tmp) / "variant.cnf", Path(tmp) / "result.txt"
        while len(found) < cap:
            write_cnf_file(cnf, formula.nvars, clauses)
            out.unlink(missing_ok=True)
            try:
                proc = run_in_group(binary_command(path, cnf, out), timeout, Path(tmp), limit)
            except subprocess.TimeoutExpired:
                raise TimedOut(timeout) from None
            text = answer_text(binary, out, proc, limit)
            model = _model(binary, proc, text, clauses)
            if model is None:
                break
            found.append(decode_model(model, puzzle.size, puzzle.cells))
            clauses.append(blocking(found[-1], puzzle.size))
    return found


def _model(
    binary: str, proc: subprocess.CompletedProcess[str], text: str, clauses: list[list[int]]
) -> list[int] | None:
    """The binary's model (None: UNSAT), checked to satisfy every clause."""
    from ..sat.external import read_answer

    answer = read_answer(binary, proc, text)
    if answer.status == "UNSAT":
        return None
    if answer.status != "SAT":
        raise SolverError(f"{binary} said {answer.status}")
    true = set(answer.literals)
    if any(not true.intersection(clause) for clause in clauses):
        raise SolverError(f"{binary} answered SAT with a model that breaks a clause")
    return [lit for lit in answer.literals if lit > 0]
