"""DIMACS writer, strict reader and solver-answer parser."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_sat.dimacs import (
    compacted,
    dumps,
    map_back,
    parse_answer,
    parse_cnf,
    read_cnf,
    write_cnf_file,
)
from sudoku_sat.errors import DimacsError

clauses_st = st.integers(1, 30).flatmap(
    lambda v: st.tuples(
        st.just(v),
        st.lists(
            st.lists(st.integers(1, v).flatmap(lambda x: st.sampled_from([x, -x])), max_size=6),
            max_size=40,
        ),
    )
)


@given(clauses_st)
def test_round_trip(case: tuple[int, list[list[int]]]) -> None:
    nvars, clauses = case
    cnf = parse_cnf(dumps(nvars, clauses, ["a comment", "two"]))
    assert cnf.nvars == nvars and cnf.clauses == clauses and cnf.comments == ["a comment", "two"]


def test_layout_comments_header_one_clause_per_line() -> None:
    text = dumps(3, [[1, -2], [3], []], ["hello"])
    assert text == "c hello\np cnf 3 3\n1 -2 0\n3 0\n 0\n"


def test_file_write_is_atomic_and_readable(tmp_path: Path) -> None:
    path = tmp_path / "f.cnf"
    write_cnf_file(path, 2, [[1, 2]])
    assert read_cnf(path).clauses == [[1, 2]]
    assert [p.name for p in tmp_path.iterdir()] == ["f.cnf"]


def test_clauses_may_span_lines_when_reading() -> None:
    assert parse_cnf("p cnf 3 2\n1 2\n3 0 -1\n0\n").clauses == [[1, 2, 3], [-1]]


@pytest.mark.parametrize(
    "text, where, words",
    [
        ("p cnf 2 1\n1 3 0\n", "f:2:3", "literal 3 exceeds"),
        ("p cnf 2 2\n1 2 0\n", "f:", "announces 2 clauses, found 1"),
        ("p cnf 2 1\n1 2\n", "f:2", "not closed by 0"),
        ("1 0\n", "f:1:1", "before the 'p cnf"),
        ("p cnf 2 1\n1 0\n%\n0\n", "f:3:1", "'%' trailer"),
        ("p cnf x 1\n1 0\n", "f:1:1", "bad header"),
        ("p cnf 2 1\np cnf 2 1\n", "f:2:1", "second 'p' header"),
        ("p cnf 2 1\n1 a 0\n", "f:2:3", "'a' is not a literal"),
        ("c nothing\n", "f:", "no 'p cnf"),
    ],
)
def test_reader_errors(text: str, where: str, words: str) -> None:
    with pytest.raises(DimacsError) as info:
        parse_cnf(text, "f")
    assert str(info.value).startswith(where) and words in str(info.value)


@pytest.mark.parametrize(
    "text, status, literals",
    [
        ("c hi\ns SATISFIABLE\nv 1 -2\nv 3 0\n", "SAT", [1, -2, 3]),
        ("s UNSATISFIABLE\n", "UNSAT", []),
        ("s UNKNOWN\n", "UNKNOWN", []),
        ("SAT\n1 -2 3 0\n", "SAT", [1, -2, 3]),
        ("UNSAT\n", "UNSAT", []),
        ("INDET\n", "UNKNOWN", []),
        ("1 -2 3 0\n", "SAT", [1, -2, 3]),
    ],
)
def test_answers(text: str, status: str, literals: list[int]) -> None:
    answer = parse_answer(text)
    assert answer.status == status and answer.literals == literals


@pytest.mark.parametrize("text", ["", "s MAYBE\n", "v 1 x 0\n"])
def test_bad_answers(text: str) -> None:
    with pytest.raises(DimacsError):
        parse_answer(text)


@pytest.mark.parametrize(
    "text, words",
    [
        ("p cnf ² 1\n1 0\n", "bad header"),
        ("p cnf 3 1\n٣ 0\n", "is not a literal"),
        ("p cnf 3 1\n+1 0\n", "is not a literal"),
        ("p cnf 3 1\n1_0 0\n", "is not a literal"),
        ("p cnf 99999999999 1\n1 0\n", "32-bit range"),
        ("p cnf 3 " + "9" * 5000 + "\n1 0\n", "bad header"),
        ("p cnf 3 1\n" + "1" * 5000 + " 0\n", "is not a literal"),
    ],
)
def test_numbers_are_ascii_and_bounded(text: str, words: str) -> None:
    with pytest.raises(DimacsError, match=words):
        parse_cnf(text)


@pytest.mark.parametrize("text", ["v ² 0\n", "s SATISFIABLE\nv 1 ٣ 0\n", "9" * 5000 + "\n"])
def test_answer_literals_are_ascii_and_bounded(text: str) -> None:
    with pytest.raises(DimacsError, match="is not a literal"):
        parse_answer(text)


def test_compacted_renumbers_used_variables_in_order() -> None:
    cnf = parse_cnf("p cnf 10000000 3\n10000000 -7 0\n7 0\n-10000000 3 0\n")
    small, back = compacted(cnf)
    assert small.nvars == 3 and small.clauses == [[3, -2], [2], [-3, 1]]
    assert map_back([3, -2, 1], back) == (10000000, -7, 3)
    same, ident = compacted(parse_cnf("p cnf 2 1\n1 -2 0\n"))
    assert same.clauses == [[1, -2]] and ident == [0, 1, 2]
