"""Lazy command registration: `sudoku-sat --help` and `--version` import no command module,
and the static table of names and help lines in sudoku_sat.cli matches the modules."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

import sudoku_sat.cli as cli
from sudoku_sat.cli import COMMANDS, app
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
    commands = {m for m in modules if m.startswith("sudoku_sat.cli.")}
    assert not commands, commands
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
    hold (``python -m sudoku_sat.variants.constraints._index`` writes it anew)."""
    for name, table in _index.tables().items():
        assert list(getattr(_index, name).items()) == list(table.items()), name


def test_reading_a_puzzle_imports_the_modules_of_its_rules_only(tmp_path: Path) -> None:
    source = Path(__file__).parents[1] / "docs" / "data" / "killer-ukpa.json"
    modules = imported_by("show", str(source))
    rules = {m.rsplit(".", 1)[1] for m in modules if m.startswith(f"{constraints.__name__}.")}
    assert "killer" in rules and "arrow" not in rules and "thermometer" not in rules, rules
    assert len(rules) < 12, rules
