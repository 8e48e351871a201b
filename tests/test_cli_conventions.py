"""What every command shares (issue 33, items 5 and 6): one set of words, and what users
try first (a puzzle on the command line, a pipe without '-', spaced numbers) works or says
how."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import COMMANDS, app
from sudoku_sat.cli import load as load_command
from sudoku_sat.gridio import parse_puzzles

RUNNER = CliRunner()
HARD = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
SOLVED = "798635421126974583453218679972586314564123897381497256617352948835749162249861735"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_takes_q_and_shows_no_bool_metavar(name: str) -> None:
    command = load_command(name)
    assert any("-q" in param.opts for param in command.params), name
    shown = RUNNER.invoke(app, [name, "--help"], terminal_width=200)
    assert shown.exit_code == 0 and "<bool>" not in shown.stdout


NO_PUZZLES = {"census", "check-proof", "decode", "generate"}


@pytest.mark.parametrize("name", sorted(set(COMMANDS) - NO_PUZZLES))
def test_the_input_help_names_every_format(name: str) -> None:
    names = ("puzzles", "cnf") if name == "propagate" else ("puzzles", "dataset")
    (argument, *_) = [p for p in load_command(name).params if p.name in names]
    shown = getattr(argument, "help", "")
    for words in ("'-' for stdin", "grid line", "rows", "numbers", "drawn grid", "f-puzzles JSON",
                  "SudokuPad links"):  # fmt: skip
        assert words in shown, words


def test_json_indexes_count_from_1(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{HARD}\n{HARD}\n")
    for args in (["rate", str(path)], ["minimize", str(path), "--seed", "1"]):
        records = json.loads(RUNNER.invoke(app, [*args, "--json", "-q"]).stdout)
        assert [(r["index"], r["origin"]) for r in records] == [
            (1, f"{path}:1"),
            (2, f"{path}:2"),
        ], args
    explained = json.loads(RUNNER.invoke(app, ["explain", str(path), "--json"]).stdout)
    assert [(r["index"], r["origin"]) for r in explained] == [(1, f"{path}:1"), (2, f"{path}:2")]


def test_explain_names_values_with_the_grids_symbols() -> None:
    from sudoku_sat.engines.eup.batch import ordered_fill
    from sudoku_sat.gridio import format_line

    solution = ordered_fill((0,) * 256, 4, 1)
    assert solution is not None
    cell = solution.index(10)
    puzzle = format_line(tuple(0 if c == cell else v for c, v in enumerate(solution)), 4)
    text = RUNNER.invoke(app, ["explain", "-"], input=puzzle + "\n").stdout
    name = f"r{cell // 16 + 1}c{cell % 16 + 1}"
    assert f"cell {name} = A." in text and "= 10" not in text


def test_messages_name_options_and_cells() -> None:
    result = RUNNER.invoke(app, ["anneal", "-", "--max-iterations", "0"], input=HARD)
    assert result.exit_code == 2 and "--max-iterations must be >= 1" in result.stderr
    assert "max_iterations" not in result.stderr
    result = RUNNER.invoke(app, ["anneal", "-", "--method", "sirdey", "--t0", "-1"], input=HARD)
    assert result.exit_code == 2 and "--t0 must be > 0" in result.stderr
    result = RUNNER.invoke(app, ["decode", "-", "--order", "3"], input="SAT\n1 2 0\n")
    assert result.exit_code == 2 and "cell r1c1 is given several values" in result.stderr


def test_81_numbers_on_one_line_are_a_puzzle() -> None:
    spaced = " ".join(HARD)
    (puzzle,) = parse_puzzles(spaced)
    assert puzzle.n == 3 and puzzle.grid == tuple(int(ch) for ch in HARD)
    assert [p.grid for p in parse_puzzles(f"{spaced}\n{spaced}\n")] == [puzzle.grid] * 2
    result = RUNNER.invoke(app, ["solve", "-", "--format", "line"], input=spaced + "\n")
    assert result.exit_code == 0 and result.stdout.strip() == SOLVED
    four = " ".join("1234341221434321")
    assert parse_puzzles(four)[0].n == 2  # one line of 16 numbers: a 4x4 puzzle
    rows = "\n".join(" ".join(["0"] * 16) for _ in range(16))
    assert parse_puzzles(rows)[0].n == 4  # 16 lines of 16 numbers: still a 16x16 grid


def test_a_puzzle_given_as_the_argument_says_how_to_pass_it() -> None:
    result = RUNNER.invoke(app, ["solve", HARD])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "pass it on stdin with '-'" in result.stderr and HARD not in result.stderr
    missing = RUNNER.invoke(app, ["solve", "nothere.txt"])
    assert missing.exit_code == 2 and "nothere.txt: no such file\n" in missing.stderr


def test_a_pipe_without_dash_is_read() -> None:
    result = RUNNER.invoke(app, ["solve", "--format", "line"], input=HARD + "\n")
    assert result.exit_code == 0 and result.stdout.strip() == SOLVED
    result = RUNNER.invoke(app, ["unique"], input=HARD + "\n")
    assert result.exit_code == 0 and result.stdout.strip() == "unique"


def test_missing_puzzles_on_a_terminal_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from sudoku_sat import cli

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    with pytest.raises(Exception, match="missing argument PUZZLES"):
        cli.stdin_or_missing()


@pytest.mark.parametrize("command", ["solve", "unique", "rate", "show"])
def test_an_order_the_puzzle_does_not_have_is_an_error(command: str) -> None:
    result = RUNNER.invoke(app, [command, "-", "--order", "2"], input=HARD + "\n")
    assert result.exit_code == 2 and result.stdout == ""
    assert "a 9x9 puzzle (order 3), not order 2 (4x4)" in result.stderr


def test_compiling_is_said_once_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from sudoku_sat.cli import _edge

    _edge._say_compiling()
    assert capsys.readouterr().err == ""  # not a terminal: nothing
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    _edge._say_compiling()
    assert "compiling the engines in the background" in capsys.readouterr().err


def test_json_and_seed_have_one_wording_across_commands() -> None:
    """--json had 9 wordings and --seed 3 meanings (issue 41, item 28)."""
    from sudoku_sat.cli._common import SEED_HELP

    found: dict[str, set[str]] = {}
    for name in COMMANDS:
        for param in load_command(name).params:
            if param.name in ("as_json", "seed"):
                text = (getattr(param, "help", "") or "").removesuffix(" Unset: a fresh one.")
                found.setdefault(param.name, set()).add(text)
    assert found["seed"] == {SEED_HELP}
    (json_help,) = found["as_json"]
    assert json_help.startswith("JSON on stdout: one array with a record per puzzle")


READING = ["solve", "unique", "count", "candidates", "encode", "show", "rate", "explain"]
READING += ["minimize", "certify", "why", "redundant"]


@pytest.mark.parametrize("command", READING)
def test_every_reading_command_takes_the_one_rule_vocabulary(command: str) -> None:
    """--rule was missing on rate, explain, minimize and certify, and said other names
    than generate --rule (issue 41, item 26): every command that reads puzzles takes the
    registry's names, and a rule whose clues a grid lacks is refused saying why."""
    extra = ["certs"] if command == "certify" else []
    result = CliRunner().invoke(app, [command, "-", *extra, "--rule", "killer"], input="1\n")
    assert result.exit_code == 2
    assert "its clues come with the puzzle" in result.stderr, result.stderr
    assert "anti-knight" in result.stderr
