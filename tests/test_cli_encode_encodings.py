"""--encoding and --amo on encode and decode, end to end through minisat."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sudoku_sat.cli._encoding_options import AmoName, EncodingName
from sudoku_sat.dimacs import parse_cnf
from sudoku_sat.encodings import AMO_METHODS, ENCODINGS

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION, need_binary
from .test_cli import run


@pytest.fixture
def hard_file(tmp_path: Path) -> Path:
    path = tmp_path / "hard.txt"
    path.write_text(TRES_DIFFICILE + "\n")
    return path


def test_choices_are_the_registrys() -> None:
    assert tuple(e.value for e in EncodingName) == (*ENCODINGS, "candidates")
    assert tuple(a.value for a in AmoName) == AMO_METHODS


@pytest.mark.parametrize(
    ("encoding", "rules"),
    [("minimal", 8829), ("natural", 11745), ("extended", 11988), ("augmented", 15228)],
)
def test_encode_rules_only_counts(hard_file: Path, encoding: str, rules: int) -> None:
    code, out, _ = run("encode", str(hard_file), "--rules-only", "--encoding", encoding)
    assert code == 0
    cnf = parse_cnf(out)
    assert len(cnf.clauses) == rules
    assert f"encoding {encoding} amo pairwise order 3" in cnf.comments


def test_encode_reduced_records_the_givens(hard_file: Path) -> None:
    code, out, _ = run("encode", str(hard_file), "--encoding", "reduced", "--amo", "product")
    cnf = parse_cnf(out)
    assert code == 0 and len(cnf.clauses) < 11988 // 2
    assert "givens " + ",".join(TRES_DIFFICILE) in cnf.comments
    code, _, err = run("encode", str(hard_file), "--encoding", "reduced", "--rules-only")
    assert code == 2 and "needs clues" in err


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("amo", AMO_METHODS)
def test_encode_minisat_decode_pipeline(
    tmp_path: Path, hard_file: Path, encoding: str, amo: str
) -> None:
    need_binary("minisat")
    cnf, result = tmp_path / "f.cnf", tmp_path / "result.txt"
    run("encode", str(hard_file), "-o", str(cnf), "--encoding", encoding, "--amo", amo)
    subprocess.run(["minisat", "-verb=0", str(cnf), str(result)], capture_output=True)
    code, out, err = run("decode", str(result), "--format", "line", "--cnf", str(cnf))
    assert (code, out.strip()) == (0, TRES_DIFFICILE_SOLUTION), err
    if encoding != "reduced":  # the order is recognised from the variable count alone
        code, out, _ = run("decode", str(result), "--format", "line")
        assert (code, out.strip()) == (0, TRES_DIFFICILE_SOLUTION)


def test_decode_cnf_without_encoding_line(tmp_path: Path) -> None:
    cnf = tmp_path / "plain.cnf"
    cnf.write_text("c hello\np cnf 1 1\n1 0\n")
    code, _, err = run("decode", "-", "--cnf", str(cnf), stdin="s SATISFIABLE\nv 1 0\n")
    assert code == 2 and "no 'encoding' comment line" in err
