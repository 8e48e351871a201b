"""SIGINT and SIGTERM as exceptions, so that temp files and child processes are cleaned up.

The CLI runs every command inside :func:`handled`: both signals raise
:class:`Terminated` in the main thread, which unwinds through the
``finally`` blocks and context managers that remove temp files (``files.atomic_path``,
temp folders), kill solver process groups (``sat.external``) and terminate worker pools;
the edge then prints one line and exits 128 + the signal number (130, 143).

Worker processes call :func:`worker_signals` first: they ignore SIGINT (a Ctrl-C reaches
the whole process group; the parent decides) and die quietly on SIGTERM, which is how a
pool is terminated, instead of printing tracebacks, after killing the process groups of
the solver binaries they started (:func:`track_group`).

Code that must not be interrupted between creating something and arming its cleanup
(a temp file, a child process) calls :func:`hold` before and :func:`release` inside the
``try``: a signal in between is recorded, then delivered by ``release``.

PySAT's C solvers catch SIGINT themselves during a call and raise an error whose text is
"Caught keyboard interrupt"; :func:`is_pysat_interrupt` recognises it, and the CLI's
edge treats it as SIGINT. One long call into C that would let a signal wait until it
returns (a PySAT call, CP-SAT's search) runs inside :func:`stopping`, which stops it on
SIGINT and SIGTERM.
"""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any

HANDLED = (signal.SIGINT, signal.SIGTERM)


class Terminated(BaseException):
    """SIGTERM (or SIGINT) turned into an exception, so that cleanup code runs.

    A BaseException like KeyboardInterrupt: ``except Exception`` does not swallow it.
    """

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(f"signal {signum}")


NAMES: dict[int, str] = {signal.SIGINT: "SIGINT", signal.SIGTERM: "SIGTERM"}


def exit_code(signum: int) -> int:
    """The shell's exit code for a process ended by signum: 128 + signum."""
    return 128 + signum


def exit_at_once() -> None:
    """Until a command's handlers are set (:func:`handled`), SIGINT and SIGTERM end the
    process at once, with the one line and the exit code of a stopped run: the command
    line's own modules (typer, the command's) take seconds to import on a loaded
    machine, and nothing is written yet then, so there is nothing to clean up. Without
    it a SIGTERM there ended the process silently (-15) and a SIGINT in a traceback."""
    for signum in HANDLED:
        signal.signal(signum, _exit_now)


def _exit_now(signum: int, frame: FrameType | None) -> None:
    name = NAMES.get(signum, f"signal {signum}")
    with suppress(OSError):
        os.write(2, f"sudoku-sat: stopped by {name} (0 lines written)\n".encode())
    os._exit(exit_code(signum))


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


_SWALLOWED: list[int] = []
"""Signals whose exception Python could not raise: the handler ran inside a finalizer
(a solver's ``__del__`` during garbage collection), where an exception is printed as
"Exception ignored" and dropped, so the run went on as if no signal had come."""


def swallowed_hook(previous: Callable[[Any], object]) -> Callable[[Any], None]:
    """A ``sys.unraisablehook`` that keeps a dropped Terminated or KeyboardInterrupt in
    :data:`_SWALLOWED` (to be raised again by :func:`raise_swallowed`), printing nothing,
    and hands every other unraisable exception to previous."""

    def hook(unraisable: Any) -> None:
        exc = unraisable.exc_value
        if isinstance(exc, Terminated):
            _SWALLOWED.append(exc.signum)
        elif isinstance(exc, KeyboardInterrupt):
            _SWALLOWED.append(signal.SIGINT)
        else:
            previous(unraisable)

    return hook


def raise_swallowed() -> None:
    """Raise again, as Terminated, the first signal a finalizer dropped (if any)."""
    if _SWALLOWED:
        signum = _SWALLOWED[0]
        _SWALLOWED.clear()
        raise Terminated(signum)


