"""The edge of every command, without typer: one line and an exit code for whatever goes
wrong (docs/cli.md, "Exit codes"): the project's errors (2 bad input, 3 solver or system
failure), an OS error while writing (3; a bad output path is 2), SIGINT and SIGTERM (130,
143, after cleanup: ``sudoku_sat.signals``), a broken pipe (quiet, 0); and the output
helpers the commands share (``echo``, the progress bars, the batch executor).

The typer commands run inside ``_common.guarded``, which calls :func:`run` and hands its
:class:`Exit` to typer as ``typer.Exit``; the plain forms (``_plain``) call it with no
typer loaded.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import io
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .. import signals
from ..errors import SudokuSatError
from ..signals import Terminated

if TYPE_CHECKING:  # the batch package loads when a command opens one (not for --version)
    from ..batch import Executor

T = TypeVar("T")
R = TypeVar("R")


class Exit(Exception):
    """End the command with this exit code (the edge's ``typer.Exit``)."""

    def __init__(self, exit_code: int = 0) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


def echo(message: str = "", err: bool = False) -> None:
    """``typer.echo`` of a text: the line on stdout (or stderr), flushed. A text that holds
    an escape character, or a stream whose encoding is ASCII, goes through click's own
    echo, which strips escapes off a stream that is not a terminal and mends the encoding."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    if "\x1b" in message or _ascii(getattr(stream, "encoding", None) or "ascii"):
        from typer import echo as click_echo

        click_echo(message, err=err)
        return
    stream.write(message + "\n")
    stream.flush()


@functools.cache
def _ascii(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def fail(message: str, code: int = 2) -> Exit:
    """Print one error line on stderr; the caller raises the returned Exit."""
    echo(f"sudoku-sat: error: {message}", err=True)
    return Exit(code)


class ClosedStdout(io.TextIOBase):
    """Stands for a stdout the shell closed (``>&-``): writing to it is an OS error."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed")


class CountedStdout:
    """stdout, line-buffered, counting the lines written: a command's output reaches the
    file or pipe in whole lines as soon as they are printed (a batch streams its results;
    an interruption keeps every line finished), and the line said on an interruption
    tells how many there are."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.lines = 0
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
            stream.reconfigure(line_buffering=True)

    def write(self, text: str) -> int:
        """Write text and count its lines, SIGINT and SIGTERM held meanwhile: a signal
        between the two would leave a line written and not counted (seen once in 2,424
        tests), or stop a long write halfway."""
        signals.raise_swallowed()  # a signal a finalizer dropped stops the run here
        held = signals.hold()
        try:
            written: int = self.stream.write(text)
            self.lines += text.count("\n")
        finally:
            signals.release(held)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def os_failure(exc: OSError) -> Exit:
    """One line for an OS error that escaped the library: stdout's, or a file's (exit 3)."""
    where = exc.filename if exc.filename is not None else "<stdout>"
    return fail(f"{where}: cannot write: {exc.strerror or exc}", 3)


def run(command: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """command(*args, **kwargs) with the project's errors, OS errors and signals turned
    into one line and an :class:`Exit`, stdout counting its lines."""
    if sys.stdout is None:
        sys.stdout = ClosedStdout()
    if not isinstance(sys.stdout, CountedStdout):
        sys.stdout = CountedStdout(sys.stdout)
    hook = sys.unraisablehook
    sys.unraisablehook = signals.swallowed_hook(hook)
    try:
        return _run(command, args, kwargs)
    finally:
        sys.unraisablehook = hook


def _run(command: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    """command(*args, **kwargs) with the project's errors, OS errors and signals turned
    into one line and an exit code (:func:`guarded`)."""
    with signals.handled():
        try:
            result = command(*args, **kwargs)
            signals.raise_swallowed()
            sys.stdout.flush()
            return result
        except SudokuSatError as exc:
            raise fail(str(exc), exc.exit_code) from None
        except (Terminated, KeyboardInterrupt) as exc:
            signum = exc.signum if isinstance(exc, Terminated) else signal.SIGINT
            raise stopped(signum) from None
        except MemoryError:
            raise fail("out of memory: the input asks for more than this machine holds") from None
        except BrokenPipeError:
            quiet_stdout()
            raise Exit(0) from None
        except OSError as exc:
            quiet_stdout()
            raise os_failure(exc) from None
        except Exception as exc:
            if signals.is_pysat_interrupt(exc):
                raise stopped(signal.SIGINT) from None
            behind = interrupted_inside(exc)
            if behind is not None:
                raise stopped(behind) from None
            raise


def interrupted_inside(exc: BaseException) -> int | None:
    """The signal behind exc when a compiled call was interrupted: numba's dispatcher,
    returning while the signal's exception is pending, raises a SystemError ("returned a
    result with an exception set") whose context is our Terminated or KeyboardInterrupt."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, Terminated):
            return seen.signum
        if isinstance(seen, KeyboardInterrupt):
            return signal.SIGINT
        seen = seen.__cause__ or seen.__context__
    return None


