"""The one place that knows whether numba is installed and picks a back-end.

Compiled kernels (propagation, annealing, the EUP search) are optional: they need the
``fast`` extra (numba and numpy; ``anneal`` is kept as an alias). Every engine asks
:func:`choose_backend` instead of probing imports itself, so "without numba everything
runs in pure Python" is decided in one function that tests can switch off
(monkeypatch :func:`numba_available`).
"""

from __future__ import annotations

import importlib.util
from functools import cache

from .errors import UsageError, missing_extra

BACKENDS = ("auto", "numba", "python")
"""auto: numba when installed, else python; numba: compiled or an error; python: reference."""


@cache
def _importable() -> bool:
    """Found on the path, not imported: importing numba takes 0.3 s, which a command that
    ends up not compiling anything (one puzzle, ``--help``) should not pay."""
    return all(importlib.util.find_spec(name) is not None for name in ("numba", "numpy"))


def numba_available() -> bool:
    """True when numba and numpy can be imported (the ``fast`` extra)."""
    return _importable()


def choose_backend(backend: str = "auto") -> str:
    """``numba`` or ``python`` for a requested back-end; numba asked for but absent is a
    SolverError, an unknown name a UsageError."""
    if backend not in BACKENDS:
        raise UsageError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if backend == "python":
        return "python"
    if numba_available():
        return "numba"
    if backend == "auto":
        return "python"
    raise missing_extra("backend numba", "fast")
