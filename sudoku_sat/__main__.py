"""``python -m sudoku_sat`` and the ``sudoku-sat`` command: the CLI of ``cli/``, started
once SIGINT and SIGTERM stop the process cleanly (``signals.exit_at_once``), before the
command line's modules are imported. The plain forms (``unique FILE``, ``count FILE``,
``solve FILE``) are answered without typer (``cli._plain``); the rest by the typer app."""

from __future__ import annotations

import sys


def main() -> None:
    """The ``sudoku-sat`` command."""
    from . import signals

    signals.exit_at_once()
    from .cli import _plain

    _plain.answer(sys.argv[1:])  # exits when it answers
    from .cli import app

    app(prog_name="sudoku-sat")


if __name__ == "__main__":
    main()
