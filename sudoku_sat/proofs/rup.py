"""The in-house forward RUP checker, built on the project's unit-propagation engine.

Forward checking: every lemma of the proof, in order, must be RUP with respect to the
formula and the lemmas before it (minus the deleted clauses): the negation of its
literals, propagated on top of the root assignment, reaches a conflict. The proof is
verified when an empty lemma passes (or when the formula alone is refuted by unit
propagation, as drat-trim and dratify also accept); the first lemma that fails is
named by its line. RAT steps are not accepted: our proofs are DRUP.

The base formula is propagated by :class:`~sudoku_sat.propagation.Propagator`
(or its numba twin, see :mod:`.rup_numba`, picked as ``build_propagator`` picks one);
the compiled :class:`~.program.Program` says what each step does. A checker is built
once for a base and checks many proofs, each against base ∧ its own extra clauses.

Roads not taken: backward checking with core marking (drat-trim: faster on big
proofs, but it skips lemmas it does not need, so a broken unused lemma passes);
watching two literals per lemma (the arena scan costs little on Sudoku proofs, which
are short).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..accel import choose_backend
from ..engines.propagation import SATISFIED, Propagator
from .program import (
    ADD_CLAUSE,
    ADD_EMPTY,
    ADD_UNIT,
    ADDITIONS,
    DEL_BINARY,
    DEL_LONG,
    DEL_SLOT,
    NO_EMPTY,
    REFUTED,
    TRIVIAL,
    VERIFIED,
    Base,
    Program,
    compile_program,
)
from .proof import Proof, Step

if TYPE_CHECKING:
    from .rup_numba import NumbaRun


@dataclass(frozen=True)
class Verdict:
    """A checker's answer: verified or not, why, and the first bad lemma's line."""

    checker: str
    ok: bool
    reason: str
    line: int | None = None
    lemma: tuple[int, ...] | None = None
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        lemma = None if self.lemma is None else list(self.lemma)
        return {
            "checker": self.checker,
            "ok": self.ok,
            "reason": self.reason,
            "line": self.line,
            "lemma": lemma,
            "seconds": round(self.seconds, 6),
        }


class RupChecker:
    """Checks DRUP proofs against base ∧ extra clauses; the base is indexed once."""

    def __init__(self, nvars: int, base: Iterable[Sequence[int]], backend: str = "auto"):
        self.nvars = nvars
        self.base = Base(nvars, base)
        self.backend = choose_backend(backend)
        self.kernel: NumbaRun | None = None
        if self.backend == "numba":
            from .rup_numba import NumbaRun

            self.kernel = NumbaRun(self.base)

    def check(self, proof: Proof | Sequence[Step], extra: Iterable[Sequence[int]] = ()) -> Verdict:
        """Verify the proof against base ∧ extra."""
        start = time.perf_counter()
        steps = proof.steps if isinstance(proof, Proof) else tuple(proof)
        code, at = self.run(steps, extra)
        return verdict(code, at, steps, time.perf_counter() - start)

    def run(self, steps: Sequence[Step], extra: Iterable[Sequence[int]] = ()) -> tuple[int, int]:
        """(outcome code, step index) of the proof's steps against base ∧ extra."""
        program = compile_program(self.base, extra, steps)
        if self.kernel is not None:
            return self.kernel.run(program)
        return run_python(self.base, program)


def verdict(code: int, at: int, steps: Sequence[Step], seconds: float) -> Verdict:
    """The Verdict of a run's (code, step index)."""
    if code == TRIVIAL:
        return Verdict(
            "rup", True, "the formula is refuted by unit propagation alone", seconds=seconds
        )
    if code == NO_EMPTY:
        return Verdict(
            "rup",
            False,
            "every lemma is RUP but the proof never derives the empty clause",
            seconds=seconds,
        )
    step = steps[at]
    lemmas = sum(1 for s in steps[: at + 1] if not s.delete)
    if code == VERIFIED:
        reason = f"empty clause derived at line {step.line}, {lemmas} lemmas RUP"
        return Verdict("rup", True, reason, step.line, step.lits, seconds)
    body = " ".join(map(str, (*step.lits, 0)))
    reason = f"line {step.line}: lemma {body!r} is not RUP (lemma {lemmas} of the proof)"
    return Verdict("rup", False, reason, step.line, step.lits, seconds)


