"""Methods: who answers a question, named one way across the API and the command line.

A method is ``NAME`` or ``NAME:DETAIL``. The detail is the PySAT solver of ``pysat``
(``pysat:g4``), the program of ``bin`` (``bin:cadical``), or the back-end an in-house
engine runs on (``fl:python``, ``rup:numba``; ``auto`` when left out). Each command
accepts the names that answer its question (:data:`SOLVE`, :data:`COUNT`, ...); the
command line takes one with ``--method`` and a comma-separated list with ``--methods``.
The glossary (docs/glossary.md) holds the words; this module only reads them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .errors import UsageError

BACKENDS = ("auto", "numba", "python")
"""The details an in-house engine takes: where it runs (same answers either way)."""
LEVELS = ("up", "fl", *(f"fl{k}" for k in range(2, 10)))
"""The propagation levels: unit propagation, failed literals, and flK (a probe fails when
fl(K-1) under it reaches a conflict)."""

NAMED = ("pysat", "bin")
"""The names whose detail is a solver: PySAT's short name, or a program on PATH."""

SOLVE = ("auto", "pysat", "bin", "up", "fl", "eup", "gac", "anneal")
COUNT = ("auto", "eup", "pysat", "ganak", "candidates", "all")
VARIANT = ("auto", "pysat", "bin", "all")
"""What a variant puzzle takes (``all`` where solutions are counted: count, unique)."""
EMPTY = ("auto", "eup", "pysat", "counter")
"""generate's and minimize's methods: their pysat is one m22 and takes no solver name."""
PROVE = ("auto", "fl", "pysat")
CHECK = ("all", "rup", "dratify")
ANNEAL = ("swap", "sirdey")
CONFIRM = ("auto", "cpsat")
"""why's and redundant's: the second method that confirms each answer on a variant."""
COMPARE = ("pysat", "bin", *LEVELS)
WITH_BACKEND = frozenset((*LEVELS, "rup", "swap", "sirdey"))
"""The names that take a back-end as their detail."""


@dataclass(frozen=True)
class Method:
    """A parsed method: ``name`` and its ``detail`` (solver, program or back-end)."""

    name: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.name}:{self.detail}" if self.detail else self.name

    @property
    def backend(self) -> str:
        """The back-end of an in-house engine (``auto`` unless given)."""
        return self.detail or "auto"


def spelled(accepted: Sequence[str]) -> str:
    """The accepted names as --help and errors show them: pysat[:NAME], bin:NAME, ..."""
    shown = []
    for name in accepted:
        if name == "pysat" and accepted is not EMPTY:
            shown.append("pysat[:NAME]")
        elif name == "bin":
            shown.append("bin:NAME")
        elif name in WITH_BACKEND:
            shown.append(f"{name}[:python]")
        else:
            shown.append(name)
    return ", ".join(shown)


def parse_method(text: str, accepted: Sequence[str], option: str = "--method") -> Method:
    """The method text names, if the command accepts it; UsageError (one line) if not."""
    name, colon, detail = (part.strip() for part in text.strip().partition(":"))
    where = f"{option} {text!r}"
    if name not in accepted:
        raise UsageError(f"{where}: unknown method; this command takes {spelled(accepted)}")
    if name == "bin" and not detail:
        raise UsageError(f"{where}: bin needs a program, e.g. bin:cadical")
    if name in WITH_BACKEND:
        if detail and detail not in BACKENDS:
            raise UsageError(f"{where}: the back-end is one of {', '.join(BACKENDS)}")
    elif colon and (name not in NAMED or accepted is EMPTY):
        raise UsageError(f"{where}: {name} takes no ':' detail")
    elif colon and not detail:
        raise UsageError(f"{where}: nothing after ':'")
    return Method(name, detail)


def parse_methods(
    text: str, accepted: Sequence[str], option: str = "--methods"
) -> tuple[Method, ...]:
    """A comma-separated list of methods ('none' for none), each checked."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if names == ["none"]:
        return ()
    return tuple(parse_method(name, accepted, option) for name in names)


def one_backend(methods: Collection[Method], option: str = "--methods") -> str:
    """The back-end shared by in-house methods (a run takes one); UsageError if mixed."""
    backends = {m.backend for m in methods if m.name in WITH_BACKEND}
    if len(backends) > 1:
        raise UsageError(f"{option}: give every in-house method the same back-end")
    return backends.pop() if backends else "auto"


def help_text(accepted: Sequence[str], meanings: str) -> str:
    """The --help of a --method option: the names accepted, then what each means."""
    return f"{spelled(accepted)}. {meanings}"
