"""Unit propagation, failed literals and the deeper ladder levels on any CNF: two twin
back-ends over one index.

Layers, bottom up (imports go one way only):

- :mod:`.types`: result types (:class:`Propagation`, :class:`Stats`), names, the
  :class:`Engines` protocol both back-ends satisfy;
- :mod:`.index`: :class:`ClauseIndex`, the CNF split into units, implications and
  long clauses;
- :mod:`.python`: the pure-Python reference engine (:class:`Propagator`);
- :mod:`.numba_kernel`: the same loops compiled with numba (:class:`NumbaPropagator`);
- :mod:`.deep` and :mod:`.deep_numba`: the deeper levels fl2 ... fl9 on either back-end;
- this module: :func:`build_propagator` picks the back-end through :mod:`sudoku_sat.accel`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...accel import choose_backend
from ...errors import UsageError
from .python import Propagator, failed_literals, unit_propagate
from .types import (
    BACKENDS,
    ENGINES,
    LEVELS,
    SATISFIED,
    Engines,
    Fixpoint,
    Propagation,
    Stats,
    finished,
)

__all__ = [
    "BACKENDS",
    "ENGINES",
    "LEVELS",
    "SATISFIED",
    "Engines",
    "Propagation",
    "Propagator",
    "Stats",
    "Fixpoint",
    "build_propagator",
    "failed_literals",
    "finished",
    "propagate_cnf",
    "run_engine",
    "unit_propagate",
]


def build_propagator(
    nvars: int, clauses: Iterable[Sequence[int]], backend: str = "auto"
) -> Engines:
    """A propagator for the CNF: ``numba`` (compiled), ``python``, or ``auto`` (numba when
    installed). Both give the same results, literal for literal and in the same order."""
    if choose_backend(backend) == "numba":
        from .numba_kernel import NumbaPropagator

        return NumbaPropagator(nvars, clauses)
    return Propagator(nvars, clauses)


def run_engine(prop: Engines, engine: str, assumptions: Iterable[int] = ()) -> Propagation:
    """Engine ``up`` or ``fl``, or a deeper level ``fl2`` ... ``fl9``, on a built propagator."""
    if engine == "up":
        return prop.unit_propagate(assumptions)
    if engine == "fl":
        return prop.failed_literals(assumptions)
    if engine in LEVELS:
        from .deep import deep_failed_literals, parse_level

        return deep_failed_literals(prop, parse_level(engine), assumptions)
    raise UsageError(f"unknown engine {engine!r}; known: {', '.join(LEVELS)}")


def propagate_cnf(
    nvars: int, clauses: Sequence[Sequence[int]], engine: str = "up", backend: str = "auto"
) -> Propagation:
    """Run engine ``up``, ``fl`` or level ``flK`` (K <= 9) once on a CNF of DIMACS clauses."""
    if engine not in LEVELS:
        raise UsageError(f"unknown engine {engine!r}; known: {', '.join(LEVELS)}")
    return run_engine(build_propagator(nvars, clauses, backend), engine)