def run_python(base: Base, program: Program) -> tuple[int, int]:
    """Run a program on the pure-Python propagator: (outcome code, step index)."""
    prop = base.prop
    journal: list[tuple[int, int, int]] = []
    try:
        return _run(prop, base.guard, program, journal)
    finally:
        for p, j, q in reversed(journal):
            prop.implied[p][j] = q


def _run(
    prop: Propagator, guard: int, program: Program, journal: list[tuple[int, int, int]]
) -> tuple[int, int]:
    alive = list(program.alive)
    slots = program.slots
    if program.empty or prop.root(program.units) is not None or _fixpoint(prop, slots, alive):
        return TRIVIAL, -1
    conflict = False  # the root assignment is contradictory: every lemma is RUP
    for at, (kind, a, b, c, d) in enumerate(program.ops):
        if kind in ADDITIONS:
            if not conflict and not _is_rup(prop, _lits(kind, a, slots), slots, alive):
                return REFUTED, at
            if kind == ADD_EMPTY:
                return VERIFIED, at
            if kind == ADD_UNIT:
                conflict = conflict or not prop.assign(a) or _fixpoint(prop, slots, alive)
            elif kind == ADD_CLAUSE:
                alive[a] = 1
                conflict = conflict or _root_add(prop, slots[a], slots, alive)
        elif kind == DEL_SLOT:
            alive[a] = 0
        elif kind == DEL_LONG:
            prop.count[a] += SATISFIED
        elif kind == DEL_BINARY:
            for p, j in ((a, b), (c, d)):
                journal.append((p, j, prop.implied[p][j]))
                prop.implied[p][j] = guard
        # NOTHING and IGNORED change nothing
    return NO_EMPTY, len(program.ops)


def _lits(kind: int, a: int, slots: list[tuple[int, ...]]) -> tuple[int, ...]:
    if kind == ADD_UNIT:
        return (a,)
    if kind == ADD_CLAUSE:
        return slots[a]
    return ()  # the empty clause; a tautology is RUP by its own negation


def _is_rup(
    prop: Propagator, lits: tuple[int, ...], slots: list[tuple[int, ...]], alive: list[int]
) -> bool:
    """Negate lits on a new level, propagate, undo: True when that reached a conflict."""
    prop.new_level()
    conflict = any(not prop.assign(-lit) for lit in lits) or _fixpoint(prop, slots, alive)
    prop.undo(0)
    return conflict


def _root_add(
    prop: Propagator, lits: tuple[int, ...], slots: list[tuple[int, ...]], alive: list[int]
) -> bool:
    """A clause joins the store at level 0: act on it if it is unit or false there."""
    val = prop.val
    open_lits = [lit for lit in lits if val[lit] >= 0]
    if any(val[lit] > 0 for lit in open_lits):
        return False
    if not open_lits:
        return True
    if len(open_lits) == 1:
        prop.assign(open_lits[0])
        return _fixpoint(prop, slots, alive)
    return False


def _fixpoint(prop: Propagator, slots: list[tuple[int, ...]], alive: list[int]) -> bool:
    """Propagate the base, then scan the live arena clauses, until neither adds a literal;
    True on a conflict."""
    val = prop.val
    while True:
        if prop.propagate() is not None:
            return True
        changed = False
        for lits, live in zip(slots, alive, strict=True):
            if not live:
                continue
            last = 0
            for lit in lits:
                v = val[lit]
                if v > 0:
                    break
                if v == 0:
                    if last:
                        break
                    last = lit
            else:
                if not last:
                    return True
                prop.assign(last)
                changed = True
        if not changed:
            return False
