"""One executor for every batch command: in this process, local worker processes, or Dask.

A batch is a list of items (puzzles travel as short strings, see :mod:`.items`) cut into
chunks; a *task* is a top-level function applied to one chunk that returns one result per
item. Every executor yields the chunks' results in input order, whatever order they finish
in, and calls ``progress(k)`` with the number of items of each chunk as it completes, so a
progress bar follows the work done, not the order of the output.

- :class:`Serial` runs the chunks here, one after the other: ``--jobs 1``, the reference.
- :class:`LocalProcesses` runs them in ``jobs`` spawned worker processes
  (``concurrent.futures``). A worker that dies breaks the pool; the chunks not yet back
  are sent again to a fresh pool, at most ``RETRIES`` times.
- :class:`~sudoku_sat.batch.cluster.DaskExecutor` (``--scheduler ADDRESS``) submits them
  to a Dask cluster; the scheduler recomputes the chunks of a worker that dies.

Task functions keep their solvers and compiled engines in :mod:`.cache` (per worker
process and thread): they are built on first use in the worker and never pickled. Random
work draws from a source seeded by (seed, puzzle index), so chunking and placement
cannot change a result. Ctrl-C cancels the chunks not yet done and stops the workers;
commands write their output files atomically, so no partial file is left behind.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from ..errors import SolverError
from ..signals import worker_signals

if TYPE_CHECKING:  # imported by LocalProcesses when it runs (multiprocessing and
    # concurrent.futures cost about 15 ms of every command's start-up otherwise)
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

Task = Callable[[list[T]], list[R]]
Progress = Callable[[int], None]

MAX_CHUNK = 1000
"""Items per task at most: Dask's overhead is about a millisecond per task."""
MIN_CHUNKS = 64
"""Chunks a batch is cut into at least (when it has that many items), for balance."""
FIRST_CHUNK = 8
"""Items in a batch's first chunk at most; each next chunk doubles, up to chunk_size: the
first results come out within a second (streamed output) and the later chunks stay
large enough for a compiled call and a worker round trip to pay."""
RETRIES = 3
"""Times LocalProcesses resends the chunks of a pool broken by a dying worker."""


def chunk_size(total: int, largest: int = MAX_CHUNK) -> int:
    """Items per chunk for a batch of total items: a function of the batch alone.

    Never of the executor or the number of workers, so every executor cuts a batch the
    same way and a task that keeps state within a chunk gives the same results anywhere.
    """
    return max(1, min(largest, math.ceil(total / MIN_CHUNKS)))


def streamed(func: object) -> bool:
    """True for a task whose items each take milliseconds to minutes (a puzzle with
    constraints on the session, a puzzle made with rules): its ``streamed`` attribute.
    One item a chunk then costs nothing beside the item (a worker keeps its solvers in
    :mod:`.cache`), and an item no longer waits for the rest of its chunk to be written."""
    return bool(getattr(func, "streamed", False))


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    """items cut into consecutive lists of size items (the last one shorter)."""
    return [list(items[k : k + size]) for k in range(0, len(items), size)]


def ramped(items: Sequence[T], size: int, first: int = FIRST_CHUNK) -> list[list[T]]:
    """items cut into consecutive lists of first, 2 first, 4 first ... items, at most size
    each: a function of the batch alone, like :func:`chunk_size`."""
    chunks: list[list[T]] = []
    start, step = 0, max(1, min(first, size))
    while start < len(items):
        chunks.append(list(items[start : start + step]))
        start += step
        step = min(size, 2 * step)
    return chunks


