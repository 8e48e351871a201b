"""Solving encoded grids with PySAT solvers, real solver binaries, or in-house engines.

- PySAT: one solver per order holds F_regle once; each puzzle's clues are passed as
  assumptions, so a file of many puzzles costs one load of the rules.
- Binaries (minisat, cadical, picosat, cryptominisat5, kissat, or any program that prints
  SAT-competition output): the full formula_initiale is written as DIMACS to a temp file,
  the binary runs on it with a timeout, and its answer is parsed and decoded.
- In-house engines register in ``ENGINES`` (name -> function of grid and order).

Every path returns a :class:`SolveResult`; UNSAT is a result, a crash is a SolverError.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from .dimacs import parse_answer, write_cnf_file
from .encoding import clue_assumptions, decode, encode, rules
from .errors import DimacsError, SolverError
from .grid import Grid, is_solution

Status = Literal["solved", "unsat", "partial", "unknown"]


@dataclass(frozen=True)
class SolveResult:
    """What a solver made of one puzzle: status, the grid as far as filled, time, stats."""

    status: Status
    grid: Grid
    seconds: float
    solver: str
    stats: dict[str, Any] = field(default_factory=dict)
    detail: str = ""


def pysat_names() -> dict[str, str]:
    """Every PySAT solver alias mapped to its canonical name."""
    from pysat.solvers import SolverNames

    return {
        alias: canonical
        for canonical, aliases in vars(SolverNames).items()
        if not canonical.startswith("_")
        for alias in aliases
    }


def check_pysat_name(name: str) -> str:
    """The canonical PySAT name for name, or SolverError listing the short names."""
    names = pysat_names()
    if name not in names:
        short = sorted(
            {min((a for a, c in names.items() if c == v), key=len) for v in names.values()}
        )
        raise SolverError(f"unknown PySAT solver {name!r}; try one of: {', '.join(short)}")
    return names[name]


class PysatSudoku:
    """One PySAT solver loaded with F_regle of order n; puzzles come as assumptions."""

    def __init__(self, n: int, name: str = "m22"):
        from pysat.solvers import Solver

        self.n = n
        self.name = name
        check_pysat_name(name)
        self.solver = Solver(name=name, bootstrap_with=rules(n))

    def __enter__(self) -> PysatSudoku:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.solver.delete()

    def solve(self, grid: Grid, timeout: float | None = None) -> SolveResult:
        """Solve one puzzle of this order under the rules, clues as assumptions."""
        assumptions = clue_assumptions(grid, self.n)
        start = time.perf_counter()
        answer = self._run(assumptions, timeout)
        seconds = time.perf_counter() - start
        stats = dict(self.solver.accum_stats() or {})
        if answer is None:
            return SolveResult(
                "unknown", grid, seconds, self.name, stats, f"timeout after {timeout} s"
            )
        if not answer:
            return SolveResult("unsat", grid, seconds, self.name, stats)
        solution, _ = decode(self.solver.get_model() or [], self.n)
        return SolveResult("solved", solution, seconds, self.name, stats)

    def _run(self, assumptions: list[int], timeout: float | None) -> bool | None:
        if timeout is None:
            return bool(self.solver.solve(assumptions=assumptions))
        timer = threading.Timer(timeout, self.solver.interrupt)
        timer.start()
        try:
            result: bool | None = self.solver.solve_limited(
                assumptions=assumptions, expect_interrupt=True
            )
        except NotImplementedError:
            result = bool(self.solver.solve(assumptions=assumptions))
        finally:
            timer.cancel()
        self.solver.clear_interrupt()
        return result


def binary_command(binary: str, cnf: Path, out: Path) -> list[str]:
    """The command line that makes binary solve cnf and print (or write) its model."""
    base = Path(binary).name
    if base.startswith("minisat"):
        return [binary, "-verb=0", str(cnf), str(out)]
    if base.startswith("cadical") or base.startswith("kissat"):
        return [binary, "-q", str(cnf)]
    if base.startswith("cryptominisat"):
        return [binary, "--verb", "0", str(cnf)]
    return [binary, str(cnf)]


def find_binary(binary: str) -> str:
    """The path of binary (a name on PATH or a path), or SolverError."""
    found = shutil.which(binary)
    if found is None:
        raise SolverError(f"solver binary {binary!r} not found on PATH")
    return found


def solve_external(grid: Grid, n: int, binary: str, timeout: float | None = None) -> SolveResult:
    """Encode grid to DIMACS, run binary on it, parse and check its answer."""
    path = find_binary(binary)
    encoding = encode(grid, n)
    with tempfile.TemporaryDirectory(prefix="sudoku-sat-") as tmp:
        cnf, out = Path(tmp) / "puzzle.cnf", Path(tmp) / "result.txt"
        write_cnf_file(cnf, encoding.nvars, encoding.clauses)
        command = binary_command(path, cnf, out)
        start = time.perf_counter()
        try:
            proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            seconds = time.perf_counter() - start
            return SolveResult("unknown", grid, seconds, binary, {}, f"timeout after {timeout} s")
        except OSError as exc:
            raise SolverError(f"{binary}: cannot run: {exc.strerror}") from None
        seconds = time.perf_counter() - start
        text = out.read_text() if out.exists() else proc.stdout
    return _read_binary_answer(grid, n, binary, proc, text, seconds)


def _read_binary_answer(
    grid: Grid,
    n: int,
    binary: str,
    proc: subprocess.CompletedProcess[str],
    text: str,
    seconds: float,
) -> SolveResult:
    if proc.returncode not in (0, 10, 20):
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise SolverError(f"{binary} crashed (exit code {proc.returncode}): {tail[0]}")
    try:
        answer = parse_answer(text, binary)
    except DimacsError as exc:
        raise SolverError(f"{binary} gave an answer that cannot be read: {exc}") from None
    stats = {"exit_code": proc.returncode}
    if answer.status == "UNSAT":
        return SolveResult("unsat", grid, seconds, binary, stats)
    if answer.status == "UNKNOWN":
        return SolveResult("unknown", grid, seconds, binary, stats, "solver said UNKNOWN")
    solution, clashes = decode(answer.literals, n)
    if clashes or not is_solution(solution, n, grid):
        raise SolverError(f"{binary} answered SAT but its model is not a solution of the puzzle")
    return SolveResult("solved", solution, seconds, binary, stats)
