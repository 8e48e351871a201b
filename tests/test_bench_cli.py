"""benchmarks/bench_cli.py: its random symmetries keep the puzzles' counts, its table and
the rewrite between the markers (the timings themselves live in the benchmark)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_sat.gridio import parse_puzzles
from sudoku_sat.puzzles.counting import count_solutions

from .conftest import EASY, load_benchmark


def test_symmetries_keep_clues_and_counts() -> None:
    bench = load_benchmark("bench_cli")
    rng = random.Random(3)
    loose = EASY[:40] + "." * 41
    for line in (EASY, loose):
        grid = parse_puzzles(line)[0].grid
        for _ in range(5):
            other = bench.symmetric(line, rng)  # type: ignore[attr-defined]
            moved = parse_puzzles(other)[0].grid
            assert sum(map(bool, moved)) == sum(map(bool, grid))
            assert count_solutions(moved, 3, 3, "pysat") == count_solutions(grid, 3, 3, "pysat")


def test_table_and_rewrite_between_the_markers(tmp_path: Path) -> None:
    bench = load_benchmark("bench_cli")
    rows = [bench.Row("`unique`", "1/s", "tdoku 2/s", "0.5x", ">= 0.3x")]  # type: ignore[attr-defined]
    text = bench.table(rows)  # type: ignore[attr-defined]
    assert text.splitlines()[2] == "| `unique` | 1/s | tdoku 2/s | 0.5x | >= 0.3x |"
    page = tmp_path / "page.md"
    page.write_text(f"before\n{bench.BEGIN}\nold\n{bench.END}\nafter\n")  # type: ignore[attr-defined]
    bench.rewrite(page, "new\n")  # type: ignore[attr-defined]
    assert page.read_text() == f"before\n{bench.BEGIN}\nnew\n{bench.END}\nafter\n"  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        bench.rewrite(_without_markers(tmp_path), "x")  # type: ignore[attr-defined]


def _without_markers(tmp_path: Path) -> Path:
    path = tmp_path / "plain.md"
    path.write_text("no markers\n")
    return path


def test_first_line_and_stopping_warm_ups(tmp_path: Path) -> None:
    import sys

    bench = load_benchmark("bench_cli")
    command = [sys.executable, "-c", "print('first', flush=True); import time; time.sleep(30)"]
    assert bench.first_line(command, {}) > 0  # type: ignore[attr-defined]
    lock = tmp_path / "sudoku-sat" / "kernels-x" / "warming"
    lock.parent.mkdir(parents=True)
    lock.write_text("0")  # pid 0 would be the benchmark's own process group
    bench.stop_warmups(tmp_path)  # type: ignore[attr-defined]
