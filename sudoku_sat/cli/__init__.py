"""The ``sudoku-sat`` command line: a thin layer over the library, one module per command group.

Exit codes: 0 done; 1 a puzzle was not solved (UNSAT, unknown, left open: results, not
errors); 2 bad input; 3 a solver that is unknown, missing or crashed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer import Abort
from typer._click.exceptions import (  # typer's bundled click
    ClickException,
    NoArgsIsHelpError,
    UsageError,
)
from typer.core import TyperGroup


class OneLineErrors(TyperGroup):
    """The app's group: a usage error (unknown option, bad value, missing argument) is one
    line on stderr and exit 2, like every other bad input, instead of typer's panel."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except NoArgsIsHelpError as exc:
            if exc.ctx is not None:
                typer.echo(exc.ctx.get_help())
            sys.exit(exc.exit_code)
        except ClickException as exc:
            command = exc.ctx.command_path if isinstance(exc, UsageError) and exc.ctx else ""
            where = f" ({command} --help)" if command else ""
            message = " ".join(exc.format_message().split())
            typer.echo(f"sudoku-sat: error: {message}{where}", err=True)
            sys.exit(exc.exit_code)
        except Abort:
            typer.echo("sudoku-sat: stopped", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    name="sudoku-sat",
    help="Sudoku to SAT and back: encode grids as DIMACS (the Centrale 2014 formula and "
    "other encodings), solve, count, certify, rate and generate puzzles with PySAT, solver "
    "binaries and compiled in-house engines, on one machine or a Dask cluster.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    add_completion=False,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"sudoku-sat {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_version,
        is_eager=True,
        help="Print the version (of the sudoku-sat-lab distribution) and exit.",
    ),
) -> None:
    """Options that apply before any command (the app's help text says what it does)."""


from . import anneal as _anneal  # noqa: E402,F401
from . import candidates as _candidates  # noqa: E402,F401
from . import census as _census  # noqa: E402,F401
from . import certify as _certify  # noqa: E402,F401
from . import compare as _compare  # noqa: E402,F401
from . import count as _count  # noqa: E402,F401
from . import encode as _encode  # noqa: E402,F401
from . import encodings as _encodings  # noqa: E402,F401
from . import explain as _explain  # noqa: E402,F401
from . import generate as _generate  # noqa: E402,F401
from . import ladder as _ladder  # noqa: E402,F401
from . import propagate as _propagate  # noqa: E402,F401
from . import rate as _rate  # noqa: E402,F401
from . import show as _show  # noqa: E402,F401
from . import solve as _solve  # noqa: E402,F401

__all__ = ["app"]
