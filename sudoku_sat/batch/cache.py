"""Per-worker state: solvers and compiled engines built once where the tasks run.

A task function asks ``cached(key, factory)`` for what it needs (a PySAT counter of order
3, a checker, ...). The object is made on first use in the process that runs the task, and
never leaves it: a Dask worker or a local worker process builds its solvers once and
reuses them for every chunk it computes; nothing heavy is pickled.

The cache is per thread: a Dask worker may run several tasks at once in threads, and a
PySAT solver serves one caller at a time. At exit, every cached object with a ``close``
method is closed (PySAT solvers must be freed before PySAT's module is torn down).
"""

from __future__ import annotations

import atexit
import functools
import threading
from collections.abc import Callable, Hashable
from typing import Any, ParamSpec, TypeVar

V = TypeVar("V")
P = ParamSpec("P")

_local = threading.local()
_every: list[dict[Hashable, Any]] = []
_lock = threading.Lock()


def _mine() -> dict[Hashable, Any]:
    """This thread's cache, registered for closing at exit on first use."""
    cache: dict[Hashable, Any] | None = getattr(_local, "cache", None)
    if cache is None:
        cache = {}
        _local.cache = cache
        with _lock:
            if not _every:
                atexit.register(close_all)
            _every.append(cache)
    return cache


def cached(key: Hashable, factory: Callable[[], V]) -> V:
    """This thread's object for key, made by factory() the first time it is asked for."""
    cache = _mine()
    if key not in cache:
        cache[key] = factory()
    value: V = cache[key]
    return value


def per_thread(factory: Callable[P, V]) -> Callable[P, V]:
    """Like ``functools.cache``, but one object per thread and arguments: for stateful
    engines (propagators, PySAT solvers) that a threaded Dask worker must not share."""
    name = f"{factory.__module__}.{factory.__qualname__}"

    @functools.wraps(factory)
    def made(*args: P.args, **kwargs: P.kwargs) -> V:
        key = (name, args, tuple(sorted(kwargs.items())))
        return cached(key, lambda: factory(*args, **kwargs))

    return made


def close_all() -> None:
    """Close every cached object that can be closed, in every thread, and forget them."""
    with _lock:
        caches = list(_every)
    for cache in caches:
        for value in cache.values():
            close = getattr(value, "close", None)
            if callable(close):
                close()
        cache.clear()
