"""The ``sudoku-sat`` command line: a thin layer over the library, one module per command group.

Exit codes: 0 done; 1 a puzzle was not solved (UNSAT, unknown, left open: results, not
errors); 2 bad input; 3 a solver that is unknown, missing or crashed.

Importing this package loads no typer: ``app`` (and the names of its module, ``_app``)
are handed on when first asked for, so that the plain forms (``_plain``: ``unique``,
``count`` and ``solve`` of one file, no option) start without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._commands import COMMANDS as COMMANDS

if TYPE_CHECKING:
    from ._app import Listed as Listed
    from ._app import OneLineErrors as OneLineErrors
    from ._app import app as app
    from ._app import conventions as conventions
    from ._app import load as load
    from ._app import stdin_or_missing as stdin_or_missing

APP_NAMES = frozenset({"app", "load", "conventions", "Listed", "OneLineErrors", "stdin_or_missing"})
"""The names ``_app`` defines that this package hands on (PEP 562)."""


def __getattr__(name: str) -> Any:
    if name in APP_NAMES:
        from . import _app

        return getattr(_app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["COMMANDS", "app"]
