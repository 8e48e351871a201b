"""``propagate``: the in-house UP or failed-literal engine on any DIMACS file."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from ..crosscheck import Check, check_propagation, checks_json
from ..dimacs import read_cnf
from ..propagation import Propagation, propagate_cnf
from . import app
from ._common import emit_json, guarded


class EngineName(str, Enum):
    """The in-house propagation engines."""

    up = "up"
    fl = "fl"


class Backend(str, Enum):
    """Where the engines run (``propagation.BACKENDS``)."""

    auto = "auto"
    python = "python"
    numba = "numba"


def literal_lines(literals: list[int], width: int = 16) -> list[str]:
    """Literals as ``v ... 0`` lines (SAT-competition style), the last closed by 0."""
    chunks = [literals[k : k + width] for k in range(0, len(literals), width)] or [[]]
    lines = [" ".join(["v", *map(str, chunk)]) for chunk in chunks]
    lines[-1] += " 0"
    return lines


@app.command("propagate")
@guarded
def propagate_command(
    cnf: Annotated[str, typer.Argument(help="DIMACS CNF file ('-' for stdin); any formula.")],
    engine: Annotated[
        EngineName,
        typer.Option(help="up: unit propagation; fl: UP plus the failed-literal rule."),
    ] = EngineName.up,
    backend: Annotated[
        Backend,
        typer.Option(
            help="auto: numba when the 'fast' extra is installed, else python; "
            "python or numba to choose (same results either way)."
        ),
    ] = Backend.auto,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {status, literals, stats} as JSON.")
    ] = False,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Cross-check against PySAT: UP literal for literal against "
            "Solver.propagate; FL against FL probed with PySAT and entailment of every "
            "derived literal. Exit 1 when a check fails.",
        ),
    ] = False,
) -> None:
    """Propagate a CNF to its fixpoint and print the assigned literals.

    Text output: 's FIXPOINT' or 's CONFLICT', then the assigned literals (sorted by
    variable) as 'v ... 0' lines, then 'c' lines with the counters. Exit code 1 on a
    conflict (the formula is UNSAT) or a failed check.
    """
    formula = read_cnf(cnf)
    result = propagate_cnf(formula.nvars, formula.clauses, engine.value, backend.value)
    checks = (
        check_propagation(formula.nvars, formula.clauses, engine.value, result) if check else []
    )
    literals = sorted(result.literals, key=abs)
    if as_json:
        data: dict[str, object] = {
            "status": result.status,
            "literals": literals,
            "stats": result.stats.as_dict(),
        }
        if check:
            data["checks"] = checks_json(checks)
        emit_json(data)
    else:
        typer.echo("\n".join(text_report(result, literals, checks)))
    if result.status == "conflict" or not all(c.ok for c in checks):
        raise typer.Exit(1)


def text_report(result: Propagation, literals: list[int], checks: list[Check]) -> list[str]:
    """The status line, the ``v`` lines, then ``c`` lines for the counters and checks."""
    stats = [
        f"c {key} {value:.6f}" if isinstance(value, float) else f"c {key} {value}"
        for key, value in result.stats.as_dict().items()
    ]
    return [
        f"s {result.status.upper()}",
        *literal_lines(literals),
        *stats,
        *(f"c check {c.line()}" for c in checks),
    ]
