"""The one place that knows whether numba is installed and picks a back-end.

Compiled kernels (propagation, annealing, the EUP search) are optional: they need the
``fast`` extra (numba and numpy; ``anneal`` is kept as an alias). Every engine asks
:func:`choose_backend` instead of probing imports itself, so "without numba everything
runs in pure Python" is decided in one function that tests can switch off
(monkeypatch :func:`numba_available`).

The first run. numba compiles the kernels on their first call and caches the machine code
(:mod:`sudoku_sat.kernel_cache`): right after ``pip install`` that takes 15-30 s before
the first answer. So while the cache is cold, :func:`numba_available` says no (``auto``
runs in pure Python, as without numba) and :func:`kernels_ready` starts, once, a
detached process (:mod:`sudoku_sat.puzzles.warmup`) that compiles the kernels into the
cache and then leaves a mark there; from the moment the mark is seen, ``auto`` runs the
compiled kernels (loaded from the cache). Every engine gives the same answers either
way (the fills too, :func:`sudoku_sat.engines.eup.batch.ordered_fill`), so a run that
switches halfway prints what a warm run prints. A back-end asked for by name
(``numba``) compiles in the foreground, as does every call when ``SUDOKU_SAT_COMPILE``
is ``foreground`` (the tests, the warm-up process itself).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from .errors import UsageError, missing_extra
from .kernel_cache import cache_folder

if TYPE_CHECKING:  # imported by the warm-up's start (5 ms of every command otherwise)
    import subprocess

BACKENDS = ("auto", "numba", "python")
"""auto: numba when installed, else python; numba: compiled or an error; python: reference."""
COMPILE = "SUDOKU_SAT_COMPILE"
"""``foreground``: never compile in the background (every kernel compiled where needed)."""
WARMER = "sudoku_sat.puzzles.warmup"
READY, COUNT, LOCK = "ready", "ready-count", "warming"
"""The marks the warm-up leaves in the cache folder (every kernel it compiles; the count
kernels, compiled first), and the file naming its process."""
WARMUP = [sys.executable, "-m", WARMER]
LOOK_EVERY = 0.05
"""Seconds between two looks for the mark while the cache is cold."""
on_background_compile: list[Callable[[], None]] = []
"""Called once when this process starts the warm-up (the CLI says so on a terminal)."""


class _State:
    ready: set[str] = set()
    looked = 0.0
    started = False
    process: subprocess.Popen[bytes] | None = None


@cache
def _importable() -> bool:
    """Found on the path, not imported: importing numba takes 0.3 s, which a command that
    ends up not compiling anything (one puzzle, ``--help``) should not pay."""
    return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))


def numba_installed() -> bool:
    """True when numba and numpy can be imported (the ``fast`` extra), ready or not."""
    return _importable()


def numba_available() -> bool:
    """True when numba and numpy can be imported and the kernels are compiled (or are to
    be compiled in the foreground): what ``auto`` runs on."""
    return _importable() and kernels_ready()


def kernels_ready(mark: str = READY) -> bool:
    """Whether the compiled kernels (those of mark: :data:`READY` every one, :data:`COUNT`
    the count kernels) are in the cache; while not, the warm-up runs (started here once)
    and the answer is looked up again at most every LOOK_EVERY seconds."""
    if mark in _State.ready or READY in _State.ready:
        return True
    if os.environ.get(COMPILE) == "foreground":
        _State.ready.add(READY)
        return True
    now = time.monotonic()
    if _State.started and now - _State.looked < LOOK_EVERY:
        return False
    _State.looked = now
    folder = cache_folder()
    if (folder / mark).exists():
        _State.ready.add(mark)
        return True
    if not _State.started:
        _State.started = True
        if not _start_warmup(folder):
            _State.ready.add(READY)  # no background: compile in the foreground, as before
            return True
    elif _State.process is not None and _State.process.poll() not in (None, 0):
        _State.ready.add(READY)  # the warm-up failed: compile in the foreground, as before
        return True
    return False


def _start_warmup(folder: os.PathLike[str]) -> bool:
    """Start the warm-up process unless one is at work on this folder; False when the
    folder cannot be written (then nothing can be cached in the background)."""
    import subprocess

    lock = os.path.join(folder, LOCK)
    try:
        os.makedirs(folder, exist_ok=True)
        if _alive(lock):
            return True
        with open(lock, "w") as out:
            out.write("0")
        process = subprocess.Popen(
            WARMUP,
            env=os.environ | {COMPILE: "foreground"},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # outlives this run: the next run finds the cache warm
        )
        _State.process = process
        with open(lock, "w") as out:
            out.write(str(process.pid))
    except OSError:
        return False
    for hook in on_background_compile:
        hook()
    return True


def _alive(lock: str) -> bool:
    """Whether the lock names a process still running."""
    try:
        with open(lock) as text:
            pid = int(text.read().strip() or 0)
        if pid <= 0:
            return False
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    return True


def choose_backend(backend: str = "auto") -> str:
    """``numba`` or ``python`` for a requested back-end; numba asked for but absent is a
    SolverError, an unknown name a UsageError. ``auto`` is python while the kernels are
    compiled in the background (:func:`kernels_ready`)."""
    if backend not in BACKENDS:
        raise UsageError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if backend == "python":
        return "python"
    if numba_available():
        return "numba"
    if backend == "numba" and numba_installed() and not kernels_ready():
        return "numba"  # asked for by name while the cache is cold: compiled here and now
    if backend == "auto":
        return "python"
    raise missing_extra("backend numba", "fast")


def choose_compiled(backend: str = "auto") -> str:
    """:func:`choose_backend` for the engines that pure Python runs 60x to 350x slower
    and the warm-up does not compile (annealing, the 4x4 census): ``auto`` is numba
    whenever it is installed, compiled here and now when the cache is cold."""
    if backend == "auto" and numba_installed():
        backend = "numba"
    return choose_backend(backend)
