"""What every command shares: error handling at the edge, reading puzzles, output.

The edge (``guarded``) turns everything that can go wrong into one line on stderr and
an exit code (docs/cli.md, "Exit codes"): the project's errors (2 bad input, 3 solver or
system failure), an OS error while writing (3; a bad output path is 2), SIGINT and
SIGTERM (130, 143, after cleanup: ``sudoku_sat.signals``), a broken pipe (quiet, 0).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import json
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from typing import Annotated, Any, TypeVar

import typer

from .. import signals
from ..batch import CONNECT_TIMEOUT as CONNECT_TIMEOUT
from ..batch import Executor, batch_map, check_connect_timeout, open_executor
from ..errors import SudokuSatError, UsageError
from ..grid import MAX_ORDER, MIN_ORDER
from ..gridio import Puzzle
from ..methods import help_text, spelled
from ..signals import Terminated

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
R = TypeVar("R")


@functools.cache
def _console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def bars() -> bool:
    """Whether progress bars are drawn: stderr is a terminal (rich is asked only then)."""
    return sys.stderr.isatty() and bool(_console().is_terminal)


def __getattr__(name: str) -> Any:
    """``stderr``: rich's Console on stderr, made (and rich imported: 0.1 s) when a module
    first asks for it: a run that draws no progress bar (a file of 9x9 lines to
    ``unique``) never loads rich."""
    if name == "stderr":
        return _console()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class GridFormat(str, Enum):
    """How a grid is printed."""

    grid = "grid"
    line = "line"
    numbers = "numbers"
    fpuzzles = "fpuzzles"
    sigh = "sigh"


PUZZLES_HELP = (
    "File of puzzles, '-' for stdin (read too when left out and stdin is a pipe), in any "
    "of these formats: a grid line (one puzzle per line: 81 symbols, '.' or '0' blank), "
    "N rows of N symbols, numbers (N*N on a line, or N rows of N, space-separated), a "
    "drawn grid as show prints it, f-puzzles JSON, f-puzzles or SudokuPad links, sigh's "
    "constraint strings (one a line)."
)
ALPHABET_HELP = "Symbols for values 1..N when N > 9, e.g. '1-9A-G' (default) or '0-9A-F'."
ORDER_HELP = "Box side n (grid N = n*n): settles a 16-char line as a 16x16 row when 4."

GLOBAL_RULES = (
    "anti-king, anti-knight, x, diagonal+, diagonal-, disjoint-groups, windoku, non-consecutive"
)
"""The rules --rule adds to plain grids (``variants.puzzle.global_rule_names()``, checked
by tests/test_cli_choices.py; spelled out here so that --help loads no rule module)."""
RULE_HELP = (
    f"Add a global rule to every puzzle read (repeatable, or NAME,NAME): {GLOBAL_RULES}. "
    "f-puzzles input carries its own rules too."
)

# Options shared by the grid-reading commands, as typed aliases.
PuzzlesArg = Annotated[str, typer.Argument(help=PUZZLES_HELP)]
AlphabetOption = Annotated[str | None, typer.Option(help=ALPHABET_HELP)]
OrderOption = Annotated[int | None, typer.Option(min=MIN_ORDER, max=MAX_ORDER, help=ORDER_HELP)]
JsonOption = Annotated[
    bool,
    typer.Option(
        "--json",
        help="JSON on stdout: one array with a record per puzzle, or one object for a "
        "summary (docs/cli.md, Conventions).",
    ),
]
"""Every command's --json, with one wording (the output's shape is the docs' convention)."""
SEED_HELP = "Random seed: the same seed gives the same output."
SeedOption = Annotated[int | None, typer.Option(help=SEED_HELP + " Unset: a fresh one.")]
SampleSeedOption = Annotated[int, typer.Option(help=SEED_HELP)]
"""--seed, one wording: a run's (fresh when unset) or a --limit sample's (0 when unset)."""
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar on stderr.")]
RuleOption = Annotated[
    list[str] | None, typer.Option("--rule", help=RULE_HELP, metavar="NAME", show_default=False)
]


