"""Lazy command registration: `sudoku-sat --help` and `--version` import no command module,
and the static table of names and help lines in sudoku_sat.cli matches the modules; the
plain forms (`unique FILE`, `count FILE`, `solve FILE`) load no typer and print what the
typer commands print; the readers import the registry modules of a puzzle's rules only."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

import sudoku_sat.cli as cli
from sudoku_sat.cli import COMMANDS, _plain, app
from sudoku_sat.variants import constraints
from sudoku_sat.variants.constraints import _index


def registered() -> dict[str, tuple[str, str]]:
    """Every command the modules of sudoku_sat.cli register: its module and first paragraph."""
    for module in pkgutil.iter_modules(cli.__path__):
        importlib.import_module(f"sudoku_sat.cli.{module.name}")
    found: dict[str, tuple[str, str]] = {}
    for info in app.registered_commands:
        assert info.name is not None and info.callback is not None
        command = typer.main.get_command_from_info(
            info, pretty_exceptions_short=True, rich_markup_mode=app.rich_markup_mode
        )
        first = (command.short_help or command.help or "").split("\n\n")[0]
        found[info.name] = (info.callback.__module__.rsplit(".", 1)[1], " ".join(first.split()))
    return found


def test_the_table_names_every_command_with_its_module_and_help() -> None:
    assert registered() == COMMANDS


PROBE = """
import atexit, sys
atexit.register(lambda: print("MODULES", *sorted(sys.modules), file=sys.stderr))
from sudoku_sat.cli import app
app(sys.argv[1:], prog_name="sudoku-sat")
"""


def imported_by(*args: str) -> set[str]:
    """The modules a whole `sudoku-sat ARGS` process has imported when it exits."""
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-500:]
    return set(proc.stderr.splitlines()[-1].split()[1:])


@pytest.mark.parametrize("args", [("--help",), ("--version",)])
def test_help_and_version_import_no_command_module(args: tuple[str, ...]) -> None:
    modules = imported_by(*args)
    assert "sudoku_sat.cli" in modules
    commands = {m.rsplit(".", 1)[1] for m in modules if m.startswith("sudoku_sat.cli.")}
    assert not commands & {module for module, _ in COMMANDS.values()}, commands
    assert not {m.split(".")[0] for m in modules} & {"numba", "numpy", "pysat", "rich"}


def test_a_command_imports_its_own_module_only() -> None:
    modules = imported_by("show", "--help")
    assert "sudoku_sat.cli.show" in modules
    assert "sudoku_sat.cli.anneal" not in modules and "sudoku_sat.cli.generate" not in modules


def test_help_lists_every_command_with_its_help() -> None:
    out = CliRunner().invoke(app, ["--help"], terminal_width=400).stdout
    for name, (_, help_line) in COMMANDS.items():
        assert f" {name} " in out
        assert help_line.split(":")[0][:40] in out, name


def test_a_typo_is_one_line_with_a_suggestion() -> None:
    result = CliRunner().invoke(app, ["unqiue", "-"])
    assert result.exit_code == 2
    assert "Did you mean 'unique'?" in result.stderr and result.stderr.count("\n") == 1


def test_unique_of_a_variant_imports_no_classic_proof_or_dask_module(tmp_path: Path) -> None:
    """The start-up of ``unique`` on an f-puzzles file pays for the variant path only."""
    source = Path(__file__).parents[1] / "docs" / "data" / "killer-ukpa.json"
    modules = imported_by("unique", str(source))
    assert "sudoku_sat.variants.solve" in modules
    heavy = {"sudoku_sat.proofs", "sudoku_sat.batch.cluster", "sudoku_sat.bulk", "numba"}
    assert not heavy & modules, heavy & modules


def test_a_classic_generate_loads_no_variant_reader_maker_or_prover() -> None:
    """``generate`` without ``--rule`` pays for the classic maker only: the f-puzzles and
    sigh readers, the variant makers and the certifier load when asked for (34 modules,
    about 50 ms of each run, were loaded before)."""
    modules = imported_by("generate", "-k", "1", "--seed", "1", "-q")
    assert "sudoku_sat.puzzles.maker" in modules
    lazy = {
        "sudoku_sat.variants.fpuzzles",
        "sudoku_sat.variants.sigh",
        "sudoku_sat.variants.make",
        "sudoku_sat.difficulty.variant_making",
        "sudoku_sat.jobs.certifying",
    }
    assert not lazy & modules, lazy & modules


def test_the_registry_index_names_the_module_of_every_key() -> None:
    """constraints/_index.py, which the readers import modules by, is what the modules
    hold (``constraints.write_index()`` writes it anew)."""
    for name, table in constraints.index_tables().items():
        fix = "python -c 'from sudoku_sat.variants.constraints import write_index; write_index()'"
        # as mappings: a test that deletes an entry and puts it back (monkeypatch) moves it
        assert dict(getattr(_index, name)) == table, f"{name}: run {fix}"


def test_reading_a_puzzle_imports_the_modules_of_its_rules_only(tmp_path: Path) -> None:
    source = Path(__file__).parents[1] / "docs" / "data" / "killer-ukpa.json"
    modules = imported_by("show", str(source))
    rules = {m.rsplit(".", 1)[1] for m in modules if m.startswith(f"{constraints.__name__}.")}
    assert "killer" in rules and "arrow" not in rules and "thermometer" not in rules, rules
    assert len(rules) < 12, rules


DATA = Path(__file__).parent / "data"
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def plain_files(folder: Path) -> dict[str, Path]:
    """Files for the plain forms: f-puzzles JSON lines (unique, several and no solution
    among them), one f-puzzles object, sigh's strings, 9x9 lines, a line that is not
    JSON, a missing file."""
    lines = [
        json.dumps(json.loads(line)["puzzle"])
        for line in (DATA / "constraints" / "thermometer.jsonl").read_text().splitlines()
        if line.startswith("{")
    ]
    sigh = [
        json.loads(line)["sigh"]
        for line in (DATA / "sigh" / "examples.jsonl").read_text().splitlines()[1:4]
    ]
    texts = {
        "fpuzzles.jsonl": "\n".join(lines) + "\n",
        "killer.json": (Path(__file__).parents[1] / "docs" / "data" / "killer-ukpa.json"),
        "sigh.txt": "\n".join(sigh) + "\n",
        "classic.txt": f"{HARD}\n{HARD[:-1]}.\n",
        "broken.jsonl": lines[0] + "\n{not json\n",
    }
    out = {"missing.json": folder / "missing.json"}
    for name, text in texts.items():
        out[name] = folder / name
        out[name].write_text(text.read_text() if isinstance(text, Path) else text)
    return out


def whole(*args: str, plain: bool) -> tuple[int, str, str]:
    """A whole process's exit code, stdout (solve's times left out) and stderr: the plain
    path (``python -m sudoku_sat``) or the typer app (PROBE, which never takes it)."""
    command = ["-m", "sudoku_sat"] if plain else ["-c", PROBE]
    proc = subprocess.run([sys.executable, *command, *args], capture_output=True, text=True)
    err = proc.stderr if plain else proc.stderr.rsplit("MODULES", 1)[0]
    return proc.returncode, re.sub(r" in \d+\.\d+ s", " in T s", proc.stdout), err


@pytest.mark.parametrize("command", ["unique", "count", "solve"])
def test_the_plain_forms_print_what_the_typer_commands_print(command: str, tmp_path: Path) -> None:
    for name, path in plain_files(tmp_path).items():
        ours = whole(command, str(path), plain=True)
        assert ours == whole(command, str(path), plain=False), (command, name)
        assert ours[1] or ours[0] == 2, (command, name, ours)  # an answer, or bad input


PLAIN_PROBE = """
import atexit, sys
atexit.register(lambda: print("MODULES", *sorted(sys.modules), file=sys.stderr))
from sudoku_sat.__main__ import main
sys.argv[0] = "sudoku-sat"
main()
"""


def imported_by_main(*args: str) -> set[str]:
    """The modules a whole ``sudoku-sat ARGS`` process, started as the entry point starts
    it, has imported when it exits."""
    proc = subprocess.run(
        [sys.executable, "-c", PLAIN_PROBE, *args], capture_output=True, text=True
    )
    return set(proc.stderr.splitlines()[-1].split()[1:])


@pytest.mark.parametrize("command", ["unique", "count", "solve"])
def test_a_plain_form_on_variant_puzzles_loads_no_typer(command: str, tmp_path: Path) -> None:
    """typer and click are about 70 ms of a process that answers a few variant puzzles
    in 10 ms; numpy and numba are not needed either (thermometers go to the SAT session;
    the killer search's rules need numpy), nor the classic engines, nor the modules of
    worker pools, solver binaries and the kernel cache's digest."""
    modules = imported_by_main(command, str(plain_files(tmp_path)["fpuzzles.jsonl"]))
    assert "sudoku_sat.variants.solve" in modules
    tops = {m.split(".")[0] for m in modules}
    assert not tops & {"typer", "click", "rich", "numpy", "numba", "dask"}, tops
    classic = {"sudoku_sat.puzzles.counting", "sudoku_sat.puzzles.solving", "sudoku_sat.bulk"}
    assert not classic & modules, classic & modules
    light = {"multiprocessing", "concurrent.futures", "socket", "subprocess", "hashlib"}
    assert not light & modules, light & modules


@pytest.mark.parametrize(
    "args",
    [
        ("unique", "-"),
        ("unique", "--help"),
        ("unique", "f.json", "--json"),
        ("count", "--cap", "2"),
        ("show", "f.json"),
        ("unique",),
    ],
)
def test_other_command_lines_go_to_typer(args: tuple[str, ...]) -> None:
    assert not _plain.plain(args)
    assert _plain.plain(("unique", "f.json")) and _plain.plain(("solve", "a-b.txt"))