@contextmanager
def handled() -> Iterator[None]:
    """Inside the block, SIGINT and SIGTERM raise Terminated; old handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.getsignal(signum) for signum in HANDLED}
    for signum in HANDLED:
        signal.signal(signum, _raise)
    try:
        with stopping(None):  # the wakeup file descriptor, once for every call inside
            yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


_GROUPS: dict[int, str | None] = {}
"""Process groups of the solver binaries this process is running, each with the scratch
folder it works in (killed and removed on a worker's SIGTERM)."""


def track_group(pgid: int, scratch: str | None = None) -> None:
    """Remember a child's process group (and its scratch folder) for a worker's SIGTERM."""
    _GROUPS[pgid] = scratch


def untrack_group(pgid: int) -> None:
    _GROUPS.pop(pgid, None)


_SCRATCH: set[str] = set()
"""Temp files and folders this process has made and not yet removed (removed on a
worker's SIGTERM, which skips every ``finally``)."""


def track_scratch(path: str) -> None:
    """Remember a temp file or folder, removed if a worker is terminated before its owner
    removes it."""
    _SCRATCH.add(path)


def untrack_scratch(path: str) -> None:
    _SCRATCH.discard(path)


@contextmanager
def scratch_folder(prefix: str = "sudoku-sat-") -> Iterator[str]:
    """A temp folder, removed at the end of the block, on a signal, and on a worker's
    SIGTERM (``tempfile.TemporaryDirectory`` leaves it when a worker is terminated, or
    when a signal comes between its creation and the ``with``)."""
    import tempfile

    held = hold()
    try:
        path = tempfile.mkdtemp(prefix=prefix)
    except BaseException:
        release(held)
        raise
    track_scratch(path)
    try:
        release(held)
        yield path
    finally:
        try:
            shutil.rmtree(path, ignore_errors=True)
        finally:  # again: a signal's exception raised inside rmtree (Python code between
            # its unlinks and its rmdir) left the emptied folder behind
            shutil.rmtree(path, ignore_errors=True)
            untrack_scratch(path)


def _remove(path: str) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        with suppress(OSError):
            os.unlink(path)


def _worker_exit(signum: int, frame: FrameType | None) -> None:
    for pgid, scratch in list(_GROUPS.items()):
        with suppress(OSError):
            os.killpg(pgid, signal.SIGKILL)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
    for path in list(_SCRATCH):
        _remove(path)
    os._exit(exit_code(signum))


def worker_signals() -> None:
    """For a worker process: ignore SIGINT; on SIGTERM kill the solver groups it started
    and exit at once, without a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_exit)


Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


class Held:
    """SIGINT and SIGTERM recorded instead of handled, from :func:`hold` to :func:`release`."""

    def __init__(self) -> None:
        self.pending: list[int] = []
        self.previous: dict[int, Handler] = {}

    def _record(self, signum: int, frame: FrameType | None) -> None:
        self.pending.append(signum)


def hold() -> Held:
    """Record SIGINT and SIGTERM from now on instead of acting on them.

    A handler swap, not a signal mask: it holds whichever thread the kernel delivers the
    signal to (Python runs handlers in the main thread). Outside the main thread, where
    handlers cannot be set, it holds nothing.
    """
    held = Held()
    if threading.current_thread() is threading.main_thread():
        for signum in HANDLED:
            held.previous[signum] = signal.getsignal(signum)
            signal.signal(signum, held._record)
    return held


def release(held: Held) -> None:
    """Put the handlers back, then deliver the first signal recorded while held (if any)."""
    for signum, handler in held.previous.items():
        signal.signal(signum, handler)
    held.previous.clear()
    if held.pending:
        signal.raise_signal(held.pending[0])


class _Watcher:
    """The helper thread of :func:`stopping`, one per process, made on first use: it waits
    on a pipe that Python's C handler writes each signal's number to (the wakeup file
    descriptor, set only during a :func:`stopping` block), and calls the block's ``stop``
    for SIGINT and SIGTERM. A thread and a pipe a call cost about 0.1 ms, as much as a
    whole small puzzle's PySAT call; setting the wakeup file descriptor costs nothing. A
    pipe, not a socket pair: importing ``socket`` took 4 ms of every command's start."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.receiver, self.sender = os.pipe()
        os.set_blocking(self.sender, False)
        self.lock = threading.Lock()
        self.stop: Callable[[], object] | None = None
        self.installed = False
        threading.Thread(target=self._watch, daemon=True, name="sudoku-sat-stopping").start()

    def _watch(self) -> None:
        with suppress(OSError):
            while data := os.read(self.receiver, 64):
                with self.lock:
                    if self.stop is not None and any(signum in HANDLED for signum in data):
                        self.stop()


_WATCHER: list[_Watcher] = []


def _watcher() -> _Watcher:
    """This process's watcher (a forked child makes its own: threads do not survive a fork)."""
    if not _WATCHER or _WATCHER[0].pid != os.getpid():
        _WATCHER[:] = [_Watcher()]
    return _WATCHER[0]


def _forget_in_child() -> None:
    """A forked child (a pool's worker) stops writing its signals to its parent's watcher,
    which would stop the parent's solver."""
    if _WATCHER and _WATCHER[0].installed:
        _WATCHER.clear()
        with suppress(ValueError, OSError):
            signal.set_wakeup_fd(-1)


os.register_at_fork(after_in_child=_forget_in_child)


def stopping(stop: Callable[[], object] | None) -> Stopping:
    """Inside the block, SIGINT or SIGTERM also calls ``stop()`` from a helper thread.

    For one long call into C that runs no Python code meanwhile (CP-SAT's ``Solve``, a
    PySAT solve that releases the GIL): the signal's handler runs only when the call
    returns, so ``stop`` (the solver's ``StopSearch``, ``interrupt``) makes it return at
    once, then the handler raises :class:`Terminated`. Python's C handler writes every
    signal to the wakeup file descriptor, which the helper thread waits on; ``stop`` is
    never called after the block. Outside the main thread it does nothing.
    """
    return Stopping(stop)


class Stopping:
    """The block of :func:`stopping`: a class, not a generator, as a PySAT session enters
    one for every call (some of a few microseconds). The first block installs the
    watcher's wakeup file descriptor (about 10 us on a loaded machine, the time of a small
    PySAT call) and puts the old one back at its end; the blocks inside it only swap the
    ``stop`` (:func:`handled` opens one for the whole of a CLI command)."""

    def __init__(self, stop: Callable[[], object] | None):
        self.stop = stop
        self.watcher: _Watcher | None = None
        self.outer: Callable[[], object] | None = None
        self.previous: int | None = None

    def __enter__(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        self.watcher = watcher = _watcher()
        if not watcher.installed:
            fd = watcher.sender
            self.previous = signal.set_wakeup_fd(fd, warn_on_full_buffer=False)
            watcher.installed = True
        with watcher.lock:
            self.outer, watcher.stop = watcher.stop, self.stop

    def __exit__(self, *exc: object) -> None:
        watcher = self.watcher
        if watcher is None:
            return
        with watcher.lock:
            watcher.stop = self.outer
        if self.previous is not None:
            signal.set_wakeup_fd(self.previous)
            watcher.installed = False


def is_pysat_interrupt(exc: BaseException) -> bool:
    """True when exc is PySAT's "Caught keyboard interrupt" error (SIGINT inside a solve)."""
    return "caught keyboard interrupt" in str(exc).lower()
