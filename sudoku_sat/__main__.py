"""``python -m sudoku_sat`` and the ``sudoku-sat`` command: the CLI of ``cli/``, started
once SIGINT and SIGTERM stop the process cleanly (``signals.exit_at_once``), before the
command line's modules are imported. The plain forms (``unique FILE``, ``count FILE``,
``solve FILE``) are answered without typer (``cli._plain``); the rest by the typer app.

OpenBLAS, which numpy loads for its linear algebra, starts a thread per core that spins
for a while after numpy is imported; no command does linear algebra, so the CLI asks it
for one thread (``OPENBLAS_NUM_THREADS``, unless the user set it). Measured on the 3
real anti-knight puzzles as one ``unique`` process (the killer kernel's path imports
numpy): 0.297 s CPU against 0.202 s, the same wall time (``farm-bench -n 9``, 2 cores).
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    """The ``sudoku-sat`` command."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from . import signals

    signals.exit_at_once()
    from .cli import _plain

    _plain.answer(sys.argv[1:])  # exits when it answers
    from .cli import app

    app(prog_name="sudoku-sat")


if __name__ == "__main__":
    main()
