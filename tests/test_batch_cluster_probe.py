"""What ``--scheduler`` says of an address that is not a Dask scheduler, and which
``--connect-timeout`` values it takes (batch/cluster.py's probe; issue 41, item 20).

Every address here is on the loopback interface: a closed port, and listening sockets
that accept and then say nothing, hang up, or answer as an HTTP server would. A peer
that accepted and said nothing was reported as "something answers there" (or held Dask's
Client far past the connect timeout)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from sudoku_sat.batch import check_connect_timeout, open_executor
from sudoku_sat.batch.cluster import first_words, probe
from sudoku_sat.errors import SolverError, UsageError

from .test_signals import REPO

distributed = pytest.importorskip("distributed")
MARGIN = 15.0
"""Seconds a refusal may take here (the probe waits 0.5 s)."""


@contextlib.contextmanager
def listener(behaviour: str) -> Iterator[str]:
    """tcp://127.0.0.1:PORT of a socket that accepts every connection, then: ``silent``
    (holds it open, says nothing), ``hangs up`` (closes it), ``http`` (answers as a web
    server)."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                if behaviour == "silent":
                    held.append(conn)
                    continue
                if behaviour == "http":
                    conn.sendall(b"HTTP/1.0 400 Bad Request\r\n\r\n")
                conn.close()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in held:
            conn.close()


def closed_port() -> str:
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
    return f"tcp://127.0.0.1:{port}"


SAID = {
    "silent": "a connection was accepted, but nothing answered within 0.5 s",
    "hangs up": "a connection was accepted, then closed without a word",
    "http": "something answers there, but not a Dask scheduler (it began with b'HTTP/1.0')",
}


@pytest.mark.parametrize("behaviour", sorted(SAID))
def test_a_listener_that_is_not_dask_is_named_for_what_it_did(behaviour: str) -> None:
    started = time.monotonic()
    with listener(behaviour) as address, pytest.raises(SolverError) as caught:
        open_executor(scheduler=address, connect_timeout=0.5)
    assert str(caught.value) == f"cannot reach the Dask scheduler at {address}: {SAID[behaviour]}"
    assert time.monotonic() - started < MARGIN


def test_a_closed_port_is_refused_not_something_that_answers() -> None:
    address = closed_port()
    with pytest.raises(SolverError, match=r"connection refused$"):
        probe(address, 0.5)


@pytest.mark.xdist_group("dask")
def test_a_real_scheduler_speaks_first_as_the_probe_expects(dask_address: str) -> None:
    host, port = dask_address.removeprefix("tcp://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        assert first_words(conn, 10.0) is None


@pytest.mark.parametrize("seconds", [0.0, -1.0, float("nan")])
def test_a_connect_timeout_that_is_not_positive_is_refused(seconds: float) -> None:
    with pytest.raises(UsageError, match="--connect-timeout must be a positive number"):
        check_connect_timeout(seconds)
    with pytest.raises(UsageError):
        open_executor(connect_timeout=seconds)


@pytest.mark.parametrize("value", ["0", "-1"])
def test_the_cli_refuses_it_in_one_line_before_any_work(value: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "sudoku_sat", "count", "-", "--connect-timeout", value],
        input="." * 81 + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
    )
    assert run.returncode == 2 and run.stdout == "", run.stderr
    assert run.stderr.count("\n") == 1 and "must be a positive number of seconds" in run.stderr
