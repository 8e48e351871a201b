"""True candidates on the candidate-only CNF (puzzles/candidates_large.py), checked against
independent references: every solution enumerated by a plain backtracking search (4x4,
9x9), and PySAT on the full formula with the candidate assumed (25x25)."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.encoding import cell_var
from sudoku_sat.grid import Grid
from sudoku_sat.puzzles.candidates_large import candidates_large
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.pattern import as_grid, blanked, mixed, random_grid


def every_solution(grid: Grid, n: int) -> list[Grid]:
    """All solutions, by backtracking on the first open cell (the reference)."""
    size = n * n
    work = list(grid)

    def fits(cell: int, value: int) -> bool:
        r, c = divmod(cell, size)
        br, bc = r - r % n, c - c % n
        return (
            all(work[r * size + j] != value for j in range(size))
            and all(work[i * size + c] != value for i in range(size))
            and all(
                work[i * size + j] != value for i in range(br, br + n) for j in range(bc, bc + n)
            )
        )

    out: list[Grid] = []

    def search() -> None:
        if 0 not in work:
            out.append(tuple(work))
            return
        cell = work.index(0)
        for value in range(1, size + 1):
            if fits(cell, value):
                work[cell] = value
                search()
                work[cell] = 0

    clues_ok = all(not v or (work.__setitem__(c, 0), fits(c, v), work.__setitem__(c, v))[1]
                   for c, v in enumerate(grid))  # fmt: skip
    if clues_ok:
        search()
    return out


def small_puzzles() -> list[tuple[int, Grid]]:
    """4x4 and 9x9 puzzles with one solution, several, or none (a wrong clue added)."""
    rng = random.Random(5)
    out = []
    for seed in range(20):
        n = 2 if seed % 2 else 3
        blank = rng.choice((0.3, 0.5, 0.7)) if n == 2 else rng.choice((0.4, 0.5, 0.55))
        grid = list(as_grid(blanked(random_grid(n, seed), blank, seed)))
        if seed % 5 == 4:
            cell = rng.choice([c for c, v in enumerate(grid) if not v])
            grid[cell] = rng.randrange(1, n * n + 1)
        out.append((n, tuple(grid)))
    return out


@pytest.mark.parametrize("cap", [None, 1, 3])
def test_candidates_and_counts_equal_every_solution_enumerated(cap: int | None) -> None:
    kinds = set()
    for n, grid in small_puzzles():
        every = every_solution(grid, n)
        kinds.add(min(len(every), 2))
        found = candidates_large(grid, n, cap)
        assert found.solvable == bool(every)
        size = n * n
        for cell in range(size * size):
            want = sorted({s[cell] for s in every})
            assert list(found.digits[cell]) == want, (grid, cell)
        if cap is None or not every:
            assert found.counts is None
            continue
        assert found.counts is not None
        for cell in range(size * size):
            for d in found.digits[cell]:
                using = sum(1 for s in every if s[cell] == d)
                assert found.counts[(cell, d)] == min(cap, using)
    assert kinds == {0, 1, 2}  # none, one and several solutions were all met


def test_counts_past_the_enumeration_count_each_candidate_on_its_own() -> None:
    """The empty 4x4 grid: 288 solutions, more than 20 * cap of them for cap 10."""
    found = candidates_large((0,) * 16, 2, 10)
    assert found.digits == ((1, 2, 3, 4),) * 16
    assert found.counts is not None and set(found.counts.values()) == {10}
    assert set(candidates_large((0,) * 16, 2, 500).counts.values()) == {72}  # type: ignore[union-attr]


def test_a_puzzle_settled_by_propagation_asks_no_solver() -> None:
    solution = as_grid(random_grid(3, 1))
    found = candidates_large(solution[:-1] + (0,), 3, 2)
    assert found.calls == 0 and found.digits == tuple((v,) for v in solution)
    assert found.counts == {(c, v): 1 for c, v in enumerate(solution)}
    wrong = (solution[1],) + solution[1:]
    assert not candidates_large(wrong, 3).solvable


def test_25x25_candidates_agree_with_pysat_on_the_full_formula() -> None:
    """A 25x25 puzzle with several solutions: each candidate and non-candidate of a sample
    of open cells is checked by an independent encoding (F_regle) and solver."""
    n, size = 5, 25
    full = mixed(random_grid(n, 3), n, 40, 3)
    grid = as_grid(blanked(full, 0.5, 3))
    found = candidates_large(grid, n)
    assert found.solvable and found.calls > 1
    open_cells = [c for c, v in enumerate(grid) if not v]
    assert any(len(found.digits[c]) > 1 for c in open_cells)  # several solutions
    for cell, value in enumerate(as_grid(full)):
        assert value in found.digits[cell]
    clues = [cell_var(n, c, v) for c, v in enumerate(grid) if v]
    # the full formula with product at-most-ones: F_regle's pairwise ones (750,000
    # clauses) take seconds to build and load, these 200,000 a fraction of it
    checker = PysatChecker(n, "cadical195", amo="product")
    try:
        several = [c for c in open_cells if len(found.digits[c]) > 1]
        for cell in several[:2] + random.Random(0).sample(open_cells, 2):
            for d in range(1, size + 1):
                holds = checker.solver.solve(assumptions=[*clues, cell_var(n, cell, d)])
                assert holds == (d in found.digits[cell]), (cell, d)
    finally:
        checker.close()


def free_digit_puzzles() -> list[tuple[int, Grid]]:
    """Puzzles whose clues leave two digits or more unused (the relabelled models mark
    candidates no model made true): 4x4 with clues of 1 and 2 only, 9x9 with clues of 1..7."""
    out = []
    for seed in range(6):
        n, top = (2, 2) if seed % 2 else (3, 7)
        full = as_grid(random_grid(n, seed))
        rng = random.Random(seed)
        keep = 0.6 if n == 3 else 0.5
        out.append((n, tuple(v if v <= top and rng.random() < keep else 0 for v in full)))
    return out


@pytest.mark.parametrize("n, grid", free_digit_puzzles())
def test_relabelled_models_mark_exactly_the_candidates_of_every_solution(
    n: int, grid: Grid
) -> None:
    size = n * n
    solutions = every_solution(grid, n)
    assert len(solutions) >= 2
    expected = tuple(tuple(sorted({s[c] for s in solutions})) for c in range(size * size))
    found = candidates_large(grid, n)
    assert found.digits == expected


def test_a_blank_25x25_takes_one_solver_call() -> None:
    found = candidates_large((0,) * 625, 5)
    assert found.calls == 1 and all(d == tuple(range(1, 26)) for d in found.digits)
