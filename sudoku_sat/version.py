"""The version of sudoku-sat: the installed distribution's, read on first use.

Reading the metadata costs about 25 ms, which every command would pay at start-up if it
were read on import; ``sudoku_sat.__version__``, ``--version`` and the comment lines of
written files all ask here.
"""

from __future__ import annotations

from functools import cache

DISTRIBUTION = "sudoku-sat-lab"
SOURCE_VERSION = "0.2.0"
"""What a source tree that is not installed reports (pyproject.toml's version)."""


@cache
def version() -> str:
    """The installed distribution's version, or SOURCE_VERSION when it is not installed."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:
        return SOURCE_VERSION
