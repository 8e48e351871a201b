"""One pool of two worker processes for the tests that compare a run on ``--jobs 2``
(or ``LocalProcesses(2)``) with a run in this process.

A pool's start costs seconds of CPU: each spawned worker imports the package, numpy,
numba and its kernels afresh (from source where Python may not write bytecode). The
tests that compare results across processes started nine pools; they share this one,
started on the first use in a test process and closed at its exit. The workers keep
their cached solvers between batches, as one pool does between a command's batches:
results must not depend on what a worker ran before, so sharing is no weaker a test.
"""

from __future__ import annotations

import atexit
import functools
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from sudoku_sat.batch import LocalProcesses, open_executor
from sudoku_sat.batch.executor import Progress, R, T, Task


@functools.cache
def shared_pool() -> LocalProcesses:
    """The test process's pool of two workers (close() at exit lets them finish)."""
    pool = LocalProcesses(2)
    atexit.register(pool.close)
    return pool


class Borrowed:
    """The shared pool lent to one ``with`` block: leaving it keeps the workers (a
    failed batch has already stopped them, and the next batch starts new ones)."""

    def __init__(self) -> None:
        self.pool = shared_pool()
        self.workers = self.pool.workers

    def map_chunks(
        self, func: Task[T, R], chunks: Sequence[list[T]], progress: Progress | None = None
    ) -> Iterator[list[R]]:
        return self.pool.map_chunks(func, chunks, progress)

    def close(self) -> None:
        pass

    def __enter__(self) -> Borrowed:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def lend_to_commands(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make the CLI's ``--jobs 2`` run on the shared pool; returns the list of the jobs
    each command asked for. The executor the command would have opened is still built
    (not started) and must be two local processes."""
    import sudoku_sat.batch as batch  # the CLI's open_batch asks it when it opens one

    asked: list[int] = []

    def opened(jobs: int | None = None, scheduler: str | None = None, *args: Any) -> Any:
        real = open_executor(jobs, scheduler, *args)
        if not (isinstance(real, LocalProcesses) and real.workers == 2):
            return real
        asked.append(real.workers)
        return Borrowed()

    monkeypatch.setattr(batch, "open_executor", opened)
    return asked
