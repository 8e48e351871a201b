"""CLI: propagate on any DIMACS file, solve --method up|fl, compare (help: tests/test_cli.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat import methods
from sudoku_sat.cli import app
from sudoku_sat.cli.propagate import literal_lines
from sudoku_sat.dimacs import write_cnf_file
from sudoku_sat.encodings import decode_model
from sudoku_sat.engines.propagation import BACKENDS, LEVELS
from sudoku_sat.methods import parse_method

from .conftest import EASY, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, dataset_path

runner = CliRunner()


def test_solve_help_lists_the_engines() -> None:
    result = runner.invoke(app, ["solve", "--help"])
    assert "up:" in result.output and "fl:" in result.output


@pytest.fixture
def cnf(tmp_path: Path) -> Path:
    path = tmp_path / "f.cnf"
    write_cnf_file(path, 6, [[-1, 3], [-1, -3], [1, 2, 4], [4, 5], [-5, 6], [-4]])
    return path


def test_propagate_text(cnf: Path) -> None:
    result = runner.invoke(app, ["propagate", str(cnf)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "s FIXPOINT"
    assert lines[1] == "v -4 5 6 0"
    assert "c propagations 3" in lines


def test_propagate_fl_json_and_check(cnf: Path) -> None:
    result = runner.invoke(app, ["propagate", str(cnf), "--method", "fl", "--json", "--check"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["status"] == "fixpoint"
    assert data["literals"] == [-1, 2, -4, 5, 6]
    assert data["stats"]["failed"] == 1
    assert [c["ok"] for c in data["checks"]] == [True, True]


def test_propagate_conflict_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "u.cnf"
    write_cnf_file(path, 3, [[1, 2], [1, -2], [-1, 3], [-1, -3]])
    up = runner.invoke(app, ["propagate", str(path), "--check"])
    assert up.exit_code == 0 and up.output.startswith("s FIXPOINT\nv 0\n")
    fl = runner.invoke(app, ["propagate", str(path), "--method", "fl", "--json", "--check"])
    assert fl.exit_code == 1
    assert json.loads(fl.output)["status"] == "conflict"


def test_propagate_bad_dimacs_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.cnf"
    path.write_text("p cnf 2 1\n1 3 0\n")
    result = runner.invoke(app, ["propagate", str(path)])
    assert result.exit_code == 2
    assert "bad.cnf:2:3" in result.output and "Traceback" not in result.output


def test_propagate_reads_stdin() -> None:
    result = runner.invoke(app, ["propagate", "-", "--json"], input="p cnf 2 2\n1 0\n-1 2 0\n")
    assert json.loads(result.output)["literals"] == [1, 2]


def test_propagate_choices_are_the_library_s_and_checked(cnf: Path) -> None:
    for name in LEVELS:
        for backend in BACKENDS:
            assert parse_method(f"{name}:{backend}", methods.LEVELS).backend == backend
    result = runner.invoke(app, ["propagate", str(cnf), "--method", "up:gpu"])
    assert result.exit_code == 2 and "back-end" in result.output


def test_literal_lines_wrap() -> None:
    assert literal_lines(list(range(1, 4)), width=2) == ["v 1 2", "v 3 0"]
    assert literal_lines([]) == ["v 0"]


@pytest.fixture
def grids(tmp_path: Path) -> Path:
    path = tmp_path / "grids.txt"
    path.write_text(f"{EASY}\n{TRES_DIFFICILE}\n")
    return path


def test_solve_with_the_engines(grids: Path) -> None:
    up = runner.invoke(app, ["solve", str(grids), "--method", "up", "--format", "line"])
    assert up.exit_code == 1  # the hard grid stays open: a result, not an error
    first, second = up.stdout.splitlines()[:2]
    assert "." not in first and second.startswith("# PARTIAL")
    assert second.split(": ")[-1].count(".") == TRES_DIFFICILE.count("0") - 1
    fl = runner.invoke(app, ["solve", str(grids), "--method", "fl", "--json"])
    records = json.loads(fl.stdout)
    assert [r["status"] for r in records] == ["solved", "partial"]
    assert records[1]["stats"]["failed"] > 0


def test_compare_per_puzzle_table_and_json(grids: Path) -> None:
    text = runner.invoke(app, ["compare", str(grids), "--methods", "pysat:m22,pysat:g4", "--check"])
    assert text.exit_code == 0, text.output
    assert "| engine | status" in text.stdout and "| g4 " in text.stdout
    assert text.stdout.count("check ") == 10
    data = json.loads(runner.invoke(app, ["compare", str(grids), "--json"]).stdout)
    assert [r["engine"] for r in data[1]["rows"]] == ["up", "fl", "m22", "g4", "cd19"]


def test_compare_dataset_summary_and_json_file(tmp_path: Path) -> None:
    path = dataset_path("puzzles6_forum_hardest_1106")
    text = runner.invoke(
        app, ["compare", "--dataset", str(path), "--limit", "6", "--methods", "pysat:m22"]
    )
    assert text.exit_code == 0, text.output
    assert "6 puzzles (random sample of 375, seed 0)" in text.stdout
    assert "| engine | puzzles | solved | solved %" in text.stdout
    out = tmp_path / "summary.json"
    args = ["compare", "--dataset", str(path), "--limit", "6", "--jobs", "2", "-o", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    data = json.loads(out.read_text())
    assert [e["engine"] for e in data["engines"]] == ["up", "fl", "m22", "g4", "cd19"]
    assert data["engines"][2]["solved"] == 6
    alone = runner.invoke(app, ["compare", "--dataset", str(path), "--limit", "3", "--json"])
    assert json.loads(alone.stdout)["engines"][0]["puzzles"] == 3


def test_compare_input_errors(grids: Path) -> None:
    assert runner.invoke(app, ["compare"]).exit_code == 2
    assert runner.invoke(app, ["compare", str(grids), "--dataset", str(grids)]).exit_code == 2
    before = grids.read_text()
    same = runner.invoke(app, ["compare", "--dataset", str(grids), "-o", str(grids)])
    assert same.exit_code == 2 and "overwrite" in same.stderr and grids.read_text() == before
    unknown = runner.invoke(app, ["compare", str(grids), "--methods", "pysat:nope"])
    assert unknown.exit_code == 3 and "unknown PySAT solver" in unknown.output


@pytest.mark.parametrize("command", ["compare", "solve", "count", "unique", "show", "rate"])
def test_a_wrong_file_solution_is_bad_input_for_every_command(tmp_path: Path, command: str) -> None:
    wrong = "1" * 9 + TRES_DIFFICILE_SOLUTION[9:]
    path = tmp_path / "p.txt"
    path.write_text(f"{TRES_DIFFICILE}:1:{wrong}\n")
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"sudoku-sat: error: {path}:1:85: the solution field does not solve the puzzle: "
        "cells r1c1 and r1c2 both hold 1\n"
    )


def test_jobs_above_the_core_count_are_lowered(tmp_path: Path) -> None:
    """One puzzle (one chunk, so no worker process is started: 5-20 s of spawning two
    workers, which other tests pay): the note comes from the option, before any work."""
    import os

    one = tmp_path / "one.txt"
    one.write_text(EASY + "\n")
    cores = len(os.sched_getaffinity(0))
    args = ["compare", str(one), "--methods", "none", "--jobs", str(cores + 7), "-q"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert f"--jobs {cores + 7} lowered to the {cores} core(s)" in result.stderr


def write_pigeonhole(path: Path, holes: int) -> None:
    """holes + 1 pigeons in holes holes: refuted exactly from level holes - 1 on."""
    pigeons = holes + 1

    def v(i: int, j: int) -> int:
        return i * holes + j + 1

    clauses = [[v(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [
        [-v(a, j), -v(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a)
    ]
    write_cnf_file(path, pigeons * holes, clauses)


def test_propagate_levels_on_a_cnf_checked_against_pysat(tmp_path: Path) -> None:
    path = tmp_path / "php.cnf"
    write_pigeonhole(path, 3)
    fl = runner.invoke(app, ["propagate", str(path), "--method", "fl", "--json", "--check"])
    assert fl.exit_code == 0, fl.output
    assert json.loads(fl.output)["status"] == "fixpoint"
    fl2 = runner.invoke(app, ["propagate", str(path), "--method", "fl2", "--json", "--check"])
    assert fl2.exit_code == 1
    data = json.loads(fl2.output)
    assert data["status"] == "conflict" and data["stats"]["probes"] > 0
    assert [c["name"] for c in data["checks"]] == [
        "FL2 == FL2 by PySAT propagate",
        "derived literals entailed",
    ]
    assert all(c["ok"] for c in data["checks"])


def test_propagate_unknown_level_is_exit_2(cnf: Path) -> None:
    result = runner.invoke(app, ["propagate", str(cnf), "--method", "fl10"])
    assert result.exit_code == 2 and "--method" in result.output


def test_propagate_encoded_cnf_equals_propagate_encoding(tmp_path: Path) -> None:
    """propagate --method L on the file of encode --encoding E and propagate --encoding E
    --method L derive the same grid; --check holds on every encoding (PySAT)."""
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(TRES_DIFFICILE + "\n")
    for encoding in ("minimal", "natural", "extended", "augmented", "reduced"):
        cnf = tmp_path / f"{encoding}.cnf"  # one file an encoding, propagated at each level
        runner.invoke(app, ["encode", str(puzzles), "--encoding", encoding, "-o", str(cnf)])
        for level in ("up", "fl"):
            direct = runner.invoke(
                app,
                ["propagate", str(puzzles), "--encoding", encoding, "--method", level]
                + ["--json", "--check"],
            )
            assert direct.exit_code == 0, direct.output
            [one] = json.loads(direct.output)
            assert all(c["ok"] for c in one["checks"]), (encoding, level, one["checks"])
            whole = runner.invoke(app, ["propagate", str(cnf), "--method", level, "--json"])
            literals = json.loads(whole.output)["literals"]
            givens = tuple(map(int, TRES_DIFFICILE)) if encoding == "reduced" else None
            cells, _ = decode_model(literals, 3, givens)
            assert one["grid"] == list(cells), (encoding, level)


def test_propagate_encoding_fl2_text_solves_a_forum_hardest_puzzle(tmp_path: Path) -> None:
    line = dataset_path("puzzles6_forum_hardest_1106").read_text().splitlines()[2]
    puzzles = tmp_path / "h.txt"
    puzzles.write_text(line + "\n")
    fl = runner.invoke(app, ["propagate", str(puzzles), "--encoding", "augmented"])
    assert fl.exit_code == 0 and ": FIXPOINT " in fl.output
    fl2 = runner.invoke(
        app, ["propagate", str(puzzles), "--encoding", "extended", "--method", "fl2", "--check"]
    )
    assert fl2.exit_code == 0, fl2.output
    head, grid, *checks = fl2.output.splitlines()
    assert ": SOLVED 81/81 cells" in head and "." not in grid and len(grid) == 81
    assert checks == [
        "c check FL2 == FL2 by PySAT propagate: ok",
        "c check derived literals entailed: ok",
    ]


def test_propagate_encoding_conflict_exits_1(tmp_path: Path) -> None:
    puzzles = tmp_path / "bad.txt"
    puzzles.write_text("11" + "." * 79 + "\n")
    result = runner.invoke(app, ["propagate", str(puzzles), "--encoding", "natural"])
    assert result.exit_code == 1 and ": CONFLICT 2/81 cells" in result.output
