"""The Dask executor: chunks submitted to a Dask cluster (``--scheduler ADDRESS``).

The address is the one Dask's own ``Client()`` reads: ``--scheduler`` when given, else the
``scheduler-address`` of Dask's configuration, which the environment variable
``DASK_SCHEDULER_ADDRESS`` sets. The connection is made (with a timeout) before any
work: a scheduler that cannot be reached is a :class:`SolverError`, one line, exit 3.

Fault tolerance is Dask's: the client holds a future per chunk in flight, so when a
worker dies the scheduler recomputes every chunk it held or was computing (up to
``distributed.scheduler.allowed-failures`` deaths per chunk, 3 by default). Each chunk's
result is taken once, by its position, so every item is reported exactly once.
At most ``window`` chunks are in flight: results stream in input order without the whole
batch sitting in the scheduler's memory. Ctrl-C cancels the futures and closes the client.

A chunk's results travel as one pickle (:class:`Pickled`): Dask serializes a list result
element by element, which cost about 9 ms per chunk of 625 small dicts (0.6 s over a
40,000-puzzle ``count``, measured), while bytes go through as they are.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import pickle
import socket
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..deadline import MAX_TIMEOUT
from ..errors import SolverError, missing_extra
from .address import CONNECT_TIMEOUT, printable, shown
from .executor import Progress, Task

T = TypeVar("T")
R = TypeVar("R")


def connect_timeout(limit: float = CONNECT_TIMEOUT) -> float:
    """limit (0.1 s at least), or Dask's configured connect timeout when that is shorter
    (inf or past ``MAX_TIMEOUT``: Dask's, else ``MAX_TIMEOUT``, which socket timeouts take)."""
    limit = min(max(0.1, limit), MAX_TIMEOUT)
    import dask
    from dask.utils import parse_timedelta

    configured = parse_timedelta(dask.config.get("distributed.comm.timeouts.connect", None))
    return min(limit, configured) if configured else limit


def probe(address: str, timeout: float) -> None:
    """Check that address names a scheduler's port that accepts connections, quickly.

    Dask's own Client, given a malformed or unreachable address, fails only after its
    timeout and leaves a half-built client whose finalizer blocks for twice as long; a
    plain socket tells the same causes in one line: a malformed address, a host that does
    not resolve, a refused connection, a timeout. Schemes other than tcp and tls (inproc,
    ucx, ws) are left to Dask.
    """
    from distributed.comm.addressing import parse_address, parse_host_port

    where = f"cannot reach the Dask scheduler at {shown(address)}"
    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse_host_port(location)
    except (ValueError, TypeError) as exc:
        raise SolverError(f"{where}: {printable(str(exc))}") from None
    try:
        conn = socket.create_connection((host, port), timeout=timeout)
    except socket.gaierror as exc:
        cause = f"unknown host {host!r} ({exc.strerror or exc})"
        raise SolverError(f"{where}: {printable(cause)}") from None
    except TimeoutError:
        raise SolverError(f"{where}: no answer within {timeout:g} s") from None
    except OSError as exc:
        cause = (exc.strerror or str(exc)).lower()
        raise SolverError(f"{where}: {printable(cause)}") from None
    with conn:
        said = None if scheme == "tls" else first_words(conn, timeout)
    if said is not None:
        raise SolverError(f"{where}: {printable(said)}")


DASK_HEADER = 8
"""A Dask scheduler speaks first on a new TCP connection: its handshake, a message whose
first 8 bytes are its length in bytes, little-endian (a few hundred)."""
MAX_HANDSHAKE = 2**26


def first_words(conn: socket.socket, timeout: float) -> str | None:
    """None when the peer begins as a Dask scheduler does (``DASK_HEADER``), within
    timeout seconds; else what it did instead. A peer that accepts and says nothing held
    Dask's Client past its own timeout (31 s for a 1 s ``--connect-timeout``); one that
    says something else made Dask allocate what its first bytes read as a length."""
    deadline = time.monotonic() + timeout
    head = b""
    try:
        while len(head) < DASK_HEADER:
            conn.settimeout(max(0.001, deadline - time.monotonic()))
            chunk = conn.recv(DASK_HEADER - len(head))
            if not chunk:
                break
            head += chunk
    except TimeoutError:
        if not head:
            return f"a connection was accepted, but nothing answered within {timeout:g} s"
    except OSError as exc:
        return f"a connection was accepted, then {(exc.strerror or str(exc)).lower()}"
    if not head:
        return "a connection was accepted, then closed without a word"
    length = int.from_bytes(head, "little")
    if len(head) == DASK_HEADER and 0 < length <= MAX_HANDSHAKE:
        return None
    return (
        f"something answers there, but not a Dask scheduler (it began with {printable(repr(head))})"
    )


def abandon(exc: BaseException) -> None:
    """Mark the half-built Client in exc's traceback closed, so that its finalizer neither
    blocks for its close timeout nor prints "Exception ignored" at exit."""
    tb = exc.__traceback__
    while tb is not None:
        client: Any = tb.tb_frame.f_locals.get("self")
        if type(client).__name__ == "Client" and hasattr(client, "status"):
            with contextlib.suppress(Exception):
                client._loop_runner.stop()
            with contextlib.suppress(Exception):
                client.status = "closed"
        tb = tb.tb_next


@dataclass(frozen=True)
class Pickled(Generic[T, R]):
    """func, its chunk's results returned as one pickle (see the module docstring)."""

    func: Task[T, R]

    def __call__(self, chunk: list[T]) -> bytes:
        return pickle.dumps(self.func(chunk), protocol=pickle.HIGHEST_PROTOCOL)


class DaskExecutor:
    """Chunks as futures on a Dask cluster; results in input order."""

    def __init__(self, address: str, timeout: float = CONNECT_TIMEOUT) -> None:
        try:
            distributed: Any = importlib.import_module("distributed")  # untyped for mypy
        except ImportError:
            raise missing_extra("--scheduler (Dask)", "dask") from None
        self.address = address
        quiet = logging.getLogger("distributed")
        level = quiet.level
        quiet.setLevel(logging.CRITICAL)  # the failure below is our one line, not Dask's log
        try:
            seconds = connect_timeout(timeout)
            probe(address, seconds)
            self.client: Any = distributed.Client(address, timeout=seconds, set_as_default=False)
        except SolverError:
            raise
        except Exception as exc:  # Dask's own failures, whatever their class: one line
            abandon(exc)
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            if isinstance(exc, MemoryError):  # a garbled length prefix, not a lack of memory
                reason = "something answers there, but not a Dask scheduler"
            where = f"cannot reach the Dask scheduler at {shown(address)}"
            raise SolverError(f"{where}: {printable(reason)}") from None
        finally:
            quiet.setLevel(level)
        self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        self.window = max(16, 4 * self.workers)

    def map_chunks(
        self, func: Task[T, R], chunks: Sequence[list[T]], progress: Progress | None = None
    ) -> Iterator[list[R]]:
        distributed: Any = importlib.import_module("distributed")
        done: dict[int, list[R]] = {}
        flying: dict[str, tuple[int, Any]] = {}  # key -> (position, future)
        following, submitted = 0, 0
        # with_results: each result is fetched in the background as its chunk completes
        pending = distributed.as_completed(loop=self.client.loop, with_results=True)
        try:
            while following < len(chunks):
                while submitted < len(chunks) and submitted - following < self.window:
                    future = self.client.submit(Pickled(func), chunks[submitted], pure=False)
                    flying[future.key] = (submitted, future)
                    pending.add(future)
                    submitted += 1
                finished, result = self._next(pending)
                k, future = flying.pop(finished.key)
                done[k] = pickle.loads(result)
                future.release()
                if progress is not None:
                    progress(len(chunks[k]))
                while following in done:
                    yield done.pop(following)
                    following += 1
        finally:
            if flying:  # interrupted or failed: the chunks left are not wanted
                self.client.cancel([future for _, future in flying.values()])

    def _next(self, pending: Any) -> tuple[Any, Any]:
        """The next chunk done and its result; the cluster's own failures as SolverErrors.

        An exception the task raised reaches the caller as it is (a SudokuSatError is a
        one-line error; anything else is a bug worth its traceback). A task the workers
        cannot even load (sudoku-sat missing or of another version there), a chunk that
        killed too many workers, or a lost scheduler is the cluster's problem: one line.
        """
        distributed: Any = importlib.import_module("distributed")
        try:
            finished, result = next(pending)
            return finished, result
        except (ImportError, RuntimeError, distributed.KilledWorker) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise SolverError(
                f"the Dask cluster at {shown(self.address)} could not run the batch: "
                f"{printable(reason)} "
                "(is the same sudoku-sat installed on every worker?)"
            ) from None
        except (OSError, CancelledError) as exc:
            raise SolverError(
                f"lost the Dask scheduler at {shown(self.address)}: "
                f"{printable(str(exc) or type(exc).__name__)}"
            ) from None

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> DaskExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
