"""Batches of puzzles on one executor: this process, local worker processes, or Dask.

A batch command builds a *task* (a picklable callable taking a chunk of items and
returning one result per item, see :mod:`.tasks`), opens an executor with
:func:`open_executor` (from ``--jobs`` and ``--scheduler``) and iterates
:func:`batch_map`, which yields one result per item in input order::

    with open_executor(jobs, scheduler) as executor:
        for result in batch_map(executor, task, items, progress):
            ...

The CLI wraps the last two steps with a progress bar (``cli._common.batch_results``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..errors import SudokuSatError, UsageError
from .address import CONNECT_TIMEOUT, configured_address
from .executor import (
    MAX_CHUNK,
    Executor,
    LocalProcesses,
    Serial,
    batch_map,
    chunk_size,
    chunked,
    map_ramped,
    ramped,
)

__all__ = [
    "CONNECT_TIMEOUT",
    "MAX_CHUNK",
    "DaskExecutor",
    "Executor",
    "LocalProcesses",
    "Serial",
    "batch_map",
    "chunk_size",
    "chunked",
    "map_ramped",
    "ramped",
    "configured_address",
    "open_executor",
]

if TYPE_CHECKING:
    from .cluster import DaskExecutor


def __getattr__(name: str) -> Any:
    """The Dask names, imported on first use (``cluster`` costs every command's start-up
    its imports otherwise)."""
    if name == "DaskExecutor":
        from . import cluster

        return getattr(cluster, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_connect_timeout(seconds: float) -> float:
    """seconds, or UsageError (one line, exit 2) unless it is a positive number; inf (or
    more than ``deadline.MAX_TIMEOUT``) leaves Dask's own connect timeout."""
    if math.isnan(seconds) or seconds <= 0:
        raise UsageError(f"--connect-timeout must be a positive number of seconds, got {seconds:g}")
    return seconds


def open_executor(
    jobs: int | None = None, scheduler: str | None = None, connect_timeout: float = CONNECT_TIMEOUT
) -> Executor:
    """The executor the options ask for.

    ``--scheduler ADDRESS``: Dask (connected now, within connect_timeout seconds;
    SolverError, exit 3, if unreachable).
    ``--jobs N``: N local worker processes (N = 1: this process). Neither: Dask when
    DASK_SCHEDULER_ADDRESS (or Dask's configuration) names a scheduler, else this process.
    """
    check_connect_timeout(connect_timeout)
    if jobs is not None and scheduler is not None:
        raise SudokuSatError("--jobs and --scheduler are mutually exclusive")
    if jobs is None and scheduler is None:
        scheduler = configured_address()
    if scheduler:
        from .cluster import DaskExecutor

        return DaskExecutor(scheduler, connect_timeout)
    if jobs is None or jobs <= 1:
        return Serial()
    return LocalProcesses(jobs)
