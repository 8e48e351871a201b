"""``sudoku-sat encodings``: CDCL per encoding from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import TRES_DIFFICILE, need_binary
from .test_cli import UNSAT, run


def test_encodings_command(tmp_path: Path) -> None:
    need_binary("cadical")
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    args = ("--encodings", "minimal,reduced", "--methods", "pysat:m22,bin:cadical")
    code, out, err = run("encodings", str(puzzles), *args, "--json", "-q")
    assert code == 0, err
    rows = json.loads(out)["summaries"]
    assert [(r["encoding"], r["solver"]) for r in rows] == [
        ("minimal", "m22"),
        ("minimal", "cadical"),
        ("reduced", "m22"),
        ("reduced", "cadical"),
    ]
    assert all(r["solved"] == 1 and r["unsat"] == 1 and r["disagreements"] == 0 for r in rows)
    code, out, _ = run(
        "encodings", str(puzzles), "--encodings", "natural", "--methods", "pysat:m22"
    )
    assert code == 0 and "| natural" in out and "puzzles/s" in out


def test_encodings_command_errors(tmp_path: Path) -> None:
    code, _, err = run("encodings", "-", "--encodings", "tiny", stdin=TRES_DIFFICILE)
    assert code == 2 and "unknown encoding 'tiny'" in err
    code, _, err = run("encodings")
    assert code == 2 and "give either" in err


def test_compare_encodings_with_levels(tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    args = ("--encodings", "natural,augmented")
    code, out, err = run(
        "compare", str(puzzles), *args, "--methods", "pysat:m22,fl,fl2", "--json", "-q"
    )
    assert code == 0, err
    rows = {(r["encoding"], r["solver"]): r for r in json.loads(out)["summaries"]}
    assert sorted(rows) == [
        ("augmented", "fl"),
        ("augmented", "fl2"),
        ("augmented", "m22"),
        ("natural", "fl"),
        ("natural", "fl2"),
        ("natural", "m22"),
    ]
    assert rows["augmented", "fl"]["solved"] == 1 and rows["augmented", "fl"]["unsat"] == 1
    assert all(r["disagreements"] == 0 for r in rows.values())
    code, _, err = run("compare", str(puzzles), *args, "--methods", "deep")
    assert code == 2 and "--methods 'deep': unknown method" in err
