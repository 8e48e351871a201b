"""benchmarks/bench_encodings.py runs in its quick mode (so it cannot rot unnoticed)."""

from __future__ import annotations

from typing import Any

from .conftest import dataset_path, need_binary
from .test_benchmarks import bench as shared_bench


def test_bench_encodings_quick() -> None:
    need_binary("cadical")
    folder = dataset_path("puzzles3_magictour_top1465").parent
    bench: Any = shared_bench("bench_encodings")
    text = bench.main(["--quick", "--datasets", str(folder)])
    assert "| minimal | pairwise | 8,829 | 729 |" in text
    assert "| augmented | pairwise | 15,228 | 1,215 |" in text
    assert text.count("| 9x9 |") == 3 and "| 4x4 |" in text
    rows = [line for line in text.splitlines() if "puzzles3_magictour_top1465 (2)" in line]
    assert len(rows) == 5 and all(line.endswith("| 0 |") for line in rows)


def test_bench_encodings_large_rows_per_encoding_with_binary_options() -> None:
    need_binary("cadical")
    bench: Any = shared_bench("bench_encodings")
    argv = ["--quick", "--part", "large", "--encodings", "reduced,extended"]
    text = bench.main([*argv, "--binary-args=--sat", "--pysat", "none"])
    assert "cadical -q --sat (s)" in text
    assert text.count("| 9x9 | 0 | 50% | reduced |") == 3
    assert text.count("| 4x4 | 0 | 50% | extended |") == 3
    assert all(" - | " in line for line in text.splitlines() if "| 9x9 |" in line)


def test_bench_encodings_large_probed_restarts_and_seeds() -> None:
    need_binary("cadical")
    bench: Any = shared_bench("bench_encodings")
    argv = ["--quick", "--part", "large", "--encodings", "probed", "--amo", "sequential"]
    text = bench.main([*argv, "--pysat", "none", "--seeds", "0,1", "--restarts"])
    for seed in (0, 1):
        assert text.count(f"| 4x4 | {seed} | 50% | probed | sequential |") == 1
        assert text.count(f"| 9x9 | {seed} | 50% | EUP restarts |") == 1
    assert "> " not in text


def test_bench_encodings_large_blank_fractions() -> None:
    need_binary("cadical")
    bench: Any = shared_bench("bench_encodings")
    argv = ["--quick", "--part", "large", "--encodings", "reduced", "--amo", "sequential"]
    text = bench.main([*argv, "--pysat", "none", "--blanks", "0.3,0.7"])
    for order in ("4x4", "9x9"):
        for blank in ("30%", "70%"):
            assert text.count(f"| {order} | 0 | {blank} | reduced | sequential |") == 1
    assert "> " not in text
