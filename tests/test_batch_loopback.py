"""A real Dask cluster on 127.0.0.1 started by the test: a worker killed mid-run loses nothing.

``dask scheduler`` and two ``dask worker`` processes (no nanny, so a killed worker stays
dead) run for the duration of one test, bounded in time, and are always stopped.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_sat.gridio import format_line, parse_puzzles

from .conftest import dataset_path

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
DASK = Path(sys.executable).with_name("dask")
DEADLINE = 120.0
"""Seconds the whole cluster test may take; every wait below is bounded by it."""


def env() -> dict[str, str]:
    """The environment of every process: sudoku_sat importable, a short connect timeout."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return os.environ | {"PYTHONPATH": path, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "5s"}


def wait_for(condition: object, until: float, what: str) -> None:
    while not condition():  # type: ignore[operator]
        if time.monotonic() > until:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


@pytest.fixture
def loopback(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """(scheduler address, [worker processes]) of a fresh cluster on 127.0.0.1."""
    if not DASK.exists():
        pytest.skip(f"no dask command beside {sys.executable}")
    until = time.monotonic() + 60
    file = tmp_path / "scheduler.json"
    common = ["--no-dashboard"]
    procs: list[subprocess.Popen[bytes]] = []
    try:
        procs.append(
            subprocess.Popen(
                [
                    str(DASK),
                    "scheduler",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--scheduler-file",
                    str(file),
                    *common,
                ],
                env=env(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        wait_for(lambda: file.exists() and file.stat().st_size > 0, until, "the scheduler")
        address = json.loads(file.read_text())["address"]
        workers = [
            subprocess.Popen(
                [
                    str(DASK),
                    "worker",
                    address,
                    "--host",
                    "127.0.0.1",
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--death-timeout",
                    "60",
                    *common,
                ],
                env=env(),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for _ in range(2)
        ]
        procs += workers
        with distributed.Client(address, timeout=10) as client:
            wait_for(lambda: len(client.scheduler_info()["workers"]) == 2, until, "two workers")
        yield address, workers
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def finished(client: object) -> int:
    """Tasks the scheduler has seen finish so far (each chunk once, more if recomputed)."""
    return int(
        client.run_on_scheduler(  # type: ignore[attr-defined]
            lambda dask_scheduler: sum(
                p.state_counts["memory"] for p in dask_scheduler.task_prefixes.values()
            )
        )
    )


def test_count_loses_nothing_when_a_worker_is_killed_midway(
    loopback: tuple[str, list[subprocess.Popen[bytes]]], tmp_path: Path
) -> None:
    address, workers = loopback
    source = dataset_path("puzzles2_17_clue")
    grids = [format_line(p.grid, p.n) for p in parse_puzzles(source.read_text())[:4000]]
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(grids) + "\n")
    count = [sys.executable, "-m", "sudoku_sat", "count", str(puzzles), "--cap", "3", "-q"]
    count += ["--method", "pysat"]
    until = time.monotonic() + DEADLINE
    local = subprocess.run(
        [*count, "--jobs", "1"], env=env(), capture_output=True, timeout=DEADLINE, check=False
    )
    assert local.returncode == 0, local.stderr
    run = subprocess.Popen(
        [*count, "--scheduler", address],
        env=env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        with distributed.Client(address, timeout=10) as client:
            wait_for(lambda: finished(client) >= 8, until, "eight chunks done")
            assert run.poll() is None, "the run ended before a worker could be killed"
            before = finished(client)
            workers[0].send_signal(signal.SIGKILL)
            workers[0].wait(10)
            wait_for(lambda: len(client.scheduler_info()["workers"]) == 1, until, "one worker")
            out, err = run.communicate(timeout=max(1.0, until - time.monotonic()))
            after = finished(client)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait(5)
    assert run.returncode == 0, err
    assert before < 64  # killed midway: chunks were left (4000 puzzles, 64 chunks)
    assert after >= 64  # every chunk finished, those lost with the worker again
    assert out == local.stdout
    assert len(out.decode().splitlines()) == 4000


def test_an_unreachable_scheduler_is_one_line_and_exit_3(tmp_path: Path) -> None:
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("." * 81 + "\n")
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku_sat",
            "count",
            str(puzzles),
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
        env=env() | {"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"},
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 3
    assert run.stdout == b""
    lines = run.stderr.decode().splitlines()
    assert len(lines) == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in lines[0]


def scheduler_failure(puzzles: Path, address: str) -> subprocess.CompletedProcess[bytes]:
    """`solve PUZZLES --scheduler address` as a user types it (no timeout variable set)."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku_sat", "solve", str(puzzles), "--scheduler", address],
        env=env(),
        capture_output=True,
        timeout=60,
        check=False,
    )


def garbling_server() -> tuple[socket.socket, threading.Thread]:
    """A loopback port that accepts and answers bytes that are not Dask's protocol."""
    server = socket.create_server(("127.0.0.1", 0))

    def answer() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                conn.sendall(b"\xff" * 64)
                conn.close()

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    return server, thread


@pytest.mark.parametrize("kind", ["malformed", "refused", "unknown host", "not dask"])
def test_a_bad_scheduler_address_is_one_line_exit_3_and_no_traceback(
    tmp_path: Path, kind: str
) -> None:
    puzzles = tmp_path / "grid.txt"
    puzzles.write_text("." * 81 + "\n")
    server = None
    if kind == "not dask":
        server, _ = garbling_server()
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    else:
        address = {
            "malformed": "nosuch",
            "refused": "tcp://127.0.0.1:9",
            "unknown host": "tcp://nosuchhost.invalid:8786",
        }[kind]
    try:
        run = scheduler_failure(puzzles, address)
    finally:
        if server is not None:
            server.close()
    lines = run.stderr.decode().splitlines()
    assert run.returncode == 3, run.stderr
    assert run.stdout == b""
    assert len(lines) == 1, lines
    assert f"cannot reach the Dask scheduler at {address}: " in lines[0]
    assert "memory" not in lines[0]
