"""Rating and explaining variant puzzles on the propagation ladder of their own CNF.

``rate_variant``: the weakest rung that fixes every cell of the variant formula (givens
as units), with the classic :class:`Rating`: ``singles`` is unit propagation on the
variant CNF (for a variant that includes what its cages, lines and dots force), ``fl``,
``fl2``, ``fl3`` the failed-literal rule at depth 1, 2, 3, probing the grid literals
x(c, d) in order, and ``search`` none of them. ``locked`` has no variant twin (no
augmented variant encoding) and is never given. The score is as for classic puzzles:
the cells the rung below leaves open. As there, the rungs up to ``fl`` run first, then
the solutions are counted (up to 2, by the session) before the deeper rungs.

``explain_variant``: the same ladder step by step on the formula of
:func:`sudoku_sat.variants.origins.tagged_formula`, where every clause knows the rule
instance that made it. A step is a cell placed by unit propagation (rule ``unit
propagation``), or a literal refuted by the failed-literal rule at depth d; it names the
constraints behind it (``Step.constraints``): the origins of the reason clauses that
derived it from what was known before (givens, earlier steps), clues first (the cage,
line, dot or outside clue, with its cells in r1c1), then the rows, columns, boxes and
cells. The steps replay: each one's conclusions follow from its premises and the rules.

Speed: the reasoned propagator (:mod:`.reasoned`) is pure Python, so the search for a
failing literal is the compiled engine's (``deep_failed_literals`` on the same clauses,
probing grid literals): it names the first literal refuted at a depth, and, under a probe
at depth d > 1, the literals its fixpoint at depth d - 1 refutes; the reasoned propagator
then only replays those. A 9x9 killer at fl2 takes about 2 s; a 9x9 non-consecutive
puzzle at fl3 about 100 s (each fl3 step runs the engine's whole fl3 fixpoint).
"""

from __future__ import annotations

from ..engines.propagation.types import Engines, Propagation
from ..grid import Grid
from ..model.puzzle import Puzzle
from ..variants.origins import STRUCTURE, Origin, TaggedFormula, tagged_formula
from .explain import FAILED, MAX_DEPTH, Explanation, Step
from .rating import Rating
from .reasoned import DECIDED, Reasoned

PROPAGATION = "unit propagation"
"""The rule of a variant step placed by unit propagation on the variant CNF."""
VARIANT_RUNGS = ("singles", "fl", "fl2", "fl3")
SCORE_UNITS = {
    "singles": "empty cells",
    "fl": "cells open after singles",
    "fl2": "cells open after fl",
    "fl3": "cells open after fl2",
    "search": "cells open after fl3",
}
"""What a variant's score counts at each level (no ``locked`` rung below ``fl``)."""


def _count(v: Puzzle) -> int:
    from ..variants.solve import Session

    with Session() as session:
        return len(session.solutions(v, 2))


def rate_variant(v: Puzzle) -> Rating:
    """v's level on the propagation ladder of its CNF; ``unsat`` or ``multiple`` when it
    has no single solution."""
    from ..engines.propagation import build_propagator
    from ..engines.propagation.deep import deep_failed_literals
    from ..variants.encode import encode_variant

    formula = encode_variant(v, implied=False)  # the rules' own clauses
    prop = build_propagator(formula.nvars, formula.clauses)
    grid_vars = list(range(1, v.size**3 + 1))
    left = v.grid.count(0)
    for k, level in enumerate(VARIANT_RUNGS):
        if level == "fl2" and _count(v) != 1:
            return Rating("unsat" if _count(v) == 0 else "multiple")
        result = deep_failed_literals(prop, k, (), grid_vars)
        if result.status == "conflict":
            return Rating("unsat")
        still_open = v.ncells - sum(1 for lit in result.literals if 0 < lit <= v.size**3)
        if still_open == 0:
            return Rating("rated", level, left)
        left = still_open
    solutions = _count(v)
    if solutions != 1:
        return Rating("unsat" if solutions == 0 else "multiple")
    return Rating("rated", "search", left)


def cell_name(size: int, cell: int) -> str:
    """``r1c1``: row and column from 1, as players write."""
    r, c = divmod(cell, size)
    return f"r{r + 1}c{c + 1}"


