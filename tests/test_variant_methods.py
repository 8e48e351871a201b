"""--method, --timeout, --jobs and --certify on variant puzzles (variants/methods.py and
the variant paths of the CLI): every binary agrees with the session, all cross-checks
and a disagreement exits 3, a binary past its timeout leaves the puzzle unknown, two
local processes print what one does, generate --rule --certify writes certificates that
check-proof verifies, -n is the box side."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.variants import methods
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.make import make
from sudoku_sat.variants.methods import BINARIES, VariantTask, binary_solutions

runner = CliRunner()
INSTALLED = [b for b in BINARIES if shutil.which(b)]


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("variant-methods") / "three.jsonl"
    made = [make(kind, 4, random.Random(seed))[0] for kind, seed in (("killer", 1), ("x", 2))]
    made.append(make("thermometer", 6, random.Random(2))[0])
    path.write_text("".join(dumps(p) + "\n" for p in made))
    return path


@pytest.mark.parametrize("binary", INSTALLED)
def test_each_binary_solves_and_counts_like_the_session(binary: str, puzzles: Path) -> None:
    ours = runner.invoke(app, ["solve", str(puzzles), "--format", "line"])
    theirs = runner.invoke(
        app, ["solve", str(puzzles), "--format", "line", "--method", f"bin:{binary}"]
    )
    assert theirs.exit_code == 0 and theirs.stdout == ours.stdout
    first = make("killer", 4, random.Random(1))[0]
    blank = first.with_givens((0,) * 16)
    assert len(binary_solutions(blank, binary, 5)) == VariantTask("auto", 5).answer(blank).count


def test_unknown_solvers_are_one_line(puzzles: Path) -> None:
    for method, code in (("pysat:nosuch", 3), ("bin:nosuch", 3), ("eup", 2), ("ganak", 2)):
        result = runner.invoke(app, ["count", str(puzzles), "--method", method])
        assert result.exit_code == code and len(result.stderr.splitlines()) == 1, method


def test_all_cross_checks_every_method(puzzles: Path) -> None:
    result = runner.invoke(app, ["count", str(puzzles), "--method", "all", "--json"])
    assert result.exit_code == 0, result.stderr
    for record in json.loads(result.stdout):
        assert set(record["methods"]) == {"pysat", *(f"bin:{b}" for b in INSTALLED), "cpsat"}
        assert record["count"] == 1


def test_a_disagreement_exits_3(puzzles: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = methods._by

    def lying(method: str, *args: object) -> tuple[list[tuple[int, ...]], str]:
        found, who = real(method, *args)  # type: ignore[arg-type]
        return (found * 2 if method == "cpsat" else found), who

    monkeypatch.setattr(methods, "_by", lying)
    result = runner.invoke(app, ["unique", str(puzzles), "--method", "all"])
    assert result.exit_code == 3 and "puzzle 1 (" in result.stderr
    assert "gets different counts from the methods" in result.stderr


def test_a_binary_past_its_timeout_is_unknown(puzzles: Path, tmp_path: Path) -> None:
    sleeper = tmp_path / "sleeper"
    sleeper.write_text("#!/bin/sh\nsleep 30\n")
    sleeper.chmod(0o755)
    args = ["solve", str(puzzles), "--method", f"bin:{sleeper}", "--timeout", "0.2"]
    result = runner.invoke(app, [*args, "--format", "line"])
    assert result.exit_code == 1 and result.stdout.count("# UNKNOWN") == 3
    assert "timeout after 0.2 s" in result.stdout


def test_two_processes_print_what_one_does(puzzles: Path) -> None:
    one = runner.invoke(app, ["unique", str(puzzles), "--json"])
    two = runner.invoke(app, ["unique", str(puzzles), "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0 and one.stdout == two.stdout


def test_generate_rule_certify_writes_checked_certificates(tmp_path: Path) -> None:
    folder = tmp_path / "certs"
    args = ["generate", "--rule", "killer", "-n", "2", "-k", "2", "--seed", "5", "-q"]
    made = runner.invoke(app, [*args, "--certify", str(folder)])
    assert made.exit_code == 0, made.stderr
    assert [json.loads(line)["size"] for line in made.stdout.splitlines()] == [4, 4]
    for k in (1, 2):
        cnf, proof = folder / f"puzzle-0000{k}.cnf", folder / f"puzzle-0000{k}.drup"
        checked = runner.invoke(app, ["check-proof", str(cnf), str(proof)])
        assert checked.exit_code == 0, checked.stdout + checked.stderr
        assert "solves the puzzle" in checked.stdout


def test_generate_order_and_size_must_agree() -> None:
    result = runner.invoke(app, ["generate", "--rule", "x", "-n", "3", "--size", "6"])
    assert result.exit_code == 2 and "disagree" in result.stderr
    drawn = runner.invoke(
        app, ["generate", "--rule", "x", "--size", "4", "--format", "grid", "--alphabet", "A-D"]
    )
    assert drawn.exit_code == 0 and "|" in drawn.stdout
