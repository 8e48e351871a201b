"""sudoku_sat.puzzles.encoded: a puzzle written as DIMACS, solved by PySAT from the file
alone, and the answer read back to the known solution, in every encoding."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from sudoku_sat.encodings import ENCODINGS
from sudoku_sat.errors import DimacsError, SudokuSatError
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.encoded import EncodeOptions, choose_encoding, decode_answer, write_encoded

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION


def test_the_encoding_follows_the_order_and_refuses_what_cannot_be_written() -> None:
    assert choose_encoding(3) == "extended" and choose_encoding(7) == "candidates"
    assert choose_encoding(5, "reduced") == "reduced"
    with pytest.raises(SudokuSatError, match="--rules-only has no candidates form"):
        choose_encoding(3, "candidates", rules_only=True)
    with pytest.raises(SudokuSatError, match="too large to write"):
        choose_encoding(9, "extended")


@pytest.mark.parametrize("encoding", [*ENCODINGS, "candidates"])
def test_written_solved_and_read_back(tmp_path: Path, encoding: str) -> None:
    puzzle = parse_puzzles(TRES_DIFFICILE, "grid")[0]
    data = io.BytesIO()
    write_encoded(puzzle, EncodeOptions(encoding), data)
    cnf_path = tmp_path / "p.cnf"
    cnf_path.write_bytes(data.getvalue())
    with Solver("m22", bootstrap_with=CNF(from_file=str(cnf_path)).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    answer = tmp_path / "answer.txt"
    answer.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    decoded = decode_answer(str(answer), str(cnf_path), puzzle)
    assert decoded.status == "SAT" and decoded.n == 3
    assert "".join(map(str, decoded.grid or ())) == TRES_DIFFICILE_SOLUTION
    answer.write_text("s UNSATISFIABLE\n")
    assert decode_answer(str(answer), str(cnf_path)).grid is None


def test_a_model_that_is_not_a_solution_is_refused(tmp_path: Path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text("v " + " ".join(str(9 * cell + 1) for cell in range(81)) + " 0\n")  # all 1s
    with pytest.raises(DimacsError, match="not a solution"):
        decode_answer(str(answer), order=3)