def stopped(signum: int) -> Exit:
    """One line for a run stopped by a signal, after the cleanup, with the number of
    output lines written (every one complete); exit 128 + signum."""
    name = signals.NAMES.get(signum, f"signal {signum}")
    lines = sys.stdout.lines if isinstance(sys.stdout, CountedStdout) else 0
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    echo(f"sudoku-sat: stopped by {name} ({lines} lines written)", err=True)
    return Exit(signals.exit_code(signum))


def stopped_early(signum: int) -> int:
    """One line for a run stopped by a signal before its command ran; its exit code."""
    name = signals.NAMES.get(signum, f"signal {signum}")
    echo(f"sudoku-sat: stopped by {name} (0 lines written)", err=True)
    return signals.exit_code(signum)


def say_compiling() -> None:
    """From now on, say once on a terminal when this run starts compiling the kernels (the
    first run after installing)."""
    from ..accel import on_background_compile

    on_background_compile[:] = [_say_compiling]


def _say_compiling() -> None:
    if sys.stderr.isatty():
        echo(
            "sudoku-sat: compiling the engines in the background (once after installing; "
            "pure Python meanwhile)",
            err=True,
        )


def quiet_stdout() -> None:
    """Point stdout at /dev/null so that the exit's flush cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def available_cores() -> int:
    """The cores this process may use."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return cores or 1


def clamp_jobs(jobs: int) -> int:
    """jobs, at most the cores this process may use (more only slows runs); says so."""
    cores = available_cores()
    if jobs > cores:
        echo(f"note: --jobs {jobs} lowered to the {cores} core(s) available", err=True)
        return cores
    return jobs


def open_batch(
    jobs: int | None, scheduler: str | None, connect_timeout: float | None = None
) -> Executor:
    """The executor --jobs and --scheduler ask for, --jobs lowered to the cores there are
    (``connect_timeout``: ``batch.CONNECT_TIMEOUT`` unless given)."""
    from ..batch import CONNECT_TIMEOUT, open_executor

    timeout = CONNECT_TIMEOUT if connect_timeout is None else connect_timeout
    return open_executor(None if jobs is None else clamp_jobs(jobs), scheduler, timeout)


@functools.cache
def _console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def bars() -> bool:
    """Whether progress bars are drawn: stderr is a terminal (rich is asked only then)."""
    return sys.stderr.isatty() and bool(_console().is_terminal)


def progress(items: Iterable[T], total: int, label: str, quiet: bool = False) -> Iterator[T]:
    """Iterate with a progress bar on stderr when there is more than one item and stderr
    is a terminal (a log file gets no bar)."""
    if quiet or total <= 1 or not bars():
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=_console(), transient=True) as bar:
        task = bar.add_task(label, total=total)
        for item in items:
            yield item
            bar.advance(task)


def exit_if_any(count: int, total: int, what: str = "not solved") -> None:
    """Say on stderr how many puzzles ended badly and exit 1 (a result, not an error)."""
    if count:
        echo(f"{count} of {total} puzzle(s) {what}", err=True)
        raise Exit(1)


def emit_json(data: Any) -> None:
    """Print data as JSON on stdout."""
    import json  # here: --version and --help load this module

    echo(json.dumps(data, indent=None, separators=(",", ":")))


def batch_results(
    executor: Executor,
    task: Callable[[list[T]], list[R]],
    items: Sequence[T],
    label: str,
    quiet: bool = False,
) -> Iterator[R]:
    """task over items on executor, one result per item in input order, with a progress
    bar on stderr that follows the chunks as they complete (hidden when quiet or when
    stderr is not a terminal). The chunks ramp up (batch.map_ramped), so the first
    results come out at once; stdout is line-buffered (:class:`CountedStdout`), so each
    result reaches the output as soon as it and every one before it are done."""
    from ..batch import batch_map

    if quiet or len(items) <= 1 or not bars():
        yield from batch_map(executor, task, items)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=_console(), transient=True) as bar:
        job = bar.add_task(label, total=len(items))
        yield from batch_map(executor, task, items, lambda k: bar.advance(job, k))
