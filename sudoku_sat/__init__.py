"""sudoku-sat: Sudoku to SAT and back.

The Python API (:mod:`sudoku_sat.api`, docs/api.md)::

    import sudoku_sat as ss
    p = ss.parse(text)  # a puzzle in any format the command line reads (f-puzzles too)
    ss.is_unique(p), ss.solve(p), ss.count(p, cap=2), ss.encode(p).dimacs()

Its names are handed on lazily (PEP 562): ``import sudoku_sat`` loads none of numba,
PySAT, numpy, typer or dask, and changes no environment variable. Modules: ``grid``
(vocabulary), ``gridio`` (reading and drawing grids), ``encoding`` (the Centrale 2014
formula), ``dimacs`` (CNF files and solver answers), ``sat`` (PySAT and binaries),
``engines`` (in-house engines), ``errors``; ``cli`` is the command line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import (
        Puzzle,
        candidates,
        certify,
        count,
        encode,
        explain,
        generate,
        is_unique,
        minimize,
        parse,
        rate,
        read,
        redundant,
        solve,
        to_fpuzzles,
        why,
    )

__all__ = [
    "Puzzle",
    "candidates",
    "certify",
    "count",
    "encode",
    "explain",
    "generate",
    "is_unique",
    "minimize",
    "parse",
    "rate",
    "read",
    "solve",
    "to_fpuzzles",
    "why",
    "redundant",
    "__version__",
]
API = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    """The API's names, imported from :mod:`.api` on first use, and ``__version__``, read
    from the installed distribution on first use (reading the metadata costs 25 ms,
    which every command would pay at start-up otherwise)."""
    if name in API:
        from . import api

        value: Any = getattr(api, name)
    elif name == "__version__":
        from .version import version

        value = version()
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *API])
