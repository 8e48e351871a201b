"""What the automaton rules share (not a family: no ``FAMILY``): a finite automaton read
along cells (regex lines, sigh's NFA), its clauses, its CP-SAT statement and its run.

A machine is (start states, accepting states, moves), ``moves[q]`` the pairs (symbol,
the states it moves to) of state q, no empty move. The symbols are the digits 1..N, and
N+1 for the break between two segments of one NFA (sigh's segment break): a step of the
word is a cell (the symbol its digit) or None (a break).

Clauses: the machine unrolled along the steps, position i = 0..L, keeping at each
position only the states reachable from the start and from which an accepting state is
still reachable at the end (``layers``, then the moves a break or a cell cannot make).
Variables s(i,q) "the run is in q at i"; one of the start states at 0; for each state q
at i and digit d: s(i,q) ∧ x(cell_i,d) → ∨ s(i+1,r) over the moves (q, d, r) (no move:
the pair is refused); at a break: s(i,q) → ∨ s(i+1,r) over its break moves; supports:
s(i+1,r) → ∨ s(i,q) over the states that move into r, s(i+1,r) → ∨ x(cell_i,d) over the
digits that lead into r, x(cell_i,d) → ∨ s(i,q) over the states that read d (a digit no
move reads is ruled out at once); position L holds accepting states only. From a start
state the forward clauses follow the word's digits to an accepting state (so every
solution is a word the machine accepts), and one accepting run's states, the others
false, satisfy every clause. No "one state a position": the run need not be unique, only
exist. The clauses are made once a machine and a shape of steps (``unrolled``, a
template over its own numbering) and put on each line's cells and auxiliaries
(``run_clauses``). CP-SAT: the machine made deterministic (subsets of states reached) in
``AddAutomaton``, a break as the constant N+1.

Until 2026-12-03 each move had a variable of its own, t(i,q,d,r) → s(i,q), x(cell_i,d),
s(i+1,r), with s(i,q), s(i+1,r) and x(cell_i,d) each → ∨ its moves (so that unit
propagation rules out each digit that no accepting run reads). The moves' variables
cost more clauses than they saved search: one process, Glucose 4, CPU (load about 1):
the real Replicate puzzle 59,470 clauses and 55 ms against 35,818 and 30-40 ms; the Var
skyscraper puzzle of tests/data/extra/var.jsonl (24 machines) 39,733 clauses, 5,468
conflicts, 551 ms against 25,957, 6,493 conflicts, 270-348 ms; the shapes puzzle of 4
machines and a replicate 221 against 109-148 ms.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
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
    """The word of the steps is accepted (the module's docstring): the clauses of the
    machine's :func:`unrolled` template on these cells, its auxiliaries from b's top."""
    plan = unrolled(machine, tuple(cell is None for cell in steps), b.n)
    if plan is None:
        return never(b)
    auxiliaries, flat, bounds = plan
    base, n = b.top, b.n
    b.top += auxiliaries
    named = [0, *range(base + 1, base + auxiliaries + 1)]
    for cell in steps:
        named += range(cell * n + 1, cell * n + n + 1) if cell is not None else [0] * n
    signed = [-v for v in reversed(named[1:])] + named  # signed[M + k]: ±k's literal
    lits = list(map(signed.__getitem__, flat))
    return [lits[i:j] for i, j in bounds]


Plan = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""(auxiliaries A, every clause's literals one after another, each clause's (start, end)
in them): literal ±k is auxiliary k (1..A, numbered from the builder's top) for k <= A,
else x(cell of step i, d) for k = A + 1 + i*N + d - 1; each stored as k + M, M the
largest k, so that one list of the 2M+1 signed literals maps them all."""


@lru_cache(maxsize=256)
def unrolled(machine: Machine, breaks: tuple[bool, ...], n: int) -> Plan | None:
    """The clauses of a word of these steps (True: a segment break) accepted, as a
    template over its own numbering (:data:`Plan`), made once for every line of that
    machine and shape (sigh's NFA is often repeated: 54 copies in the real Replicate
    puzzle, 24 in a Var one); None when no word of this shape is accepted. The clauses
    are the module docstring's."""
    brk = n + 1
    found = [
        [m for m in step if (m[1] == brk) == gap]
        for gap, step in zip(breaks, layers(machine, len(breaks)), strict=True)
    ]
    if not breaks:
        return None if not machine[0] & machine[1] else (0, (), ())
    for i in reversed(range(len(found) - 1)):  # a break or a cell: some moves go too
        sources = {m[0] for m in found[i + 1]}
        found[i] = [m for m in found[i] if m[2] in sources]
    for i in range(1, len(found)):
        targets = {m[2] for m in found[i - 1]}
        found[i] = [m for m in found[i] if m[0] in targets]
    if any(not step for step in found):  # no accepted word of this shape
        return None
    layer_states = [sorted({m[0] for m in step}) for step in found]
    layer_states.append(sorted({m[2] for m in found[-1]}))
    state: list[dict[int, int]] = []  # auxiliary k: the k-th state, layer after layer
    top = 0
    for states in layer_states:
        state.append({q: top + 1 + k for k, q in enumerate(states)})
        top += len(states)
    cell = top  # x(step i, d) is cell + i*N + d
    out: list[list[int]] = [list(state[0].values())]
    for i, (gap, step) in enumerate(zip(breaks, found, strict=True)):
        here, there, x = state[i], state[i + 1], cell + i * n
        succ: dict[tuple[int, int], list[int]] = {}
        pred: dict[int, set[int]] = {r: set() for r in there}
        into: dict[int, set[int]] = {r: set() for r in there}
        reads: dict[int, list[int]] = {d: [] for d in range(1, n + 1)}
        for q, d, r in step:
            succ.setdefault((q, d), []).append(there[r])
            pred[r].add(here[q])
            into[r].add(d)
            if d in reads and here[q] not in reads[d]:
                reads[d].append(here[q])
        for q, lit in here.items():
            if gap:
                out.append([-lit, *succ[(q, brk)]])
            else:
                out += [[-lit, -(x + d), *succ.get((q, d), ())] for d in range(1, n + 1)]
        for r, lit in there.items():
            out.append([-lit, *sorted(pred[r])])
            if not gap:
                out.append([-lit, *(x + d for d in sorted(into[r]) if d <= n)])
        if not gap:
            out += [[-(x + d), *reads[d]] for d in range(1, n + 1)]
    largest = top + len(breaks) * n
    flat = tuple(lit + largest for clause in out for lit in clause)
    ends = list(accumulate(len(clause) for clause in out))
    return top, flat, tuple(zip([0, *ends[:-1]], ends, strict=True))


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