def method_option(accepted: Sequence[str], meanings: str, variants: Sequence[str] = ()) -> Any:
    """The --method option of a command: the names it accepts (sudoku_sat.methods), those
    it takes on variant puzzles when they differ, then what each means, as --help shows."""
    names = help_text(accepted, meanings)
    if variants:
        names = f"{spelled(accepted)}; variant puzzles: {spelled(variants)}. {meanings}"
    return typer.Option("--method", metavar="METHOD", help=names)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print one error line on stderr; the caller raises the returned Exit."""
    typer.echo(f"sudoku-sat: error: {message}", err=True)
    return typer.Exit(code)


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


def os_failure(exc: OSError) -> typer.Exit:
    """One line for an OS error that escaped the library: stdout's, or a file's (exit 3)."""
    where = exc.filename if exc.filename is not None else "<stdout>"
    return fail(f"{where}: cannot write: {exc.strerror or exc}", 3)


def guarded(command: F) -> F:
    """Turn the project's errors, OS errors and signals into one line and an exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
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

    return wrapper  # type: ignore[return-value]


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
            raise typer.Exit(0) from None
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


def stopped(signum: int) -> typer.Exit:
    """One line for a run stopped by a signal, after the cleanup, with the number of
    output lines written (every one complete); exit 128 + signum."""
    name = signals.NAMES.get(signum, f"signal {signum}")
    lines = sys.stdout.lines if isinstance(sys.stdout, CountedStdout) else 0
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    typer.echo(f"sudoku-sat: stopped by {name} ({lines} lines written)", err=True)
    return typer.Exit(signals.exit_code(signum))


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
        typer.echo(f"note: --jobs {jobs} lowered to the {cores} core(s) available", err=True)
        return cores
    return jobs


def open_batch(
    jobs: int | None, scheduler: str | None, connect_timeout: float = CONNECT_TIMEOUT
) -> Executor:
    """The executor --jobs and --scheduler ask for, --jobs lowered to the cores there are."""
    return open_executor(None if jobs is None else clamp_jobs(jobs), scheduler, connect_timeout)


def load(
    path: str,
    alphabet: str | None = None,
    order: int | None = None,
    rule: list[str] | None = None,
    prints: bool = False,
) -> list[Puzzle]:
    """Read the puzzles of path, the way every grid-reading command does: the one reader,
    the rules of --rule added, the options of plain grids refused on f-puzzles input
    (``jobs.reading``; prints: the command prints grids in --alphabet's symbols)."""
    from ..files import read_text
    from ..jobs.reading import parse_puzzles

    text, source = read_text(path)
    return parse_puzzles(text, source, alphabet, order, rule, prints)


def given_options() -> dict[str, str]:
    """The options the user set for the running command (on the command line or from
    the environment): parameter name -> the flag, for the library to honour or refuse."""
    from typer._click.core import ParameterSource
    from typer._click.globals import get_current_context

    ctx = get_current_context(silent=True)
    if ctx is None:
        return {}
    given = (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)
    return {
        param.name: max(param.opts, key=len)
        for param in ctx.command.params
        if param.name and ctx.get_parameter_source(param.name) in given
    }


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
        typer.echo(f"{count} of {total} puzzle(s) {what}", err=True)
        raise typer.Exit(1)


def emit_json(data: Any) -> None:
    """Print data as JSON on stdout."""
    typer.echo(json.dumps(data, indent=None, separators=(",", ":")))


JOBS_HELP = (
    "Local worker processes for the batch (default 1: this process). Puzzles go to them "
    "in chunks; the output is the same, in the same order."
)
SCHEDULER_HELP = (
    "Run the batch on a Dask cluster: the scheduler's address, e.g. tcp://10.0.0.5:8786; "
    "by default the environment variable DASK_SCHEDULER_ADDRESS. Needs the 'dask' extra; "
    "see docs/cluster.md."
)
JobsOption = Annotated[int | None, typer.Option(min=1, help=JOBS_HELP, show_default=False)]
SchedulerOption = Annotated[
    str | None, typer.Option(help=SCHEDULER_HELP, metavar="ADDRESS", show_default=False)
]
CONNECT_TIMEOUT_HELP = "Seconds to reach the --scheduler before giving up with one line (exit 3)."


def positive_seconds(value: float) -> float:
    """--connect-timeout's check, at parse time: one line, exit 2, before any work."""
    try:
        return check_connect_timeout(value)
    except UsageError:
        raise typer.BadParameter(f"must be a positive number of seconds, got {value:g}") from None


ConnectTimeoutOption = Annotated[
    float, typer.Option(help=CONNECT_TIMEOUT_HELP, metavar="SECONDS", callback=positive_seconds)
]


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
    if quiet or len(items) <= 1 or not bars():
        yield from batch_map(executor, task, items)
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=_console(), transient=True) as bar:
        job = bar.add_task(label, total=len(items))
        yield from batch_map(executor, task, items, lambda k: bar.advance(job, k))
