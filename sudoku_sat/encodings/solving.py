"""Solving a puzzle on any encoding: a PySAT holder and a solver-binary run.

- :class:`EncodedPysat`: one PySAT solver loaded with an encoding's rules; each puzzle's
  clues are assumptions. ``reduced`` has no rules to share, so each puzzle gets a fresh
  solver loaded with its own reduced formula (and :meth:`~EncodedPysat.stats` restarts
  from zero).
- :func:`solve_binary`: the whole formula as DIMACS in a temp file, the binary run on it
  (its command line from ``solvers.binary_command``, or with statistics when
  ``verbose``), the answer decoded with the givens for ``reduced`` and checked with
  ``is_solution``; ``verbose`` also reads its conflict count.

Both return the project's ``SolveResult``; UNSAT is a result.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from ..encoding import clue_assumptions
from ..grid import Grid
from ..result import SolveResult
from ..sat.external import binary_command, solve_formula
from ..sat.pysat import SUPPORTED, check_pysat_name, solve_within
from . import check_names, decode_model, encode, rules


class EncodedPysat:
    """A PySAT solver on one encoding of order n; puzzles come as assumptions."""

    def __init__(
        self, n: int, name: str = "m22", encoding: str = "extended", amo: str = "pairwise"
    ):
        from pysat.solvers import Solver

        self.interruptible = SUPPORTED[check_pysat_name(name)]
        check_names(encoding, amo)
        self.n, self.name, self.encoding, self.amo = n, name, encoding, amo
        self.fresh = encoding == "reduced"
        clauses = [] if self.fresh else rules(n, encoding, amo).clauses
        self.solver = Solver(name=name, bootstrap_with=clauses)

    def __enter__(self) -> EncodedPysat:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.solver.delete()

    def stats(self) -> dict[str, Any]:
        """The accumulated statistics the next solve starts from (empty when fresh)."""
        return {} if self.fresh else dict(self.solver.accum_stats() or {})

    def solve(self, grid: Grid, timeout: float | None = None) -> SolveResult:
        """Solve one puzzle; the time is the solve call's."""
        assumptions, givens = clue_assumptions(grid, self.n), None
        if self.fresh:
            assumptions, givens = [], self._load_reduced(grid)
        start = time.perf_counter()
        answer = self._run(assumptions, timeout)
        seconds = time.perf_counter() - start
        stats = dict(self.solver.accum_stats() or {})
        if answer is None:
            return SolveResult("unknown", grid, seconds, self.name, stats, f"timeout {timeout} s")
        if not answer:
            return SolveResult("unsat", grid, seconds, self.name, stats)
        solution, _ = decode_model(self.solver.get_model() or [], self.n, givens)
        return SolveResult("solved", solution, seconds, self.name, stats)

    def _load_reduced(self, grid: Grid) -> Grid | None:
        from pysat.solvers import Solver

        formula = encode(grid, self.n, self.encoding, self.amo)
        self.solver.delete()
        self.solver = Solver(name=self.name, bootstrap_with=formula.clauses)
        return formula.givens

    def _run(self, assumptions: list[int], timeout: float | None) -> bool | None:
        return solve_within(self.solver, assumptions, timeout, self.interruptible)


def verbose_command(binary: str, cnf: Path, out: Path) -> list[str]:
    """The command line that makes binary print its statistics along with its model."""
    base = Path(binary).name
    if base.startswith("minisat"):
        return [binary, "-verb=1", str(cnf), str(out)]
    if base.startswith(("cadical", "kissat")):
        return [binary, str(cnf)]
    if base.startswith("cryptominisat"):
        return [binary, "--verb", "1", str(cnf)]
    if base.startswith("picosat"):
        return [binary, "-v", str(cnf)]
    return binary_command(binary, cnf, out)


_CONFLICTS = (
    re.compile(r"^(?:c\s+)?conflicts\s*:\s*(\d+)", re.MULTILINE),  # minisat, cadical, cms
    re.compile(r"^c\s+(\d+)\s+conflicts\b", re.MULTILINE),  # picosat -v
)


def conflicts_of(output: str, binary: str = "") -> int | None:
    """The conflict count in a solver's statistics (the first printed), or None.
    CaDiCaL and kissat leave zero counters out: no line from them means 0."""
    for pattern in _CONFLICTS:
        found = pattern.search(output)
        if found:
            return int(found.group(1))
    if Path(binary).name.startswith(("cadical", "kissat")):
        return 0
    return None


def solve_binary(
    grid: Grid,
    n: int,
    binary: str,
    timeout: float | None = None,
    encoding: str = "extended",
    amo: str = "pairwise",
    verbose: bool = False,
) -> SolveResult:
    """Encode grid in an encoding, run binary on the DIMACS, decode and check its answer
    (:func:`~sudoku_sat.sat.external.solve_formula`); verbose adds the solver's conflicts."""
    formula = encode(grid, n, encoding, amo)
    result, stdout = solve_formula(
        grid,
        n,
        binary,
        formula.nvars,
        formula.clauses,
        timeout,
        lambda literals: decode_model(literals, n, formula.givens),
        verbose_command if verbose else binary_command,
    )
    if verbose:
        result.stats["conflicts"] = conflicts_of(stdout, binary)
    return result
