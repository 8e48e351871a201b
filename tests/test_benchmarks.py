"""Every benchmark script runs in its quick mode, so none can rot unnoticed."""

from __future__ import annotations

import pytest

from .conftest import load_benchmark


def test_bench_encode_quick(capsys: pytest.CaptureFixture[str]) -> None:
    load_benchmark("bench_encode").main(["--quick"])  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "| 9x9 encode in-process | 12,498 |" in out and "16x16 to a file | 123,904" in out
