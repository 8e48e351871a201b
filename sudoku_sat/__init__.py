"""sudoku-sat: Sudoku to SAT and back.

Modules: ``grid`` (vocabulary), ``gridio`` (reading and drawing grids), ``encoding`` (the
Centrale 2014 formula), ``dimacs`` (CNF files and solver answers), ``sat`` (PySAT and
solver binaries), ``engines`` (in-house engines by name), ``errors``; ``cli`` is the
command line.
"""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed distribution on first use (reading the
    metadata costs 25 ms, which every command would pay at start-up otherwise)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("sudoku-sat-lab")
    except PackageNotFoundError:  # run from a source tree that is not installed
        found = "0.2.0"
    globals()["__version__"] = found
    return found
