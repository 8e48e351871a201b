"""A proof compiled against a formula: what each step does to the checker's clause store.

Both back-ends of the RUP checker (:mod:`.rup`, :mod:`.rup_numba`) run the same
*program*, so they agree step for step. The formula is split in two:

- the *base*, indexed once by the project's propagation engine (for a batch of Sudoku
  certificates, F_regle: built once per order, not once per puzzle);
- the *extra* clauses of one check (a puzzle's clue units and its blocking clause) and
  the proof's lemmas. Units go to the root assignment; longer clauses get a *slot* in an
  arena that the checker scans after each propagation of the base.

Deletions are resolved here, before any propagation, by clause as a set of literals: the
last live copy added is removed first, then a copy in the base. A deleted base clause is
switched off (a long clause's counter is pushed above ``SATISFIED``; a binary clause's
two implications are pointed at the *guard*, an extra variable the checker keeps true).
Deleting a unit clause, or a clause that is not present, is ignored, as drat-trim and
dratify do; the root assignment is never withdrawn (every root literal is implied by
the formula, so keeping it is sound for a DRUP refutation).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engines.propagation import Propagator
from .proof import Step

ADD_UNIT, ADD_CLAUSE, ADD_EMPTY, ADD_TAUTOLOGY = 0, 1, 2, 3
DEL_SLOT, DEL_LONG, DEL_BINARY, NOTHING, IGNORED = 4, 5, 6, 7, 8
ADDITIONS = (ADD_UNIT, ADD_CLAUSE, ADD_EMPTY, ADD_TAUTOLOGY)
VERIFIED, REFUTED, NO_EMPTY, TRIVIAL = 0, 1, 2, 3
"""Outcomes of a run, by either back-end: (code, index of the step where it ended)."""

Key = tuple[int, ...]


def normal(lits: Iterable[int]) -> tuple[tuple[int, ...], bool]:
    """The literals without repeats, and whether the clause is a tautology."""
    out = tuple(dict.fromkeys(lits))
    return out, any(-lit in out for lit in out)


class Base:
    """The base formula indexed by the project's :class:`Propagator`, plus a guard variable.

    ``guard`` (variable nvars + 1) is a unit of the base: deleted binary clauses point at
    it. ``binary`` maps each binary clause (sorted literals) to its number of copies and
    its two places in the implication lists; ``long`` maps each long clause to its ids.
    """

    def __init__(self, nvars: int, clauses: Iterable[Sequence[int]]):
        self.nvars = nvars
        self.guard = nvars + 1
        self.clauses = clauses = [list(c) for c in clauses]
        self.prop = Propagator(nvars + 1, [*clauses, [self.guard]])
        self.copies: dict[Key, int] = {}
        for clause in clauses:
            lits, tautology = normal(clause)
            if len(lits) == 2 and not tautology:
                key = tuple(sorted(lits))
                self.copies[key] = self.copies.get(key, 0) + 1
        self.places: dict[Key, list[tuple[int, int]]] = {}
        for p in range(-self.guard, self.guard + 1):
            for j, q in enumerate(self.prop.implied[p] if p else ()):
                self.places.setdefault(tuple(sorted((-p, q))), []).append((p, j))
        self.long: dict[Key, list[int]] = {}
        for ci, clause in enumerate(self.prop.clauses):
            self.long.setdefault(tuple(sorted(clause)), []).append(ci)


@dataclass
class Program:
    """Root units, arena slots and one operation per proof step: (kind, a, b, c, d)."""

    units: list[int] = field(default_factory=list)
    empty: bool = False  # the formula holds the empty clause
    slots: list[tuple[int, ...]] = field(default_factory=list)
    alive: list[int] = field(default_factory=list)  # 1: live from the start (formula)
    ops: list[tuple[int, int, int, int, int]] = field(default_factory=list)

    def slot(self, lits: tuple[int, ...], alive: int) -> int:
        self.slots.append(lits)
        self.alive.append(alive)
        return len(self.slots) - 1


def compile_program(base: Base, extra: Iterable[Sequence[int]], steps: Sequence[Step]) -> Program:
    """The program of ``steps`` checked against base ∧ extra."""
    program = Program()
    live: dict[Key, list[int]] = {}
    copies_left: dict[Key, int] = {}
    long_left: dict[Key, list[int]] = {}
    units, ops = program.units, program.ops
    for clause in extra:
        if len(clause) == 1:  # most extra clauses: the clue units
            units.append(clause[0])
            continue
        lits, tautology = normal(clause)
        if tautology:
            continue
        if not lits:
            program.empty = True
        elif len(lits) == 1:
            units.append(lits[0])
        else:
            live.setdefault(tuple(sorted(lits)), []).append(program.slot(lits, 1))
    for step in steps:
        if not step.delete and len(step.lits) == 1:  # most lemmas: units
            ops.append((ADD_UNIT, step.lits[0], 0, 0, 0))
            continue
        lits, tautology = normal(step.lits)
        if not step.delete:
            ops.append(_addition(program, live, lits, tautology))
            continue
        key = tuple(sorted(lits))
        if len(lits) <= 1 or tautology:
            ops.append((IGNORED, 0, 0, 0, 0))
        elif live.get(key):
            ops.append((DEL_SLOT, live[key].pop(), 0, 0, 0))
        elif len(lits) == 2:
            ops.append(_delete_binary(base, key, copies_left))
        else:
            ids = long_left.setdefault(key, list(base.long.get(key, ())))
            ops.append((DEL_LONG, ids.pop(), 0, 0, 0) if ids else (IGNORED, 0, 0, 0, 0))
    return program


def _addition(
    program: Program, live: dict[Key, list[int]], lits: tuple[int, ...], tautology: bool
) -> tuple[int, int, int, int, int]:
    if tautology:
        return (ADD_TAUTOLOGY, 0, 0, 0, 0)
    if not lits:
        return (ADD_EMPTY, 0, 0, 0, 0)
    if len(lits) == 1:
        return (ADD_UNIT, lits[0], 0, 0, 0)
    slot = program.slot(lits, 0)
    live.setdefault(tuple(sorted(lits)), []).append(slot)
    return (ADD_CLAUSE, slot, 0, 0, 0)


def _delete_binary(
    base: Base, key: Key, copies_left: dict[Key, int]
) -> tuple[int, int, int, int, int]:
    left = copies_left.get(key, base.copies.get(key, 0))
    if left == 0:
        return (IGNORED, 0, 0, 0, 0)
    copies_left[key] = left - 1
    if left > 1:
        return (NOTHING, 0, 0, 0, 0)  # another copy stays
    (p1, j1), (p2, j2) = base.places[key]
    return (DEL_BINARY, p1, j1, p2, j2)
