"""The annealing benchmark runs in its quick mode, so it cannot rot unnoticed."""

from __future__ import annotations

import pytest

from .conftest import load_benchmark


def test_bench_annealing_quick(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numba")
    load_benchmark("bench_annealing").main(["--quick"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "| sirdey, numba: one full paper try" in out
    assert "| easy (seed report) | sirdey (stall 10,000) | 2/2 |" in out
    assert "| très difficile | swap | 2/2 |" in out
