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
    finally:  # the workers first: a worker whose scheduler is gone waits to reconnect
        for group in (procs[1:], procs[:1]):
            for proc in group:
                if proc.poll() is None:
                    proc.terminate()
            for proc in group:
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
            # the reference, while the worker left does the rest: this process, by the
            # default (compiled) method, an independent count a fifth of PySAT's cost (the
            # counts, hence the lines, are the same)
            code, local, said = in_process("count", str(puzzles), "--cap", "3", "-q", "--jobs", "1")
            assert code == 0, said
            out, err = run.communicate(timeout=max(1.0, until - time.monotonic()))
            after = finished(client)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait(5)
    assert run.returncode == 0, err
    assert before < 64  # killed midway: chunks were left (4000 puzzles, 64 chunks)
    assert after >= 64  # every chunk finished, those lost with the worker again
    assert out.decode() == local
    assert len(out.decode().splitlines()) == 4000


def in_process(*args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of a command run in this process: what a user sees of
    the CLI's edge, without a Python start-up and Dask's import (2 s of CPU) per case."""
    from typer.testing import CliRunner

    from sudoku_sat.cli import app

    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_an_unreachable_scheduler_is_one_line_and_exit_3(tmp_path: Path) -> None:
    import dask

    puzzles = tmp_path / "p.txt"
    puzzles.write_text("." * 81 + "\n")
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code, out, err = in_process("count", str(puzzles), "--scheduler", "tcp://127.0.0.1:9")
    assert code == 3
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in lines[0]


def scheduler_failure(puzzles: Path, address: str, process: bool) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `solve PUZZLES --scheduler address` as a user types it
    (no timeout variable set): a process of its own when asked (Dask's half-built client
    and its finalizer are the process's to end), else in this process."""
    if not process:
        return in_process("solve", str(puzzles), "--scheduler", address)
    run = subprocess.run(
        [sys.executable, "-m", "sudoku_sat", "solve", str(puzzles), "--scheduler", address],
        env=env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return run.returncode, run.stdout, run.stderr


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
        code, out, err = scheduler_failure(puzzles, address, process=server is not None)
    finally:
        if server is not None:
            server.close()
    lines = err.splitlines()
    assert code == 3, err
    assert out == ""
    assert len(lines) == 1, lines
    assert f"cannot reach the Dask scheduler at {address}: " in lines[0]
    assert "memory" not in lines[0]
