"""Chaos-construction puzzles made (``variants/make_chaos.py``): the grown layouts are
partitions of connected regions in sigh's label order; each made 4x4 puzzle is unique
by an exhaustive search of its own (every digit grid of its rows and columns, every
partition into connected regions, each clue's direct check), no given and no clue can
go (the same search), CP-SAT's check agrees, a seed makes the same puzzles, and what is
not made is refused in one line."""

from __future__ import annotations

import random
from functools import cache
from itertools import permutations

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints.chaos import orthogonal
from sudoku_sat.variants.constraints.chaos_clues import ChaosArrow, ChaosCount
from sudoku_sat.variants.make import blank
from sudoku_sat.variants.make_chaos import check_chaos, grow_layout, make_any, thinned


def connected(cells: set[int], rows: int, cols: int) -> bool:
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        for m in orthogonal(0, todo.pop(), rows, cols):
            if m in cells and m not in seen:
                seen.add(m)
                todo.append(m)
    return seen == cells


@pytest.mark.parametrize(("rows", "cols", "size"), [(4, 4, 4), (6, 6, 6), (4, 6, 6)])
def test_grown_layouts_are_connected_regions_in_label_order(
    rows: int, cols: int, size: int
) -> None:
    rng = random.Random(5)
    layouts = [grow_layout(rows, cols, size, rng) for _ in range(60)]
    made = [lab for lab in layouts if lab is not None]
    assert made and len({tuple(lab) for lab in made}) > 1  # at random
    for lab in made:
        order = list(dict.fromkeys(lab))
        assert order == list(range(1, rows * cols // size + 1))  # first met, first named
        for k in order:
            cells = {c for c, v in enumerate(lab) if v == k}
            assert len(cells) == size and connected(cells, rows, cols)


@cache
def partitions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every partition of the n x n places into n connected regions of n cells, each as
    its labels in sigh's order (a region is named when its first cell is met)."""
    out: list[tuple[int, ...]] = []

    def regions_from(first: int, free: frozenset[int]) -> set[frozenset[int]]:
        grown = {frozenset({first})}
        for _ in range(n - 1):
            grown = {
                r | {m}
                for r in grown
                for c in r
                for m in orthogonal(0, c, n, n)
                if m in free and m not in r
            }
        return grown

    def fill(free: frozenset[int], labels: dict[int, int]) -> None:
        if not free:
            out.append(tuple(labels[c] for c in range(n * n)))
            return
        k = max(labels.values(), default=0) + 1
        for region in regions_from(min(free), free):
            fill(free - region, {**labels, **dict.fromkeys(region, k)})

    fill(frozenset(range(n * n)), {})
    return tuple(out)


def exhaustive(p: Puzzle, cap: int = 2) -> list[tuple[int, ...]]:
    """Up to cap solutions of a 4x4 chaos puzzle (digits, then region labels): every row
    a permutation, columns all different, the givens, every partition whose regions hold
    each digit once, and each chaos clue by its own direct check (``holds``)."""
    n = p.size
    clues = [c for c in p.constraints if isinstance(c, ChaosCount | ChaosArrow)]
    rows = [
        [
            r
            for r in permutations(range(1, n + 1))
            if all(p.grid[i * n + j] in (0, r[j]) for j in range(n))
        ]
        for i in range(n)
    ]
    found: list[tuple[int, ...]] = []

    def search(i: int, grid: list[int]) -> None:
        if len(found) >= cap:
            return
        if i == n:
            for lab in partitions(n):
                regions = {}
                for c, k in enumerate(lab):
                    regions.setdefault(k, set()).add(grid[c])
                full = (*grid, *lab)
                if all(len(r) == n for r in regions.values()) and all(
                    c.holds(full, n) for c in clues
                ):
                    found.append(full)
            return
        for row in rows[i]:
            if all(row[j] != grid[k * n + j] for k in range(i) for j in range(n)):
                search(i + 1, [*grid, *row])

    search(0, [])
    return found[:cap]


def test_the_partitions_of_4x4_are_the_tetromino_tilings() -> None:
    """117 tilings of a 4x4 square by tetrominoes (OEIS A174249's 4x4 term)."""
    assert len(partitions(4)) == 117


@pytest.mark.parametrize("seed", [2, 3])
def test_made_4x4_chaos_puzzles_are_unique_and_minimal_by_exhaustive_search(seed: int) -> None:
    p, witnesses = make_any(["chaos-construction"], 4, random.Random(seed))
    assert p.solution is not None
    assert exhaustive(p) == [p.solution]
    for c in range(16):
        if p.grid[c]:
            fewer = list(p.grid)
            fewer[c] = 0
            assert len(exhaustive(p.with_givens(tuple(fewer)))) == 2
    clues = [k for k, c in enumerate(p.constraints) if isinstance(c, ChaosCount | ChaosArrow)]
    assert clues
    for k in clues:
        fewer_rules = p.constraints[:k] + p.constraints[k + 1 :]
        assert len(exhaustive(p.with_constraints(fewer_rules))) == 2
    assert check_chaos(p, witnesses) is None


def test_the_check_finds_a_clue_that_can_go() -> None:
    """Every chaos count that holds kept (none thinned), the givens emptied beside them:
    some count can go, and CP-SAT's check names one."""
    from sudoku_sat.variants.emptying import emptied
    from sudoku_sat.variants.make_chaos import candidates, layout_solution

    chaos, clues = candidates(".Shape~4x4", ("ChaosCount",))
    rng = random.Random(4)
    for _ in range(50):
        full = layout_solution(chaos, rng, None)
        if full is None:
            continue
        held = tuple(c for c in clues if c.holds(full, 4))
        p, witnesses = emptied(chaos.with_constraints((*chaos.constraints, *held)), full, rng)
        if len(exhaustive(p)) == 1 and any(
            len(exhaustive(p.with_constraints(tuple(c for c in p.constraints if c != h)))) == 1
            for h in held
        ):
            problem = check_chaos(p, witnesses)
            assert problem is not None and problem.startswith("the chaos count at")
            return
    raise AssertionError("no puzzle with a spare count in 50 layouts")


def test_thinning_gives_up_on_a_layout_the_clues_cannot_pin() -> None:
    """With no clue at all, every digit given leaves another partition: None."""
    p, _ = make_any(["chaos-construction"], 4, random.Random(1))
    assert p.solution is not None
    bare = p.with_constraints(
        tuple(c for c in p.constraints if not isinstance(c, ChaosCount | ChaosArrow))
    )
    assert thinned(bare, [], p.solution, random.Random(0), "g4") is None


def test_a_seed_makes_the_same_chaos_puzzles() -> None:
    args = ["generate", "--rule", "chaos-construction", "--size", "4", "-k", "2", "--seed", "7"]
    args += ["--format", "sigh", "--stats"]
    first, second = (CliRunner().invoke(app, args) for _ in range(2))
    assert first.exit_code == 0
    strip = [line for line in first.output.splitlines() if not line.startswith("#")]
    again = [line for line in second.output.splitlines() if not line.startswith("#")]
    assert strip == again and len(strip) == 2
    assert all(".ChaosConstruction" in s and ".NoBoxes" in s for s in strip)
    assert first.output.count("unique and minimal (checked by cpsat)") == 2


def test_chaos_on_a_shape_is_made() -> None:
    """A 4x6 grid: four regions of six cells (sigh's region size, the longer side)."""
    empty = blank(0, "4x6")
    p, witnesses = make_any(["chaos-construction"], 6, random.Random(2), empty=empty)
    assert p.solution is not None and p.shaped and len(p.solution) == 36 + 24
    assert set(p.solution[36:]) == {1, 2, 3, 4}
    assert check_chaos(p, witnesses) is None


def test_a_rule_beside_a_chaos_construction_is_refused() -> None:
    args = ["generate", "--rule", "chaos-construction,killer", "--size", "4"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and "chaos counts and arrows only" in result.output
