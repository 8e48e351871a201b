"""SIGINT and SIGTERM as exceptions, so that temp files and child processes are cleaned up.

The CLI runs every command inside :func:`handled`: both signals raise
:class:`Terminated` in the main thread, which unwinds through the
``finally`` blocks and context managers that remove temp files (``files.atomic_path``,
temp folders), kill solver process groups (``sat.external``) and terminate worker pools;
the edge then prints one line and exits 128 + the signal number (130, 143).

Worker processes call :func:`worker_signals` first: they ignore SIGINT (a Ctrl-C reaches
the whole process group; the parent decides) and die quietly on SIGTERM, which is how a
pool is terminated, instead of printing tracebacks.

PySAT's C solvers catch SIGINT themselves during a call and raise an error whose text is
"Caught keyboard interrupt"; :func:`is_pysat_interrupt` recognises it, and the CLI's
edge treats it as SIGINT.
A SIGTERM that arrives inside one long PySAT call takes effect when the call returns.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

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


def _raise(signum: int, frame: FrameType | None) -> None:
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
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def worker_signals() -> None:
    """For a worker process: ignore SIGINT, die on SIGTERM without a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def is_pysat_interrupt(exc: BaseException) -> bool:
    """True when exc is PySAT's "Caught keyboard interrupt" error (SIGINT inside a solve)."""
    return "caught keyboard interrupt" in str(exc).lower()
