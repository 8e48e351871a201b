"""A solver binary's output is read with a limit (sat/external.py, issue 41 item 9):
``yes`` as a solver reached 8 GB in 16 s, did not honour ``--timeout``, and left its temp
folder behind without one. Each run here has a 2 GB address-space limit, so that a
regression fails instead of filling the machine's memory."""

from __future__ import annotations

import os
import resource
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sudoku_sat.sat.external import (
    OutputTooLarge,
    answer_text,
    output_limit,
    run_in_group,
    solve_external,
)

from .test_signals import REPO

KILLER = REPO / "docs" / "data" / "killer-ukpa.json"
MARGIN = 30.0
"""Seconds a bounded run may take here (a few; the unbounded one never ended)."""
BLANK = (0,) * 16


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def two_gigabytes() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


def cli(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """The CLI in tmp_path with a private TMPDIR (which must be empty after it)."""
    private = tmp_path / "tmp"
    private.mkdir()
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_sat", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(private)},
        preexec_fn=two_gigabytes,
    )
    assert list(private.iterdir()) == []
    return proc, time.monotonic() - started


@pytest.mark.parametrize("options", [(), ("--timeout", "3")])
def test_yes_as_a_solver_is_a_crash_in_one_line(tmp_path: Path, options: tuple[str, ...]) -> None:
    yes = shutil.which("yes")
    assert yes is not None
    proc, seconds = cli(tmp_path, "solve", str(KILLER), "--method", f"bin:{yes}", *options)
    assert proc.returncode == 3 and seconds < MARGIN, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "yes wrote more than 16 MiB" in proc.stderr


def test_a_fast_writer_under_its_limit_honours_the_timeout(tmp_path: Path) -> None:
    """1 MiB at a time, as fast as the pipe takes it: the timeout, not the end of the
    output, ends the run."""
    writer = script(tmp_path, "chatty", "while :; do head -c 1048576 /dev/zero; sleep 0.05; done")
    started = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        run_in_group([writer], 1.0, limit=2**40)
    assert time.monotonic() - started < MARGIN


def test_solve_external_on_yes_is_crashed(tmp_path: Path) -> None:
    result = solve_external(BLANK, 2, "yes", timeout=60)
    assert result.status == "crashed" and "wrote more than" in result.detail


def test_the_limit_counts_stdout_and_stderr(tmp_path: Path) -> None:
    both = script(tmp_path, "both", "head -c 700 /dev/zero; head -c 700 /dev/zero >&2")
    with pytest.raises(OutputTooLarge, match="both wrote more than"):
        run_in_group([both], None, limit=1000)
    done = run_in_group([both], None, limit=1400)
    assert len(done.stdout) == len(done.stderr) == 700


def test_an_answer_file_past_the_limit_is_a_crash(tmp_path: Path) -> None:
    """minisat writes its answer to a file: a file past the limit is refused too (the
    binary's file size is limited to it: the fake stops at the limit, not at 40 MB; its
    zeros would be a crash either way). The fake waits for the limit, set on it just
    after it starts."""
    written = tmp_path / "written"
    body = f'sleep 0.5; head -c 40000000 /dev/zero > "$3"; wc -c < "$3" > {written}; exit 10'
    fake = script(tmp_path, "minisat-fake", body)
    result = solve_external(BLANK, 2, fake, timeout=60)
    assert result.status == "crashed", result
    assert int(written.read_text()) <= output_limit(64) < 40_000_000


def test_an_answer_file_is_read_up_to_the_limit(tmp_path: Path) -> None:
    """Where the file-size limit does not hold, the answer file is not read whole."""
    out = tmp_path / "answer"
    out.write_bytes(b"SAT\n" + b"1 -2 0\n" * 200)
    done = subprocess.CompletedProcess(["minisat"], 10, "", "")
    with pytest.raises(OutputTooLarge, match="minisat wrote an answer file of more than"):
        answer_text("minisat", out, done, 1000)
    assert answer_text("minisat", out, done, out.stat().st_size).startswith("SAT\n")


def test_a_child_left_holding_the_output_does_not_hold_the_run(tmp_path: Path) -> None:
    """The binary answers and exits; a child it started in the background keeps its stdout
    open: the answer is read, the child is killed with the group, no wait for it."""
    pid_file = tmp_path / "child.pid"
    body = f'sleep 300 & echo $! > {pid_file}\necho "s UNSATISFIABLE"\nexit 20'
    leaver = script(tmp_path, "leaver", body)
    started = time.monotonic()
    result = solve_external(BLANK, 2, leaver)
    assert result.status == "unsat" and time.monotonic() - started < MARGIN
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while Path(f"/proc/{child}").exists() and time.monotonic() < deadline:
        stat_line = Path(f"/proc/{child}/stat").read_text()
        if stat_line.rsplit(")", 1)[-1].split()[0] == "Z":
            break
        time.sleep(0.05)
    else:
        assert not Path(f"/proc/{child}").exists()
