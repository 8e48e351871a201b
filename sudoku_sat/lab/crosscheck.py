"""Cross-checks of the in-house engines against PySAT, an independent implementation.

- UP: the in-house fixpoint must equal, literal for literal, what PySAT's
  ``Solver.propagate(assumptions=...)`` returns on a solver loaded with the same
  non-unit clauses and never asked to solve (learnt clauses would make it stronger).
  The formula's unit clauses go in as assumptions, since PySAT never reports
  root-level facts.
- FL: the in-house fixpoint must equal the failed-literal fixpoint computed by probing
  literal by literal with that PySAT ``propagate`` as the UP oracle, and every literal
  it derives must be entailed: F ∧ ¬l is UNSAT for a PySAT solver (a second solver, so
  the oracle never learns anything).
- Sudoku: a grid the engines complete agrees with the CDCL model: every filled cell
  holds the model's value, UNSAT only when CDCL finds no model, solved only when it does.

Each check returns a :class:`Check` (a mismatch is a result the caller reports).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..batch.cache import per_thread
from ..encoding import clue_assumptions, decode, num_vars, rules
from ..engines.completion import Completion, grid_units
from ..engines.propagation import Propagation
from ..grid import Grid

ORACLE_SOLVER = "m22"


@dataclass(frozen=True)
class Check:
    """One cross-check: its name, whether it held, and what differed if not."""

    name: str
    ok: bool
    detail: str = ""

    def line(self) -> str:
        """``NAME: ok`` or ``NAME: FAILED detail``, as the commands print it."""
        return f"{self.name}: {'ok' if self.ok else 'FAILED ' + self.detail}"


@dataclass(frozen=True)
class OracleResult:
    """PySAT's answer: fixpoint or conflict, and the assigned literals."""

    status: str
    literals: frozenset[int]


def _normalized(clause: Sequence[int]) -> list[int]:
    """The clause without repeated literals: ``[-18, -18]`` is the unit ``[-18]``, which
    PySAT would otherwise take in as a hidden root-level fact."""
    return list(dict.fromkeys(clause))


