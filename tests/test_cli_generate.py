"""The generate and minimize commands, for 4x4, 9x9 and 16x16."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.grid import Grid, clue_count
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.checkers import PysatChecker
from sudoku_sat.puzzles.counting import count_eup
from sudoku_sat.puzzles.orbits import orbits, without
from tests.conftest import EASY
from tests.shared_pool import lend_to_commands

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def pysat_unique_and_minimal(puzzle: Grid, n: int, symmetric: bool = False) -> bool:
    """Independent of the EUP verification the command ran: a fresh PySAT count."""
    checker = PysatChecker(n)
    try:
        if checker.count(puzzle) != 1:
            return False
        filled = [o for o in orbits(n, symmetric) if any(puzzle[c] for c in o)]
        return all(checker.count(without(puzzle, o)) == 2 for o in filled)
    finally:
        checker.close()


def test_a_method_sets_the_emptying_test_and_the_fill_search() -> None:
    from sudoku_sat.errors import UsageError
    from sudoku_sat.puzzles.maker import method_options

    assert method_options() == ("auto", "eup")
    assert method_options("eup") == ("eup", "eup")
    assert method_options("pysat") == ("pysat", "pysat")
    assert method_options("counter") == ("counter", "pysat")
    for bad in ("pysat:g4", "bin:cadical", "gac"):
        with pytest.raises(
            UsageError, match="this command takes auto, eup, pysat, counter|pysat takes no"
        ):
            method_options(bad)


@pytest.mark.parametrize("command", ["generate", "minimize"])
def test_every_command_has_help(command: str) -> None:
    code, out = run(command, "--help")
    assert code == 0 and "--seed" in out and "--symmetric" in out


@pytest.mark.parametrize(
    ("order", "count", "extra"),
    [("2", "4", ["--empty", "exhaustive"]), ("3", "3", []), ("4", "1", [])],
)
def test_generate_emits_unique_minimal_puzzles(order: str, count: str, extra: list[str]) -> None:
    code, out = run("generate", "--order", order, "--count", count, "--seed", "7", "-q", *extra)
    assert code == 0
    puzzles = parse_puzzles(out, order=int(order))
    assert len(puzzles) == int(count)
    for p in puzzles:
        assert p.n == int(order) and pysat_unique_and_minimal(p.grid, p.n)
        if extra:
            assert clue_count(p.grid) == 4


def test_same_seed_same_output_also_with_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    pooled = lend_to_commands(monkeypatch)
    first = run("generate", "-k", "3", "--seed", "11", "-q")
    assert first == run("generate", "-k", "3", "--seed", "11", "-q")
    assert first == run("generate", "-k", "3", "--seed", "11", "-q", "--jobs", "2")
    assert pooled == [2]
    assert first != run("generate", "-k", "3", "--seed", "12", "-q")


def test_stats_and_grid_format() -> None:
    code, out = run(
        "generate", "-n", "2", "--seed", "1", "--stats", "--format", "grid", "--method", "pysat"
    )
    assert code == 0 and "# seed 1" in out and "clues" in out
    assert "unique and minimal (checked by eup)" in out and "+" in out


def test_symmetric_annealed_permuted_puzzles() -> None:
    args = ["generate", "-k", "2", "--seed", "3", "--fill", "permute", "--empty", "anneal"]
    code, out = run(*args, "--symmetric", "--t0", "1", "--t-final", "0.5", "--step", "0.001", "-q")
    assert code == 0
    for p in parse_puzzles(out):
        assert all(bool(p.grid[c]) == bool(p.grid[80 - c]) for c in range(81))
        assert pysat_unique_and_minimal(p.grid, 3, symmetric=True)


def test_json_records() -> None:
    code, out = run("generate", "-n", "2", "-k", "2", "--seed", "2", "--json", "-q")
    records = json.loads(out)
    assert code == 0 and [r["index"] for r in records] == [1, 2]
    assert all(
        r["unique"] and r["minimal"] and r["verified_by"] in ("eup", "pysat", "batch")
        for r in records
    )
    assert all(r["seed"] == 2 and len(r["puzzle"]) == 16 for r in records)


def test_minimize_puzzles_and_solved_grids(tmp_path: Path) -> None:
    code, out = run("generate", "--seed", "4", "--json", "-q")
    grid = json.loads(out)[0]["solution"]
    assert code == 0 and count_eup(parse_puzzles(grid)[0].grid, 3) == 1
    path = tmp_path / "in.txt"
    path.write_text(f"# two puzzles\n{EASY}\n{grid}\n")
    code, out = run("minimize", str(path), "--seed", "0", "--stats", "-q")
    assert code == 0
    minimized = parse_puzzles(out)
    assert len(minimized) == 2
    for before, after in zip((EASY, grid), minimized, strict=True):
        source = parse_puzzles(before)[0].grid
        assert all(a in (0, s) for a, s in zip(after.grid, source, strict=True))
        assert pysat_unique_and_minimal(after.grid, 3)


def test_minimize_same_seed_same_output_also_with_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pooled = lend_to_commands(monkeypatch)
    path = tmp_path / "grids.txt"
    path.write_text("1234341221434321\n2143341212344321\n4321123434122143\n")
    first = run("minimize", str(path), "--seed", "3", "-q")
    assert first[0] == 0 and len(parse_puzzles(first[1])) == 3
    assert first == run("minimize", str(path), "--seed", "3", "-q", "--jobs", "2")
    assert pooled == [2]
    assert first != run("minimize", str(path), "--seed", "4", "-q")


def test_minimize_reports_a_non_unique_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "loose.txt"
    path.write_text(EASY[:30] + "." * 51 + "\n")
    code, out = run("minimize", str(path), "-q")
    assert code == 1 and "several solutions" in out


def test_minimize_16x16_from_stdin() -> None:
    code, out = run("generate", "-n", "4", "--seed", "9", "--json", "-q")
    solution = json.loads(out)[0]["solution"]
    args = ["minimize", "-", "--order", "4", "--seed", "1", "-q"]
    result = runner.invoke(app, args, input=solution + "\n")
    assert result.exit_code == 0
    (puzzle,) = parse_puzzles(result.output, order=4)
    assert pysat_unique_and_minimal(puzzle.grid, 4)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["generate", "--empty", "exhaustive"], "4x4"),
        (["generate", "--empty", "anneal", "--t0", "0.1", "--t-final", "0.5"], "--t0 > --t-final"),
        (["generate", "--empty", "anneal", "--t0", "inf"], "finite --t0"),
        (["generate", "--step", "0"], "step > 0"),
        (["minimize", "no-such-file.txt"], "no such file"),
        (["generate", "-n", "2", "--alphabet", "12"], "2 symbols, 4 needed"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stdout == "" and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_minimize_4x4_grids_exhaustively() -> None:
    grids = "1234341221434321\n2143341212344321\n"
    result = runner.invoke(app, ["minimize", "-", "--empty", "exhaustive", "-q"], input=grids)
    assert result.exit_code == 0
    puzzles = parse_puzzles(result.output)
    assert [clue_count(p.grid) for p in puzzles] == [4, 4]
    assert all(pysat_unique_and_minimal(p.grid, 2) for p in puzzles)


def test_a_count_past_the_limit_is_one_line() -> None:
    result = runner.invoke(app, ["generate", "-k", "1" + "0" * 30, "--seed", "1"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1  # was an OverflowError
    assert "'--count' / '-k'" in result.stderr and "1000000" in result.stderr


def test_every_option_the_docs_give_generate_is_in_its_help() -> None:
    """--size was hidden from --help, yet the docs use it (issue 41, item 29)."""
    import re

    from sudoku_sat.cli import load

    shown = {o for p in load("generate").params if not getattr(p, "hidden", False) for o in p.opts}
    docs = Path(__file__).resolve().parents[1] / "docs"
    for page in ("cli.md", "variants.md", "api.md"):
        for line in (docs / page).read_text().splitlines():
            if "`generate" in line:
                used = set(re.findall(r"`(?:generate [^`]*?)?(--[a-z][a-z0-9-]*)", line))
                assert used <= shown | {"--rule", "--help"}, (page, used - shown)
    assert "--size" in shown


def test_fpuzzles_past_16x16_is_refused_before_any_making(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """generate -n 5 --format fpuzzles made its puzzles first, then refused to print them."""
    import sudoku_sat.cli.generate as generate

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("worked before refusing")

    monkeypatch.setattr(generate, "method_options", no_work)
    code, out = run("generate", "-n", "5", "--format", "fpuzzles", "-k", "1")
    assert code == 2 and "a 25x25 grid: f-puzzles holds grids of 4x4 to 16x16" in out
    monkeypatch.undo()
    monkeypatch.setattr(generate, "open_batch", no_work)
    path = tmp_path / "p25.txt"
    path.write_text(" ".join(["0"] * 625) + "\n")
    code, out = run("minimize", str(path), "--format", "fpuzzles")
    assert code == 2 and "p25.txt:1: a 25x25 grid: f-puzzles holds" in out


def test_a_large_puzzle_with_rules_says_at_once_that_it_takes_minutes() -> None:
    """generate --rule killer --size 16 printed nothing for 180 s (issue 41, item 11). The
    line is awaited 60 s (it comes after the start-up, a second or two): a run that says
    nothing fails then instead of holding the test for the minutes of the making."""
    import os
    import select
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    argv = [sys.executable, "-m", "sudoku_sat", "generate", "--rule", "killer", "--size", "16"]
    with subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env
    ) as proc:
        assert proc.stderr is not None
        try:
            ready, _, _ = select.select([proc.stderr], [], [], 60)
            first = proc.stderr.readline() if ready else ""
        finally:
            proc.kill()
    assert first.startswith("# making 1 16x16 puzzle(s) with killer: past 9x9"), first
