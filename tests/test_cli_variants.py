"""The variant commands end to end: candidates (classic and variant), generate --rule and
--rule killer, show --svg and --format fpuzzles."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.model.geometry import cell_name
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.make import check_minimal, make

from .conftest import IN_CI

if not IN_CI:  # CI installs the 'variants' extra (make test: '.[test,all]')
    pytest.importorskip("ortools")

RUNNER = CliRunner()


def test_candidates_json_equals_cp_sat_enumeration(tmp_path: Path) -> None:
    puzzle, _ = make("thermometer", 6, random.Random(8))
    loose = puzzle.with_givens((0,) * 36)
    every = cpsat.solutions(loose, 100000)
    assert 1 < len(every) < 100000
    path = tmp_path / "p.json"
    path.write_text(dumps(loose))
    result = RUNNER.invoke(app, ["candidates", str(path), "--json", "--counts", "--cap", "3"])
    assert result.exit_code == 0, result.output
    (record,) = json.loads(result.output)
    for c in range(36):
        name = cell_name(6, c)
        assert record["candidates"][name] == sorted({s[c] for s in every})
        for d, n in record["counts"][name].items():
            assert n == min(3, sum(1 for s in every if s[c] == int(d)))


def test_candidates_of_a_classic_grid_are_drawn() -> None:
    grid = "1234" + "." * 12
    result = RUNNER.invoke(app, ["candidates", "-"], input=grid)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("# 1/1 <stdin>:1: 4x4 classic: true candidates")
    assert lines[1] == "1. .2 | .. .."  # R1C1 = 1, R1C2 = 2: top halves of their boxes
    result = RUNNER.invoke(app, ["candidates", "-"], input="11" + "." * 14)
    assert result.exit_code == 1 and "no solution" in result.output


@pytest.mark.parametrize(
    "args", [["--rule", "killer"], ["--rule", "anti-knight"], ["--rule", "xv"]]
)
def test_generate_variants_are_unique_and_minimal(args: list[str]) -> None:
    result = RUNNER.invoke(app, ["generate", *args, "--size", "6", "-k", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("{")]
    puzzles = parse_variants("\n".join(lines), "made")
    assert len(puzzles) == 2
    for p in puzzles:
        assert check_minimal(p) is None
        if args == ["--rule", "killer"]:
            assert p.of(Cage)


def test_show_svg_and_fpuzzles(tmp_path: Path) -> None:
    puzzle, _ = make(["killer", "arrow", "kropki"], 6, random.Random(2))
    path = tmp_path / "p.json"
    path.write_text(dumps(puzzle))
    svg = tmp_path / "p.svg"
    assert RUNNER.invoke(app, ["show", str(path), "--svg", str(svg)]).exit_code == 0
    text = svg.read_text()
    assert text.startswith("<svg") and "stroke-dasharray" in text and "<polyline" in text
    result = RUNNER.invoke(app, ["show", str(path), "--format", "fpuzzles"])
    assert parse_variants(result.output, "again")[0].of(Cage) == puzzle.of(Cage)


def test_certificates_check_and_decode(tmp_path: Path) -> None:
    puzzle, _ = make("killer", 6, random.Random(5))
    path = tmp_path / "p.json"
    path.write_text(dumps(puzzle))
    certs = tmp_path / "certs"
    result = RUNNER.invoke(app, ["unique", str(path), "--certify", str(certs)])
    assert result.exit_code == 0, result.output
    cnf, drup = certs / "puzzle-00001.cnf", certs / "puzzle-00001.drup"
    result = RUNNER.invoke(app, ["check-proof", str(cnf), str(drup), "--method", "rup"])
    assert result.exit_code == 0 and "verified" in result.output
    text = cnf.read_text()
    clause = next(line for line in text.splitlines() if line.startswith("-"))
    first = clause.split()[0]
    cnf.write_text(text.replace(clause + "\n", f"{first} {first} 0\n", 1))  # not the rules
    result = RUNNER.invoke(app, ["check-proof", str(cnf), str(drup), "--method", "rup"])
    assert result.exit_code == 1
    model = "v " + " ".join(
        str(c * 6 + d if d == puzzle.solution[c] else -(c * 6 + d))  # type: ignore[index]
        for c in range(36)
        for d in range(1, 7)
    )
    (tmp_path / "answer").write_text(f"s SATISFIABLE\n{model} 0\n")
    args = ["decode", str(tmp_path / "answer"), "--puzzle", str(path), "--format", "line"]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 0 and result.output.strip() == "".join(map(str, puzzle.solution))


def test_bench_variants_quick() -> None:
    from .conftest import load_benchmark

    bench = load_benchmark("bench_variants")
    text = bench.main(["--quick", "--rules", "killer,xv"])  # type: ignore[attr-defined]
    assert "| killer | 6x6 | 2 |" in text and "| xv | 6x6 | 2 |" in text
    assert "equal" in text and "DIFFER" not in text and "| killer 6x6 (2) |" in text


def test_classic_grids_in_fpuzzles_format_read_back() -> None:
    from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION

    solved = RUNNER.invoke(app, ["solve", "-", "--format", "fpuzzles"], input=TRES_DIFFICILE)
    (puzzle,) = parse_variants(solved.output, "solved")
    assert "".join(map(str, puzzle.grid)) == TRES_DIFFICILE_SOLUTION
    shown = RUNNER.invoke(app, ["show", "-", "--format", "fpuzzles"], input=TRES_DIFFICILE)
    result = RUNNER.invoke(app, ["candidates", "-", "--json"], input=shown.output)
    (record,) = json.loads(result.output)
    assert record["candidates"]["R1C2"] == [int(TRES_DIFFICILE_SOLUTION[1])]


KILLER = Path(__file__).resolve().parents[1] / "docs" / "data" / "killer-ukpa.json"


def test_a_folder_under_a_file_is_bad_input_for_every_writer(tmp_path: Path) -> None:
    """encode --out-dir on a variant exited 3 where -o and certify exit 2 for the same
    cause (issue 41, 17); a path under a regular file stands for a read-only parent,
    which root does not feel."""
    (tmp_path / "file").write_text("")
    classic = tmp_path / "p.txt"
    classic.write_text(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
    )
    under = str(tmp_path / "file" / "sub")
    for source in (str(KILLER), str(classic)):
        for argv in (["encode", source, "--out-dir", under], ["encode", source, "-o", under + "/x"],
                     ["certify", source, under]):  # fmt: skip
            result = RUNNER.invoke(app, argv)
            assert result.exit_code == 2, (argv, result.output)
            assert len(result.output.strip().splitlines()) == 1


def test_decode_of_a_variant_answer_asks_for_the_puzzle(tmp_path: Path) -> None:
    """Without --puzzle it said "cell r1c1 is given several values" (issue 41, 19)."""
    from pysat.solvers import Solver

    import sudoku_sat as ss

    cnf = ss.encode(ss.read(KILLER)[0])
    with Solver(name="g4", bootstrap_with=cnf.clauses) as s:
        assert s.solve()
        model = s.get_model()
    answer = tmp_path / "answer.txt"
    answer.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    (tmp_path / "k.cnf").write_text(cnf.dimacs())
    for extra in ([], ["--cnf", str(tmp_path / "k.cnf")]):
        result = RUNNER.invoke(app, ["decode", str(answer), *extra])
        assert result.exit_code == 2 and "--puzzle FILE" in result.output, result.output
        assert "several values" not in result.output
    result = RUNNER.invoke(app, ["decode", str(answer), "--puzzle", str(KILLER)])
    assert result.exit_code == 0 and "6 3 2 | 7 9 8 | 1 5 4" in result.output


def test_grids_past_16x16_are_drawn_and_encoded_as_the_api_does(tmp_path: Path) -> None:
    """25x25 grids ended in an IndexError (the variant symbols stopped at G); issue 38:
    the CLI draws and answers what the API does, at every order."""
    import sudoku_sat as ss

    for clues in (0, 1):
        path = tmp_path / "p25.txt"
        path.write_text(" ".join(["1"] * clues + ["0"] * (625 - clues)) + "\n")
        svg = tmp_path / "s.svg"
        assert RUNNER.invoke(app, ["show", str(path), "--svg", str(svg)]).exit_code == 0
        assert svg.read_text() == ss.read(path)[0].svg()
    # encoded with the one given (a 25x25 formula with a global rule is 2.3 million
    # pairwise clauses built in pure Python, 1.5 s of CPU for each of the CLI and the API:
    # once, not again for the empty grid, which runs the same code less a unit clause)
    cnf = tmp_path / "x.cnf"
    result = RUNNER.invoke(app, ["encode", str(path), "--rule", "x", "-o", str(cnf)])
    assert result.exit_code == 0, result.output
    formula = ss.encode(ss.read(path, rule="x")[0])
    assert f"\np cnf {formula.nvars} {len(formula.clauses)}\n" in cnf.read_text()
    # candidates on a full 25x25 (a pattern grid) less three cells of row 1 and box 1:
    # one solution, so each open cell's one candidate is its digit (the candidate CNF)
    full = [(r * 5 + r // 5 + c) % 25 + 1 for r in range(25) for c in range(25)]
    open_grid = [0, 0, 0] + full[3:]
    path.write_text(" ".join(map(str, open_grid)) + "\n")
    result = RUNNER.invoke(app, ["candidates", str(path), "--json"])
    assert result.exit_code == 0, result.output
    (record,) = json.loads(result.output)
    assert [record["candidates"][f"R1C{c}"] for c in (1, 2, 3)] == [[1], [2], [3]]
    assert record["candidates"]["R25C25"] == [full[-1]]
    drawn = RUNNER.invoke(app, ["candidates", str(path)])
    assert drawn.exit_code == 0 and "25x25 classic: true candidates" in drawn.output
    assert drawn.output.splitlines()[1].startswith("1.... ")


def test_fpuzzles_past_16x16_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "p25.txt"
    path.write_text(" ".join(["0"] * 625) + "\n")
    result = RUNNER.invoke(app, ["show", str(path), "--format", "fpuzzles"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert "a 25x25 grid" in result.stderr and "4x4 to 16x16" in result.stderr
