"""Mutated proofs are rejected by both checkers, at the same line."""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest

from sudoku_sat.proofs.check import PuzzleChecker, check_texts
from sudoku_sat.proofs.formula import cnf_text
from sudoku_sat.proofs.proof import Proof, Step
from sudoku_sat.proofs.prover import Certificate, Prover, numbered
from sudoku_sat.proofs.store import proof_text

from .conftest import sample


@functools.cache
def certificates(method: str) -> list[Certificate]:
    """Two certificates by method, made once per test process (frozen: the mutations
    below make new ones with dataclasses.replace). Two, not three: the two kept hold the
    longest proofs of the three (9 and 38 steps by fl, 19 and 140 by cdcl; the third had
    14 and 111), and each check by both checkers reads the whole formula (half a second):
    the mutation searches run on the longer proof of each method, the proof for another
    puzzle is tried one way round."""
    prover = Prover(3)
    puzzles = sample("puzzles3_magictour_top1465", 2, seed=5)
    certs = [prover.certify(p.grid, method) for p in puzzles]
    assert all(isinstance(c, Certificate) for c in certs)
    return certs  # type: ignore[return-value]


def longest(method: str) -> Certificate:
    """Of the two certificates by method, the one with the longer proof."""
    return max(certificates(method), key=lambda c: len(c.proof.steps))


def renumbered(cert: Certificate, steps: list[Step]) -> Certificate:
    proof = numbered([s.lits for s in steps], [s.delete for s in steps])
    return replace(cert, proof=proof)


def lemma_places(cert: Certificate) -> list[int]:
    return [i for i, s in enumerate(cert.proof.steps) if not s.delete and s.lits]


def dropped(cert: Certificate, i: int) -> Certificate:
    """Lemma i gone."""
    steps = list(cert.proof.steps)
    return renumbered(cert, steps[:i] + steps[i + 1 :])


def flipped(cert: Certificate, i: int) -> Certificate:
    """The first literal of lemma i negated."""
    steps = list(cert.proof.steps)
    lits = steps[i].lits
    steps[i] = Step((-lits[0], *lits[1:]), False, steps[i].line)
    return renumbered(cert, steps)


def no_empty_clause(cert: Certificate) -> Certificate:
    steps = [s for s in cert.proof.steps if s.lits or s.delete]
    return renumbered(cert, steps)


def verdicts(cert: Certificate, cnf_of: Certificate | None = None) -> list[tuple[bool, int | None]]:
    """Each checker's (ok, line) on cert's proof against its CNF (or another's)."""
    owner = cnf_of or cert
    cnf = cnf_text(owner.puzzle, owner.n, owner.solution)
    proof = proof_text(cert, "0" * 64, "p.cnf").replace("c sha256 " + "0" * 64, "c no hash")
    report = check_texts(cnf, proof, "all")
    return [(v.ok, v.line) for v in report.verdicts]


CHECKER: list[PuzzleChecker] = []


def ours_only(cert: Certificate) -> bool:
    if not CHECKER:
        CHECKER.append(PuzzleChecker(3))
    return CHECKER[0].check(cert).ok


@pytest.mark.parametrize("method", ["fl", "cdcl"])
def test_a_needed_lemma_dropped_or_flipped_is_rejected_by_both_checkers(method: str) -> None:
    """Many lemmas of a proof are redundant (a failed-literal trail repeats what unit
    propagation finds; dratify and drat-trim accept a proof without them, rightly), so the
    mutation (a lemma dropped, or its first literal flipped) is applied lemma after lemma
    until one breaks the proof for the in-house checker; dratify must then reject it at
    the same line, and accept the last harmless mutation before it. Both mutations in one
    test: the unmutated proof is checked by both checkers once (a second each). On the
    certificate with the longer proof (38 steps by fl, 140 by cdcl): each mutant costs
    both checkers a reading of the whole formula, and the other proof is short."""
    cert = longest(method)
    assert verdicts(cert) == [(True, cert.proof.steps[-1].line)] * 2
    for mutate in (dropped, flipped):
        harmless = None
        for i in lemma_places(cert):
            mutant = mutate(cert, i)
            if not ours_only(mutant):
                break
            harmless = mutant
        else:
            raise AssertionError(f"no {mutate.__name__} lemma breaks the proof")
        (ours, line), theirs = verdicts(mutant)
        assert not ours and (ours, line) == theirs, mutate.__name__
        if harmless is not None:
            assert [ok for ok, _ in verdicts(harmless)] == [True, True], mutate.__name__


@pytest.mark.parametrize("method", ["fl", "cdcl"])
def test_a_proof_without_its_empty_clause_is_rejected_by_both(method: str) -> None:
    (ours, line), theirs = verdicts(no_empty_clause(longest(method)))
    assert not ours and (ours, line) == theirs


@pytest.mark.parametrize("method", ["fl", "cdcl"])
def test_a_proof_for_another_puzzle_is_rejected_by_both(method: str) -> None:
    cert, other = certificates(method)  # one way round: each costs both checkers a formula
    (ours, line), theirs = verdicts(cert, cnf_of=other)
    assert not ours and (ours, line) == theirs


def test_the_recorded_hash_catches_a_proof_for_another_formula() -> None:
    a, b = certificates("fl")[:2]
    cnf_a = cnf_text(a.puzzle, a.n, a.solution)
    cnf_b = cnf_text(b.puzzle, b.n, b.solution)
    from sudoku_sat.proofs.proof import sha256_text

    report = check_texts(cnf_b, proof_text(a, sha256_text(cnf_a), "a.cnf"), "rup")
    assert not report.ok and "was made for the formula" in report.problems[0]


def test_an_up_proof_without_its_empty_clause_still_stands() -> None:
    """Unit propagation alone refutes such a formula: both checkers accept (drat-trim too)."""
    prover = Prover(3)
    cert = next(
        c
        for p in sample("puzzles2_17_clue", 20, seed=7)
        if isinstance(c := prover.certify(p.grid), Certificate) and c.method == "up"
    )
    bare = replace(cert, proof=Proof(()))
    assert [ok for ok, _ in verdicts(bare)] == [True, True]
