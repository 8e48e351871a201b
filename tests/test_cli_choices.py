"""The CLI's choices hold exactly the names the library defines: the Enums typer needs
for --encoding, --amo, --fill and --empty, and the method names of
:mod:`sudoku_sat.methods` that --method and --methods take."""

from __future__ import annotations

from enum import Enum

import pytest

from sudoku_sat import methods
from sudoku_sat.accel import BACKENDS
from sudoku_sat.anneal.params import VARIANTS
from sudoku_sat.cli import _encoding_options, generate
from sudoku_sat.encodings import ENCODINGS
from sudoku_sat.encodings.amo import AMO_METHODS
from sudoku_sat.engines.propagation import ENGINES, LEVELS
from sudoku_sat.engines.registry import ENGINE_NAMES
from sudoku_sat.proofs.prover import PROVERS
from sudoku_sat.puzzles.checkers import CHECKERS
from sudoku_sat.puzzles.counting import METHODS
from sudoku_sat.puzzles.emptying import EMPTY_METHODS
from sudoku_sat.puzzles.fill import FILL_METHODS

PAIRS: list[tuple[type[Enum], tuple[str, ...]]] = [
    (_encoding_options.EncodingName, (*ENCODINGS, "candidates")),
    (_encoding_options.AmoName, AMO_METHODS),
    (generate.Fill, FILL_METHODS),
    (generate.Empty, EMPTY_METHODS),
]


@pytest.mark.parametrize(("choice", "names"), PAIRS, ids=lambda x: getattr(x, "__name__", ""))
def test_cli_choices_are_the_library_names(choice: type[Enum], names: tuple[str, ...]) -> None:
    assert {member.value for member in choice} == set(names)


def test_the_method_names_are_the_librarys() -> None:
    assert methods.BACKENDS == BACKENDS
    assert methods.LEVELS == LEVELS and set(ENGINES) <= set(methods.LEVELS)
    assert set(methods.SOLVE) == {"auto", "pysat", "bin", *ENGINE_NAMES}
    assert ("auto", *METHODS, "all") == methods.COUNT
    assert set(methods.EMPTY) == set(CHECKERS)
    assert set(methods.ANNEAL) == set(VARIANTS)
    assert {"cdcl" if m == "pysat" else m for m in methods.PROVE} == set(PROVERS)


OLD_CHOOSERS = {
    "--backend", "--backtrack-engine", "--binaries", "--checker", "--counter", "--engine",
    "--external", "--level", "--levels", "--proof-solver", "--prover", "--solver",
    "--solvers", "--variant", "--killer", "--split", "--ti", "--tf",
}  # fmt: skip
"""Option names the CLI no longer has: each chose who answers (or repeated another flag)."""


def test_one_flag_chooses_who_answers_across_the_cli() -> None:
    """Every command's --help: no old chooser name, and the options that take a method
    are --method and --methods, nothing else (docs/glossary.md)."""
    import re

    from typer.testing import CliRunner

    from sudoku_sat.cli import COMMANDS, app

    runner = CliRunner()
    choosers: set[str] = set()
    for command in COMMANDS:
        result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, command
        names = set(re.findall(r"(--[a-z][a-z0-9-]*)", result.output))
        assert not names & OLD_CHOOSERS, (command, names & OLD_CHOOSERS)
        choosers |= set(re.findall(r"(--[a-z][a-z0-9-]*)\s+METHODS?\b", result.output))
    assert choosers == {"--method", "--methods"}
