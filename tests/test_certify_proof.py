"""The DRUP reader and writer: round trips, the formula hash, errors naming line and column."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_sat.errors import DimacsError
from sudoku_sat.proofs.proof import Step, format_proof, hash_comment, parse_proof, sha256_text

LITS = st.lists(st.integers(1, 50).flatmap(lambda v: st.sampled_from([v, -v])), max_size=6)


@given(st.lists(st.tuples(LITS, st.booleans()), max_size=20))
def test_format_then_parse_gives_the_steps_back(raw: list[tuple[list[int], bool]]) -> None:
    steps = [Step(tuple(lits), delete) for lits, delete in raw]
    proof = parse_proof(format_proof(steps, ["a comment"]), 50)
    assert [(s.lits, s.delete) for s in proof.steps] == [(s.lits, s.delete) for s in steps]
    assert [s.line for s in proof.steps] == list(range(2, len(steps) + 2))


def test_the_hash_comment_names_the_formula() -> None:
    digest = sha256_text("p cnf 1 1\n1 0\n")
    proof = parse_proof(format_proof([()], [hash_comment(digest, "f.cnf"), "other"]))
    assert proof.sha256 == digest
    assert parse_proof("c just a comment\n0\n").sha256 is None


def test_deletions_and_lemmas_are_told_apart() -> None:
    proof = parse_proof("1 2 0\nd 1 2 0\n-1 0\n0\n")
    assert [(s.lits, s.delete, s.line) for s in proof.steps] == [
        ((1, 2), False, 1),
        ((1, 2), True, 2),
        ((-1,), False, 3),
        ((), False, 4),
    ]
    assert proof.lemmas == 3


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("1 2 0\n1 x 0\n", 2, 3, "'x' is not a literal"),
        ("1 2\n", 1, 4, "not closed by 0"),
        ("1 0 2 0\n", 1, 5, "after the closing 0"),
        ("0\n  7 0\n", 2, 3, "exceeds the formula's 5 variables"),
        ("d\n", 1, 2, "not closed by 0"),
    ],
)
def test_malformed_proofs_name_line_and_column(
    text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(DimacsError) as err:
        parse_proof(text, 5, "p.drup")
    assert (err.value.line, err.value.column) == (line, column)
    assert words in str(err.value) and str(err.value).startswith(f"p.drup:{line}:{column}:")