def origin_name(o: Origin, size: int) -> str:
    """``killer cage (sum 9) r1c1 r2c1 r3c1``, ``row 2``, ``cell r3c4``."""
    if o.kind in STRUCTURE[1:]:  # row, column, box, region
        return f"{o.kind} {o.detail}"
    cells = " ".join(cell_name(size, c) for c in o.cells)
    detail = f" ({o.detail})" if o.detail else ""
    return f"{o.kind}{detail} {cells}".strip()


class _Solve:
    """One explanation's state: the tagged formula, the propagator, the steps so far."""

    def __init__(self, v: Puzzle, formula: TaggedFormula):
        self.v, self.f = v, formula
        self.n = v.size
        self.prop = Reasoned(formula.nvars, formula.clauses)
        self.steps: list[Step] = []
        self.placed_by: dict[int, int] = {}  # cell -> step index
        self.failed_at: dict[int, int] = {}  # variable -> step that refuted it
        self.reported = 0  # trail position up to which placements are steps
        self.filled: dict[int, str] = {}  # cell -> the strongest rule its placement used
        self.engine: Engines | None = None  # the compiled propagator that finds probes

    def grid(self) -> list[int]:
        n, out = self.n, [0] * self.v.ncells
        for lit in self.prop.trail:
            if 0 < lit <= n**3:
                out[(lit - 1) // n] = (lit - 1) % n + 1
        return out

    def names(self, clauses: set[int]) -> tuple[str, ...]:
        origins = {self.f.origin_of[k] for k in clauses}
        chosen = [self.f.origins[k] for k in sorted(origins)]
        chosen = [o for o in chosen if o.kind != "given"]
        chosen.sort(key=lambda o: o.structural)
        return tuple(origin_name(o, self.n) for o in chosen)

    def known(self, var: int) -> bool:
        """Known before the step: a given, a cell placed by an earlier step, a refuted
        literal."""
        n = self.n
        k = self.prop.reason[var]
        if var in self.failed_at or (
            k != DECIDED and self.f.origins[self.f.origin_of[k]].kind == "given"
        ):
            return True
        return var <= n**3 and self.prop.val[var] == 1 and (var - 1) // n in self.placed_by

    def report_placements(self) -> None:
        """A step for each cell unit propagation placed since the last report."""
        n = self.n
        trail = self.prop.trail
        while self.reported < len(trail):
            lit = trail[self.reported]
            self.reported += 1
            cell = (lit - 1) // n
            if not 0 < lit <= n**3 or cell in self.placed_by or self.v.grid[cell]:
                continue
            if lit in self.failed_at:  # placed by the failed-literal step that refuted ¬lit
                self.placed_by[cell] = self.failed_at[lit]
                self.filled[cell] = self.steps[self.failed_at[lit]].level
                continue
            k = self.prop.reason[lit]
            used = self.prop.cone([lit], self.known) | ({k} if k != DECIDED else set())
            premises = self._premises(used, lit)
            step = Step(PROPAGATION, (lit,), premises, constraints=self.names(used))
            self.placed_by[cell] = len(self.steps)
            self.steps.append(step)
            failed = [
                self.steps[self.failed_at[abs(x)]] for x in premises if abs(x) in self.failed_at
            ]
            self.filled[cell] = max(failed, key=lambda f: f.depth).level if failed else step.level

    def _premises(self, used: set[int], lit: int) -> tuple[int, ...]:
        seen = {abs(x) for k in used for x in self.f.clauses[k]} - {abs(lit)}
        return tuple(sorted(-v if self.prop.val[v] == -1 else v for v in seen if self.known(v)))

    def probes(self) -> list[int]:
        n, val = self.n, self.prop.val
        cells = [c for c in range(self.v.ncells) if c not in self.placed_by and not self.v.grid[c]]
        cands = {c: [c * n + d for d in range(1, n + 1) if val[c * n + d] == 0] for c in cells}
        order = sorted(cells, key=lambda c: (len(cands[c]), c))
        pos = [lit for c in order for lit in cands[c]]
        return pos + [-lit for lit in pos]

    def failed(self, lit: int, depth: int) -> tuple[int | None, list[tuple[int, tuple[int, ...]]]]:
        """Probe lit at depth: the conflicting clause or None, and the inner failed literals.
        Leaves the propagator on the level it found when nothing failed; on a conflict
        the probe's level stays for the caller to read the cone, then undo."""
        base = len(self.prop.trail_lim)
        conflict = self.prop.probe(lit)
        inner: list[tuple[int, tuple[int, ...]]] = []
        if conflict is None and depth > 1:
            conflict = self.replay(depth - 1, inner)
        if conflict is None:
            self.prop.undo(base)
        return conflict, inner

    def replay(self, depth: int, inner: list[tuple[int, tuple[int, ...]]]) -> int | None:
        """The failed-literal fixpoint at depth under the current trail: the compiled
        engine finds it, then each literal it refuted is asserted here (its consequences
        follow by unit propagation, in the same order), so the reasons are kept. Returns
        the conflicting clause the engine's fixpoint reaches, or None."""
        result = self.engine_fixpoint(depth)
        for lit in result.literals[result.up_count :]:
            value = self.prop.val[lit]
            if value == 1:
                continue
            if value == -1:
                return None  # cannot happen: both reach the same closure
            inner.append((-lit, ()))
            self.prop.assign(lit)
            conflict = self.prop.propagate()
            if conflict is not None:
                return conflict
        return None

    def engine_fixpoint(self, depth: int) -> Propagation:
        """The compiled engine's flK fixpoint from the current trail, probing grid literals."""
        from ..engines.propagation import build_propagator
        from ..engines.propagation.deep import deep_failed_literals

        if self.engine is None:
            self.engine = build_propagator(self.f.nvars, self.f.clauses)
        grid_vars = range(1, self.n**3 + 1)
        return deep_failed_literals(self.engine, depth, list(self.prop.trail), grid_vars)

    def first_failing(self, depth: int) -> list[int]:
        """The literal the compiled engine refutes first at depth from what is known (its
        fixpoint's first literal past unit propagation), or none: found fast, then
        probed again here, where the reasons are kept."""
        result = self.engine_fixpoint(depth)
        return [-result.literals[result.up_count]] if len(result.literals) > result.up_count else []

    def failed_step(self, max_depth: int) -> Step | None:
        for depth in range(1, max_depth + 1):
            first = self.first_failing(depth)
            for lit in first + (self.probes() if first else []):
                conflict, inner = self.failed(lit, depth)
                if conflict is None:
                    continue
                root = lambda var: self.prop.level[var] == 0  # noqa: E731
                used = self.prop.cone(self.f.clauses[conflict], root) | {conflict}
                clause = tuple(self.f.clauses[conflict])
                self.prop.undo(0)
                known = tuple(x for x in self.prop.trail if 0 < abs(x) <= self.n**3)
                step = Step(
                    FAILED,
                    (-lit,),
                    known,
                    probe=lit,
                    depth=depth,
                    conflict=clause,
                    inner=tuple(inner),
                    constraints=self.names(used),
                )
                self.failed_at[abs(lit)] = len(self.steps)
                self.steps.append(step)
                self.prop.assign(-lit)
                return step
        return None


def explain_variant(v: Puzzle, max_depth: int = MAX_DEPTH) -> Explanation:
    """v solved step by step, each step with the weakest rule that works and the
    constraints that forced it; a puzzle without exactly one solution is not explained."""
    formula = tagged_formula(v)
    state = _Solve(v, formula)
    conflict = state.prop.start()
    solutions = 0 if conflict is not None else _count(v)
    if solutions != 1:
        status = "no solution" if solutions == 0 else "several solutions"
        return _explanation(v, status, v.grid, [], {})
    state.report_placements()
    while 0 in state.grid():
        if state.failed_step(max_depth) is None:
            break
        if state.prop.propagate() is not None:  # cannot happen on a unique puzzle
            break
        state.report_placements()
    grid = tuple(state.grid())
    return _explanation(v, "stuck" if 0 in grid else "solved", grid, state.steps, state.filled)


def _explanation(
    v: Puzzle, status: str, grid: Grid, steps: list[Step], filled_by: dict[int, str]
) -> Explanation:
    """``filled_by``: per cell ``clue``, the strongest rule its placement used (the
    placing step and the failed literals among its premises), or ``""``."""
    filled = tuple("clue" if v.grid[c] else filled_by.get(c, "") for c in range(v.ncells))
    root = int(v.size**0.5)
    n = root if root * root == v.size else 0
    return Explanation(n, v.grid, status, grid, tuple(steps), filled, size=v.size)


class RateVariants:
    """rate's task on variants: the rating of each puzzle of a chunk (picklable, no
    options), for any executor of :mod:`sudoku_sat.batch`."""

    def __call__(self, chunk: list[Puzzle]) -> list[Rating]:
        return [rate_variant(v) for v in chunk]
