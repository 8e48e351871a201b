"""The ``sudoku-sat`` command line: a thin layer over the library, one module per command group.

Exit codes: 0 done; 1 a puzzle was not solved (UNSAT, unknown, left open: results, not
errors); 2 bad input; 3 a solver that is unknown, missing or crashed.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="sudoku-sat",
    help="Sudoku to SAT and back: encode grids as DIMACS (Centrale 2014 encoding), "
    "solve them with PySAT or solver binaries, decode answers.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    add_completion=False,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

from . import anneal as _anneal  # noqa: E402,F401
from . import compare as _compare  # noqa: E402,F401
from . import count as _count  # noqa: E402,F401
from . import encode as _encode  # noqa: E402,F401
from . import explain as _explain  # noqa: E402,F401
from . import generate as _generate  # noqa: E402,F401
from . import ladder as _ladder  # noqa: E402,F401
from . import propagate as _propagate  # noqa: E402,F401
from . import rate as _rate  # noqa: E402,F401
from . import show as _show  # noqa: E402,F401
from . import solve as _solve  # noqa: E402,F401

__all__ = ["app"]
