"""benchmarks/bench_versus.py: two installs side by side (here the same one twice)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import dataset_path, load_benchmark


def test_bench_versus_quick_prints_a_row_a_job_with_equal_answers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    dataset_path("puzzles2_17_clue")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        bench = load_benchmark("bench_versus")
        script = bench.cli()[0]  # type: ignore[attr-defined]
        bench.main(["--old", script, "--quick", "--match", "one 17-clue"])  # type: ignore[attr-defined]
    finally:
        sys.path.pop(0)
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| `")]
    assert len(rows) == 1, rows  # the one-puzzle unique, same verdict from both
    assert all(row.endswith("| yes |") for row in rows), rows
    assert "new / old" not in rows[0]
