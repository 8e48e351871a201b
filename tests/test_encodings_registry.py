"""The registry: one encode for every encoding, names checked, comments read back."""

from __future__ import annotations

import pytest

from sudoku_sat.encoding import encode as centrale
from sudoku_sat.encodings import (
    AMO_METHODS,
    DEFAULT_ENCODING,
    ENCODINGS,
    Header,
    comments,
    decode_model,
    encode,
    infer_order,
    nvars,
    read_comments,
    rules,
)
from sudoku_sat.errors import DimacsError, SudokuSatError
from sudoku_sat.grid import Grid

from .conftest import EASY

PUZZLE: Grid = tuple(int(c) for c in EASY)


def test_the_default_is_the_centrale_formula_with_its_clue_parts() -> None:
    assert DEFAULT_ENCODING == "extended"
    ours, theirs = encode(PUZZLE, 3), centrale(PUZZLE, 3)
    assert ours.clauses == theirs.clauses and ours.counts() == theirs.counts()
    assert ours.nvars == 729 and ours.aux_vars == 0
    assert encode(PUZZLE, 3, with_f2=False).clauses == centrale(PUZZLE, 3, with_f2=False).clauses


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("encoding", ENCODINGS[:4])
def test_clue_parts_come_first_then_the_rules(encoding: str, amo: str) -> None:
    formula = encode(PUZZLE, 3, encoding, amo)
    names = list(formula.counts())
    assert names[:2] == ["F1", "F2"]
    assert formula.parts[2:] == rules(3, encoding, amo).parts
    assert formula.nvars == nvars(3, encoding, amo) and formula.givens is None


def test_reduced_needs_a_grid() -> None:
    with pytest.raises(SudokuSatError, match="needs a grid"):
        encode(None, 3, "reduced")
    assert rules(3, "reduced").parts == rules(3, "extended").parts


def test_unknown_names_are_errors() -> None:
    with pytest.raises(SudokuSatError, match="unknown encoding 'tiny'"):
        encode(PUZZLE, 3, "tiny")
    with pytest.raises(SudokuSatError, match="unknown --amo 'ladder'"):
        encode(PUZZLE, 3, amo="ladder")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_comments_round_trip(encoding: str) -> None:
    formula = encode(PUZZLE, 3, encoding, "product")
    header = read_comments(["some other line", *comments(formula)])
    givens = PUZZLE if encoding == "reduced" else None
    assert header == Header(encoding, "product", 3, givens)


def test_bad_or_missing_comments() -> None:
    assert read_comments(["x(i,j,k) = 81*i + 9*j + k"]) is None
    with pytest.raises(DimacsError, match="without a valid 'givens'"):
        read_comments(["encoding reduced amo pairwise order 3"])
    with pytest.raises(DimacsError, match="bad givens"):
        read_comments(["encoding reduced amo pairwise order 3", "givens 1,x"])
    with pytest.raises(DimacsError, match="bad encoding comment"):
        read_comments(["encoding huge amo pairwise order 3"])


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("encoding", ENCODINGS[:4])
@pytest.mark.parametrize("n", (2, 3, 4))
def test_order_inferred_from_a_full_model(n: int, encoding: str, amo: str) -> None:
    top = nvars(n, encoding, amo)
    assert infer_order([1, -2, top]) == n


def test_order_not_inferred_from_a_partial_list() -> None:
    assert infer_order([5, 81]) is None
    assert infer_order([]) is None


def test_decode_model_ignores_auxiliaries() -> None:
    grid, clashes = decode_model([1, 6, 11, 16, 100_000], 1 + 1)
    assert grid[:2] == (1, 2) and not clashes
