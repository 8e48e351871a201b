"""The generation benchmark runs in its quick mode, so it cannot rot unnoticed."""

from __future__ import annotations

import pytest

from .conftest import load_benchmark


def test_bench_generation_quick(capsys: pytest.CaptureFixture[str]) -> None:
    load_benchmark("bench_generation").main(["--quick"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "| baseline: plain incremental PySAT emptier (this script) | 4 |" in out
    assert "| greedy | 4 |" in out and "report's schedule" in out
    assert "| permute (swaps, equal moves kept) | 9x9 | 2 | 2 |" in out
    assert "| any clue set | 8 | 4 (8) |" in out
