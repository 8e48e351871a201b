"""The in-house RUP checker: hand-made cases, both back-ends, and dratify on random CNFs."""

from __future__ import annotations

import random

import pytest

from sudoku_sat.accel import numba_available
from sudoku_sat.dimacs import dumps
from sudoku_sat.proofs.external import check_dratify
from sudoku_sat.proofs.proof import Proof, parse_proof
from sudoku_sat.proofs.rup import RupChecker, Verdict

BACKENDS = [
    "python",
    pytest.param(
        "numba", marks=pytest.mark.skipif(not numba_available(), reason="numba not installed")
    ),
]
XOR2 = [[1, 2], [-1, 2], [1, -2], [-1, -2]]  # UNSAT, not by unit propagation alone


def ours(nvars: int, clauses: list[list[int]], text: str, backend: str) -> Verdict:
    return RupChecker(nvars, clauses, backend).check(parse_proof(text, nvars))


def theirs(nvars: int, clauses: list[list[int]], text: str) -> Verdict:
    return check_dratify(dumps(nvars, clauses), text, parse_proof(text, nvars).steps)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("clauses", "proof", "ok", "line"),
    [
        (XOR2, "2 0\n0\n", True, 2),
        (XOR2, "0\n", False, 1),  # the empty clause is not RUP at once
        (XOR2, "2 0\n", False, None),  # no empty clause
        (XOR2, "d -1 2 0\n2 0\n0\n", False, 2),  # the deletion is honoured
        ([[1, 2], *XOR2], "d 1 2 0\n2 0\n0\n", True, 3),  # one copy of (1 2) stays
        ([[1, 2], *XOR2], "d 1 2 0\nd 1 2 0\n2 0\n0\n", False, 3),  # both copies go
        ([[1], [-1, 2, 3], [-1, 2, -3], [-1, -2, 3], [-1, -2, -3]], "d 1 0\n2 0\n0\n", True, 3),
        ([[3, 1, 2], [3, -1, 2], [-3], [1, -2], [-1, -2]], "2 0\n0\n", True, 2),
        ([[3, 1, 2], [3, -1, 2], [-3], [1, -2], [-1, -2]], "d 3 -1 2 0\n2 0\n0\n", False, 2),
        ([[1, 2, 3], [1, 2, -3], [1, -2], [-1]], "0\n", True, None),  # UP refutes the formula
        (XOR2, "1 2 0\n-1 2 0\n2 0\n1 -1 0\n0\n", True, 5),  # a tautology is RUP
    ],
)
def test_hand_made_proofs(
    backend: str, clauses: list[list[int]], proof: str, ok: bool, line: int | None
) -> None:
    verdict = ours(3, clauses, proof, backend)
    assert verdict.ok is ok, verdict.reason
    assert verdict.line == line
    assert theirs(3, clauses, proof).ok is ok


def random_unsat(rng: random.Random, nvars: int = 18) -> list[list[int]]:
    """A random 3-CNF past the threshold that PySAT finds UNSAT."""
    from pysat.solvers import Solver

    while True:
        clauses = [
            [v * rng.choice((1, -1)) for v in rng.sample(range(1, nvars + 1), 3)]
            for _ in range(int(nvars * 5.5))
        ]
        with Solver(name="m22", bootstrap_with=clauses) as s:
            if not s.solve():
                return clauses


def solver_proof(clauses: list[list[int]], name: str) -> str:
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=clauses, with_proof=True) as s:
        assert not s.solve()
        return "\n".join(s.get_proof()) + "\n"


def mutations(text: str, rng: random.Random) -> list[str]:
    """The proof with a lemma dropped, a literal flipped, its last line dropped."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    lemmas = [i for i, ln in enumerate(lines) if not ln.startswith("d") and ln.strip() != "0"]
    out = (
        []
        if not lemmas
        else ["\n".join(lines[:i] + lines[i + 1 :]) + "\n" for i in rng.sample(lemmas, 1)]
    )
    for i in rng.sample(lemmas, min(2, len(lemmas))):
        lits = lines[i].split()
        j = rng.randrange(len(lits) - 1)
        lits[j] = str(-int(lits[j]))
        out.append("\n".join([*lines[:i], " ".join(lits), *lines[i + 1 :]]) + "\n")
    out.append("\n".join(lines[:-1]) + "\n")
    return out


@pytest.mark.parametrize("name", ["glucose42", "cadical195", "lingeling"])
def test_solver_proofs_and_their_mutations_get_the_same_verdicts(name: str) -> None:
    """On random UNSAT 3-CNFs: both back-ends and dratify agree, proof after proof."""
    rng = random.Random(name)
    rejected = 0
    for _ in range(6):
        clauses = random_unsat(rng)
        proof = solver_proof(clauses, name)
        assert ours(18, clauses, proof, "python").ok
        for text in [proof, *mutations(proof, rng)]:
            verdicts = [
                ours(18, clauses, text, b)
                for b in ("python", "numba")
                if b == "python" or numba_available()
            ]
            expected = theirs(18, clauses, text)
            assert {v.ok for v in verdicts} == {expected.ok}, (text, verdicts, expected)
            assert {v.line for v in verdicts} == {expected.line}
            rejected += not expected.ok
    assert rejected > 0  # the mutations are not all harmless


def test_a_checker_serves_many_proofs_with_extra_clauses() -> None:
    """The base is indexed once; each check adds its own clauses and leaves no trace."""
    checker = RupChecker(3, [[1, 2], [1, -2]], "python")
    assert checker.check(parse_proof("0\n", 3), [[-1, 3], [-1, -3]]).ok is False
    assert checker.check(parse_proof("1 0\n0\n", 3), [[-1, 3], [-1, -3]]).ok
    assert checker.check(parse_proof("d 1 2 0\n1 0\n0\n", 3), [[-1, 3], [-1, -3]]).ok is False
    assert checker.check(parse_proof("1 0\n0\n", 3), [[-1, 3], [-1, -3]]).ok  # (1 2) is back
    assert checker.check(Proof(()), [[-1]]).ok  # unit propagation refutes base ∧ extra


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_formula_with_the_empty_clause_needs_no_proof(backend: str) -> None:
    assert RupChecker(2, [[1, 2], []], backend).check(Proof(())).ok
    assert RupChecker(2, [[1, 2]], backend).check(Proof(()), [[]]).ok
