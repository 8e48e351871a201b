"""The Centrale 2014 encoding: numbering, clause counts, semantics on 4x4, clue formulas."""

from __future__ import annotations

import random
from math import comb

import pytest
from pysat.solvers import Solver

from sudoku_sat.encoding import (
    RULE_PARTS,
    cell_value,
    clue_assumptions,
    decode,
    encode,
    f1,
    f2,
    forbidden,
    num_vars,
    rule_count,
    rule_part,
    rules,
    var,
)
from sudoku_sat.gridio import parse_puzzles

from .conftest import EASY, TRES_DIFFICILE


@pytest.mark.parametrize("n, expected", [(2, 448), (3, 11988), (4, 123904)])
def test_rule_clause_counts(n: int, expected: int) -> None:
    size = n * n
    assert len(rules(n)) == expected == rule_count(n)
    assert expected == 4 * size**2 + 4 * size**2 * comb(size, 2)


def test_sub_formula_counts_9x9() -> None:
    counts = {name: len(rule_part(3, name)) for name in RULE_PARTS}
    assert counts == {
        "K1": 81,
        "L1": 81,
        "C1": 81,
        "B1": 81,
        "K2": 2916,
        "L2": 2916,
        "C2": 2916,
        "B2": 2916,
    }


def test_shared_pairs_are_kept() -> None:
    """L2 and B2 share the pairs of a row segment inside a block: both copies stay."""
    l2 = {tuple(sorted(c)) for c in rule_part(3, "L2")}
    b2 = {tuple(sorted(c)) for c in rule_part(3, "B2")}
    assert len(l2 & b2) == 9 * 9 * 9  # 9 values x 27 row segments x 3 pairs
    clauses = rules(3)
    assert len({tuple(sorted(c)) for c in clauses}) < len(clauses)


def test_numbering_is_the_statement_one() -> None:
    assert var(3, 0, 0, 1) == 1 and var(3, 8, 8, 9) == 729 and num_vars(3) == 729
    assert var(3, 1, 2, 3) == 81 + 18 + 3
    for n in (2, 3, 4):
        size = n * n
        seen = {
            var(n, i, j, k) for i in range(size) for j in range(size) for k in range(1, size + 1)
        }
        assert seen == set(range(1, num_vars(n) + 1))
        for v in seen:
            assert var(n, *cell_value(n, v)) == v


def test_clause_order_is_deterministic() -> None:
    assert rules(3) == rules(3)
    assert rule_part(3, "K1")[0] == list(range(1, 10))
    assert rule_part(3, "L1")[0] == [1 + 9 * j for j in range(9)]
    assert rule_part(3, "K2")[0] == [-1, -2]


