"""--encoding and --amo on solve, and compare --encodings (CDCL per encoding)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_sat.encodings import ENCODINGS

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, need_binary
from .test_cli import UNSAT, run


@pytest.mark.parametrize("encoding", [*ENCODINGS, "candidates"])
def test_solve_with_an_encoding(encoding: str) -> None:
    """Each encoding through PySAT and the CaDiCaL binary (the candidate-only one chooses
    its at-most-one by width, so it takes no --amo)."""
    amo = [] if encoding == "candidates" else ["--amo", "sequential"]
    for extra in ([], ["--method", "pysat:g4"], ["--method", "bin:cadical"]):
        if "bin:cadical" in extra:
            need_binary("cadical")
        code, out, _ = run(
            "solve",
            "-",
            "--encoding",
            encoding,
            *amo,
            "--format",
            "line",
            *extra,
            stdin=f"{TRES_DIFFICILE}\n{UNSAT}\n",
        )
        lines = out.splitlines()
        assert code == 1 and lines[0] == TRES_DIFFICILE_SOLUTION
        assert len(lines) == 2 and lines[1].startswith("# UNSAT")


def test_compare_encodings(tmp_path: Path) -> None:
    need_binary("cadical")
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(f"{TRES_DIFFICILE}\n{UNSAT}\n")
    code, out, err = run(
        "compare",
        str(puzzles),
        "--encodings",
        "minimal,reduced",
        "--methods",
        "pysat:m22,bin:cadical",
        "--json",
        "-q",
    )
    assert code == 0, err
    rows = json.loads(out)["summaries"]
    assert [(r["encoding"], r["solver"]) for r in rows] == [
        ("minimal", "m22"),
        ("minimal", "cadical"),
        ("reduced", "m22"),
        ("reduced", "cadical"),
    ]
    assert all(r["solved"] == 1 and r["unsat"] == 1 and r["disagreements"] == 0 for r in rows)
    code, out, _ = run("compare", str(puzzles), "--encodings", "natural", "--methods", "pysat:m22")
    assert code == 0 and "| natural" in out and "puzzles/s" in out
    code, _, err = run("compare", str(puzzles), "--encodings", "tiny")
    assert code == 2 and "unknown encoding 'tiny'" in err


def test_engine_refuses_an_encoding() -> None:
    code, _, err = run(
        "solve", "-", "--method", "up", "--encoding", "minimal", stdin=TRES_DIFFICILE
    )
    assert code == 2 and "not to engines" in err
