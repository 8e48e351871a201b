"""Every benchmark script runs in its quick mode, so none can rot unnoticed."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from sudoku_sat.gridio import Puzzle, parse_puzzles, read_puzzles

from .conftest import dataset_path, load_benchmark


@functools.cache
def _parsed(text: str, source: str, alphabet: str | None, order: int | None) -> tuple[Puzzle, ...]:
    return tuple(parse_puzzles(text, source, alphabet, order))


def shared_parse(
    text: str, source: str = "<input>", alphabet: str | None = None, order: int | None = None
) -> list[Puzzle]:
    """parse_puzzles, each text parsed once per test process: the benchmarks sample the
    same few dataset files, and the 17-clue set or the 1905 forum set take 0.8 s each to
    parse (a Puzzle is frozen; every caller gets its own list)."""
    return list(_parsed(text, source, alphabet, order))


@functools.cache
def _read(path: str, alphabet: str | None, order: int | None) -> tuple[Puzzle, ...]:
    return tuple(read_puzzles(path, alphabet, order))


def shared_read(
    path: str | Path, alphabet: str | None = None, order: int | None = None
) -> list[Puzzle]:
    """read_puzzles, each file read once per test process (as shared_parse)."""
    return list(_read(str(path), alphabet, order))


def bench(name: str) -> Any:
    """benchmarks/NAME.py, its dataset reading shared with the other benchmarks' runs."""
    module = load_benchmark(name)
    for attribute, shared in (("parse_puzzles", shared_parse), ("read_puzzles", shared_read)):
        if hasattr(module, attribute):
            setattr(module, attribute, shared)
    return module


def test_bench_encode_quick(capsys: pytest.CaptureFixture[str]) -> None:
    bench("bench_encode").main(["--quick"])
    out = capsys.readouterr().out
    assert "| 9x9 encode in-process | 12,498 |" in out and "16x16 to a file | 123,904" in out


def test_bench_propagation_quick_has_no_mismatch() -> None:
    dataset_path("puzzles2_17_clue")
    out = bench("bench_propagation").main(["--quick"])
    assert "(a) UP fixpoint" in out and "(b) FL fixpoint" in out
    rows = [line for line in out.splitlines() if line.startswith(("| puzzles", "| all"))]
    assert len(rows) == 10
    assert all(row.rstrip(" |").endswith("| 0") for row in rows)  # no mismatch with PySAT


def test_bench_counting_quick_prints_a_table() -> None:
    folder = dataset_path("puzzles2_17_clue").parent
    text = bench("bench_counting").main(["--quick", "--datasets", str(folder)])
    rows = [line for line in text.splitlines() if line.startswith("| puzzles")]
    assert {row.split("|")[2].strip() for row in rows} >= {"pysat", "eup"}
    assert len({row.split("|")[1].strip() for row in rows}) == 2


def test_bench_generation_quick(capsys: pytest.CaptureFixture[str]) -> None:
    bench("bench_generation").main(["--quick"])
    out = capsys.readouterr().out
    assert "| baseline: plain incremental PySAT emptier (this script) | 4 |" in out
    assert "| greedy | 4 |" in out and "report's schedule" in out
    assert "| permute (swaps, equal moves kept) | 9x9 | 1 | 1 |" in out
    assert "| any clue set | 8 | 4 (8) |" in out


def test_bench_annealing_quick(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba")
    bench("bench_annealing").main(["--quick"])
    out = capsys.readouterr().out
    assert "| sirdey, numba: one full paper try" in out
    assert "| easy (seed report) | sirdey (stall 10,000) | 1/1 |" in out
    assert "| très difficile | swap | 1/1 |" in out


def test_bench_certify_quick_prints_a_table_and_the_goal() -> None:
    folder = dataset_path("puzzles2_17_clue").parent
    text = bench("bench_certify").main(["--quick", "--datasets", str(folder)])
    assert "| puzzles2_17_clue | 10 |" in text and "Goal >= 1,000/s on 17-clue" in text


def test_bench_eup_quick_checks_counts_and_marks_goals() -> None:
    dataset_path("puzzles2_17_clue")
    text = bench("bench_eup").main(["--quick", "--only", "unique"])
    rows = [line for line in text.splitlines() if line.startswith("| puzzles")]
    assert len(rows) == 4 and all("x |" in row for row in rows)
    # three rows carry a goal, marked met or NOT met with the figure (speed is the
    # benchmark's to report, not a test's to assert)
    assert sum(" met (" in row or "| met (" in row for row in rows) == 3


def test_bench_ladder_quick_has_no_mismatch() -> None:
    pytest.importorskip("numba")
    dataset_path("puzzles2_17_clue")
    out = bench("bench_ladder").main(["--quick"])
    rows = [line for line in out.splitlines() if line.startswith(("| puzzles", "| all"))]
    assert len(rows) == 5 and all(row.rstrip(" |").endswith("| 0") for row in rows)
    assert "goal met: " in out or "goal not met: " in out


def test_bench_default_method_quick(capsys: pytest.CaptureFixture[str]) -> None:
    text = bench("bench_default_method").main(["--quick", "--limit", "120"])
    assert "| 16x16, 60 % blank | 4 |" in text and "| eup |" in text


@pytest.mark.xdist_group("dask")
def test_bench_batch_quick(capsys: pytest.CaptureFixture[str], dask_address: str) -> None:
    """On the run's one LocalCluster (tests/conftest.py), not a second one of its own."""
    folder = dataset_path("puzzles2_17_clue").parent
    bench("bench_batch").main(["--quick", "--datasets", str(folder), "--scheduler", dask_address])
    out = capsys.readouterr().out
    assert "128 puzzles of puzzles2_17_clue, 64 chunks of 2" in out
    assert "| --jobs 2 (local processes) |" in out
    assert f"| the cluster at {dask_address}, 2 workers x 1 thread |" in out


def test_hostile_quick_has_no_traceback_hang_or_leftover() -> None:
    text = bench("hostile").main(["--quick", "--jobs", "2"])
    header, _, row = text.splitlines()[:3]
    assert header.startswith("| cases | one-line errors | results | tracebacks |")
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[0] == "10" and cells[3:] == ["0", "0", "0", "0"], text
    api = text.split("| API calls |", 1)[1].splitlines()[2]  # every function, wrong types
    assert [c.strip() for c in api.strip("|").split("|")][3:] == ["0"] * 5, text


def test_bench_why_quick_prints_every_row() -> None:
    dataset_path("puzzles2_17_clue")
    text = bench("bench_why").main(["--quick"])
    rows = [line.split("|") for line in text.splitlines() if line.startswith("| ")][1:]
    assert {row[1].strip() for row in rows} >= {"none, wrong given", "redundant"}
    assert all(row[3].strip().split("/")[0] == row[2].strip() for row in rows)  # all answered
