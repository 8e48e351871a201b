"""``solve``: puzzles through the method ``--method`` names, each on the engine that
answers it (``jobs.route``): the compiled EUP engine (the default at 9x9 and 16x16), a
PySAT solver, a solver binary, an in-house engine, or a puzzle's session."""

from __future__ import annotations

from typing import Annotated

import typer

from ..engines.registry import describe_engines
from ..methods import SOLVE
from . import _answers, app
from ._common import (
    CONNECT_TIMEOUT,
    AlphabetOption,
    ConnectTimeoutOption,
    GridFormat,
    JobsOption,
    JsonOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    SchedulerOption,
    given_options,
    guarded,
    method_option,
)
from ._encoding_options import AmoName, AmoOption, EncodingName, EncodingOption


@app.command("solve")
@guarded
def solve_command(
    puzzles: PuzzlesArg,
    method: Annotated[
        str,
        method_option(
            SOLVE,
            "auto: at 9x9 and 16x16 the compiled EUP engine (numba installed, no "
            "--timeout; the first 9x9 puzzles of a run in pure Python), else pysat:m22 "
            "below 25x25, from 25x25 up propagation + candidate-only CNF + CaDiCaL "
            "(docs/large.md), and for a puzzle with constraints its session (Glucose 4); "
            "pysat:NAME: a PySAT solver by its short name (m22, g4, cd19, mc, lgl, ...; "
            "pysat alone is m22); bin:NAME: a solver binary on PATH (minisat, cadical, "
            "picosat, cryptominisat5, kissat, or any with SAT-competition output); "
            "in-house engines (classic grids): " + describe_engines() + ".",
        ),
    ] = "auto",
    timeout: Annotated[
        float | None, typer.Option(min=0.001, help="Seconds per puzzle before giving up.")
    ] = None,
    fmt: Annotated[
        GridFormat,
        typer.Option(
            "--format",
            help="grid: drawn (numbers past 36x36); line: one N*N line per puzzle "
            "(space-separated numbers past 36x36); numbers: N lines of N numbers; "
            "fpuzzles: f-puzzles JSON, one a line, the puzzle's rules kept; sigh: the "
            "solution as sigh writes it, one symbol a cell.",
        ),
    ] = GridFormat.grid,
    as_json: JsonOption = False,
    encoding: EncodingOption = EncodingName.extended,
    amo: AmoOption = AmoName.pairwise,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Solve every puzzle of a file and print the grids.

    UNSAT puzzles are reported as UNSAT, not as errors. In --format line, a puzzle not
    solved is a '# STATUS origin: grid' comment line, so the output reads back as the
    solutions alone. Exit code 1 when some puzzle is UNSAT, timed out or left open by an
    engine; 3 for an unknown, missing or unsupported solver, or a binary that crashed on
    some puzzle (the other puzzles are still solved and printed).
    """
    _answers.solve(
        puzzles,
        method,
        timeout,
        fmt,
        as_json,
        encoding.value,
        amo.value,
        alphabet,
        order,
        jobs,
        scheduler,
        connect_timeout,
        quiet,
        rule,
        given_options(),
    )
