"""The commands end to end on one made 6x6 puzzle per outside clue (sandwich sum, X-sum,
skyscraper, little killer): unique, count, solve --format fpuzzles, candidates, encode,
show --svg and certify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.variants.fpuzzles import parse_variants

from .conftest import IN_CI

if not IN_CI:
    pytest.importorskip("ortools")

RUNNER = CliRunner()
DATA = Path(__file__).parent / "data" / "constraints"


def first_unique(key: str) -> dict:
    for line in (DATA / f"{key}.jsonl").read_text().splitlines():
        if line.startswith("{"):
            case = json.loads(line)
            if case["expect"] == 1 and case["puzzle"]["size"] == 6:
                return case["puzzle"]
    raise AssertionError(key)


def run(*args: str) -> str:
    result = RUNNER.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("key", ["littlekillersum", "sandwichsum", "xsum", "skyscraper"])
def test_commands_on_an_outside_clue_puzzle(key: str, tmp_path: Path) -> None:
    data = first_unique(key)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    solution = "".join(map(str, data["solution"]))
    assert run("unique", str(path)).startswith("unique")
    assert run("count", str(path), "--cap", "5").strip() == "1"
    (solved,) = parse_variants(run("solve", str(path), "--format", "fpuzzles"), "solved")
    assert "".join(map(str, solved.grid)) == solution
    (puzzle,) = parse_variants(path.read_text(), "p")
    assert solved.constraints == puzzle.constraints
    assert "true candidates" in run("candidates", str(path))
    cnf = tmp_path / "p.cnf"
    run("encode", str(path), "-o", str(cnf))
    assert puzzle.constraints[0].rule in cnf.read_text().splitlines()[1]
    svg = tmp_path / "p.svg"
    run("show", str(path), "--svg", str(svg))
    assert f">{data[key][0]['value']}</text>" in svg.read_text()
    assert "certified" in run("certify", str(path), str(tmp_path / "certs"))
    assert (tmp_path / "certs" / "puzzle-00001.drup").exists()
