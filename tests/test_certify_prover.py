"""Certificates for dataset puzzles: every proof verifies with both checkers; puzzles with
no solution or several get none, and say why."""

from __future__ import annotations

import pytest

from sudoku_sat.accel import numba_available
from sudoku_sat.engines.eup.reference import count_eup
from sudoku_sat.errors import SolverError
from sudoku_sat.grid import Grid, is_solution
from sudoku_sat.gridio import Puzzle
from sudoku_sat.proofs.check import PuzzleChecker, check_texts
from sudoku_sat.proofs.formula import cnf_text
from sudoku_sat.proofs.proof import sha256_text
from sudoku_sat.proofs.prover import Certificate, Prover, Refusal
from sudoku_sat.proofs.store import proof_text

from .conftest import sample

DATASETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
]


@pytest.fixture(scope="module")
def prover() -> Prover:
    return Prover(3)


@pytest.fixture(scope="module")
def checker() -> PuzzleChecker:
    """The in-house checker, F_regle indexed once for the module (half a second each)."""
    return PuzzleChecker(3)


def texts(cert: Certificate) -> tuple[str, str]:
    cnf = cnf_text(cert.puzzle, cert.n, cert.solution)
    return cnf, proof_text(cert, sha256_text(cnf), "p.cnf")


@pytest.mark.parametrize("name", DATASETS)
def test_unique_dataset_puzzles_get_proofs_both_checkers_verify(
    name: str, prover: Prover, checker: PuzzleChecker
) -> None:
    for puzzle in sample(name, 2, seed=14):  # each check_texts reads and indexes F_regle
        assert count_eup(puzzle.grid, 3, 2) == 1
        cert = prover.certify(puzzle.grid)
        assert isinstance(cert, Certificate)
        assert is_solution(cert.solution, 3, puzzle.grid)
        assert cert.proof.steps[-1].lits == () and not cert.proof.steps[-1].delete
        assert checker.check(cert).ok
        report = check_texts(*texts(cert), "all")
        assert report.ok and [v.checker for v in report.verdicts] == ["rup", "dratify"]


def test_the_reference_counts_decide_who_gets_a_certificate(
    prover: Prover, checker: PuzzleChecker
) -> None:
    """counts_reference.txt: count 1 gets a verified certificate, 0 and more get none."""
    kinds = {0: "none"}
    for puzzle in sample("counts_reference.txt", 31):
        cert = prover.certify(puzzle.grid)
        if puzzle.count == 1:
            assert isinstance(cert, Certificate) and checker.check(cert).ok
            assert cert.solution == puzzle.solution
        else:
            assert isinstance(cert, Refusal) and cert.kind == kinds.get(puzzle.count, "several")


def test_serg_benchmark_puzzles_have_several_solutions_and_get_no_certificate(
    prover: Prover,
) -> None:
    for puzzle in sample("puzzles7_serg_benchmark", 3, seed=14):
        cert = prover.certify(puzzle.grid)
        assert isinstance(cert, Refusal) and cert.kind == "several"
        assert cert.other is not None and is_solution(cert.other, 3, puzzle.grid)


@pytest.mark.parametrize("method", ["fl", "cdcl"])
def test_each_prover_can_be_forced(method: str, prover: Prover) -> None:
    puzzle = sample("puzzles3_magictour_top1465", 1, seed=3)[0]
    cert = prover.certify(puzzle.grid, method)
    assert isinstance(cert, Certificate) and cert.method == method
    assert check_texts(*texts(cert), "all").ok


def test_auto_picks_failed_literals_or_unit_propagation_when_they_solve(prover: Prover) -> None:
    methods = {prover.certify(p.grid).method for p in sample("puzzles2_17_clue", 12, seed=2)}
    assert methods <= {"up", "fl"} and "fl" in methods  # type: ignore[union-attr]
    hardest = sample("puzzles6_forum_hardest_1106", 1)[0]
    cert = prover.certify(hardest.grid)
    assert isinstance(cert, Certificate) and cert.method == "cdcl"
    assert cert.proof.lemmas > 1


def several(puzzle: Puzzle) -> Grid:
    """puzzle with clues removed until it has several solutions."""
    grid = list(puzzle.grid)
    for c, v in enumerate(grid):
        if v:
            grid[c] = 0
            if count_eup(tuple(grid), 3, 2) == 2:
                return tuple(grid)
    raise AssertionError("never ambiguous")


@pytest.mark.parametrize("method", ["auto", "fl", "cdcl"])
def test_several_solutions_give_no_certificate_and_a_second_solution(
    method: str, prover: Prover, easy: Puzzle
) -> None:
    grid = several(easy)
    refusal = prover.certify(grid, method)
    assert isinstance(refusal, Refusal) and refusal.kind == "several"
    assert "several solutions" in refusal.reason
    assert refusal.other is not None and is_solution(refusal.other, 3, grid)


def test_contradictory_clues_give_no_certificate(prover: Prover, easy: Puzzle) -> None:
    grid = list(easy.grid)
    grid[0] = grid[2]  # the same value twice in row 0
    for method in ("auto", "cdcl"):
        refusal = prover.certify(tuple(grid), method)
        assert isinstance(refusal, Refusal) and refusal.kind == "none"
        assert "no solution" in refusal.reason


def test_forced_failed_literals_on_a_puzzle_they_cannot_finish(prover: Prover) -> None:
    grid = sample("puzzles6_forum_hardest_1106", 1)[0].grid
    refusal = prover.certify(grid, "fl")
    assert isinstance(refusal, Refusal) and refusal.kind == "open"
    assert "use --method auto or pysat" in refusal.reason


def test_bad_names_are_refused() -> None:
    with pytest.raises(SolverError, match="gives no DRUP proof"):
        Prover(3, solver="m22")
    with pytest.raises(SolverError, match="unknown prover"):
        Prover(3).certify((0,) * 81, "magic")


@pytest.mark.skipif(not numba_available(), reason="numba not installed")
def test_both_back_ends_make_the_same_proofs() -> None:
    python, compiled = Prover(3, backend="python"), Prover(3, backend="numba")
    for puzzle in sample("puzzles3_magictour_top1465", 4, seed=8):
        a, b = python.certify(puzzle.grid, "fl"), compiled.certify(puzzle.grid, "fl")
        assert isinstance(a, Certificate) and isinstance(b, Certificate)
        assert a.proof == b.proof and a.solution == b.solution
