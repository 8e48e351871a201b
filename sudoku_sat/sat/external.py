"""Solver binaries (minisat, cadical, picosat, cryptominisat5, kissat, or any program that
prints SAT-competition output): the full formula_initiale is written as DIMACS to a temp
file, the binary runs on it with a timeout, and its answer is parsed, decoded and checked.

A binary runs in its own process group (session), killed as a group when the call ends
early (timeout, error, SIGINT/SIGTERM turned into an exception by the CLI), so no solver
process outlives its puzzle; its temp DIMACS file lives in a temp folder removed on every
exit path. A binary that crashes (or answers nonsense) on one puzzle gives that puzzle
status ``crashed``, so the rest of a batch goes on; a binary that cannot run at all
(missing) is a SolverError. What it writes is read as it comes, up to a limit set by the
formula's size (:func:`output_limit`): past it, the binary is killed and the puzzle
``crashed``; ``--timeout`` holds however fast it writes.
"""

from __future__ import annotations

import contextlib
import os
import resource
import selectors
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..deadline import effective_timeout
from ..dimacs import Answer, parse_answer, write_cnf_file
from ..encoding import decode, encode
from ..errors import DimacsError, SolverError
from ..grid import Grid, is_solution
from ..result import SolveResult
from ..signals import hold, release, scratch_folder, track_group, untrack_group


def binary_command(binary: str, cnf: Path, out: Path) -> list[str]:
    """The command line that makes binary solve cnf and print (or write) its model."""
    base = Path(binary).name
    if base.startswith("minisat"):
        return [binary, "-verb=0", str(cnf), str(out)]
    if base.startswith("cadical") or base.startswith("kissat"):
        return [binary, "-q", str(cnf)]
    if base.startswith("cryptominisat"):
        return [binary, "--verb", "0", str(cnf)]
    return [binary, str(cnf)]


def find_binary(binary: str) -> str:
    """The path of binary (a name on PATH or a path), or SolverError."""
    found = shutil.which(binary)
    if found is None:
        raise SolverError(f"solver binary {binary!r} not found on PATH")
    return found


class OutputTooLarge(SolverError):
    """A solver binary wrote more than its formula's answer could ever take."""


def output_limit(nvars: int) -> int:
    """Bytes a binary may write for a formula of nvars variables (stdout and stderr
    together, and its answer file): its model (at most 12 bytes a literal) eight times
    over, plus 16 MiB of comments and statistics. ``yes`` as a solver reached 8 GB in
    16 s before this limit."""
    return 16 * 2**20 + 96 * nvars


def run_in_group(
    command: list[str],
    timeout: float | None,
    scratch: Path | None = None,
    limit: int = output_limit(0),
) -> subprocess.CompletedProcess[str]:
    """Run command in its own process group; kill the whole group if we stop early.

    scratch, the folder of its input and output files, is removed with the group when a
    worker process is terminated (the ``finally`` blocks do not run then).

    Its output is read as it comes, at most limit bytes (the files it writes too, by
    RLIMIT_FSIZE): raises :class:`OutputTooLarge` past it, subprocess.TimeoutExpired after
    timeout seconds, and lets any exception (KeyboardInterrupt, the CLI's Terminated)
    through, always after killing the group.
    """
    held = hold()  # a signal before the try below would leave the solver running
    try:
        proc = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except BaseException:
        release(held)
        raise
    track_group(proc.pid, None if scratch is None else str(scratch))
    try:
        release(held)
        with contextlib.suppress(OSError, ValueError):
            resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (limit, limit))
        stdout, stderr = read_bounded(proc, effective_timeout(timeout), limit, command[0])
    except BaseException:
        kill_group(proc)
        raise
    kill_group(proc)  # children the solver left behind
    out, err = (b.decode(errors="replace") for b in (stdout, stderr))
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


POLL = 0.1
"""Seconds between looks at whether the binary has exited while its output stays open."""
GRACE = 1.0
"""Seconds its output is read after it exits (a child it left may hold it open forever)."""


def read_bounded(
    proc: subprocess.Popen[bytes], timeout: float | None, limit: int, name: str
) -> tuple[bytes, bytes]:
    """proc's stdout and stderr until both end and proc exits, or GRACE seconds after it
    exits: TimeoutExpired after timeout seconds, OutputTooLarge past limit bytes
    (``communicate`` keeps reading, without a limit, and past its timeout while a fast
    writer fills memory; and forever while a child the binary left holds its output)."""
    assert proc.stdout is not None and proc.stderr is not None
    deadline = None if timeout is None else time.monotonic() + timeout
    parts: dict[int, list[bytes]] = {proc.stdout.fileno(): [], proc.stderr.fileno(): []}
    total = 0
    ended: float | None = None
    with selectors.DefaultSelector() as selector:
        for fd in parts:
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map():
            left = _left(deadline, proc, timeout)
            if ended is None and proc.poll() is not None:
                ended = time.monotonic() + GRACE
            wait = POLL if ended is None else ended - time.monotonic()
            if wait <= 0:
                break  # a child it left holds its output open: killed with the group
            for key, _ in selector.select(wait if left is None else min(left, wait)):
                chunk = os.read(key.fd, 1 << 16)
                if not chunk:
                    selector.unregister(key.fd)
                total += len(chunk)
                if total > limit:
                    raise OutputTooLarge(f"{Path(name).name} wrote more than {_size(limit)}")
                parts[key.fd].append(chunk)
    proc.wait(_left(deadline, proc, timeout))
    return b"".join(parts[proc.stdout.fileno()]), b"".join(parts[proc.stderr.fileno()])


