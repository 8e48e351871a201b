"""SIGINT and SIGTERM mid-run: one line, exit 130/143, no temp file, no child process left.

Each test starts the CLI in a child process, waits until the run is under way (a file
written, a solver or worker process started), sends the signal, and waits at most
TIMEOUT seconds for the exit (the CI machine is slow and shared: generous, never a
timed assertion on the run itself).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_sat.signals import (
    NAMES,
    Terminated,
    exit_code,
    handled,
    hold,
    is_pysat_interrupt,
    release,
)

from .conftest import TRES_DIFFICILE, dataset_path

TIMEOUT = 60.0
SIGNALS = [signal.SIGINT, signal.SIGTERM]
REPO = Path(__file__).resolve().parents[1]


def start(*args: str, cwd: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "sudoku_sat", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a Ctrl-C of the test run does not reach it
    )


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    """``python -c code`` with the checkout importable, its output captured (60 s at most)."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def wait_for(condition: Callable[[], bool], proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if proc.poll() is not None:
            pytest.fail(f"the run ended before the signal: {proc.communicate()}")
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail("the run never got under way")
        time.sleep(0.05)


def children(pid: int) -> set[int]:
    """Every descendant process of pid (from /proc), zombies excluded."""
    out: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                kids = {int(k) for k in (task / "children").read_text().split()}
            except OSError:
                continue
            todo += list(kids - out)
            out |= kids
    return {p for p in out if alive(p)}


def threads(pid: int) -> int:
    """The threads of process pid: a command's second is the helper thread of
    ``signals.stopping``, started once its handlers are set (``signals.handled``)."""
    return len(list(Path(f"/proc/{pid}/task").glob("*")))


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def stop(proc: subprocess.Popen[str], signum: int) -> tuple[int, str, str]:
    os.kill(proc.pid, signum)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail(f"no exit {TIMEOUT} s after the signal")
    return proc.returncode, out, err


def assert_one_line(code: int, err: str, signum: int) -> None:
    assert code == 128 + signum, err
    name = signal.Signals(signum).name
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert re.fullmatch(rf"sudoku-sat: stopped by {name} \(\d+ lines written\)", lines[0]), err


def gone(pids: set[int]) -> bool:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.05)
    return not any(alive(p) for p in pids)


def stops_with_its_children(proc: subprocess.Popen[str], signum: int, count: int) -> None:
    """Once proc has count children at work, the signal: one line, and none left."""
    wait_for(lambda: len(children(proc.pid)) >= count, proc)
    time.sleep(0.4)
    pids = children(proc.pid)
    code, _, err = stop(proc, signum)
    assert_one_line(code, err, signum)
    assert gone(pids)


def many_grids(tmp_path: Path, count: int, n: int = 4) -> Path:
    path = tmp_path / "many.txt"
    path.write_text(("." * n**4 + "\n") * count)
    return path


