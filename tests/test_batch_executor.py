"""The executors: results in input order, progress by chunk, chunking, dying workers."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from sudoku_sat.batch import (
    MAX_CHUNK,
    LocalProcesses,
    Serial,
    batch_map,
    chunk_size,
    chunked,
    open_executor,
)
from sudoku_sat.errors import SudokuSatError


def squares(chunk: list[int]) -> list[int]:
    """A task: the square of each item."""
    return [x * x for x in chunk]


def pids(chunk: list[int]) -> list[int]:
    """A task: the process that ran each item."""
    return [os.getpid()] * len(chunk)


@dataclass(frozen=True)
class DieOnce:
    """A task whose worker process dies on the chunk holding `fatal`, the first time only."""

    marker: str
    fatal: int

    def __call__(self, chunk: list[int]) -> list[int]:
        if self.fatal in chunk and not Path(self.marker).exists():
            Path(self.marker).write_text("died")
            os._exit(9)
        return squares(chunk)


@dataclass(frozen=True)
class DieAlways:
    """A task whose worker process dies on every chunk."""

    def __call__(self, chunk: list[int]) -> list[int]:
        os._exit(9)


def test_chunk_size_depends_on_the_batch_alone() -> None:
    assert chunk_size(0) == 1 and chunk_size(1) == 1
    assert chunk_size(64) == 1 and chunk_size(65) == 2
    assert chunk_size(6400) == 100
    assert chunk_size(10**7) == MAX_CHUNK
    assert chunk_size(10**7, largest=50) == 50


def test_chunked_keeps_every_item_once_in_order() -> None:
    items = list(range(10))
    assert chunked(items, 4) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert chunked([], 4) == []


@pytest.mark.parametrize("total", [0, 1, 5, 200])
def test_serial_yields_in_order_and_reports_every_item(total: int) -> None:
    seen: list[int] = []
    out = list(batch_map(Serial(), squares, list(range(total)), seen.append))
    assert out == [x * x for x in range(total)]
    assert sum(seen) == total


def test_local_processes_match_serial_in_order() -> None:
    items = list(range(500))
    seen: list[int] = []
    with LocalProcesses(2) as executor:
        out = list(batch_map(executor, squares, items, seen.append))
        workers = set(batch_map(executor, pids, items))
        assert os.getpid() not in workers and 1 <= len(workers) <= 2  # worker processes
    assert out == list(batch_map(Serial(), squares, items))
    assert sum(seen) == len(items)


def test_never_more_workers_than_chunks_and_one_chunk_is_done_here() -> None:
    with LocalProcesses(1000) as executor:
        assert list(batch_map(executor, pids, [7])) == [os.getpid()]
        assert len(set(batch_map(executor, pids, [1, 2, 3]))) <= 3


def test_a_dying_worker_loses_nothing(tmp_path: Path) -> None:
    items = list(range(400))
    task = DieOnce(str(tmp_path / "died"), fatal=250)
    seen: list[int] = []
    with LocalProcesses(2) as executor:
        out = list(batch_map(executor, task, items, seen.append))
    assert (tmp_path / "died").exists()  # a worker did die
    assert out == [x * x for x in items]
    assert sum(seen) == len(items)  # every item reported exactly once


def test_workers_that_always_die_end_in_a_solver_error() -> None:
    with LocalProcesses(2) as executor, pytest.raises(SudokuSatError, match="died"):
        list(batch_map(executor, DieAlways(), list(range(100))))


def test_a_task_error_reaches_the_caller() -> None:
    with LocalProcesses(2) as executor, pytest.raises(ZeroDivisionError):
        list(batch_map(executor, reciprocals, [3, 2, 1, 0, 1, 2] * 20))


def reciprocals(chunk: list[int]) -> list[float]:
    return [1 / x for x in chunk]


def test_open_executor_follows_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    assert isinstance(open_executor(), Serial)
    assert isinstance(open_executor(1), Serial)
    executor = open_executor(3)
    assert isinstance(executor, LocalProcesses) and executor.workers == 3
    with pytest.raises(SudokuSatError, match="mutually exclusive"):
        open_executor(2, "tcp://127.0.0.1:1")


def test_ramped_chunks_start_small_double_and_keep_every_item_once() -> None:
    from sudoku_sat.batch import ramped

    items = list(range(1000))
    chunks = ramped(items, 100, first=8)
    assert [len(c) for c in chunks] == [8, 16, 32, 64] + [100] * 8 + [80]
    assert [x for c in chunks for x in c] == items
    assert ramped(items[:5], 100) == [items[:5]]
    assert ramped([], 10) == []
    assert [len(c) for c in ramped(items[:10], 2, first=8)] == [2] * 5


def test_the_feeder_is_quiet_when_the_pipe_to_a_stopped_worker_is_gone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The shutdown's sentinel written to a terminated worker printed a traceback
    (OSError: Bad file descriptor) after the one line of an interrupted run."""
    from concurrent.futures import ProcessPoolExecutor

    from sudoku_sat.batch.executor import quiet_feeder

    pool = ProcessPoolExecutor(1)
    try:
        quiet_feeder(pool)
        feeder_error = pool._call_queue._on_queue_feeder_error  # type: ignore[attr-defined]
        try:
            raise OSError(9, "Bad file descriptor")
        except OSError as exc:
            feeder_error(exc, None)
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("another error")
        except ValueError as exc:
            feeder_error(exc, None)
        assert "ValueError: another error" in capsys.readouterr().err
    finally:
        pool.shutdown()


def test_a_pool_broken_before_a_submit_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that dies between two submits breaks the pool under the next submit: the
    chunk goes to a fresh pool with the others (it once ended in BrokenProcessPool)."""
    from concurrent.futures.process import BrokenProcessPool

    executor = LocalProcesses(2)
    fresh, made = executor._fresh_pool, []

    def breaking_first() -> object:
        pool = fresh()
        if not made:

            def broken(*args: object, **kwargs: object) -> object:
                raise BrokenProcessPool("a child process terminated abruptly")

            pool.submit = broken  # type: ignore[method-assign]
        made.append(pool)
        return pool

    monkeypatch.setattr(executor, "_fresh_pool", breaking_first)
    items = [1, 2, 4] * 40
    with executor:
        out = list(batch_map(executor, reciprocals, items))
    assert out == [1 / x for x in items] and len(made) == 2
