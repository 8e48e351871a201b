"""``certify`` and ``check-proof`` through typer's CliRunner."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.dimacs import parse_cnf
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles

from .conftest import EASY, TRES_DIFFICILE

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
# EASY with its first clues removed until it has several solutions (checked below)
AMBIGUOUS = "." * 8 + EASY[8:]
# the first puzzle of magictour top1465: failed literals solve it (a proof of unit lemmas)
TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def certified(tmp_path: Path, puzzles: str, *options: str) -> tuple[Path, object]:
    source = tmp_path / "puzzles.txt"
    source.write_text(puzzles)
    folder = tmp_path / "certs"
    result = runner.invoke(app, ["certify", str(source), str(folder), *options])
    return folder, result


@pytest.mark.parametrize("command", ["check-proof", "certify"])
def test_help_explains_certificates(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0 and ("DRUP" in result.output or "certif" in result.output)


def test_certify_writes_three_files_per_puzzle_and_they_check(tmp_path: Path) -> None:
    folder, result = certified(tmp_path, f"{EASY}\n{TRES_DIFFICILE}\n")
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    assert sorted(p.name for p in folder.iterdir()) == [
        f"puzzle-0000{k}.{ext}" for k in (1, 2) for ext in ("cnf", "drup", "sol")
    ]
    assert "2 of 2 puzzle(s) certified" in result.stderr  # type: ignore[attr-defined]
    for k, line in ((1, EASY), (2, TRES_DIFFICILE)):
        stem = folder / f"puzzle-0000{k}"
        solution = parse_puzzles(stem.with_suffix(".sol").read_text())[0].grid
        assert is_solution(solution, 3, parse_puzzles(line)[0].grid)
        assert parse_cnf(stem.with_suffix(".cnf").read_text()).nvars == 729
        check = runner.invoke(
            app, ["check-proof", str(stem.with_suffix(".cnf")), str(stem.with_suffix(".drup"))]
        )
        assert check.exit_code == 0, check.output
        assert check.stdout.count(": verified: ") == 2 and "solves the puzzle" in check.stdout


def test_certify_json_and_forced_prover(tmp_path: Path) -> None:
    folder, result = certified(tmp_path, f"{TRES_DIFFICILE}\n", "--json", "--method", "pysat")
    records = json.loads(result.stdout)  # type: ignore[attr-defined]
    assert records[0]["certificate"]["method"] == "cdcl"
    assert Path(records[0]["certificate"]["files"]["proof"]).is_file()


def test_several_solutions_get_no_certificate_and_a_reason(tmp_path: Path) -> None:
    folder, result = certified(tmp_path, f"{EASY}\n{AMBIGUOUS}\n")
    assert result.exit_code == 1  # type: ignore[attr-defined]
    err = result.stderr  # type: ignore[attr-defined]
    assert "puzzle 2" in err and "no certificate: has several solutions" in err
    assert "1 of 2 puzzle(s) certified" in err
    assert not list(folder.glob("puzzle-00002.*")) and (folder / "puzzle-00001.drup").is_file()


def test_generated_puzzles_certified(tmp_path: Path) -> None:
    made = runner.invoke(app, ["generate", "-k", "2", "--seed", "3", "-q"])
    assert made.exit_code == 0
    folder, result = certified(tmp_path, made.stdout)
    assert result.exit_code == 0  # type: ignore[attr-defined]
    assert len(list(folder.glob("*.drup"))) == 2
    check = runner.invoke(
        app,
        [
            "check-proof",
            str(folder / "puzzle-00002.cnf"),
            str(folder / "puzzle-00002.drup"),
            "--method",
            "rup",
        ],
    )
    assert check.exit_code == 0


@pytest.fixture(scope="module")
def made_cert(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """TOP1 certified once for the module (the tests below edit copies of its files)."""
    folder, result = certified(tmp_path_factory.mktemp("cert"), f"{TOP1}\n", "--method", "fl")
    assert result.exit_code == 0  # type: ignore[attr-defined]
    return folder


@pytest.fixture
def cert(made_cert: Path, tmp_path: Path) -> tuple[Path, Path]:
    folder = shutil.copytree(made_cert, tmp_path / "certs")
    return folder / "puzzle-00001.cnf", folder / "puzzle-00001.drup"


def test_check_proof_exit_1_names_the_first_bad_lemma(cert: tuple[Path, Path]) -> None:
    cnf, proof = cert
    lines = proof.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if not line.startswith("c"))
    lines[first] = str(-int(lines[first].split()[0])) + " 0"  # a failed literal, flipped
    proof.write_text("\n".join(lines) + "\n")
    for checker in ("rup", "dratify", "all"):
        result = runner.invoke(app, ["check-proof", str(cnf), str(proof), "--method", checker])
        assert result.exit_code == 1
        assert f"line {first + 1}: lemma" in result.stderr


def test_check_proof_exit_1_on_a_proof_for_another_formula(
    cert: tuple[Path, Path], tmp_path: Path
) -> None:
    cnf, proof = cert
    other = tmp_path / "other.cnf"
    other.write_text(cnf.read_text().replace("c order 3", "c order 3 (edited)"))
    result = runner.invoke(app, ["check-proof", str(other), str(proof), "--json"])
    assert result.exit_code == 1
    assert "was made for the formula" in json.loads(result.stdout)["problems"][0]


def test_check_proof_exit_1_when_the_cnf_is_not_its_puzzles_formula(
    cert: tuple[Path, Path], tmp_path: Path
) -> None:
    cnf, proof = cert
    text = cnf.read_text().splitlines()
    text = [line for line in text if not line.startswith("p cnf")]
    body = [line for line in text if not line.startswith("c")][:-1]  # blocking clause gone
    comments = [line for line in text if line.startswith("c")]
    changed = tmp_path / "changed.cnf"
    changed.write_text("\n".join([*comments, f"p cnf 729 {len(body)}", *body]) + "\n")
    bare = tmp_path / "bare.drup"
    bare.write_text(
        "\n".join(ln for ln in proof.read_text().splitlines() if not ln.startswith("c sha256"))
        + "\n"
    )
    result = runner.invoke(app, ["check-proof", str(changed), str(bare), "--method", "rup"])
    assert result.exit_code == 1
    assert "not F_regle" in result.stderr


@pytest.mark.parametrize(
    ("proof_text", "where"),
    [("1 x 0\n", "p.drup:1:3:"), ("1 2\n", "p.drup:1:4:"), ("800 0\n", "p.drup:1:1:")],
)
def test_check_proof_exit_2_on_a_malformed_proof(
    cert: tuple[Path, Path], tmp_path: Path, proof_text: str, where: str
) -> None:
    cnf, _ = cert
    bad = tmp_path / "p.drup"
    bad.write_text(proof_text)
    result = runner.invoke(app, ["check-proof", str(cnf), str(bad)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and where in result.stderr


def test_check_proof_exit_2_on_a_malformed_cnf_or_a_missing_file(
    cert: tuple[Path, Path], tmp_path: Path
) -> None:
    _, proof = cert
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 3 0\n")
    result = runner.invoke(app, ["check-proof", str(bad), str(proof)])
    assert result.exit_code == 2 and "bad.cnf:2:3:" in result.stderr
    missing = runner.invoke(app, ["check-proof", str(tmp_path / "none.cnf"), str(proof)])
    assert missing.exit_code == 2 and "no such file" in missing.stderr


def test_certify_into_a_file_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    source = tmp_path / "p.txt"
    source.write_text(EASY + "\n")
    result = runner.invoke(app, ["certify", str(source), str(tmp_path / "file")])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1


def test_without_dratify_the_checker_says_how_to_install(
    cert: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "dratify", None)
    cnf, proof = cert
    result = runner.invoke(app, ["check-proof", str(cnf), str(proof), "--method", "dratify"])
    assert result.exit_code == 3 and "sudoku-sat-lab[certify]" in result.stderr
    assert (
        runner.invoke(app, ["check-proof", str(cnf), str(proof), "--method", "rup"]).exit_code == 0
    )


def test_ambiguous_fixture_has_several_solutions() -> None:
    from sudoku_sat.engines.eup.reference import count_eup

    assert count_eup(parse_puzzles(AMBIGUOUS)[0].grid, 3, 2) == 2
    assert shutil is not None


@pytest.mark.parametrize("command", ["unique", "generate"])
def test_batch_commands_explain_certify(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0 and "--certify" in result.output


def test_unique_certify_writes_checked_certificates(tmp_path: Path) -> None:
    source = tmp_path / "puzzles.txt"
    source.write_text(f"{EASY}\n{TRES_DIFFICILE}\n")
    folder = tmp_path / "certs"
    result = runner.invoke(app, ["unique", str(source), "--certify", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert [r["verdict"] for r in records] == ["unique", "unique"]
    assert all(r["certificate"]["method"] for r in records)
    for k in (1, 2):
        check = runner.invoke(
            app,
            [
                "check-proof",
                str(folder / f"puzzle-0000{k}.cnf"),
                str(folder / f"puzzle-0000{k}.drup"),
            ],
        )
        assert check.exit_code == 0, check.output


def test_unique_certify_gives_no_certificate_to_a_puzzle_with_several(tmp_path: Path) -> None:
    source = tmp_path / "puzzles.txt"
    source.write_text(f"{EASY}\n{'.' * 81}\n")
    folder = tmp_path / "certs"
    result = runner.invoke(app, ["unique", str(source), "--certify", str(folder)])
    assert result.exit_code == 1
    assert "several solutions" in result.stderr
    assert (folder / "puzzle-00001.drup").is_file() and not list(folder.glob("puzzle-00002.*"))


def test_generate_certify(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    result = runner.invoke(
        app, ["generate", "-k", "2", "--seed", "3", "--certify", str(folder), "-q"]
    )
    assert result.exit_code == 0, result.output
    drups = sorted(folder.glob("*.drup"))
    assert len(drups) == 2
    for drup in drups:
        check = runner.invoke(app, ["check-proof", str(drup.with_suffix(".cnf")), str(drup)])
        assert check.exit_code == 0, check.output


@pytest.mark.parametrize("command", ["certify", "unique"])
def test_a_folder_created_for_nothing_certified_is_removed(tmp_path: Path, command: str) -> None:
    source = tmp_path / "puzzles.txt"
    source.write_text(f"{AMBIGUOUS}\n")
    folder = tmp_path / "certs"
    args = [str(source), str(folder)] if command == "certify" else [str(source), "--certify"]
    if command == "unique":
        args.append(str(folder))
    result = runner.invoke(app, [command, *args])
    assert result.exit_code == 1, result.output
    assert not folder.exists()


def test_a_folder_that_was_there_stays_even_when_nothing_is_certified(tmp_path: Path) -> None:
    folder = tmp_path / "certs"
    folder.mkdir()
    _, result = certified(tmp_path, f"{AMBIGUOUS}\n")
    assert result.exit_code == 1  # type: ignore[attr-defined]
    assert folder.is_dir() and not any(folder.iterdir())


@pytest.mark.parametrize("method", ["rup", "dratify", "all"])
def test_check_proof_follows_the_clauses_not_the_header(tmp_path: Path, method: str) -> None:
    """p cnf 10000000 1 is checked on the one variable its clause uses (it took minutes);
    the verdict names the proof's own literals."""
    if method != "rup":
        pytest.importorskip("dratify")
    cnf = tmp_path / "b.cnf"
    cnf.write_text("p cnf 10000000 2\n9999999 0\n-9999999 5 0\n")
    refuted = tmp_path / "bad.drup"
    refuted.write_text("-5 0\n0\n")
    result = runner.invoke(app, ["check-proof", str(cnf), str(refuted), "--method", method])
    assert result.exit_code == 1 and "lemma '-5 0' is not RUP" in result.stdout
    cnf.write_text("p cnf 10000000 4\n9999999 5 0\n-9999999 5 0\n-5 3 0\n-5 -3 0\n")
    good = tmp_path / "good.drup"
    good.write_text("5 0\n0\n")
    result = runner.invoke(app, ["check-proof", str(cnf), str(good), "--method", method])
    assert result.exit_code == 0, result.output


