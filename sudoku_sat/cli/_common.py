"""What every command shares: the options, error handling at the edge, reading puzzles,
output.

The edge (``guarded``) turns everything that can go wrong into one line on stderr and
an exit code (docs/cli.md, "Exit codes"): the project's errors (2 bad input, 3 solver or
system failure), an OS error while writing (3; a bad output path is 2), SIGINT and
SIGTERM (130, 143, after cleanup: ``sudoku_sat.signals``), a broken pipe (quiet, 0). It
and the output helpers live in ``_edge``, which loads no typer (the plain forms,
``_plain``, use them too); this module hands them on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import typer

from ..batch import CONNECT_TIMEOUT as CONNECT_TIMEOUT
from ..batch import check_connect_timeout
from ..errors import UsageError
from ..grid import MAX_ORDER, MIN_ORDER
from ..methods import help_text, spelled
from . import _edge
from ._edge import ClosedStdout as ClosedStdout
from ._edge import CountedStdout as CountedStdout
from ._edge import Exit as Exit
from ._edge import available_cores as available_cores
from ._edge import bars as bars
from ._edge import batch_results as batch_results
from ._edge import clamp_jobs as clamp_jobs
from ._edge import emit_json as emit_json
from ._edge import exit_if_any as exit_if_any
from ._edge import interrupted_inside as interrupted_inside
from ._edge import open_batch as open_batch
from ._edge import progress as progress
from ._edge import quiet_stdout as quiet_stdout
from ._edge import stopped as stopped
from ._reading import load as load
from ._shown import GridFormat as GridFormat

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
R = TypeVar("R")


def __getattr__(name: str) -> Any:
    """``stderr``: rich's Console on stderr, made (and rich imported: 0.1 s) when a module
    first asks for it: a run that draws no progress bar (a file of 9x9 lines to
    ``unique``) never loads rich."""
    if name == "stderr":
        return _edge._console()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    return typer.Exit(_edge.fail(message, code).exit_code)


def guarded(command: F) -> F:
    """Turn the project's errors, OS errors and signals into one line and an exit code
    (``_edge.run``), handed to typer."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return _edge.run(command, *args, **kwargs)
        except _edge.Exit as exc:
            raise typer.Exit(exc.exit_code) from None

    return wrapper  # type: ignore[return-value]


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
