"""The first run: kernels compiled in the background while pure Python answers (accel)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat import accel
from sudoku_sat.cli import app
from sudoku_sat.engines.eup.batch import ordered_fill
from sudoku_sat.grid import empty_grid, is_solution
from sudoku_sat.kernel_cache import cache_folder

needs_numba = pytest.mark.skipif(not accel.numba_installed(), reason="numba not installed")


@pytest.fixture
def cold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty kernel cache, no foreground switch, this process's readiness forgotten."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv(accel.COMPILE, raising=False)
    monkeypatch.setattr(accel, "LOOK_EVERY", 0.0)
    monkeypatch.setattr(accel, "on_background_compile", [])
    monkeypatch.setattr(accel._State, "ready", set())
    monkeypatch.setattr(accel._State, "started", False)
    monkeypatch.setattr(accel._State, "process", None)
    yield cache_folder()


def fake_warmup(folder: Path, code: int = 0) -> list[str]:
    """A warm-up that writes the marks (or fails with code) at once."""
    marks = f"{str(folder / accel.COUNT)!r}, {str(folder / accel.READY)!r}"
    write = f"[open(p, 'w').close() for p in ({marks})]" if code == 0 else ""
    return [sys.executable, "-c", f"import sys; {write}; sys.exit({code})"]


@needs_numba
def test_a_cold_cache_starts_the_warm_up_once_then_switches(
    cold: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(accel, "on_background_compile", [lambda: said.append("compiling")])
    monkeypatch.setattr(accel, "WARMUP", fake_warmup(cold))
    assert not accel.numba_available()
    assert accel.choose_backend("auto") == "python"
    assert accel.choose_backend("numba") == "numba"  # asked by name: compiled in the foreground
    assert accel._State.process is not None
    accel._State.process.wait()
    assert accel.kernels_ready(accel.COUNT)
    assert accel.numba_available() and accel.choose_backend() == "numba"
    assert said == ["compiling"]


@needs_numba
def test_a_failed_warm_up_compiles_in_the_foreground(
    cold: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(accel, "WARMUP", fake_warmup(cold, 1))
    assert not accel.kernels_ready()
    assert accel._State.process is not None
    accel._State.process.wait()
    assert accel.kernels_ready()


def test_foreground_mode_never_starts_a_process(
    cold: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(accel.COMPILE, "foreground")
    assert accel.kernels_ready()
    assert not accel._State.started and not (cold / accel.LOCK).exists()


@needs_numba
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_fill_draws_the_same_grid_on_both_backends(n: int) -> None:
    for seed in range(6):
        grid = ordered_fill(empty_grid(n), n, seed, "python")
        assert grid is not None and is_solution(grid, n)
        assert ordered_fill(empty_grid(n), n, seed, "numba") == grid
    clues = tuple(
        int(ch) for ch in "0" * 9 + "020070080003008009000500300060020090001007006" + "0" * 27
    )
    assert ordered_fill(clues, 3, 5, "python") == ordered_fill(clues, 3, 5, "numba")


def puzzles_and_checks(output: str) -> tuple[list[str], set[str]]:
    """generate --stats: the puzzle lines, and the methods that checked them."""
    lines = output.splitlines()
    checks = {line.rsplit("checked by ", 1)[-1] for line in lines if "checked by" in line}
    return [line for line in lines if not line.startswith("#")], checks


@needs_numba
@pytest.mark.parametrize(("size", "compiled"), [("3", "batch)"), ("4", "pysat)")])
def test_generate_switching_halfway_prints_what_a_warm_run_prints(
    monkeypatch: pytest.MonkeyPatch, size: str, compiled: str
) -> None:
    args = ["generate", "-k", "2", "--seed", "4", "-q", "--stats", "-n", size]
    warm = CliRunner().invoke(app, args)
    asked = iter(range(10**6))
    monkeypatch.setattr(accel, "kernels_ready", lambda mark="": next(asked) > 5)
    switched = CliRunner().invoke(app, args)
    assert warm.exit_code == switched.exit_code == 0
    puzzles, checks = puzzles_and_checks(switched.stdout)
    assert puzzles == puzzles_and_checks(warm.stdout)[0]
    assert checks == {"eup)", compiled}  # pure Python first (PySAT, then EUP), then compiled


@needs_numba
def test_unique_answers_in_pure_python_until_the_count_kernels_are_ready(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    hard = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
    blank = "." * 81
    path = tmp_path / "p.txt"
    path.write_text("\n".join([hard, blank] * 60) + "\n")
    asked: list[str] = []
    monkeypatch.setattr(
        accel, "kernels_ready", lambda mark="": asked.append(mark) or len(asked) > 70
    )
    result = CliRunner().invoke(app, ["unique", str(path)])
    assert result.stdout.split() == ["unique", "several"] * 60
    assert asked and set(asked) == {accel.COUNT}


def test_the_warm_up_leaves_its_marks_and_its_lock(
    cold: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudoku_sat.puzzles import warmup

    done: list[str] = []
    monkeypatch.setattr(warmup, "warm_counts", lambda: done.append("counts"))
    monkeypatch.setattr(warmup, "warm_rest", lambda: done.append("rest"))
    monkeypatch.setattr(warmup, "warm_killers", lambda: done.append("killers"))
    monkeypatch.setattr(warmup, "build_ahead", lambda folder: done.append("ahead"))
    monkeypatch.setattr(warmup, "killer_ahead", lambda folder: done.append("killers ahead"))
    (cold / accel.LOCK).parent.mkdir(parents=True, exist_ok=True)
    (cold / accel.LOCK).write_text("1")
    warmup.main()
    assert done == ["counts", "rest", "killers", "ahead", "killers ahead"]
    assert (cold / accel.COUNT).exists() and (cold / accel.READY).exists()
    assert not (cold / accel.LOCK).exists()


def test_make_run_leaves_the_cache_warm() -> None:
    makefile = (Path(__file__).resolve().parents[1] / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "-m sudoku_sat.puzzles.warmup" in run.splitlines()[2]


def test_the_bulk_count_runs_the_ahead_of_time_kernel_when_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("numpy")
    from sudoku_sat import bulk
    from sudoku_sat.engines import count9

    calls: list[int] = []

    def ahead(lines: object, cap: int) -> object:
        calls.append(cap)
        return count9.count_lines(lines, cap)

    monkeypatch.setattr(bulk, "aot_count", lambda: ahead)
    hard = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
    lines = bulk.parse_lines(f"{hard}\n{'.' * 81}\n")
    assert lines is not None
    (counts,) = bulk.CountArrays(2)([lines.packed(0, 2)])
    assert counts.tolist() == [1, 2] and calls == [2]


def test_no_or_a_broken_ahead_of_time_kernel_leaves_numbas(cold: Path) -> None:
    from sudoku_sat import bulk

    assert bulk.aot_count.__wrapped__() is None
    bulk.aot_path().parent.mkdir(parents=True, exist_ok=True)
    bulk.aot_path().write_bytes(b"not a shared object")
    assert bulk.aot_count.__wrapped__() is None


@needs_numba
def test_annealing_compiles_in_the_foreground_on_a_cold_cache(
    cold: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(accel, "WARMUP", fake_warmup(cold, 1))
    assert accel.choose_backend("auto") == "python"  # the warm-up's kernels: pure Python
    assert accel.choose_compiled("auto") == "numba"  # 60x to 350x slower there: compiled
    assert accel.choose_compiled("python") == "python"