def _left(
    deadline: float | None, proc: subprocess.Popen[bytes], timeout: float | None
) -> float | None:
    """Seconds left before the deadline (None: no limit); TimeoutExpired once past it."""
    if deadline is None:
        return None
    left = deadline - time.monotonic()
    if left <= 0:
        raise subprocess.TimeoutExpired(proc.args, timeout or 0)
    return left


def _size(limit: int) -> str:
    return f"{limit / 2**20:.0f} MiB"


def answer_text(binary: str, out: Path, proc: subprocess.CompletedProcess[str], limit: int) -> str:
    """The binary's answer: the file it wrote (minisat), else its stdout; OutputTooLarge
    past limit bytes."""
    if not out.exists():
        return proc.stdout
    with out.open("rb") as fp:
        data = fp.read(limit + 1)
    if len(data) > limit:
        raise OutputTooLarge(
            f"{Path(binary).name} wrote an answer file of more than {_size(limit)}"
        )
    return data.decode(errors="replace")


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL proc's process group, close its pipes and reap proc."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    untrack_group(proc.pid)
    for pipe in (proc.stdout, proc.stderr):
        if pipe is not None:
            pipe.close()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def solve_external(grid: Grid, n: int, binary: str, timeout: float | None = None) -> SolveResult:
    """Encode grid to DIMACS (the statement's formula), run binary on it, parse and check
    its answer (:func:`solve_formula`)."""
    encoding = encode(grid, n)
    return solve_formula(grid, n, binary, encoding.nvars, encoding.clauses, timeout)[0]


Decoder = Callable[[list[int]], tuple[Grid, list[int]]]
"""A model's true literals -> (grid, cells given several values)."""
Command = Callable[[str, Path, Path], list[str]]
"""(binary path, CNF file, answer file) -> the command line."""


def solve_formula(
    grid: Grid,
    n: int,
    binary: str,
    nvars: int,
    clauses: Sequence[Sequence[int]],
    timeout: float | None = None,
    decoder: Decoder | None = None,
    command: Command = binary_command,
) -> tuple[SolveResult, str]:
    """Write the formula for grid to a temp DIMACS file, run binary on it in its own
    process group, parse and check its answer; the result and the solver's stdout.

    A crash or an answer that is not a solution of grid gives status ``crashed`` (detail
    says why), so that one bad puzzle does not lose the rest of a batch.
    """
    path = find_binary(binary)
    limit = output_limit(nvars)
    with scratch_folder() as tmp:
        cnf, out = Path(tmp) / "puzzle.cnf", Path(tmp) / "result.txt"
        write_cnf_file(cnf, nvars, clauses)
        start = time.perf_counter()
        try:
            proc = run_in_group(command(path, cnf, out), timeout, Path(tmp), limit)
            text = answer_text(binary, out, proc, limit)
        except subprocess.TimeoutExpired:
            seconds = time.perf_counter() - start
            unknown = SolveResult(
                "unknown", grid, seconds, binary, {}, f"timeout after {timeout} s"
            )
            return unknown, ""
        except OutputTooLarge as exc:
            return SolveResult(
                "crashed", grid, time.perf_counter() - start, binary, {}, str(exc)
            ), ""
        except OSError as exc:
            raise SolverError(f"{binary}: cannot run: {exc.strerror}") from None
        seconds = time.perf_counter() - start
    try:
        result = _read_binary_answer(grid, n, binary, proc, text, seconds, decoder)
    except SolverError as exc:
        stats = {"exit_code": proc.returncode}
        result = SolveResult("crashed", grid, seconds, binary, stats, str(exc))
    return result, proc.stdout


def read_answer(binary: str, proc: subprocess.CompletedProcess[str], text: str) -> Answer:
    """The binary's answer (``parse_answer``), SolverError when it crashed (an exit code
    other than 0, 10, 20) or wrote an answer that cannot be read."""
    if proc.returncode not in (0, 10, 20):
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise SolverError(f"{binary} crashed (exit code {proc.returncode}): {tail[0]}")
    try:
        return parse_answer(text, binary)
    except DimacsError as exc:
        raise SolverError(f"{binary} gave an answer that cannot be read: {exc}") from None


def _read_binary_answer(
    grid: Grid,
    n: int,
    binary: str,
    proc: subprocess.CompletedProcess[str],
    text: str,
    seconds: float,
    decoder: Decoder | None = None,
) -> SolveResult:
    answer = read_answer(binary, proc, text)
    stats: dict[str, Any] = {"exit_code": proc.returncode}
    if answer.status == "UNSAT":
        return SolveResult("unsat", grid, seconds, binary, stats)
    if answer.status == "UNKNOWN":
        return SolveResult("unknown", grid, seconds, binary, stats, "solver said UNKNOWN")
    literals = list(answer.literals)
    solution, clashes = decoder(literals) if decoder else decode(literals, n)
    if clashes or not is_solution(solution, n, grid):
        raise SolverError(f"{binary} answered SAT but its model is not a solution of the puzzle")
    return SolveResult("solved", solution, seconds, binary, stats)
