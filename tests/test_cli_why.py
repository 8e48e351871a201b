"""``sudoku-sat why`` and ``sudoku-sat redundant``: words, JSON fields, exit codes (those
of ``unique``), drawings, the reduced puzzle written atomically, bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.fpuzzles import parse_variants

DATA = Path(__file__).parent / "data" / "constraints"
UNIQUE = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
NONE = UNIQUE[:-1] + "6"
SEVERAL = "0" + UNIQUE[1:]
runner = CliRunner()


def killer() -> dict[str, object]:
    line = next(x for x in (DATA / "killercage.jsonl").read_text().splitlines() if x[:1] == "{")
    puzzle: dict[str, object] = json.loads(line)["puzzle"]
    return puzzle


def test_the_three_verdicts_and_their_exit_codes(tmp_path: Path) -> None:
    (tmp_path / "p.txt").write_text(f"{UNIQUE}\n{NONE}\n{SEVERAL}\n")
    result = runner.invoke(app, ["why", str(tmp_path / "p.txt")])
    assert result.exit_code == 4, result.output
    out = result.output
    assert "puzzle 1" in out and "\nunique\n" in out
    assert "none: these 2 have no solution together (a minimal set)" in out
    assert "  given 6 at r9c9" in out
    assert "several: two solutions differ in" in out
    assert "givens that would each make it unique (6): 5 at r1c1" in out
    (tmp_path / "one.txt").write_text(SEVERAL + "\n")
    assert runner.invoke(app, ["why", str(tmp_path / "one.txt")]).exit_code == 1
    (tmp_path / "u.txt").write_text(UNIQUE + "\n")
    assert runner.invoke(app, ["why", str(tmp_path / "u.txt")]).exit_code == 0


def test_json_records_have_the_issue_s_field_names(tmp_path: Path) -> None:
    (tmp_path / "p.txt").write_text(f"{NONE}\n{SEVERAL}\n{UNIQUE}\n")
    result = runner.invoke(app, ["why", str(tmp_path / "p.txt"), "--json", "--needed"])
    none, several, unique = json.loads(result.output)
    assert (
        none["verdict"] == "none" and {"key": "given", "cell": "r9c9", "digit": 6} in none["core"]
    )
    assert several["verdict"] == "several" and len(several["solutions"]) == 2
    assert all(len(s) == 81 for s in several["solutions"]) and several["differ"][0] == "r1c1"
    assert several["fixes"][0] == {"cell": "r1c1", "digit": 5}
    assert unique["verdict"] == "unique" and isinstance(unique["needed"], list)
    assert none["index"] == 1 and none["checked"] == "exact-cover search"


def test_a_wrong_cage_is_named_with_its_key_and_index(tmp_path: Path) -> None:
    puzzle = killer()
    cages = puzzle["killercage"]
    assert isinstance(cages, list)
    cages[0]["value"] = str(int(cages[0]["value"]) + 1)
    puzzle.pop("solution", None)  # the reader refuses a solution the puzzle breaks
    (tmp_path / "bad.json").write_text(json.dumps(puzzle))
    result = runner.invoke(app, ["why", str(tmp_path / "bad.json"), "--smallest", "--json"])
    assert result.exit_code == 4
    (record,) = json.loads(result.output)
    assert record["smallest"] is True
    assert {"key": "killercage", "index": 1, "cells": ["r1c1", "r1c2"], "value": 4} in record[
        "core"
    ]
    text = runner.invoke(app, ["why", str(tmp_path / "bad.json"), "--svg", str(tmp_path / "w.svg")])
    assert "killer cage 4 at r1c1-r1c2" in text.output
    ElementTree.parse(tmp_path / "w.svg")


def test_redundant_writes_the_reduced_puzzle_that_reads_back_unique(tmp_path: Path) -> None:
    (tmp_path / "k.json").write_text(json.dumps(killer()))
    out = tmp_path / "reduced.json"
    args = ["redundant", str(tmp_path / "k.json"), "-o", str(out), "--svg", str(tmp_path / "r.svg")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "removable, each alone" in result.output and "a minimal set to keep" in result.output
    (reduced,) = parse_variants(out.read_text(), "reduced")
    assert runner.invoke(app, ["unique", str(out)]).exit_code == 0
    assert len(reduced.of(Cage)) < len(killer()["killercage"])  # type: ignore[arg-type]
    assert 'opacity="0.3"' in (tmp_path / "r.svg").read_text()
    record = json.loads(
        runner.invoke(app, ["redundant", str(tmp_path / "k.json"), "--json"]).output
    )
    assert set(record[0]) == {"index", "origin", "verdict", "removable", "keep", "checked"}


def test_redundant_on_several_solutions_exits_1_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "s.txt").write_text(SEVERAL + "\n")
    result = runner.invoke(app, ["redundant", str(tmp_path / "s.txt"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 1 and "several" in result.output
    assert (tmp_path / "o").read_text() == ""


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{bad")
    for command in ("why", "redundant"):
        result = runner.invoke(app, [command, str(tmp_path / "bad.json")])
        assert result.exit_code == 2
        assert result.output.count("\n") == 1 and "malformed JSON" in result.output
    result = runner.invoke(app, ["why", str(tmp_path / "bad.json"), "--method", "nope"])
    assert result.exit_code == 2
    (tmp_path / "two.txt").write_text(f"{UNIQUE}\n{NONE}\n")
    result = runner.invoke(
        app, ["why", str(tmp_path / "two.txt"), "--svg", str(tmp_path / "x.svg")]
    )
    assert result.exit_code == 2 and "--svg draws one puzzle" in result.output
    assert not (tmp_path / "x.svg").exists()


def test_stdin_is_read_with_a_dash() -> None:
    result = runner.invoke(app, ["why", "-", "--limit", "1"], input=SEVERAL + "\n")
    assert result.exit_code == 1 and "(1, the first ones): 5 at r1c1" in result.output
