"""The explain command: text, JSON, SVG, errors."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from sudoku_sat.cli import app
from tests.conftest import EASY, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION

runner = CliRunner()


def test_text_names_cells_values_and_rules() -> None:
    result = runner.invoke(app, ["explain", "-"], input=TRES_DIFFICILE + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "naked single: cell r" in out and "hidden single: cell r" in out
    assert "locked candidates (" in out and "failed literal (depth 2): suppose r" in out
    assert re.search(r"cell r[1-9]c[1-9] = [1-9]", out) and "(0," not in out
    assert " block 0" not in out and " row 0" not in out and " column 0" not in out
    assert "the empty clause" in out and "littéral infructueux" in out
    assert out.strip().splitlines()[-1] == "solved: " + TRES_DIFFICILE_SOLUTION


def test_json_and_svg(tmp_path: Path) -> None:
    svg = tmp_path / "solve.svg"
    result = runner.invoke(app, ["explain", "-", "--json", "--svg", str(svg)], input=EASY)
    assert result.exit_code == 0, result.output
    [record] = json.loads(result.stdout)
    assert record["status"] == "solved" and record["steps"][0]["rule"] == "naked single"
    assert len(record["steps"]) == EASY.count("0")
    ET.parse(svg)


def test_svg_needs_one_puzzle(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["explain", "-", "--svg", str(tmp_path / "x.svg")], input=f"{EASY}\n{EASY}\n"
    )
    assert result.exit_code == 2 and not (tmp_path / "x.svg").exists()
    assert result.stderr.count("\n") == 1 and not result.stdout


def test_stuck_is_exit_1() -> None:
    result = runner.invoke(app, ["explain", "-", "--max-level", "1"], input=TRES_DIFFICILE)
    assert result.exit_code == 1 and "stuck: " in result.output


def test_bad_input_is_one_line() -> None:
    result = runner.invoke(app, ["explain", "-"], input="12x\n")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and not result.stdout


def test_svg_of_a_killer_draws_its_cages_and_colours_its_cells(tmp_path: Path) -> None:
    svg = tmp_path / "killer.svg"
    source = Path(__file__).parents[1] / "docs" / "data" / "killer-ukpa.json"
    result = runner.invoke(app, ["explain", str(source), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    text = svg.read_text()
    ET.fromstring(text)
    assert "<title>9x9 sudoku (killer)</title>" in text and "stroke-dasharray" in text
    filled = re.findall(r'<rect x="\d+" y="\d+" width="40" height="40" fill="(#[0-9a-f]+)"', text)
    assert len(filled) == 81 and "#ffffff" not in filled  # no given: every cell explained
