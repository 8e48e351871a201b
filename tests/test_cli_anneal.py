"""``sudoku-sat anneal`` through typer's CliRunner."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles

from .conftest import EASY, TRES_DIFFICILE

runner = CliRunner()


@pytest.mark.parametrize("command", ["anneal"])
def test_every_command_has_help(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output


def test_the_annealers_are_the_librarys() -> None:
    from sudoku_sat.anneal.params import VARIANTS
    from sudoku_sat.methods import ANNEAL

    assert set(ANNEAL) == set(VARIANTS)


def run(args: list[str], stdin: str) -> tuple[int, str]:
    result = runner.invoke(app, ["anneal", "-", *args], input=stdin)
    return result.exit_code, result.stdout


def test_json_has_the_issue_keys_and_a_checked_solution() -> None:
    code, out = run(["--json", "--seed", "3", "--tries", "5"], TRES_DIFFICILE + "\n")
    assert code == 0
    (record,) = json.loads(out)
    assert list(record)[:5] == ["solution", "tries", "iterations", "seconds", "best_cost"]
    grid = parse_puzzles(record["solution"])[0].grid
    assert is_solution(grid, 3, parse_puzzles(TRES_DIFFICILE)[0].grid)
    assert record["best_cost"] == 0 and record["seed"] == 3


def test_sirdey_variant_solves_the_easy_grid_as_text() -> None:
    code, out = run(["--method", "sirdey", "--seed", "1", "--tries", "3"], EASY + "\n")
    assert code == 0
    assert "SOLVED by sirdey annealing" in out


def test_exhausted_tries_report_best_cost_and_exit_1() -> None:
    args = [
        "--method",
        "sirdey",
        "--tries",
        "2",
        "--max-iterations",
        "500",
        "--json",
        "--seed",
        "0",
    ]
    code, out = run(args, TRES_DIFFICILE + "\n")
    assert code == 1
    (record,) = json.loads(out)
    assert record["solution"] is None and record["tries"] == 2 and record["best_cost"] > 0


def test_options_of_the_other_variant_are_refused() -> None:
    result = runner.invoke(app, ["anneal", "-", "--delta", "0.2"], input=EASY + "\n")
    assert result.exit_code == 2
    assert "--delta" in result.stderr and "swap" in result.stderr
    result = runner.invoke(app, ["anneal", "-", "--method", "sirdey", "--alpha", "2"], input=EASY)
    assert result.exit_code == 2 and "alpha" in result.stderr


def test_bad_grid_is_one_line_exit_2() -> None:
    result = runner.invoke(app, ["anneal", "-"], input="12x\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("sudoku-sat: error: <stdin>:1: cannot tell the format")
    assert result.stderr.count("\n") == 1


def test_many_puzzles_one_json_array_and_lines_format() -> None:
    code, out = run(["--json", "--seed", "1"], f"{EASY}\n{TRES_DIFFICILE}\n")
    assert code == 0
    records = json.loads(out)
    assert [r["index"] for r in records] == [1, 2] and [r["seed"] for r in records] == [1, 2]
    code, out = run(["--format", "line", "--seed", "1", "-q"], EASY + "\n")
    assert code == 0 and len(out.strip()) == 81


def test_trace_csv_and_plot(tmp_path: Path) -> None:
    trace, plot = tmp_path / "t.csv", tmp_path / "t.png"
    args = ["--method", "sirdey", "--seed", "2", "--tries", "2", "--max-iterations", "8100"]
    args += ["--trace", str(trace), "--trace-every", "10"]
    pytest.importorskip("matplotlib")
    args += ["--plot", str(plot)]
    code, _ = run(args, TRES_DIFFICILE + "\n")
    assert code == 1
    rows = list(csv.DictReader(trace.open()))
    assert {r["try"] for r in rows} == {"1", "2"}
    assert [int(r["level"]) for r in rows[:3]] == [0, 10, 20]
    assert float(rows[0]["temperature"]) == pytest.approx(810.0)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_solve_engine_anneal() -> None:
    result = runner.invoke(
        app, ["solve", "-", "--method", "anneal", "--format", "line"], input=EASY
    )
    assert result.exit_code == 0
    assert is_solution(parse_puzzles(result.stdout.strip())[0].grid, 3)


def test_without_numba_the_cli_says_so_and_runs_pure_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sudoku_sat import accel as annealing
    from sudoku_sat.cli import anneal as anneal_cli

    monkeypatch.setattr(annealing, "numba_available", lambda: False)
    monkeypatch.setattr(annealing, "numba_installed", lambda: False)
    monkeypatch.setattr(anneal_cli, "numba_installed", lambda: False)
    result = runner.invoke(app, ["anneal", "-", "--json", "--seed", "1"], input=EASY)
    assert result.exit_code == 0
    assert "numba not installed: pure Python" in result.stderr
    assert json.loads(result.stdout)[0]["backend"] == "python"


def test_line_format_marks_a_failed_grid_as_a_comment() -> None:
    args = ["--method", "sirdey", "--tries", "1", "--max-iterations", "100", "--format", "line"]
    code, out = run([*args, "--seed", "0"], TRES_DIFFICILE + "\n")
    assert code == 1
    assert out.startswith("# NOT SOLVED ") and len(out.strip().split(": ")[1]) == 81


def test_instance_t_final_option_reaches_the_annealer() -> None:
    # T0 = 0.003 lies between T'_f = 0.00274 and the instance T_f over 58 free cells (0.00385):
    # the paper's T'_f runs levels, the instance T_f none at all.
    base = ["--method", "sirdey", "--t0", "0.003", "--json", "--seed", "0", "--tries", "1"]
    base += ["--max-iterations", "8100"]
    _, out = run([*base, "--paper-t-final"], TRES_DIFFICILE + "\n")
    assert json.loads(out)[0]["iterations"] >= 8100
    code, out = run([*base, "--instance-t-final"], TRES_DIFFICILE + "\n")
    (record,) = json.loads(out)
    assert code == 1 and record["iterations"] == 0 and record["levels"] == 0


def test_plot_without_matplotlib_fails_before_annealing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "matplotlib" else real(name, *a),
    )
    result = runner.invoke(app, ["anneal", "-", "--plot", str(tmp_path / "p.png")], input=EASY)
    assert result.exit_code == 3 and result.stdout == ""
    assert "sudoku-sat-lab[plot]" in result.stderr and "matplotlib" in result.stderr


def test_plot_is_titled_with_the_puzzle_it_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clashing first puzzle makes no try and no trace: the plot is the second's."""
    from sudoku_sat.anneal import plot as anneal_trace
    from sudoku_sat.anneal.results import Trace

    drawn: list[tuple[str, Trace]] = []
    monkeypatch.setattr(
        anneal_trace, "plot_trace", lambda _p, trace, title, **_: drawn.append((title, trace))
    )
    two = "11" + "." * 14 + "\n" + "1" + "." * 15 + "\n"
    result = runner.invoke(app, ["anneal", "-", "--plot", "p.png", "--seed", "5"], input=two)
    assert result.exit_code == 1
    ((title, trace),) = drawn
    assert title == "swap annealing, seed 6: 1..............." and set(trace.tries) == {1}