@pytest.mark.parametrize("signum", SIGNALS)
def test_encode_out_dir_leaves_no_temp_file(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "out"
    proc = start(
        "encode", str(many_grids(tmp_path, 400, 5)), "--out-dir", str(out), "-q", cwd=tmp_path
    )
    wait_for(lambda: out.is_dir() and any(out.glob("*.cnf")), proc)
    code, _, err = stop(proc, signum)
    assert_one_line(code, err, signum)
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


def slow_solver(tmp_path: Path) -> Path:
    """A "solver" that records its CNF path and its background child's pid, then hangs."""
    solver = tmp_path / "slowsat"
    solver.write_text(
        '#!/bin/sh\necho "$1" > "$0.$$.cnf"\nsleep 300 &\necho $! > "$0.$$.child"\nsleep 300\n'
    )
    solver.chmod(0o755)
    return solver


def started(solver: Path) -> list[Path]:
    """The child-pid files of the solver runs under way (written in full)."""
    return [f for f in solver.parent.glob(f"{solver.name}.*.child") if f.read_text().strip()]


def cnf_of(child_file: Path) -> Path:
    """The CNF file the solver run behind child_file was given."""
    return Path(Path(str(child_file).removesuffix(".child") + ".cnf").read_text().strip())


def solve_on_slow_solver(
    tmp_path: Path, copies: int, *options: str
) -> tuple[subprocess.Popen[str], Path]:
    """``solve`` of copies grids on the slow solver, once min(copies, 2) runs are under way."""
    solver = slow_solver(tmp_path)
    grids = tmp_path / "g.txt"
    grids.write_text((TRES_DIFFICILE + "\n") * copies)
    proc = start("solve", str(grids), "--method", f"bin:{solver}", *options, cwd=tmp_path)
    wait_for(lambda: len(started(solver)) == min(copies, 2), proc)
    return proc, solver


@pytest.mark.parametrize("signum", SIGNALS)
def test_solve_external_kills_the_solver_group_and_removes_its_file(
    tmp_path: Path, signum: int
) -> None:
    proc, solver = solve_on_slow_solver(tmp_path, 1)
    (child_file,) = started(solver)
    pids = children(proc.pid) | {int(child_file.read_text())}
    cnf = cnf_of(child_file)
    assert cnf.exists()
    code, _, err = stop(proc, signum)
    assert_one_line(code, err, signum)
    assert gone(pids) and not cnf.exists() and not cnf.parent.exists()


@pytest.mark.parametrize("signum", SIGNALS)
def test_solve_external_jobs_2_kills_the_solvers_its_workers_started(
    tmp_path: Path, signum: int
) -> None:
    proc, solver = solve_on_slow_solver(tmp_path, 8, "--jobs", "2", "-q")
    pids = children(proc.pid) | {int(f.read_text()) for f in started(solver)}
    cnfs = [cnf_of(f) for f in started(solver)]
    assert all(cnf.exists() for cnf in cnfs)
    code, _, err = stop(proc, signum)
    assert_one_line(code, err, signum)
    assert gone(pids) and not any(cnf.parent.exists() for cnf in cnfs)


@pytest.mark.parametrize("signum", SIGNALS)
def test_generate_jobs_2_stops_its_workers_quietly(tmp_path: Path, signum: int) -> None:
    proc = start(
        "generate",
        "--count",
        "200",
        "--order",
        "4",
        "--jobs",
        "2",
        "--seed",
        "1",
        "-q",
        cwd=tmp_path,
    )
    stops_with_its_children(proc, signum, 2)


@pytest.mark.parametrize("signum", SIGNALS)
def test_generate_25x25_stops_the_processes_sharing_its_questions(
    tmp_path: Path, signum: int
) -> None:
    """One 25x25 puzzle, its questions shared by forked workers: the signal stops them."""
    proc = start("generate", "--order", "5", "--count", "20", "--seed", "1", "-q", cwd=tmp_path)
    stops_with_its_children(proc, signum, 1)


@pytest.mark.parametrize("signum", SIGNALS)
def test_compare_stops_in_one_line(tmp_path: Path, signum: int) -> None:
    dataset = dataset_path("puzzles6_forum_hardest_1106")
    proc = start("compare", "--dataset", str(dataset), "--jobs", "2", "-q", cwd=tmp_path)
    stops_with_its_children(proc, signum, 2)


def test_handled_turns_sigterm_into_an_exception_and_restores() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Terminated) as caught, handled():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    assert caught.value.signum == signal.SIGTERM and exit_code(signal.SIGTERM) == 143
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_held_signal_is_delivered_on_release() -> None:
    with pytest.raises(Terminated) as caught, handled():
        held = hold()
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.2)  # recorded, not raised
        assert held.pending == [signal.SIGTERM]
        release(held)
    assert caught.value.signum == signal.SIGTERM


def test_release_without_a_signal_restores_the_handlers() -> None:
    with handled():
        before = signal.getsignal(signal.SIGINT)
        release(hold())
        assert signal.getsignal(signal.SIGINT) == before


def test_worker_sigterm_kills_the_tracked_groups_and_exits_143() -> None:
    code = "import os, signal, subprocess, time\n"
    code += "from sudoku_sat.signals import track_group, worker_signals\n"
    code += "worker_signals()\n"
    code += "child = subprocess.Popen(['sleep', '300'], start_new_session=True)\n"
    code += "track_group(child.pid); print(child.pid, flush=True)\n"
    code += "os.kill(os.getpid(), signal.SIGTERM); time.sleep(5); print('alive')"
    proc = run_python(code)
    assert proc.returncode == 143 and proc.stderr == ""
    assert gone({int(proc.stdout.split()[0])}) and "alive" not in proc.stdout


def test_worker_signals() -> None:
    code = "from sudoku_sat.signals import worker_signals; import os, signal, time\n"
    code += "worker_signals(); os.kill(os.getpid(), signal.SIGINT); time.sleep(0.2); print('alive')"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.stdout.strip() == "alive" and proc.stderr == ""