class PysatOracle:
    """PySAT solvers for one formula: a propagator never solved, and a prover."""

    def __init__(self, nvars: int, clauses: Iterable[Sequence[int]], solver: str = ORACLE_SOLVER):
        from pysat.solvers import Solver

        self.nvars = nvars
        self.units: list[int] = []
        long: list[list[int]] = []
        self.empty = False
        for clause in map(_normalized, clauses):
            if len(clause) == 1:
                self.units.append(clause[0])
            elif not clause:
                self.empty = True
            else:
                long.append(clause)
        self.propagator = Solver(name=solver, bootstrap_with=long)
        self.prover = Solver(name=solver, bootstrap_with=long)

    def __enter__(self) -> PysatOracle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Free both solvers."""
        self.propagator.delete()
        self.prover.delete()

    def propagate(self, assumptions: Sequence[int] = ()) -> OracleResult:
        """PySAT's UP fixpoint of the formula's units plus assumptions."""
        if self.empty:
            return OracleResult("conflict", frozenset())
        ok, literals = self.propagator.propagate(assumptions=[*self.units, *assumptions])
        return OracleResult("fixpoint" if ok else "conflict", frozenset(literals or ()))

    def failed_literals(
        self, assumptions: Sequence[int] = (), order: Sequence[int] | None = None
    ) -> OracleResult:
        """The failed-literal fixpoint with PySAT propagate as the UP oracle.

        The same rounds as the in-house engine, skipping what an earlier probe of the
        round forced; each probe passes the whole level 0 again as assumptions.
        """
        root = list(assumptions)
        state = self.propagate(root)
        rounds = 0
        changed = state.status == "fixpoint"
        while changed:
            changed = False
            rounds += 1
            seen: set[int] = set()
            for x in order or range(1, self.nvars + 1):
                for lit in (x, -x):
                    if lit in state.literals or -lit in state.literals or lit in seen:
                        continue
                    ok, implied = self.propagator.propagate(assumptions=[*self.units, *root, lit])
                    if ok:
                        seen.update(implied)
                        continue
                    root.append(-lit)
                    state = self.propagate(root)
                    changed = True
                    if state.status == "conflict":
                        return state
        return state

    def entailed(self, literal: int, assumptions: Sequence[int] = ()) -> bool:
        """True when the formula, its units and the assumptions imply literal."""
        return not self.prover.solve(assumptions=[*self.units, *assumptions, -literal])

    def satisfiable(self, assumptions: Sequence[int] = ()) -> bool:
        return bool(self.prover.solve(assumptions=[*self.units, *assumptions]))


@per_thread
def sudoku_oracle(n: int) -> PysatOracle:
    """One oracle per order and thread holding F_regle once (puzzles come as
    assumptions); closed at exit by the batch cache, before the interpreter tears PySAT's
    module down under it."""
    return PysatOracle(num_vars(n), rules(n))


def _diff(ours: Iterable[int], theirs: Iterable[int]) -> str:
    a, b = set(ours), set(theirs)
    only_ours, only_theirs = sorted(a - b, key=abs)[:8], sorted(b - a, key=abs)[:8]
    return f"only in-house: {only_ours}; only PySAT: {only_theirs}"


def compare_fixpoints(name: str, ours: Propagation, theirs: OracleResult) -> Check:
    """Same status; at a fixpoint, the same literals (a conflict's literals depend on order)."""
    if ours.status != theirs.status:
        return Check(name, False, f"in-house {ours.status}, PySAT {theirs.status}")
    if ours.status == "fixpoint" and set(ours.literals) != theirs.literals:
        return Check(name, False, _diff(ours.literals, theirs.literals))
    return Check(name, True)


def check_up(oracle: PysatOracle, result: Propagation, assumptions: Sequence[int] = ()) -> Check:
    """The in-house UP result equals PySAT propagate's, literal for literal."""
    return compare_fixpoints("UP == PySAT propagate", result, oracle.propagate(assumptions))


def check_fl(oracle: PysatOracle, result: Propagation, assumptions: Sequence[int] = ()) -> Check:
    """The in-house FL result equals the FL fixpoint probed with PySAT propagate."""
    return compare_fixpoints(
        "FL == FL by PySAT propagate", result, oracle.failed_literals(assumptions)
    )


def check_entailed(
    oracle: PysatOracle, result: Propagation, assumptions: Sequence[int] = ()
) -> Check:
    """Every derived literal is entailed (F ∧ ¬l UNSAT); a conflict means F is UNSAT."""
    name = "derived literals entailed"
    if result.status == "conflict":
        sat = not oracle.empty and oracle.satisfiable(assumptions)
        return Check(name, not sat, "engine found a conflict but PySAT finds a model" * sat)
    given = {*oracle.units, *assumptions}
    wrong = [
        lit for lit in result.literals if lit not in given and not oracle.entailed(lit, assumptions)
    ]
    return Check(name, not wrong, f"not entailed: {wrong[:8]}" if wrong else "")


def agrees(grid: Grid, status: str, reference: Grid | None) -> bool:
    """True when the result contradicts nothing in the reference (None: UNSAT)."""
    if reference is None:
        return status != "solved"
    if status == "unsat":
        return False
    return all(v == 0 or v == r for v, r in zip(grid, reference, strict=True))


def check_propagation(
    nvars: int, clauses: Sequence[Sequence[int]], engine: str, result: Propagation
) -> list[Check]:
    """The cross-checks of engine ``up`` or ``fl``'s result on a CNF, on a fresh oracle."""
    with PysatOracle(nvars, clauses) as oracle:
        if engine == "up":
            return [check_up(oracle, result)]
        return [check_fl(oracle, result), check_entailed(oracle, result)]


def check_completion(completion: Completion, model: Grid | None, engine: str = "") -> Check:
    """The completed grid agrees with the CDCL model (``None`` when CDCL says UNSAT)."""
    name = f"{engine} grid == CDCL model".lstrip()
    if agrees(completion.grid, completion.status, model):
        return Check(name, True)
    if model is None:
        return Check(name, False, "engine solved the grid, CDCL says UNSAT")
    if completion.status == "unsat":
        return Check(name, False, "engine says UNSAT, CDCL found a model")
    wrong = [c for c, v in enumerate(completion.grid) if v and v != model[c]]
    return Check(name, False, f"cells differing from the model: {wrong[:8]}")


def cdcl_model(grid: Grid, n: int) -> Grid | None:
    """The CDCL (minisat 2.2 through PySAT) solution of grid, or None when UNSAT."""
    prover = sudoku_oracle(n).prover
    if not prover.solve(assumptions=clue_assumptions(grid, n)):
        return None
    return decode(prover.get_model() or [], n)[0]


def check_sudoku(grid: Grid, n: int, up: Completion, fl: Completion) -> list[Check]:
    """All cross-checks of one puzzle's UP and FL completions."""
    oracle = sudoku_oracle(n)
    units = grid_units(grid, n)
    model = cdcl_model(grid, n)
    return [
        check_up(oracle, up.propagation, units),
        check_fl(oracle, fl.propagation, units),
        check_entailed(oracle, fl.propagation, units),
        check_completion(up, model, "UP"),
        check_completion(fl, model, "FL"),
    ]


def checks_json(checks: Iterable[Check]) -> list[dict[str, Any]]:
    """Checks as JSON records: name, ok, detail."""
    return [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in checks]
