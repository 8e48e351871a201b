"""The propagation benchmark runs (quick settings), so it cannot rot."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from .conftest import dataset_path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_propagation.py"


def test_benchmark_quick_run_prints_both_tables_without_mismatches() -> None:
    dataset_path("puzzles2_17_clue")
    spec = importlib.util.spec_from_file_location("bench_propagation", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    out = module.main(["--quick"])
    assert "(a) UP fixpoint" in out and "(b) FL fixpoint" in out
    rows = [
        line
        for line in out.splitlines()
        if line.startswith("| puzzles") or line.startswith("| all")
    ]
    assert len(rows) == 10
    assert all(row.rstrip(" |").endswith("| 0") for row in rows)  # no mismatch with PySAT
