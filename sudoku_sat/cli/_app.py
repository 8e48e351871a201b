"""The typer app of the command line: its group (one-line errors, the commands listed
from ``COMMANDS`` and each imported when it runs), the ``--version`` option. Imported
when a command line needs typer: ``sudoku_sat.cli`` hands ``app`` on from here, and the
plain forms of ``unique``, ``count`` and ``solve`` (``_plain``) never load it."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer
import typer.main
from typer import Abort
from typer._click import Command, Context, HelpFormatter
from typer._click.exceptions import (  # typer's bundled click
    ClickException,
    NoArgsIsHelpError,
    UsageError,
)
from typer.core import TyperCommand, TyperGroup

from .. import signals
from ._commands import COMMANDS
from ._edge import Exit, say_compiling, stopped_early


class Listed(TyperCommand):
    """A command known by its name and help only, its module not imported."""


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
            with signals.handled():  # from the start: importing a command takes seconds
                code = super().main(
                    args, prog_name, complete_var, False, windows_expand_args, **extra
                )
        except signals.Terminated as exc:  # before the command ran (it says so itself)
            sys.exit(stopped_early(exc.signum))
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
        except Exit as exc:  # the edge's own, raised outside a guarded command
            sys.exit(exc.exit_code)
        sys.exit(code if isinstance(code, int) else 0)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The app's own help in click's plain layout: typer's panels load rich and a
        markdown parser (about 0.1 s, a third of the process). Commands keep the panels."""
        mode, self.rich_markup_mode = self.rich_markup_mode, None
        try:
            super().format_help(ctx, formatter)
        finally:
            self.rich_markup_mode = mode

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """Every command with its whole help line (click would cut it to the width)."""
        rows = [(name, COMMANDS[name][1]) for name in COMMANDS]
        rows += [
            (name, (command.short_help or command.help or "").split("\n\n")[0])
            for name, command in self.commands.items()
            if name not in COMMANDS and not command.hidden
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def list_commands(self, ctx: Context) -> list[str]:
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """The command if its module is loaded, else its name and help (enough to list it)."""
        command = self.commands.get(cmd_name)
        if command is None and cmd_name in COMMANDS:
            return Listed(cmd_name, help=COMMANDS[cmd_name][1])
        return command

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        """Import the module of the command about to run (or to show its help)."""
        if args and args[0] in COMMANDS:
            if isinstance(self.commands.get(args[0]), Listed | None):
                self.commands[args[0]] = load(args[0])
        elif args:  # an unknown name: typer suggests close ones among self.commands
            for name in COMMANDS:
                self.commands.setdefault(name, Listed(name, help=COMMANDS[name][1]))
        found, command, rest = super().resolve_command(ctx, args)
        return found, None if command is None else conventions(command), rest


def conventions(command: Command) -> Command:
    """What every command does alike: a flag shows no ``<bool>`` in --help, and the PUZZLES
    argument, when left out, is stdin if stdin is not a terminal (``echo ... | sudoku-sat
    solve``)."""
    if getattr(command, "conventions", False):
        return command
    for param in command.params:
        if getattr(param, "is_flag", False) and not getattr(param, "count", False):
            param.metavar = ""
        if param.name == "puzzles" and param.param_type_name == "argument" and param.required:
            param.required = False
            param.metavar = "PUZZLES"
            param.default = stdin_or_missing
            param.show_default = False  # type: ignore[attr-defined]
    help_option = command.get_help_option

    def get_help_option(ctx: Context) -> Any:
        option = help_option(ctx)
        if option is not None:
            option.metavar = ""
        return option

    command.get_help_option = get_help_option  # type: ignore[method-assign]
    command.conventions = True  # type: ignore[attr-defined]
    return command


def stdin_or_missing() -> str:
    """The PUZZLES argument left out: ``-`` when stdin is a pipe or a file, else the error."""
    if sys.stdin is not None and not sys.stdin.isatty():
        return "-"
    raise UsageError("missing argument PUZZLES: a file of puzzles, or '-' to read them from stdin")


def load(name: str) -> Command:
    """The click command NAME, its module imported (which registers it on ``app``)."""
    importlib.import_module(f"{__package__}.{COMMANDS[name][0]}")
    for info in app.registered_commands:
        if info.name == name:
            return conventions(
                typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=app.pretty_exceptions_short,
                    rich_markup_mode=app.rich_markup_mode,
                )
            )
    raise LookupError(f"{COMMANDS[name][0]} registers no command {name}")


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
        from ..version import version

        typer.echo(f"sudoku-sat {version()}")
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
    say_compiling()


__all__ = ["app", "load"]
