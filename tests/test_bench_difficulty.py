"""benchmarks/bench_difficulty.py runs in its quick mode and finds no mismatch."""

from __future__ import annotations

from typing import Any

from .conftest import dataset_path, need_binary
from .test_benchmarks import bench as shared_bench


def test_bench_difficulty_quick() -> None:
    need_binary("qqwing")
    dataset_path("puzzles2_17_clue")
    bench: Any = shared_bench("bench_difficulty")
    out = bench.main(["--quick"])
    assert "Equivalence singles iff Simple/Easy: 0 mismatches" in out
    assert "| sudoku-sat generate --difficulty | fl | 2/2 |" in out
    assert "| qqwing --generate --difficulty | expert | 2/2 |" in out
