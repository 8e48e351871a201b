"""Pill arrows (a circle of several cells read as a number) and sums rewritten by the
houses (``sums.by_houses``): the rewriting equals the sum on every solution grid, and
made pill-arrow puzzles with long lines (one solution, several, none) count as CP-SAT
counts them, in each sum encoding, with the rewriting and without it."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from sudoku_sat.model.builder import Builder
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat, sums
from sudoku_sat.variants.constraints.arrow import Arrow
from sudoku_sat.variants.solve import Session, count, enumerate_solutions

from .conftest import IN_CI

if not IN_CI:
    pytest.importorskip("ortools")

N = 9
CAP = 3


def grid(seed: int) -> tuple[int, ...]:
    """A solution grid: the pattern grid with its digits, bands, stacks, rows and columns
    shuffled."""
    rng = random.Random(seed)
    digits = list(range(1, N + 1))
    rng.shuffle(digits)

    def order() -> list[int]:
        bands = rng.sample(range(3), 3)
        return [3 * b + r for b in bands for r in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    return tuple(digits[(3 * (r % 3) + r // 3 + c) % N] for r in rows for c in cols)


def blank(size: int = N) -> Puzzle:
    return Puzzle(size, (0,) * size * size)


def pill(solution: tuple[int, ...], line: tuple[int, ...], k: int, rng: random.Random) -> Arrow:
    """A circle of k cells off the line, reading the line's sum in solution (which must
    have k digits, none 0)."""
    total = sum(solution[c] for c in line)
    digits = [int(ch) for ch in str(total)]
    assert len(digits) == k and 0 not in digits, total
    circle: list[int] = []
    for d in digits:
        free = [c for c, v in enumerate(solution) if v == d and c not in line and c not in circle]
        circle.append(rng.choice(free))
    return Arrow(tuple(circle), line)


def lines(seed: int) -> list[tuple[tuple[int, ...], int]]:
    """Long lines over several houses: (cells, circle length) whose sums in the seed's
    grid have no digit 0."""
    rng = random.Random(seed)
    solution = grid(seed)
    out: list[tuple[tuple[int, ...], int]] = []
    while len(out) < 3:
        k = len(out) % 2 + 2
        length = rng.randint(12, 20) if k == 2 else rng.randint(24, 30)
        start = rng.randrange(N * N)
        cells = [start]
        while len(cells) < length:  # a walk through orthogonal neighbours, no cell twice
            r, c = divmod(cells[-1], N)
            steps = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
            nxt = [a * N + b for a, b in steps if 0 <= a < N and 0 <= b < N]
            nxt = [x for x in nxt if x not in cells]
            if not nxt:
                cells = [rng.randrange(N * N)]
                continue
            cells.append(rng.choice(nxt))
        total = sum(solution[c] for c in cells)
        if len(str(total)) == k and "0" not in str(total):
            out.append((tuple(cells), k))
    return out


@cache
def puzzles(seed: int) -> dict[str, Puzzle]:
    """One made pill-arrow puzzle of each kind: unique (most givens), several (none),
    contradictory (a given changed)."""
    rng = random.Random(seed)
    solution = grid(seed)
    arrows = tuple(pill(solution, line, k, rng) for line, k in lines(seed))
    on_arrows = {c for a in arrows for c in a.circle + a.line}
    kept = [c for c in range(N * N) if c not in on_arrows and rng.random() < 0.5]
    unique = replace(blank(), constraints=tuple(arrows), solution=solution)
    while True:  # givens added where two solutions differ, until one is left (CP-SAT
        givens = tuple(v if c in kept else 0 for c, v in enumerate(solution))  # checks it)
        unique = unique.with_givens(givens)
        found = enumerate_solutions(unique, 2)
        if len(found) < 2:
            break
        kept.append(next(c for c in range(N * N) if found[0][c] != found[1][c]))
    wrong = list(givens)
    wrong[kept[0]] = solution[kept[0]] % N + 1
    return {
        "unique": unique,
        "several": unique.with_givens((0,) * N * N),
        "none": unique.with_givens(tuple(wrong)),
    }


@cache
def cp_counts(seed: int) -> dict[str, int]:
    """CP-SAT's counts of the seed's puzzles (once a seed: each sum encoding's case
    compares with the same ones)."""
    return {kind: cpsat.count(p, CAP) for kind, p in puzzles(seed).items()}


def test_the_rewriting_is_the_sum_on_solution_grids() -> None:
    b = Builder(blank(), "combos")
    rng = random.Random(5)
    for seed in range(20):
        solution = grid(seed)
        cells = rng.sample(range(N * N), rng.randint(1, N * N))
        coefs, const = sums.by_houses(b, {c: 1 for c in cells})
        assert sum(w * solution[c] for c, w in coefs.items()) + const == sum(
            solution[c] for c in cells
        )
        assert sum(abs(w) for w in coefs.values()) <= len(cells)


def test_the_rewriting_of_whole_houses() -> None:
    b = Builder(blank(), "combos")
    row = tuple(range(N))
    assert sums.by_houses(b, {c: 1 for c in row}) == ({}, 45)
    assert sums.by_houses(b, {c: 1 for c in row[1:]}) == ({0: -1}, 45)
    everything = {c: 1 for c in range(N * N) if c not in (0, 1, 2)}
    assert sums.by_houses(b, everything) == ({0: -1, 1: -1, 2: -1}, 405)
    few = {0: 1, 10: 1, 20: 1}  # a diagonal of a box: nothing to gain
    assert sums.by_houses(b, few) == (few, 0)


def test_a_line_that_is_a_house_reads_45() -> None:
    row = tuple(range(N))
    p = blank().with_constraints((Arrow((20, 21), row),))  # r3c3 r3c4 read 45
    solutions = Session().solutions(p, CAP)
    assert solutions and all(s[20] == 4 and s[21] == 5 for s in solutions)
    assert count(p.with_constraints((Arrow((20, 21), row[1:]),)), 1) == 1


@pytest.mark.parametrize("sums_encoding", ["combos", "running", "pb-dd"])
@pytest.mark.parametrize("seed", [1, 5])
def test_made_pill_puzzles_count_as_cp_sat(seed: int, sums_encoding: str) -> None:
    if sums_encoding.startswith("pb-") and not IN_CI:
        pytest.importorskip("pindakaas")
    made = puzzles(seed)
    b = Builder(made["unique"], sums_encoding)
    shorter = [len(sums.by_houses(b, {c: 1 for c in a.line})[0]) for a in made["unique"].of(Arrow)]  # type: ignore[attr-defined]
    assert all(k < len(a.line) for k, a in zip(shorter, made["unique"].of(Arrow), strict=True))
    expected = cp_counts(seed)
    assert expected == {"unique": 1, "several": CAP, "none": 0}
    with Session(sums=sums_encoding) as session:
        got = {kind: len(session.solutions(p, CAP)) for kind, p in made.items()}
        assert session.solutions(made["unique"], 2) == [made["unique"].solution]
    assert got == expected
    for kind, p in made.items():
        assert count(p, CAP, sums=sums_encoding) == expected[kind], kind


def test_the_rewriting_off_counts_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    made = puzzles(5)  # seed 5's puzzles and CP-SAT counts, made once for the tests above
    on = {kind: count(p, CAP) for kind, p in made.items()}
    monkeypatch.setattr(sums, "HOUSES", False)
    off = {kind: count(p, CAP) for kind, p in made.items()}
    assert on == off == cp_counts(5)
