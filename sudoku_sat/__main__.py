"""``python -m sudoku_sat`` and the ``sudoku-sat`` command: the CLI of ``cli/``, started
once SIGINT and SIGTERM stop the process cleanly (``signals.exit_at_once``), before the
command line's modules are imported."""

from __future__ import annotations


def main() -> None:
    """The ``sudoku-sat`` command."""
    from . import signals

    signals.exit_at_once()
    from .cli import app

    app(prog_name="sudoku-sat")


if __name__ == "__main__":
    main()
