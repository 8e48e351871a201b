"""The inference ladder rebuilt on PySAT's propagate: the independent side of the flK checks.

flK here is written from its definition, on sets, with nothing shared with the in-house
engines but the formula: a PySAT solver holding the non-unit clauses (never asked to
solve, so it learns nothing) gives the UP fixpoint of any set of assumptions, and

- fl0(S) is that UP fixpoint;
- flK(S), K >= 1: for every open literal l, if fl(K-1)(S ∪ {l}) is a conflict, add ¬l
  to S; repeat until a whole pass adds nothing.

The fixpoint is the least set closed under both rules, so it does not depend on the
probe order; this side probes in reverse variable order (negative literal first) to
make the point. ``skip=True`` leaves out, within a pass, the literals an earlier
successful probe of the pass forced (their own probe cannot fail under the same set);
``skip=False`` probes every open literal, for the small random CNFs of the tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engines.propagation import Propagation
from ..engines.propagation.deep import level_name, parse_level
from .crosscheck import Check, OracleResult, PysatOracle, check_entailed, compare_fixpoints


class PysatLadder:
    """flK by PySAT propagate over one formula."""

    def __init__(self, nvars: int, clauses: Iterable[Sequence[int]], skip: bool = True):
        self.oracle = PysatOracle(nvars, clauses)
        self.nvars = nvars
        self.skip = skip
        self.probes = 0

    def __enter__(self) -> PysatLadder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.oracle.close()

    def fixpoint(self, k: int, assumptions: Sequence[int] = ()) -> OracleResult:
        """flK of the formula and the assumptions: a fixpoint or a conflict."""
        root = list(assumptions)
        state = self.oracle.propagate(root)
        if k == 0:
            return state
        changed = state.status == "fixpoint"
        while changed:
            changed = False
            forced: set[int] = set()
            for x in range(self.nvars, 0, -1):
                for lit in (-x, x):
                    if lit in state.literals or -lit in state.literals or lit in forced:
                        continue
                    self.probes += 1
                    under = self.fixpoint(k - 1, [*root, lit])
                    if under.status == "fixpoint":
                        if self.skip:
                            forced |= under.literals
                        continue
                    root.append(-lit)
                    state = self.oracle.propagate(root)
                    changed = True
                    if state.status == "conflict":
                        return state
        return state


def check_level(
    nvars: int, clauses: Sequence[Sequence[int]], level: str, result: Propagation
) -> list[Check]:
    """The cross-checks of the in-house result of ``level`` (up, fl, flK) on a CNF: the
    same fixpoint as this module's PySAT-based flK (for up: PySAT propagate's own), and,
    from fl on, every derived literal entailed (a PySAT solve per literal)."""
    k = parse_level(level)
    with PysatLadder(nvars, clauses) as ladder:
        name = level_name(k).upper()
        side = "PySAT propagate" if k == 0 else f"{name} by PySAT propagate"
        checks = [compare_fixpoints(f"{name} == {side}", result, ladder.fixpoint(k))]
        if k > 0:
            checks.append(check_entailed(ladder.oracle, result))
        return checks
