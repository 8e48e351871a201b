"""The variant session on every supported PySAT solver (variants/solve.py): a solver
that takes no conflict budget (Lingeling) runs without one, on solve, count and unique
(issue 41, item 3: it ended in NotImplementedError)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.sat.pysat import NO_BUDGET, SUPPORTED, built_in
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.solve import Session, budgeted

runner = CliRunner()
KILLER = Path(__file__).resolve().parents[1] / "docs" / "data" / "killer-ukpa.json"
BUILT = [name for name in SUPPORTED if built_in(name)]


@pytest.mark.parametrize("name", BUILT)
def test_no_budget_lists_exactly_the_solvers_without_one(name: str) -> None:
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=[[1, 2]]) as s:
        try:
            s.conf_budget(10)
            takes_one = True
        except NotImplementedError:
            takes_one = False
    assert takes_one == (name not in NO_BUDGET) == budgeted(name)


@pytest.mark.parametrize("name", BUILT)
def test_the_session_finds_the_killer_unique_on_every_solver(name: str) -> None:
    (puzzle,) = parse_variants(KILLER.read_text(), str(KILLER))
    with Session(name) as session:
        assert session.unique(puzzle).verdict == "unique"
        assert len(session.solutions(puzzle, 5)) == 1  # a second puzzle on the same solver


@pytest.mark.parametrize(
    ("command", "said"), [("solve", "|"), ("count", "1"), ("unique", "unique")]
)
def test_lingeling_answers_every_command(command: str, said: str) -> None:
    result = runner.invoke(app, [command, str(KILLER), "--method", "pysat:lgl"])
    assert result.exit_code == 0 and said in result.output, result.output