def test_sigint_inside_pysat_is_one_line(tmp_path: Path) -> None:
    grids = tmp_path / "empty.txt"
    grids.write_text("." * 81 + "\n")
    proc = start("count", str(grids), "--method", "pysat", "--cap", "100000000", cwd=tmp_path)
    wait_for(lambda: threads(proc.pid) >= 2, proc)  # the command's handlers are set
    time.sleep(0.5)  # counting blocks solutions one solve call after another
    if proc.poll() is not None:
        pytest.fail(f"the count ended before the signal: {proc.communicate()}")
    code, out, err = stop(proc, signal.SIGINT)
    assert_one_line(code, err, signal.SIGINT)
    assert out == ""


def test_is_pysat_interrupt() -> None:
    assert is_pysat_interrupt(RuntimeError("Caught keyboard interrupt"))
    assert not is_pysat_interrupt(RuntimeError("something else"))


def streamed(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[bytes], Path]:
    """`sudoku-sat ARGS > out.txt` as a shell runs it: stdout a regular file."""
    out = tmp_path / "out.txt"
    with out.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "sudoku_sat", *args],
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            stdout=sink,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    return proc, out


def many_puzzles(tmp_path: Path, count: int) -> Path:
    lines = dataset_path("puzzles5_forum_hardest_1905_11+").read_text().splitlines()
    puzzles = [line for line in lines if line and not line.startswith("#")][:count]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return path


STREAMING = {
    "generate": ("generate", "-k", "100000", "--seed", "1"),
    "unique": ("unique", "many.txt", "--method", "pysat"),
    "solve": ("solve", "many.txt", "--format", "line", "--method", "fl"),
    "rate": ("rate", "many.txt"),
    "count": ("count", "many.txt", "--cap", "2", "--method", "pysat"),
    "minimize": ("minimize", "many.txt"),
}


@pytest.mark.parametrize("command", sorted(STREAMING))
def test_a_batch_streams_complete_lines_and_an_interruption_keeps_them(
    tmp_path: Path, command: str
) -> None:
    many_puzzles(tmp_path, 20000)
    proc, out = streamed(tmp_path, *STREAMING[command])
    deadline = time.monotonic() + TIMEOUT
    while out.stat().st_size == 0:  # results come out while the batch runs
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no line written"
        time.sleep(0.05)
    text = out.read_bytes()
    assert text.endswith(b"\n")  # complete lines only, at every moment
    os.kill(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == 130, err
    kept = out.read_bytes()
    assert kept.startswith(text) and kept.endswith(b"\n")
    said = re.fullmatch(rb"sudoku-sat: stopped by SIGINT \((\d+) lines written\)\n", err)
    assert said is not None, err
    assert int(said.group(1)) == kept.count(b"\n") < 20000


EARLY = """
import os, signal, sys, time
from sudoku_sat import signals
signals.exit_at_once()
print("ready", flush=True)
time.sleep(30)  # where the command line's modules are imported, seconds under load
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_before_the_command_runs_stops_it_in_one_line(signum: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", EARLY],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 128 + signum
    assert err == f"sudoku-sat: stopped by {NAMES[signum]} (0 lines written)\n"


def test_the_command_sets_its_early_handlers_before_importing_the_cli() -> None:
    code = (
        "import signal, sys, sudoku_sat.__main__ as m, sudoku_sat.signals as s\n"
        "s.exit_at_once()\n"
        "assert signal.getsignal(signal.SIGTERM) is s._exit_now\n"
        "assert 'sudoku_sat.cli' not in sys.modules and 'typer' not in sys.modules\n"
    )
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    entry = (REPO / "pyproject.toml").read_text()
    assert 'sudoku-sat = "sudoku_sat.__main__:main"' in entry
    main = (REPO / "sudoku_sat" / "__main__.py").read_text()
    assert main.index("exit_at_once()") < main.index("from .cli import app")


FINALIZER = """
import gc, os, signal, sys
import typer
from sudoku_sat.cli._common import guarded

class Solver:
    def __del__(self):  # a PySAT solver's __del__, run by the collector mid-batch
        os.kill(os.getpid(), signal.SIGTERM)
        sum(range(100000))  # the handler runs here, inside the finalizer

@guarded
def command():
    for k in range(5):
        if k == 2:
            Solver()
            gc.collect()
        print(f"line {k}")

typer.run(command)
"""


def test_a_signal_a_finalizer_drops_still_stops_the_run() -> None:
    done = run_python(FINALIZER)
    assert done.returncode == 143, done.stderr
    assert done.stdout == "line 0\nline 1\n", done.stdout
    assert done.stderr == "sudoku-sat: stopped by SIGTERM (2 lines written)\n", done.stderr
