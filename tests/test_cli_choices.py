"""The CLI's choice Enums hold exactly the names the library defines (typer needs static
Enum classes for --help and for mypy; the names themselves live in the library)."""

from __future__ import annotations

from enum import Enum

import pytest

from sudoku_sat.accel import BACKENDS
from sudoku_sat.anneal.params import VARIANTS
from sudoku_sat.cli import _encoding_options, anneal, certify, count, generate, propagate
from sudoku_sat.encodings import ENCODINGS
from sudoku_sat.encodings.amo import AMO_METHODS
from sudoku_sat.engines.propagation import ENGINES
from sudoku_sat.proofs.check import CHECKERS as PROOF_CHECKERS
from sudoku_sat.proofs.prover import PROVERS
from sudoku_sat.puzzles.checkers import CHECKERS
from sudoku_sat.puzzles.counting import METHODS
from sudoku_sat.puzzles.emptying import EMPTY_METHODS
from sudoku_sat.puzzles.fill import FILL_METHODS

PAIRS: list[tuple[type[Enum], tuple[str, ...]]] = [
    (_encoding_options.EncodingName, (*ENCODINGS, "candidates")),
    (_encoding_options.AmoName, AMO_METHODS),
    (anneal.VariantName, VARIANTS),
    (anneal.BackendName, BACKENDS),
    (certify.CheckerName, PROOF_CHECKERS),
    (certify.ProverName, PROVERS),
    (certify.Backend, BACKENDS),
    (count.Method, ("auto", *METHODS, "all")),
    (generate.Fill, FILL_METHODS),
    (generate.Empty, EMPTY_METHODS),
    (generate.CheckerName, CHECKERS),
    (propagate.Backend, BACKENDS),
]


@pytest.mark.parametrize(("choice", "names"), PAIRS, ids=lambda x: getattr(x, "__name__", ""))
def test_cli_choices_are_the_library_names(choice: type[Enum], names: tuple[str, ...]) -> None:
    assert {member.value for member in choice} == set(names)


def test_propagate_offers_every_engine() -> None:
    assert set(ENGINES) <= {member.value for member in propagate.EngineName}
