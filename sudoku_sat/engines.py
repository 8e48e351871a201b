"""In-house engines by name, for ``sudoku-sat solve --engine NAME``.

An engine takes a grid and its order and returns a SolveResult; status ``partial`` means
it stopped with cells still open, which is not an error. Modules are imported only when
their engine is asked for, so the CLI starts fast.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from .errors import SolverError
from .grid import Grid
from .solvers import SolveResult

Engine = Callable[[Grid, int], SolveResult]

_ENGINES: dict[str, tuple[str, str, str]] = {
    # name: (module, function, one-line description)
    "up": (".completion", "up_engine", "unit propagation to its fixpoint (open cells stay '.')"),
    "fl": (".completion", "fl_engine", "unit propagation plus the failed-literal rule"),
    "eup": (".eup", "solve_engine", "bitmask rules E, U, P (seed 001) with backtracking"),
    "anneal": (".annealing", "solve_engine", "simulated annealing (block swaps), 10 tries"),
}


def engine_names() -> list[str]:
    """Names of the in-house engines."""
    return list(_ENGINES)


def describe_engines() -> str:
    """One line per engine, for --help."""
    return "; ".join(f"{name}: {desc}" for name, (_, _, desc) in _ENGINES.items())


def get_engine(name: str) -> Engine:
    """The engine called name, or SolverError listing the known ones."""
    if name not in _ENGINES:
        known = ", ".join(_ENGINES) or "none yet"
        raise SolverError(f"unknown engine {name!r}; known: {known}")
    module, function, _ = _ENGINES[name]
    engine: Engine = getattr(import_module(module, __package__), function)
    return engine
