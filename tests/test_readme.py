"""The README is executable: every command in its code blocks runs as documented.

``console`` blocks hold ``$ command`` lines, each followed by lines it prints (every one
must appear in its output, stdout and stderr together; ``...`` stands for any text) and,
when it does not exit 0, ``[exit N]``. The first block makes ``grid.txt`` and
``many.txt``; every block then runs, command after command, in a folder holding what the
first block made: a command with shell syntax (a pipe, another program) with bash, as a
user pastes it, so the installed ``sudoku-sat`` on PATH runs too; a plain ``sudoku-sat
ARGS`` line (perhaps ``> FILE``) in this process, through the same entry point
(``sudoku_sat.cli.app``), so it does not pay numba's start-up again (about 3 s a command,
most of this test's time once). ``sh`` blocks hold the set-up commands, which CI runs:
each must be in ``.ci/run``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TIMEOUT = 300.0
"""Seconds one command may take (a shared CI machine; the slowest take a few seconds)."""


@dataclass
class Command:
    line: str
    expected: list[str] = field(default_factory=list)
    code: int = 0


def blocks(text: str, language: str) -> list[str]:
    """The bodies of the fenced code blocks of the language."""
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.S | re.M)


def commands(block: str) -> list[Command]:
    """A console block's commands, each with its documented output and exit code."""
    found: list[Command] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            found.append(Command(line[2:]))
        elif (code := re.fullmatch(r"\[exit (\d+)\]", line)) is not None:
            found[-1].code = int(code.group(1))
        elif line.strip():
            found[-1].expected.append(line)
    return found


def pattern(expected: str) -> re.Pattern[str]:
    """A documented line as a pattern: ``...`` matches any text, the rest is literal."""
    parts = [re.escape(part.strip()) for part in expected.split("...")]
    return re.compile(".*".join(parts))


def environment() -> dict[str, str]:
    """The user's shell: the installed sudoku-sat first on PATH, no colours."""
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    return os.environ | {"PATH": path, "NO_COLOR": "1", "COLUMNS": "200"}


PLAIN = re.compile(r"(sudoku-sat(?: [\w.,:=/+-]+)*)(?: > ([\w.-]+))?")
"""A command line without shell syntax (no quote, pipe or variable) but perhaps its
stdout sent to a file."""


def in_process(line: str, folder: Path, to: str | None) -> tuple[int, str, str]:
    """(exit code, what it printed, a traceback or "") of a plain ``sudoku-sat ARGS``
    line run here, in folder, with the environment of :func:`environment`; to: the file
    its stdout goes to (then only stderr counts as printed)."""
    env = {"NO_COLOR": "1", "COLUMNS": "200"}
    here = Path.cwd()
    os.chdir(folder)  # contextlib.chdir is Python 3.11's; this project runs on 3.10
    try:
        done = CliRunner().invoke(app, line.split()[1:], env=env, prog_name="sudoku-sat")
    finally:
        os.chdir(here)
    if to is not None:
        (folder / to).write_bytes(done.stdout_bytes)
    error = done.exception
    crash = "" if error is None or isinstance(error, SystemExit) else "Traceback\n"
    if crash and done.exc_info is not None:
        crash += "".join(traceback.format_exception(*done.exc_info))
    return done.exit_code, done.output if to is None else done.stderr, crash


def run(command: Command, folder: Path) -> None:
    if (plain := PLAIN.fullmatch(command.line)) is not None:
        code, output, stderr = in_process(plain.group(1), folder, plain.group(2))
    else:
        done = subprocess.run(
            ["bash", "-c", command.line],
            cwd=folder,
            env=environment(),
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        code, output, stderr = done.returncode, done.stdout + done.stderr, done.stderr
    printed = [line.strip() for line in output.splitlines()]
    said = f"$ {command.line}\n{output}{stderr}"
    assert code == command.code, said
    assert "Traceback" not in stderr, said
    for expected in command.expected:
        wanted = pattern(expected)
        assert any(wanted.fullmatch(line) for line in printed), f"no line {expected!r}:\n{said}"


TEXT = README.read_text(encoding="utf-8")
CONSOLE = blocks(TEXT, "console")
FIRST, *OTHERS = CONSOLE


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder after the README's first block: grid.txt and many.txt."""
    folder = tmp_path_factory.mktemp("readme")
    for command in commands(FIRST):
        run(command, folder)
    return folder


def test_the_first_block_makes_the_files_the_others_use(made: Path) -> None:
    assert (made / "grid.txt").read_text().strip()
    assert len((made / "many.txt").read_text().splitlines()) == 20


@pytest.mark.parametrize("block", range(len(OTHERS)), ids=lambda k: f"block{k + 2}")
def test_every_console_block_runs_as_documented(made: Path, tmp_path: Path, block: int) -> None:
    folder = tmp_path / "here"
    shutil.copytree(made, folder)
    listed = commands(OTHERS[block])
    assert listed, "a console block without a command"
    for command in listed:
        run(command, folder)


def test_every_documented_command_checks_an_output_line_or_writes_a_file() -> None:
    for block in CONSOLE:
        for command in commands(block):
            assert command.expected or ">" in command.line or " -o " in command.line, command.line


def test_no_block_offers_alternatives_that_would_run_as_a_pipeline() -> None:
    for block in CONSOLE:
        for command in commands(block):
            assert not re.search(r"\w\|\w", command.line), command.line


def test_the_set_up_commands_are_the_ones_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    ci_lines = [line.strip() for line in ci.splitlines()]
    set_up = [
        line.split("#")[0].strip() for block in blocks(TEXT, "sh") for line in block.splitlines()
    ]
    assert "make test" in set_up and "make run" in set_up
    for line in filter(None, set_up):
        if line.startswith("apt-get install"):
            wanted = line.split()[2:]
            apt = next(c for c in ci_lines if "apt-get install" in c)
            assert all(package in apt.split() for package in wanted), apt
        else:
            assert line in ci_lines, f"{line!r} is not run by .ci/run"
    assert ci_lines.index("make test") < ci_lines.index("make run")


def test_a_checker_the_readme_names_is_installed_or_says_where_it_comes_from() -> None:
    """The README's drat-trim check needed a binary no set-up installs (issue 41, 30)."""
    text = " ".join(README.read_text().split())
    setup = " ".join(blocks(README.read_text(), "sh"))
    if "drat-trim puzzle" in text and "drat-trim" not in setup:
        assert "github.com/marijnheule/drat-trim" in text
    assert "check-proof puzzle-00001.cnf puzzle-00001.drup --method dratify" in text
