"""The plain forms, answered without typer: ``sudoku-sat unique FILE``, ``count FILE`` and
``solve FILE`` (one path, no option). typer, click and the command's options cost about
70 ms of a process whose answer may take 10 ms (a batch of a few variant puzzles, where
sigh's Node solver starts in 0.15 s), so the entry point (``__main__``) asks
:func:`answer` first, and builds the typer app only when it declines.

The forms run the same functions as the typer commands (``_answers``) with the options'
defaults, inside the same edge (``_edge.run``), so their output, exit codes and errors are
the commands' own (tests/test_cli_lazy.py compares them). Anything else falls through
to typer: another command, a second argument, an option (``--help`` too), ``-`` (stdin)
or a path starting with ``-``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import NoReturn

FORMS = ("unique", "count", "solve")
"""The commands with a plain form (each one's body is the function of that name in
``_answers``, called with the path alone)."""
COMPLETE = "_SUDOKU_SAT_COMPLETE"
"""The variable that asks typer for shell completion instead of running the command."""


def plain(argv: Sequence[str]) -> bool:
    """True when argv is a plain form: a command of FORMS and a path not read as an option."""
    return (
        len(argv) == 2
        and argv[0] in FORMS
        and not argv[1].startswith("-")
        and not os.environ.get(COMPLETE)
    )


def answer(argv: Sequence[str]) -> None:
    """Run argv and exit when it is a plain form; return at once otherwise."""
    if plain(argv):
        sys.exit(_exit_code(argv[0], argv[1]))


def _exit_code(command: str, path: str) -> int:
    """The form's exit code, the way the typer app ends a command (``_app.OneLineErrors``
    and typer's own ``_main``)."""
    from .. import signals
    from ._edge import Exit, echo, run, say_compiling, stopped_early

    try:
        with signals.handled():  # from the start, as the typer app's
            from . import _answers

            say_compiling()
            code = run(getattr(_answers, command), path)
    except signals.Terminated as exc:
        return stopped_early(exc.signum)
    except Exit as exc:
        return exc.exit_code
    except KeyboardInterrupt:  # typer's Exit(130)
        return 130
    except EOFError:  # click's Abort
        echo("", err=True)
        echo("sudoku-sat: stopped", err=True)
        return 130
    except Exception as exc:
        _typer_traceback(exc)
    return code if isinstance(code, int) else 0


def _typer_traceback(exc: Exception) -> NoReturn:
    """A bug: raise exc again, shown by typer's hook as the typer app shows its commands'."""
    from typer import main
    from typer.models import DeveloperExceptionConfig

    from ._app import app

    sys.excepthook = main.except_hook
    config = DeveloperExceptionConfig(
        pretty_exceptions_enable=app.pretty_exceptions_enable,
        pretty_exceptions_show_locals=app.pretty_exceptions_show_locals,
        pretty_exceptions_short=app.pretty_exceptions_short,
    )
    setattr(exc, main._typer_developer_exception_attr_name, config)
    raise exc
