"""The ``count`` and ``unique`` commands through typer's CliRunner."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles import counting
from sudoku_sat.puzzles.counting import available_methods

from .conftest import EASY, dataset_path

runner = CliRunner()
EMPTY_4X4 = "....\n....\n....\n....\n"
CLASH = "11" + "." * 79


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "puzzles.txt"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("command", ["count", "unique"])
def test_every_command_has_help(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "puzzles" in result.output.lower() and "--json" in result.output


@pytest.mark.parametrize("method", ["eup", "pysat", "all"])
def test_empty_4x4_prints_288_or_the_cap(tmp_path: Path, method: str) -> None:
    path = write(tmp_path, EMPTY_4X4)
    result = runner.invoke(app, ["count", path, "--cap", "1000", "--method", method])
    assert result.exit_code == 0, result.output
    assert result.stdout == "288\n"
    result = runner.invoke(app, ["count", path, "--cap", "10", "--method", method])
    assert result.stdout == ">=10\n"


def test_count_prints_one_line_per_puzzle_in_order(tmp_path: Path) -> None:
    path = write(tmp_path, f"{EASY}\n{CLASH}\n# a comment\n{'.' * 81}\n")
    result = runner.invoke(app, ["count", path, "--cap", "5"])
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["1", "0", ">=5"]


def test_count_json_reports_every_method(tmp_path: Path) -> None:
    path = write(tmp_path, f"{EASY}\n{CLASH}\n")
    result = runner.invoke(app, ["count", path, "--method", "all", "--json", "--cap", "3"])
    assert result.exit_code == 0
    records = json.loads(result.stdout)
    assert [r["count"] for r in records] == [1, 0]
    assert set(records[0]["methods"]) == set(available_methods())
    assert records[0]["origin"].endswith("puzzles.txt:1") and not records[0]["capped"]


def test_count_all_names_the_puzzle_when_methods_disagree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, f"{EASY}\n{CLASH}\n")
    monkeypatch.setattr(counting, "count_many", lambda items, cap=2: [1] * len(items))
    result = runner.invoke(app, ["count", path, "--method", "all"])
    assert result.exit_code == 3
    assert result.stdout.splitlines()[0] == "1"
    assert result.stdout.splitlines()[1].startswith("eup=1 pysat=0")
    assert "methods disagree on puzzle 2" in result.stderr and "puzzles.txt:2" in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("sudoku-sat: error: ")


def test_count_names_ten_disagreements_then_how_many_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, f"{CLASH}\n" * 12)
    monkeypatch.setattr(counting, "count_many", lambda items, cap=2: [1] * len(items))
    result = runner.invoke(app, ["count", path, "--method", "all", "-q"])
    assert result.exit_code == 3 and result.stderr.count("\n") == 1
    assert "puzzle 10 (" in result.stderr and "puzzle 11" not in result.stderr
    assert result.stderr.rstrip().endswith("and 2 more")


def test_count_rejects_a_cap_below_one() -> None:
    result = runner.invoke(app, ["count", "-", "--cap", "0"], input=EMPTY_4X4)
    assert result.exit_code == 2


def test_count_reads_stdin() -> None:
    result = runner.invoke(app, ["count", "-", "--cap", "1000"], input=EMPTY_4X4)
    assert result.stdout == "288\n"


def test_count_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, EASY + "\n" + "x" + "." * 80 + "\n")
    result = runner.invoke(app, ["count", path])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "puzzles.txt:2:1" in result.stderr


def test_count_unknown_pysat_solver_exits_3(tmp_path: Path) -> None:
    result = runner.invoke(app, ["count", write(tmp_path, EASY), "--method", "pysat:zz"])
    assert result.exit_code == 3


@pytest.mark.parametrize("method", ["eup", "pysat"])
def test_unique_exit_codes_and_messages(tmp_path: Path, method: str) -> None:
    unique = runner.invoke(app, ["unique", write(tmp_path, EASY + "\n"), "--method", method])
    assert (unique.exit_code, unique.stdout) == (0, "unique\n")
    several = runner.invoke(
        app, ["unique", write(tmp_path, f"{EASY}\n{'.' * 81}\n"), "--method", method]
    )
    assert several.exit_code == 1 and several.stdout.splitlines() == ["unique", "several"]
    assert "puzzle 2" in several.stderr and "several solutions" in several.stderr
    none = runner.invoke(
        app, ["unique", write(tmp_path, f"{'.' * 81}\n{CLASH}\n"), "--method", method]
    )
    assert none.exit_code == 4 and none.stdout.splitlines() == ["several", "none"]
    assert "puzzle 2" in none.stderr and "no solution" in none.stderr


def test_unique_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["unique", write(tmp_path, f"{EASY}\n{CLASH}\n"), "--json"])
    assert result.exit_code == 4
    assert [r["verdict"] for r in json.loads(result.stdout)] == ["unique", "none"]


def test_unique_on_the_reference_file() -> None:
    path = dataset_path("counts_reference.txt")
    lines = [line for line in path.read_text().splitlines() if line.split(":")[1] == "1"]
    result = runner.invoke(app, ["unique", "-", "-q"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0 and result.stdout.count("unique") == len(lines)


def test_unique_summarises_long_lists_on_the_reference_file() -> None:
    path = dataset_path("counts_reference.txt")
    result = runner.invoke(app, ["unique", str(path), "-q"])
    assert result.exit_code == 4
    assert result.stdout.splitlines().count("none") == 10
    assert result.stderr.count("has no solution") == 10
    assert "25 of 43 puzzles not unique (10 none, 15 several)" in result.stderr


def test_unique_all_methods_disagreeing_exits_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(counting, "count_many", lambda items, cap=2: [2] * len(items))
    result = runner.invoke(app, ["unique", write(tmp_path, EASY + "\n"), "--method", "all"])
    assert result.exit_code == 3 and result.stdout == "disagree\n"
    assert "puzzle 1" in result.stderr and "different counts" in result.stderr


def test_solve_engine_eup() -> None:
    result = runner.invoke(app, ["solve", "-", "--method", "eup", "--format", "line"], input=EASY)
    assert result.exit_code == 0
    solution = parse_puzzles(result.stdout)[0].grid
    assert is_solution(solution, 3, parse_puzzles(EASY)[0].grid)


def test_jobs_give_the_output_of_one_process(tmp_path: Path) -> None:
    lines = dataset_path("counts_reference.txt").read_text().split()
    path = write(tmp_path, "\n".join(line.split(":")[0] for line in lines[:30]) + "\n")
    for command in (["unique", path], ["count", path, "--cap", "50"]):
        one = runner.invoke(app, [*command, "-q"])
        two = runner.invoke(app, [*command, "-q", "--jobs", "2"])
        assert one.stdout == two.stdout and one.exit_code == two.exit_code
        assert len(one.stdout.splitlines()) == 30


def test_unique_no_solution_has_its_own_exit_code(tmp_path: Path) -> None:
    result = runner.invoke(app, ["unique", write(tmp_path, f"{EASY}\n{CLASH}\n")])
    assert result.exit_code == 4 and result.exit_code != 2
    assert "no solution" in result.stderr


def test_auto_picks_the_measured_method_per_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudoku_sat.puzzles.counting import AUTO_METHOD, AUTO_METHOD_PYTHON

    assert AUTO_METHOD[3] == "eup" and AUTO_METHOD[4] == "eup"
    assert all(AUTO_METHOD[n] == "candidates" for n in range(5, 16))
    assert AUTO_METHOD_PYTHON[3] == "pysat" and AUTO_METHOD_PYTHON[4] == "eup"
    result = runner.invoke(app, ["count", write(tmp_path, EASY), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["methods"] == {"eup": 1}
    monkeypatch.setattr(counting, "numba_available", lambda: False)
    result = runner.invoke(app, ["count", write(tmp_path, EASY), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)[0]["methods"] == {"pysat": 1}


@pytest.mark.parametrize("command", ["count", "unique"])
def test_help_and_docs_list_bin_for_variants(command: str) -> None:
    """count/unique --help and docs/cli.md did not list bin:NAME (issue 41, item 27)."""
    from sudoku_sat.cli import load

    (method,) = [p for p in load(command).params if p.name == "method"]
    assert (method.help or "").startswith(
        "auto, eup, pysat[:NAME], ganak, candidates, all; variant puzzles: auto, "
        "pysat[:NAME], bin:NAME, all. "
    )
    docs = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text()
    (row,) = [line for line in docs.splitlines() if line.startswith("| `count`, `unique` | `auto`")]
    assert "`bin:NAME`" in row


def test_a_classic_puzzle_in_fpuzzles_json_says_the_files_solution(tmp_path: Path) -> None:
    """The classic engines send back no grid; the file's solution, checked when read,
    is the unique puzzle's one solution (as the session's grid is on a variant)."""
    cases = Path(__file__).parent / "data" / "constraints" / "classic.jsonl"
    lines = [json.loads(line)["puzzle"] for line in cases.read_text().splitlines()
             if line.strip() and not line.startswith("#")]  # fmt: skip
    path = tmp_path / "classic.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in lines if "solution" in p))
    result = runner.invoke(app, ["unique", str(path)])
    assert result.exit_code == 0, result.output
    assert set(result.output.splitlines()) == {"unique (the file's solution)"}


def test_a_few_classic_puzzles_are_counted_without_loading_numba() -> None:
    """The first 9x9 puzzles ``auto`` counts in a process go to the pure-Python engine
    (numba's load is 0.8 s), the counts those of PySAT. The time budget is lifted: a
    loaded machine takes longer than PYTHON_BUDGET over the empty grid."""
    pytest.importorskip("numba")
    code = (
        "import sys\n"
        "from sudoku_sat.gridio import parse_puzzles\n"
        "from sudoku_sat.puzzles import counting\n"
        "from sudoku_sat.puzzles.counting import Counters\n"
        "counting.PYTHON_BUDGET = 60.0  # the count, not the clock: a loaded machine is slow\n"
        f"ps = [p.grid for p in parse_puzzles({EASY!r} + '\\n' + {CLASH!r} + '\\n' + '.' * 81)]\n"
        "with Counters() as c:\n"
        "    got = list(c.count_all([(g, 3) for g in ps], 2, ['auto', 'pysat']))\n"
        "print(got, 'numba' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == (
        "[{'eup': 1, 'pysat': 1}, {'eup': 0, 'pysat': 0}, {'eup': 2, 'pysat': 2}] False"
    ), done.stderr