def test_a_long_try_is_thinned_to_max_points() -> None:
    from sudoku_sat.anneal.results import Trace
    from sudoku_sat.anneal.trace import MAX_POINTS, split_tries

    rows = 2 * MAX_POINTS - 1
    trace = Trace((1,) * rows, tuple(range(rows)), (0,) * rows, (1.0,) * rows)
    levels, costs, temps = split_tries(trace)[1]
    assert len(levels) == len(costs) == len(temps) == MAX_POINTS and levels[:2] == [0, 2]


def test_the_trace_is_streamed_try_by_try(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_sat.anneal import driver

    kept: list[int] = []
    real = driver.anneal

    def spy(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        kept.append(0 if result.trace is None else len(result.trace.levels))
        return result

    monkeypatch.setattr("sudoku_sat.cli.anneal.anneal", spy)
    out = tmp_path / "t.csv"
    args = ["anneal", "-", "--method", "sirdey", "--tries", "3", "--max-iterations", "3000"]
    result = runner.invoke(app, [*args, "--seed", "1", "--trace", str(out)], input=TRES_DIFFICILE)
    with out.open() as fp:
        rows = list(csv.DictReader(fp))
    assert result.exit_code == 1 and len(rows) > 0 and {r["try"] for r in rows} == {"1", "2", "3"}
    assert kept == [0]  # the run's result holds no trace: each try went to the file


def test_an_interruption_before_the_end_writes_no_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the plot is drawn: the trace was renamed into place (33 MB), its line
    printed, then the stop line; now neither file nor line, and no temp file."""
    pytest.importorskip("matplotlib")
    from sudoku_sat.cli import anneal as command

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "write_plot", interrupted)
    grid = tmp_path / "g.txt"
    grid.write_text(EASY + "\n")
    trace, plot = tmp_path / "t.csv", tmp_path / "p.png"
    args = ["anneal", str(grid), "--seed", "1", "--trace", str(trace), "--plot", str(plot)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130
    assert result.stderr == "sudoku-sat: stopped by SIGINT (12 lines written)\n"  # no bar newline
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.txt"]
