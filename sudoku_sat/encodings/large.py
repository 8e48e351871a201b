"""Puzzles of large orders (up to 64x64) for the encodings laboratory.

A full grid is found by CDCL (PySAT's minisat 2.2 by default) on the extended rules with
a compact at-most-one encoding (pairwise would be 33 million clauses at 64x64) and
random phases, one preferred value per cell (as ``backtrack`` filling does) and a random
sign per auxiliary variable (without these, minisat's default false phase on the
auxiliaries settles the grid whatever the seed); then half the cells (or the fraction
``blank``), drawn with the same seed, are blanked. The grid is checked with
``is_solution``; the puzzle has at least that solution (not necessarily only that one).
Everything is a function of (n, seed, amo, solver, blank).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ..encoding import num_vars, var
from ..errors import SolverError
from ..grid import Grid, is_solution
from . import Formula, decode_model, encode, rules


@dataclass(frozen=True)
class LargePuzzle:
    """A puzzle with a fraction (half by default) of its cells blank, the full grid it came
    from, and the time the CDCL search for that grid took."""

    n: int
    seed: int
    puzzle: Grid
    solution: Grid
    seconds: float
    blank: float = 0.5


def random_phases(n: int, rng: random.Random) -> list[int]:
    """One random preferred value per cell: its literal positive, the cell's others negative."""
    size = n * n
    phases: list[int] = []
    for i in range(size):
        for j in range(size):
            chosen = rng.randrange(1, size + 1)
            phases += [var(n, i, j, k) * (1 if k == chosen else -1) for k in range(1, size + 1)]
    return phases


def full_grid(n: int, rng: random.Random, amo: str = "product", solver: str = "m22") -> Grid:
    """A full grid of order n found by CDCL on the rules with random phases."""
    from pysat.solvers import Solver

    formula = rules(n, "extended", amo)
    with Solver(name=solver, bootstrap_with=formula.clauses) as sat:
        aux = range(num_vars(n) + 1, formula.nvars + 1)
        sat.set_phases(random_phases(n, rng) + [v if rng.random() < 0.5 else -v for v in aux])
        if not sat.solve():
            raise SolverError(f"{solver} found no grid of order {n}: the rules are broken")
        grid, _ = decode_model(sat.get_model() or [], n)
    if not is_solution(grid, n):
        raise SolverError(f"{solver}'s model of the order-{n} rules is not a grid")
    return grid


def blank_cells(grid: Grid, rng: random.Random, fraction: float = 0.5) -> Grid:
    """grid with ⌊cells·fraction⌋ cells, drawn at random, set to 0 (0 <= fraction <= 1)."""
    if not 0.0 <= fraction <= 1.0:
        raise ValueError(f"blank fraction {fraction} is not between 0 and 1")
    blanks = set(rng.sample(range(len(grid)), int(len(grid) * fraction)))
    return tuple(0 if c in blanks else v for c, v in enumerate(grid))


def make_large(
    n: int, seed: int, amo: str = "product", solver: str = "m22", blank: float = 0.5
) -> LargePuzzle:
    """The seeded puzzle of order n with the fraction blank of its cells blank (half by
    default). The grid depends on the seed alone, so the puzzles of one seed at several
    fractions blank the same grid."""
    rng = random.Random(seed)
    start = time.perf_counter()
    grid = full_grid(n, rng, amo, solver)
    seconds = time.perf_counter() - start
    return LargePuzzle(n, seed, blank_cells(grid, rng, blank), grid, seconds, blank)


def probed_formula(puzzle: Grid, n: int, amo: str = "sequential") -> tuple[Formula, dict[str, int]]:
    """The reduced formula of puzzle after the compiled EUP rules and failed values
    (:mod:`sudoku_sat.engines.eup.probe`, extra ``fast``): the cells they fix become
    givens and each value they remove from an open cell a negative unit clause. Its
    models decode (with ``formula.givens``) to the solutions of puzzle; counters: rounds,
    probes, removed, fixed (cells fixed beyond the clues). An empty clause when the
    probing finds no solution."""
    from ..engines.eup.probe import candidates, probed_state

    state, ok, counters = probed_state(puzzle, n)
    if not ok:
        return Formula(n, "reduced", amo, num_vars(n), (("probed", [[]]),), puzzle), counters
    givens, removed = candidates(state, n)
    formula = encode(givens, n, "reduced", amo)
    size = n * n
    units = [[-var(n, c // size, c % size, k)] for c, k in removed]
    counters["fixed"] = sum(1 for v in givens if v) - sum(1 for v in puzzle if v)
    return replace(formula, parts=(*formula.parts, ("probed", units))), counters
