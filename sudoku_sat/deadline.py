"""Time limits (``--timeout``) shared by every engine: PySAT, binaries and in-house ones.

In-house engines check a :class:`Deadline` cooperatively, every few hundred steps of their
own loop (search nodes, annealing tries, failed-literal probes), and raise
:class:`TimedOut`, which their solve entry point turns into status ``unknown``.
``effective_timeout`` reads a user's number: infinity, or more than ``MAX_TIMEOUT``
(which the OS timers overflow on), means no limit.
"""

from __future__ import annotations

import math
import time

from .errors import SudokuSatError

MAX_TIMEOUT = 1e7
"""Seconds (about 116 days): a longer --timeout, or inf, means no limit."""


def effective_timeout(timeout: float | None) -> float | None:
    """timeout as a limit the timers can take: None for none, inf or beyond MAX_TIMEOUT."""
    if timeout is None or (math.isinf(timeout) and timeout > 0) or timeout >= MAX_TIMEOUT:
        return None
    if math.isnan(timeout) or timeout <= 0:
        raise SudokuSatError(f"--timeout must be a positive number of seconds, got {timeout}")
    return timeout


class TimedOut(Exception):
    """An in-house engine ran past its deadline."""

    def __init__(self, timeout: float | None):
        self.timeout = timeout
        super().__init__(f"timeout after {timeout} s")


class Deadline:
    """A point in time after which an engine gives up; ``Deadline(None)`` never passes."""

    def __init__(self, timeout: float | None = None):
        self.timeout = effective_timeout(timeout)
        self.at = None if self.timeout is None else time.monotonic() + self.timeout

    def passed(self) -> bool:
        """True once the deadline is behind us."""
        return self.at is not None and time.monotonic() > self.at

    def check(self) -> None:
        """Raise TimedOut once the deadline is behind us."""
        if self.passed():
            raise TimedOut(self.timeout)