class Executor(Protocol):
    """Runs a task over chunks; results come back in input order."""

    workers: int

    def map_chunks(
        self, func: Task[T, R], chunks: Sequence[list[T]], progress: Progress | None = None
    ) -> Iterator[list[R]]:
        """func(chunk) for every chunk, in order; progress(len(chunk)) as each completes."""
        ...

    def close(self) -> None:
        """Free the workers and connections."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, *exc: object) -> None: ...


class Serial:
    """Every chunk here, in order: the reference every other executor must match."""

    workers = 1

    def map_chunks(
        self, func: Task[T, R], chunks: Sequence[list[T]], progress: Progress | None = None
    ) -> Iterator[list[R]]:
        for chunk in chunks:
            results = func(chunk)
            if progress is not None:
                progress(len(chunk))
            yield results

    def close(self) -> None:
        pass

    def __enter__(self) -> Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def quiet_feeder(pool: ProcessPoolExecutor) -> None:
    """Keep the pool's queue feeder thread from printing a traceback when the pipe to a
    worker we terminated is gone (``OSError: Bad file descriptor`` after an interrupted
    ``solve --jobs 2``, found by benchmarks/hostile.py). Its error handler is read when the
    thread starts, on the first submit: set here, before. A task's own error (a chunk that
    cannot be pickled, a worker gone) still goes to its future, as before."""
    queue = getattr(pool, "_call_queue", None)
    handler = getattr(queue, "_on_queue_feeder_error", None)
    if queue is None or handler is None:
        return

    def on_error(exc: Exception, obj: object) -> None:
        if obj is not None or not isinstance(exc, OSError):  # None: the shutdown's sentinel
            handler(exc, obj)

    queue._on_queue_feeder_error = on_error


class LocalProcesses:
    """Chunks in ``jobs`` spawned worker processes, at most ``window`` chunks in flight.

    The pool lives until close() (or the end of a ``with`` block), so the workers' cached
    solvers serve every batch it runs; an error or Ctrl-C stops the workers at once."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.workers = jobs
        self.window = 4 * jobs
        self.pool: ProcessPoolExecutor | None = None

    def _fresh_pool(self) -> ProcessPoolExecutor:
        """A new pool; its processes start as chunks arrive (never more than chunks)."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self._stop_pool()
        context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(self.workers, context, initializer=worker_signals)
        quiet_feeder(self.pool)
        return self.pool

    def _stop_pool(self) -> None:
        """Shut the pool down now: pending chunks cancelled, running workers terminated."""
        if self.pool is None:
            return
        processes = list(getattr(self.pool, "_processes", {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(5)
        self.pool = None

    def map_chunks(
        self, func: Task[T, R], chunks: Sequence[list[T]], progress: Progress | None = None
    ) -> Iterator[list[R]]:
        if len(chunks) <= 1:  # no worker to start for a single chunk
            yield from Serial().map_chunks(func, chunks, progress)
            return
        from concurrent.futures import FIRST_COMPLETED, wait
        from concurrent.futures.process import BrokenProcessPool

        done: dict[int, list[R]] = {}
        running: dict[Future[list[R]], int] = {}
        todo = deque(range(len(chunks)))
        following, retries, complete = 0, 0, False
        pool = self.pool or self._fresh_pool()
        try:
            while following < len(chunks):
                broken = False  # the pool broke before a chunk could be submitted
                while todo and len(running) < self.window and not broken:
                    k = todo.popleft()
                    try:
                        running[pool.submit(func, chunks[k])] = k
                    except BrokenProcessPool:
                        todo.appendleft(k)
                        broken = True
                finished = wait(running, return_when=FIRST_COMPLETED)[0] if running else set()
                lost = []
                for future in finished:
                    k = running.pop(future)
                    try:
                        done[k] = future.result()
                    except BrokenProcessPool:
                        lost.append(k)
                        continue
                    if progress is not None:
                        progress(len(chunks[k]))
                if lost or broken:  # a worker died: every chunk not back goes to a fresh pool
                    retries += 1
                    if retries > RETRIES:
                        raise SolverError(
                            f"worker processes died {retries} times; giving up on the batch"
                        )
                    todo.extendleft(sorted([*lost, *running.values()], reverse=True))
                    running.clear()
                    pool = self._fresh_pool()
                while following in done:
                    yield done.pop(following)
                    following += 1
            complete = True
        finally:
            if not complete:  # failed or interrupted: stop the workers now
                self._stop_pool()

    def close(self) -> None:
        """Let the workers finish and exit (their cached solvers are closed at exit)."""
        if self.pool is not None:
            self.pool.shutdown(wait=True)
            self.pool = None

    def __enter__(self) -> LocalProcesses:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is None:
            self.close()
        else:
            self._stop_pool()


def batch_map(
    executor: Executor,
    func: Task[T, R],
    items: Sequence[T],
    progress: Progress | None = None,
    largest: int = MAX_CHUNK,
) -> Iterator[R]:
    """func over items in chunks (see chunk_size), one result per item, in input order."""
    for results in map_ramped(executor, func, items, progress, largest):
        yield from results


def map_ramped(
    executor: Executor,
    func: Task[T, R],
    items: Sequence[T],
    progress: Progress | None = None,
    largest: int = MAX_CHUNK,
) -> Iterator[list[R]]:
    """func over items, chunk by chunk in input order: the chunks ramp up (see ramped) to
    chunk_size, so a caller streaming the results shows the first ones at once. A task
    whose every item takes long (``streamed(func)``) gets one item a chunk: each result
    is out as soon as it and every one before it are found."""
    size = 1 if streamed(func) else chunk_size(len(items), largest)
    chunks = chunked(items, 1) if size == 1 else ramped(items, size)
    yield from executor.map_chunks(func, chunks, progress)
