"""What the automaton rules share (not a family: no ``FAMILY``): a finite automaton read
along cells (regex lines, sigh's NFA), its clauses, its CP-SAT statement and its run.

A machine is (start states, accepting states, moves), ``moves[q]`` the pairs (symbol,
the states it moves to) of state q, no empty move. The symbols are the digits 1..N, and
N+1 for the break between two segments of one NFA (sigh's segment break): a step of the
word is a cell (the symbol its digit) or None (a break).

Clauses: the machine unrolled along the steps, position i = 0..L, keeping at each
position only the states reachable from the start and from which an accepting state is
still reachable at the end (``layers``). Variables s(i,q) "the run is in q at i" and
t(i,q,d,r) "it moves from q to r reading d at step i"; clauses t → s(i,q), t →
x(cell_i,d), t → s(i+1,r); s(i,q) → ∨ its moves out, s(i+1,r) → ∨ its moves in,
x(cell_i,d) → ∨ the moves reading d at i (a digit no move reads is ruled out at once);
one of the start states at 0; position L holds accepting states only. A run through the
layers is a word the machine accepts (every cell holds one digit), and unit propagation
rules out each digit that no accepting run reads at its cell. No "one state a position":
the run need not be unique, only to exist. CP-SAT: the machine made deterministic
(subsets of states reached) in ``AddAutomaton``, a break as the constant N+1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...grid import Clause
from ._line import never

if TYPE_CHECKING:
    from ...model.builder import Builder

Moves = tuple[tuple[tuple[int, frozenset[int]], ...], ...]
"""state -> (symbol, the states it moves to) for each symbol it reads."""
Machine = tuple[frozenset[int], frozenset[int], Moves]
"""(start states, accepting states, moves)."""
Steps = Sequence[int | None]
"""The word's steps: a cell, or None for a segment break."""


def layers(machine: Machine, length: int) -> list[list[tuple[int, int, int]]]:
    """For each step i of a word of that length, the moves (q, symbol, r) of runs from a
    start state to an accepting one at the end."""
    starts, accepting, moves = machine
    ahead = [set(starts)]
    for _ in range(length):
        ahead.append({r for q in ahead[-1] for _, rs in moves[q] for r in rs})
    behind = [set(ahead[length]) & accepting]
    out: list[list[tuple[int, int, int]]] = []
    for i in reversed(range(length)):
        step = [(q, d, r) for q in ahead[i] for d, rs in moves[q] for r in rs if r in behind[-1]]
        out.append(step)
        behind.append({q for q, _, _ in step})
    return out[::-1]


def run_clauses(b: Builder, machine: Machine, steps: Steps) -> list[Clause]:
    """The word of the steps is accepted (the module's docstring)."""
    brk = b.n + 1
    found = [
        [m for m in step if (m[1] == brk) == (cell is None)]
        for cell, step in zip(steps, layers(machine, len(steps)), strict=True)
    ]
    if not steps:
        return [] if machine[0] & machine[1] else never(b)
    if any(not step for step in found):  # no accepted word of this shape
        return never(b)
    s = [{q: b.fresh() for q in {m[0] for m in step}} for step in found]
    s.append({r: b.fresh() for r in {m[2] for m in found[-1]}})
    out: list[Clause] = [list(s[0].values())]
    for i, (cell, step) in enumerate(zip(steps, found, strict=True)):
        t = {m: b.fresh() for m in step}
        for (q, d, r), v in t.items():
            out += [[-v, s[i][q]], [-v, s[i + 1][r]]]
            if cell is not None:
                out.append([-v, b.x(cell, d)])
        for q, lit in s[i].items():
            out.append([-lit, *(v for m, v in t.items() if m[0] == q)])
        for r, lit in s[i + 1].items():
            out.append([-lit, *(v for m, v in t.items() if m[2] == r)])
        if cell is not None:
            for d in b.digits():
                out.append([-b.x(cell, d), *(v for m, v in t.items() if m[1] == d)])
    return out


def run_cpsat(m: Any, x: list[Any], n: int, machine: Machine, steps: Steps) -> None:
    """The word of the steps is accepted, by CP-SAT's automaton on the subset machine."""
    starts, accepting, moves = machine
    number = {starts: 0}
    todo, triples = [starts], []
    while todo:
        here = todo.pop()
        for d in range(1, n + 2):
            there = frozenset(r for q in here for e, rs in moves[q] if e == d for r in rs)
            if there:
                if there not in number:
                    number[there] = len(number)
                    todo.append(there)
                triples.append((number[here], d, number[there]))
    finals = [k for states, k in number.items() if states & accepting]
    word = [x[c] if c is not None else m.NewConstant(n + 1) for c in steps]
    if not word:
        if 0 not in finals:
            m.AddBoolOr([])  # the empty word, refused
        return
    m.AddAutomaton(word, 0, finals, triples)


def accepts(machine: Machine, word: Sequence[int]) -> bool:
    """Whether the machine accepts the word (symbols), run on the sets of states."""
    starts, accepting, moves = machine
    states = set(starts)
    for d in word:
        states = {r for q in states for e, rs in moves[q] if e == d for r in rs}
    return bool(states & accepting)
