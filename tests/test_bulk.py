"""The bulk path of count and unique: 9x9 lines read with numpy, counted by the compiled
engine per chunk, cross-checked against PySAT on dataset samples."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat import bulk
from sudoku_sat.batch.executor import Serial
from sudoku_sat.bulk import CountArrays, Lines, bulk_counts, parse_lines, unpacked
from sudoku_sat.cli import app
from sudoku_sat.engines import batch9
from sudoku_sat.grid import is_solution
from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.counting import PysatCounter

from .conftest import EASY, dataset_path
from .shared_pool import lend_to_commands

pytest.importorskip("numba")
runner = CliRunner()
CLASH = "11" + "." * 79
BLANK = "." * 81


def dataset_lines(name: str, k: int, seed: int = 0) -> list[str]:
    """k puzzle lines drawn at random (fixed seed) from a shared dataset."""
    lines = parse_lines(dataset_path(name).read_text())
    assert lines is not None
    return random.Random(seed).sample(lines.rows, k)


def pysat_counts(rows: list[str], cap: int) -> list[int]:
    with PysatCounter(3) as counter:
        return [counter.count(parse_puzzles(row)[0].grid, cap) for row in rows]


def compiled_counts(rows: list[str], cap: int) -> list[int]:
    lines = Lines.of(rows, list(range(1, len(rows) + 1)), "<test>")
    return [c for chunk in bulk_counts(Serial(), lines, cap, here=False) for c in chunk]


@pytest.mark.parametrize(
    ("name", "k"),
    [
        ("puzzles2_17_clue", 150),
        ("puzzles5_forum_hardest_1905_11+", 60),
        ("puzzles6_forum_hardest_1106", 30),
        ("puzzles7_serg_benchmark", 150),
    ],
)
def test_compiled_counts_equal_pysat_on_dataset_samples(name: str, k: int) -> None:
    rows = dataset_lines(name, k)
    for cap in (2, 3):
        expected = pysat_counts(rows, cap)
        assert compiled_counts(rows, cap) == expected
        assert batch9_counts(rows, cap) == expected


def batch9_counts(rows: list[str], cap: int) -> list[int]:
    """Counts by the 9x9 batch engine, with each first solution checked on the rules."""
    counts, solutions = batch9.count_batch(unpacked("".join(rows).encode()), cap)
    for row, count, solution in zip(rows, counts.tolist(), solutions.tolist(), strict=True):
        grid = parse_puzzles(row)[0].grid
        assert is_solution(tuple(solution), 3, grid) if count else not any(solution)
    return list(counts.tolist())


def test_contradictions_and_blank_grids_with_a_cap() -> None:
    rows = [CLASH, BLANK, EASY, "1" * 81, EASY[:80] + ("1" if EASY[80] != "1" else "2")]
    for cap in (1, 2, 7, 50):
        assert compiled_counts(rows, cap) == pysat_counts(rows, cap) == batch9_counts(rows, cap)
        assert compiled_counts(rows, cap)[:3] == [0, cap, 1]


def test_cap_gives_exactly_min_count_cap_on_the_reference_counts() -> None:
    reference = parse_puzzles(dataset_path("counts_reference.txt").read_text())
    rows = ["".join(str(v) for v in p.grid) for p in reference]
    for cap in (1, 2, 5, 1000):
        expected = [min(p.count, cap) for p in reference if p.count is not None]
        assert compiled_counts(rows, cap) == expected == batch9_counts(rows, cap)


def test_the_pure_python_start_agrees_with_the_compiled_chunks() -> None:
    rows = dataset_lines("puzzles7_serg_benchmark", 20) + [CLASH, BLANK, EASY]
    lines = Lines.of(rows, list(range(1, len(rows) + 1)), "<test>")
    here = [c for chunk in bulk_counts(Serial(), lines, 2, here=True) for c in chunk]
    assert here == compiled_counts(rows, 2)


def test_the_task_pickles_as_its_cap_and_answers_a_packed_chunk() -> None:
    task = CountArrays(2)
    (counts,) = task([(EASY + CLASH + BLANK).encode()])
    assert counts.tolist() == [1, 0, 2]


def test_reader_takes_only_whole_files_of_9x9_lines() -> None:
    lines = parse_lines(f"# head\n\n{EASY}\n  \n{BLANK.replace('.', '0')}  \n{CLASH}\r\n")
    assert lines is not None and len(lines) == 3 and lines.numbers == [3, 5, 6]
    assert lines.grid(1) == (0,) * 81 and lines.origin(2) == "<input>:6"
    for other in (
        f"{EASY}\n{EASY}:1\n",  # puzzle:count
        f"{EASY}\n {EASY}\n",  # leading blank
        f"{EASY}\n{EASY[:80]}\n",  # short line
        f"{EASY}\n{EASY[:80]}x\n",  # bad character
        "1" * 16 + "\n",  # 4x4
        "# only a comment\n",
        f"{EASY[:80]}é\n",
    ):
        assert parse_lines(other) is None, other


def test_a_file_of_bare_lines_is_packed_whole() -> None:
    zeros = BLANK.replace(".", "0")
    lines = parse_lines(f"{EASY}\n{zeros}\n{CLASH}")  # no newline at the end
    assert lines is not None and len(lines) == 3 and list(lines.numbers) == [1, 2, 3]
    assert lines.rows == [EASY, zeros, CLASH] and lines.grid(1) == (0,) * 81
    assert lines.packed(1, 3) == (zeros + CLASH).encode() and lines.origin(2) == "<input>:3"
    assert parse_lines(f"{EASY}\n{EASY[:80]}x\n") is None
    assert parse_lines(f"{EASY[:80]}\n{EASY}1\n") is None  # 80 + 82 characters


def test_bad_line_is_reported_as_before(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{EASY}\n{EASY}\n{EASY[:4]}x{EASY[5:]}\n")
    for command in ("unique", "count"):
        result = runner.invoke(app, [command, str(path)])
        assert result.exit_code == 2
        assert result.stderr.strip() == f"sudoku-sat: error: {path}:3:5: illegal character 'x'"


def test_cli_bulk_output_order_exit_codes_and_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk, "CHUNK", 7)  # several chunks
    monkeypatch.setattr(bulk, "SMALL", 3)  # the Python start, then the compiled chunks
    rows = dataset_lines("puzzles7_serg_benchmark", 5) + [EASY] * 20 + [CLASH, BLANK]
    path = tmp_path / "p.txt"
    path.write_text("# serg, easy, clash, blank\n" + "\n".join(rows) + "\n")
    result = runner.invoke(app, ["unique", str(path)])
    assert result.stdout.splitlines() == ["several"] * 5 + ["unique"] * 20 + ["none", "several"]
    assert result.exit_code == 4
    assert f"puzzle 26 ({path}:27) has no solution" in result.stderr
    assert f"puzzle 1 ({path}:2) has several solutions" in result.stderr
    result = runner.invoke(app, ["count", str(path), "--cap", "3"])
    assert result.stdout.splitlines() == pysat_shown(rows, 3) and result.exit_code == 0
    pysat = runner.invoke(app, ["unique", str(path), "--method", "pysat"])
    assert pysat.stdout == runner.invoke(app, ["unique", str(path)]).stdout


def pysat_shown(rows: list[str], cap: int) -> list[str]:
    return [f">={cap}" if c >= cap else str(c) for c in pysat_counts(rows, cap)]


def test_jobs_split_the_chunks_and_give_the_same_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = dataset_lines("puzzles2_17_clue", 40) + [CLASH, BLANK]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(rows) + "\n")
    one = runner.invoke(app, ["unique", str(path)])
    monkeypatch.setattr(bulk, "CHUNK", 16)
    pooled = lend_to_commands(monkeypatch)
    two = runner.invoke(app, ["unique", str(path), "--jobs", "2"])
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 4
    assert pooled == [2]
