"""The counting benchmark runs (quick settings), so it cannot rot."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from .conftest import dataset_path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_counting.py"


def test_bench_counting_quick_prints_a_table() -> None:
    folder = dataset_path("puzzles2_17_clue").parent
    spec = importlib.util.spec_from_file_location("bench_counting", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = module.main(["--quick", "--datasets", str(folder)])
    rows = [line for line in text.splitlines() if line.startswith("| puzzles")]
    assert {row.split("|")[2].strip() for row in rows} >= {"pysat", "eup"}
    assert len({row.split("|")[1].strip() for row in rows}) == 2
