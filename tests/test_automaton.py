"""The automaton rules' clauses (``variants/constraints/_automaton.py``): random machines,
deterministic or not, with several start states and segment breaks, read along random
lines of a 4x4; the session's count, a solver of the puzzle's own and CP-SAT's against
the 288 grids on which the machine's own run accepts; the template made once a machine
and shape, the same clauses on other cells."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.model.builder import DEFAULT_SUMS, Builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints._automaton import Machine, accepts, run_clauses, unrolled
from sudoku_sat.variants.constraints.nfa import NFA, decode, encode
from sudoku_sat.variants.solve import Session, enumerate_solutions

from .test_sigh_rules import _all_4x4

pytest.importorskip("ortools")


def _machine(rng: random.Random, states: int, deterministic: bool) -> Machine:
    """A random machine on the symbols 1..5 (5: the break), its moves drawn at random."""
    moves = []
    for _ in range(states):
        here = []
        for d in range(1, 6):
            if rng.random() < 0.6:
                count = 1 if deterministic else rng.randint(1, 2)
                here.append((d, frozenset(rng.sample(range(states), count))))
        moves.append(tuple(here))
    starts = frozenset(rng.sample(range(states), 1 if deterministic else rng.randint(1, 2)))
    accepting = frozenset(rng.sample(range(states), rng.randint(1, states // 2)))
    return starts, accepting, tuple(moves)


def _segments(rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """One to three segments of different cells, three to seven cells in all."""
    cells = rng.sample(range(16), rng.randint(3, 7))
    cuts = sorted(rng.sample(range(1, len(cells)), rng.randint(0, 2)))
    bounds = [0, *cuts, len(cells)]
    return tuple(tuple(cells[a:b]) for a, b in zip(bounds, bounds[1:], strict=False))


@pytest.mark.parametrize("deterministic", [True, False])
def test_random_machines_count_the_4x4_grids_they_accept(deterministic: bool) -> None:
    grids, rng = _all_4x4(), random.Random(int(deterministic))
    seen = 0
    with Session() as session:
        for _ in range(12):
            machine = _machine(rng, rng.randint(3, 6), deterministic)
            text = encode(machine, 5)
            rule = NFA(_segments(rng), text)
            word = rule.word_steps()
            expected = sum(
                accepts(decode(text), [5 if c is None else g[c] for c in word]) for g in grids
            )
            p = Puzzle(4, (0,) * 16, "t", constraints=(rule,))
            assert len(session.solutions(p, 300)) == expected, (machine, word)
            assert len(enumerate_solutions(p, 300)) == expected == cpsat.count(p, 300)
            seen += 0 < expected < 288
    assert seen >= 3  # the machines said something on some lines


def test_one_template_a_machine_and_shape_on_any_cells() -> None:
    """Two lines of one machine and shape: one template, the clauses on each line's cells
    with auxiliaries of their own."""
    machine = next(
        m
        for m in (_machine(random.Random(seed), 4, False) for seed in range(100))
        if unrolled(m, (False,) * 4, 4) is not None
    )
    p = Puzzle(4, (0,) * 16)
    b = Builder(p, DEFAULT_SUMS)
    unrolled.cache_clear()
    first = run_clauses(b, machine, [0, 1, 2, 3])
    top = b.top
    second = run_clauses(b, machine, [12, 13, 14, 15])
    assert unrolled.cache_info().hits == 1 and len(first) == len(second)
    moved = {c * 4 + d: (c + 12) * 4 + d for c in range(4) for d in range(1, 5)}
    for a, c in zip(first, second, strict=True):
        shifted = [(1 if lit > 0 else -1) * moved.get(abs(lit), abs(lit) + top - 64) for lit in a]
        assert shifted == c
