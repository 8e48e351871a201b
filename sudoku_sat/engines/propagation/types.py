"""What both propagation back-ends share: result types, names and the engine protocol.

The bottom of the propagation package: the pure-Python :mod:`.python` engine and its
numba twin :mod:`.numba_kernel` both depend on this module and on :mod:`.index`, never
on each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Literal, Protocol

from ...accel import BACKENDS as ACCEL_BACKENDS

Fixpoint = Literal["fixpoint", "conflict"]

ENGINES = ("up", "fl")
"""The engines: unit propagation, and UP plus the failed-literal rule."""

LEVELS = ("up", "fl", *(f"fl{k}" for k in range(2, 10)))
"""The inference ladder by name (``up`` = fl0, ``fl`` = fl1, then fl2 ... fl9; :mod:`.deep`)."""

BACKENDS = ACCEL_BACKENDS
"""Where an engine runs: numba when installed (auto), or the pure-Python reference."""

SATISFIED = 1 << 30
"""Added to the counter of a long clause while one of its literals is true."""


@dataclass(frozen=True)
class Stats:
    """Work done by one run: literals processed, probes tried, failed literals found."""

    propagations: int = 0
    probes: int = 0
    failed: int = 0
    rounds: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


@dataclass(frozen=True)
class Propagation:
    """What an engine derived: a fixpoint, or a conflict (the formula is UNSAT).

    ``literals`` are the assigned literals in the order they were derived; at a
    fixpoint they are the whole closure, at a conflict they are what was assigned when
    the conflict appeared (which depends on the order of propagation). The first
    ``up_count`` come from unit propagation alone, the rest needed the failed-literal
    rule. ``conflict`` is the clause found false.
    """

    status: Fixpoint
    literals: tuple[int, ...]
    stats: Stats
    up_count: int = 0
    conflict: tuple[int, ...] | None = None


def finished(
    conflict: tuple[int, ...] | None, literals: tuple[int, ...], stats: Stats, up_count: int
) -> Propagation:
    """A run's result: a conflict if there is a conflicting clause, else the fixpoint."""
    status: Fixpoint = "fixpoint" if conflict is None else "conflict"
    return Propagation(status, literals, stats, min(up_count, len(literals)), conflict)


class Engines(Protocol):
    """What both back-ends offer: the pure-Python :class:`Propagator` and the numba one."""

    def unit_propagate(self, assumptions: Iterable[int] = ()) -> Propagation: ...

    def failed_literals(
        self, assumptions: Iterable[int] = (), order: Sequence[int] | None = None
    ) -> Propagation: ...