def test_compacted_keeps_lines_and_renames_in_order() -> None:
    from sudoku_sat.dimacs import Cnf
    from sudoku_sat.proofs.check import compacted
    from sudoku_sat.proofs.proof import parse_proof

    small, steps = compacted(Cnf(10**7, [[7, -9000]], []), parse_proof("-7 0\nd 9000 0\n0\n"))
    assert small.nvars == 2 and small.clauses == [[1, -2]]
    assert [(s.lits, s.delete, s.line) for s in steps] == [
        ((-1,), False, 1),
        ((2,), True, 2),
        ((), False, 3),
    ]


def test_certify_a_variant_with_no_solution_exits_1_as_a_classic_one(tmp_path: Path) -> None:
    """It exited 4, unique's code; the docs and the classic path say 1 (issue 41, 16)."""
    data = json.loads((ROOT / "docs" / "data" / "killer-ukpa.json").read_text())
    data["grid"][0][0] = {"value": 1, "given": True}  # its only solution has 6 there
    data.pop("solution", None)
    source = tmp_path / "none.json"
    source.write_text(json.dumps(data))
    result = runner.invoke(app, ["certify", str(source), str(tmp_path / "certs")])
    assert result.exit_code == 1, result.output
    _, result = certified(tmp_path, "11" + "." * 79 + "\n")
    assert result.exit_code == 1  # type: ignore[attr-defined]