def all_4x4_solutions() -> list[tuple[int, ...]]:
    """Every 4x4 solution by a plain backtracking written here, independent of the package."""
    out: list[tuple[int, ...]] = []
    grid = [0] * 16

    def ok(c: int, v: int) -> bool:
        i, j = divmod(c, 4)
        for d in range(16):
            a, b = divmod(d, 4)
            same_unit = a == i or b == j or (a // 2 == i // 2 and b // 2 == j // 2)
            if d != c and same_unit and grid[d] == v:
                return False
        return True

    def fill(c: int) -> None:
        if c == 16:
            out.append(tuple(grid))
            return
        for v in range(1, 5):
            if ok(c, v):
                grid[c] = v
                fill(c + 1)
                grid[c] = 0

    fill(0)
    return out


def assignment(grid: tuple[int, ...], n: int) -> set[int]:
    """The true literals of the model that encodes grid."""
    size = n * n
    return {c * size + v for c, v in enumerate(grid)}


def satisfied(clauses: list[list[int]], true: set[int]) -> bool:
    return all(any((lit > 0) == (abs(lit) in true) for lit in clause) for clause in clauses)


def test_every_4x4_solution_satisfies_the_rules() -> None:
    solutions = all_4x4_solutions()
    assert len(solutions) == 288
    clauses = rules(2)
    for grid in solutions:
        assert satisfied(clauses, assignment(grid, 2))


def test_non_solutions_violate_the_rules() -> None:
    rng = random.Random(1)
    solutions = set(all_4x4_solutions())
    clauses = rules(2)
    tried = 0
    while tried < 300:
        grid = tuple(rng.randint(1, 4) for _ in range(16))
        if grid in solutions:
            continue
        tried += 1
        assert not satisfied(clauses, assignment(grid, 2))
    # A cell with no value or two values breaks K1 or K2.
    true = assignment(next(iter(solutions)), 2)
    assert not satisfied(clauses, true - {1, 2, 3, 4})
    assert not satisfied(clauses, true | {1, 2, 3, 4})


def test_rules_have_exactly_288_models_for_4x4() -> None:
    with Solver(name="m22", bootstrap_with=rules(2)) as solver:
        models = {tuple(decode(m, 2)[0]) for m in solver.enum_models()}
    assert models == set(all_4x4_solutions())


def peers_by_hand(c: int) -> set[int]:
    i, j = divmod(c, 9)
    return {
        d
        for d in range(81)
        if d != c and (d // 9 == i or d % 9 == j or (d // 27 == i // 3 and d % 9 // 3 == j // 3))
    }


@pytest.mark.parametrize("line", [EASY, TRES_DIFFICILE])
def test_clue_formulas_on_seed_grids(line: str) -> None:
    grid = parse_puzzles(line)[0].grid
    r = sum(1 for v in grid if v)
    units = f1(grid, 3)
    assert len(units) == 9 * r
    assert sum(1 for (lit,) in units if lit > 0) == r
    expected_f2 = sum(
        len({grid[d] for d in peers_by_hand(c) if grid[d]}) for c in range(81) if not grid[c]
    )
    assert len(f2(grid, 3)) == expected_f2 <= 729
    assert all(len(c) == 1 and c[0] < 0 for c in f2(grid, 3))
    enc = encode(grid, 3)
    assert len(enc) == 9 * r + expected_f2 + 11988
    assert enc.counts()["F1"] == 9 * r


def test_forbidden_values_of_a_cell() -> None:
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    # Cell (0,1): row 0 holds 7,4; column 1 holds 2,6,3; block 0 holds 7,2,3.
    assert forbidden(grid, 3, 1) == [2, 3, 4, 6, 7]


def test_encode_options() -> None:
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    assert [name for name, _ in encode(grid, 3).parts] == ["F1", "F2", *RULE_PARTS]
    assert [name for name, _ in encode(grid, 3, with_f2=False).parts] == ["F1", *RULE_PARTS]
    assert len(encode(None, 3)) == 11988


def test_formula_initiale_has_the_unique_solution(hard_solution: tuple[int, ...]) -> None:
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    with Solver(name="g4", bootstrap_with=encode(grid, 3).clauses) as solver:
        assert solver.solve()
        found, clashes = decode(solver.get_model() or [], 3)
        assert found == hard_solution and not clashes
        solver.add_clause([-lit for lit in clue_assumptions(found, 3)])
        assert not solver.solve()


def test_duplicate_clues_are_unsat_not_an_error() -> None:
    grid = list(parse_puzzles(TRES_DIFFICILE)[0].grid)
    grid[1] = 7  # a second 7 in row 0
    with Solver(name="m22", bootstrap_with=encode(tuple(grid), 3).clauses) as solver:
        assert not solver.solve()


def test_decode_reports_clashes() -> None:
    grid, clashes = decode([1, 2, 10 * 9 + 3, -5, 9999], 3)
    assert grid[0] == 2 and grid[10] == 3 and clashes == [0]


def test_pairs_are_all_negative_binary() -> None:
    for name in ("K2", "L2", "C2", "B2"):
        for clause in rule_part(2, name):
            assert len(clause) == 2 and all(lit < 0 for lit in clause)
    assert all(len(set(c)) == 2 for c in rule_part(3, "B2"))


def test_cell_var_and_blocking_clause_follow_the_statement_numbering() -> None:
    from sudoku_sat.encoding import blocking_clause, cell_var, var

    for n in (2, 3):
        size = n * n
        for cell in (0, size + 1, size * size - 1):
            assert cell_var(n, cell, 2) == var(n, cell // size, cell % size, 2)
    solution = tuple(int(ch) for ch in "1234341221434321")
    clause = blocking_clause(solution, 2)
    assert len(clause) == 16 and all(lit < 0 for lit in clause)
    assert clause[0] == -var(2, 0, 0, 1) and clause[-1] == -var(2, 3, 3, 1)
