"""Signals leave nothing behind (issue 33): CP-SAT stopped by Ctrl-C (it caught SIGINT,
ended its search as if finished and put back the default handler), a worker's scratch
folder and temp files on SIGTERM, ``solve --jobs 2`` on a solver binary with a private
TMPDIR, the stopping() helper itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from sudoku_sat.signals import Terminated, handled, stopping

from .conftest import IN_CI, TRES_DIFFICILE
from .test_signals import REPO, assert_one_line, children, run_python, stop, wait_for


def test_stopping_calls_stop_on_a_signal_and_the_signal_still_raises() -> None:
    stopped = threading.Event()
    with pytest.raises(Terminated), handled(), stopping(stopped.set):
        os.kill(os.getpid(), signal.SIGTERM)
        assert stopped.wait(10)  # the helper thread saw the signal while we waited in C
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL or callable(
        signal.getsignal(signal.SIGTERM)
    )
    assert signal.set_wakeup_fd(-1) == -1  # the wakeup fd was put back


def test_cp_sat_is_stopped_by_sigint_and_leaves_the_handler_to_python() -> None:
    if not IN_CI:
        pytest.importorskip("ortools")
    from sudoku_sat.model.puzzle import Puzzle
    from sudoku_sat.variants import cpsat

    blank = Puzzle(9, (0,) * 81)
    # Python's own handler, as a program starts with (an xdist worker may start with
    # SIGINT ignored, so the test sets it rather than reads it)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        with pytest.raises(Terminated), handled():
            timer.start()
            cpsat.solutions(blank, 10**9, seconds=120.0)  # enumerates far past the timer
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        with pytest.raises(KeyboardInterrupt):  # Python's handler, not CP-SAT's SIG_DFL
            os.kill(os.getpid(), signal.SIGINT)
            threading.Event().wait(5)
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_terminated_worker_removes_its_scratch_folder_and_temp_files(tmp_path: Path) -> None:
    code = "import os, signal, time\n"
    code += "from sudoku_sat.signals import scratch_folder, worker_signals\n"
    code += "from sudoku_sat.files import atomic_path\n"
    code += "worker_signals()\n"
    code += "with scratch_folder() as tmp, atomic_path(os.path.join(tmp, 'x.cnf')) as part:\n"
    code += "    with atomic_path('out.txt') as other:\n"
    code += "        print(tmp, part, other, flush=True); time.sleep(300)\n"
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(tmp_path)},
    )
    assert proc.stdout is not None
    paths = proc.stdout.readline().split()
    assert len(paths) == 3 and all(Path(p).exists() for p in paths)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(60) == 143
    assert not any(Path(p).exists() for p in paths) and list(tmp_path.iterdir()) == []


def test_solve_jobs_2_on_a_binary_leaves_no_temp_file(tmp_path: Path) -> None:
    if not IN_CI and not shutil_which("picosat"):
        pytest.skip("picosat not installed")
    private = tmp_path / "tmp"
    private.mkdir()
    grids = tmp_path / "many.txt"
    grids.write_text((TRES_DIFFICILE + "\n") * 3000)
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_sat", "solve", str(grids), "--jobs", "2", "--method",
         "bin:picosat", "--format", "line"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(private)},
        start_new_session=True,
    )  # fmt: skip
    wait_for(lambda: len(children(proc.pid)) >= 2 and any(private.iterdir()), proc)
    code, out, err = stop(proc, signal.SIGINT)
    assert_one_line(code, err, signal.SIGINT)
    assert all(len(line) == 81 for line in out.splitlines())
    assert list(private.iterdir()) == []


def shutil_which(name: str) -> str | None:
    import shutil

    return shutil.which(name)


def test_a_signal_while_the_command_is_imported_is_one_line() -> None:
    """SIGTERM 3 s into ``generate`` on a loaded machine came while its module was being
    imported (numba): no handler yet, the process died silently (the hostile corpus)."""
    code = "import os, signal, time, sudoku_sat.cli._app as cli\n"
    code += "def slow(name):\n"
    code += "    os.kill(os.getpid(), signal.SIGTERM); time.sleep(5); print('alive')\n"
    code += "cli.load = slow\n"
    code += "cli.app(['generate', '-k', '5'], prog_name='sudoku-sat')\n"
    proc = run_python(code)
    assert proc.returncode == 143 and proc.stdout == ""
    assert proc.stderr == "sudoku-sat: stopped by SIGTERM (0 lines written)\n"


def test_a_signal_inside_the_scratch_folders_removal_still_removes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C 4 s into ``solve many.txt --method bin:minisat`` left an empty
    ``sudoku-sat-*`` folder (1 in 8 tries): the signal's exception was raised inside
    ``shutil.rmtree``, after its unlinks, before its rmdir (issue 41, item 15)."""
    import shutil

    from sudoku_sat.signals import scratch_folder

    real = shutil.rmtree
    calls: list[str] = []

    def interrupted(path: str, ignore_errors: bool = False) -> None:
        calls.append(path)
        if len(calls) == 1:
            for name in os.listdir(path):
                os.unlink(os.path.join(path, name))
            raise Terminated(signal.SIGINT)
        real(path, ignore_errors=ignore_errors)

    monkeypatch.setattr(shutil, "rmtree", interrupted)
    with pytest.raises(Terminated), scratch_folder() as tmp:
        Path(tmp, "puzzle.cnf").write_text("p cnf 0 0\n")
    assert calls and not Path(tmp).exists()
