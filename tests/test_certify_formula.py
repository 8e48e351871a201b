"""The certificate formula: clues as encode gives them, the blocking clause, the CNF text."""

from __future__ import annotations

from sudoku_sat.dimacs import parse_cnf
from sudoku_sat.encoding import encode, rule_count, rules
from sudoku_sat.gridio import Puzzle
from sudoku_sat.proofs.formula import (
    blocking_clause,
    certificate_clauses,
    clue_clauses,
    cnf_text,
    described,
)

from .conftest import sample


def test_clue_clauses_are_encodes_f1_and_f2_on_dataset_puzzles() -> None:
    for p in sample("puzzles2_17_clue", 30) + sample("puzzles7_serg_benchmark", 30):
        assert clue_clauses(p.grid, 3) == encode(p.grid, 3, with_rules=False).clauses


def test_clue_clauses_for_other_orders() -> None:
    grid = (1, 0, 0, 0, 0, 0, 1, 0, 0, 3, 0, 0, 0, 0, 0, 4)
    assert clue_clauses(grid, 2) == encode(grid, 2, with_rules=False).clauses


def test_blocking_clause_rules_out_exactly_the_solution(hard_solution: tuple[int, ...]) -> None:
    clause = blocking_clause(hard_solution, 3)
    assert len(clause) == 81 and all(lit < 0 for lit in clause)
    assert clause[0] == -(0 * 9 + hard_solution[0])
    assert clause[80] == -(80 * 9 + hard_solution[80])


def test_cnf_text_parses_to_the_formula_and_names_its_puzzle(
    hard: Puzzle, hard_solution: tuple[int, ...]
) -> None:
    cnf = parse_cnf(cnf_text(hard.grid, 3, hard_solution))
    clauses = certificate_clauses(hard.grid, 3, hard_solution)
    assert cnf.nvars == 729 and cnf.clauses == clauses
    assert clauses[-1] == blocking_clause(hard_solution, 3)
    assert clauses[-1 - rule_count(3) : -1] == rules(3)
    assert described(cnf, "x.cnf") == (hard.grid, hard_solution, 3)
    assert described(parse_cnf("p cnf 1 1\n1 0\n"), "y.cnf") is None
