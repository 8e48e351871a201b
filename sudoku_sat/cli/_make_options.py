"""The options ``generate`` and ``minimize`` share: how grids are filled and emptied, the
rules to make (``--rule``, whose --help lists every rule of the registry, read only when
help is shown: importing the registry costs a command 0.15 s), formats and stats."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperOption

from ..difficulty.rating import LEVELS
from ..methods import EMPTY
from ..puzzles.emptying import Schedule
from ._common import GridFormat, JsonOption, method_option

RULE_HELP = (
    "Make puzzles with these rules, repeatable or comma-separated (killer,thermometer), "
    "printed as f-puzzles JSON, one a line, each checked unique and minimal by CP-SAT"
)


class RuleHelp(TyperCommand):
    """generate's command: its --help lists every name --rule takes, the registry's rules
    read only then."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from ..variants.constraints import rule_names

        for param in self.params:
            if param.name == "rule" and isinstance(param, TyperOption):
                param.help = f"{RULE_HELP}: {', '.join(rule_names())}."
        super().format_help(ctx, formatter)


MakeRuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        help=RULE_HELP + ": every rule of the registry (--help lists them).",
        metavar="NAME",
        show_default=False,
    ),
]


class Fill(str, Enum):
    """How the full grid is made."""

    backtrack = "backtrack"
    permute = "permute"
    anneal = "anneal"


class Empty(str, Enum):
    """How the full grid is emptied."""

    greedy = "greedy"
    anneal = "anneal"
    exhaustive = "exhaustive"


Level = Enum("Level", {name: name for name in LEVELS}, type=str)  # type: ignore[misc]
"""The ladder's levels (sudoku_sat.lab.rating.LEVELS), as a CLI choice."""

DifficultyOpt = Annotated[
    Level | None,
    typer.Option(
        help="Only puzzles rated exactly this level by 'rate' (singles, locked, fl, fl2, "
        "fl3, search), made by guided emptying that prefers removals raising the rating. "
        "Replaces --empty; not with --symmetric.",
        show_default=False,
    ),
]

DEFAULT = Schedule()
EmptyOpt = Annotated[
    Empty,
    typer.Option(
        "--empty",
        help="greedy: remove clues in random order until minimal; anneal: the report's "
        "annealing (then made minimal); exhaustive: the true minimum (4x4 only).",
    ),
]
SymOpt = Annotated[bool, typer.Option("--symmetric", help="Remove clues in 180° rotation pairs.")]
FormatOpt = Annotated[
    GridFormat,
    typer.Option(
        "--format",
        help="line: one puzzle per line (what encode reads); grid: drawn; sigh: one sigh "
        "constraint string a puzzle.",
    ),
]
StatsOpt = Annotated[
    bool,
    typer.Option("--stats", help="A '#' comment line before each puzzle: clues, seconds, verdict."),
]
MethodOpt = Annotated[
    str,
    method_option(
        EMPTY,
        "The search behind the run: the uniqueness test while emptying, and the "
        "backtracking fill (and the solving of puzzles given to minimize). auto: "
        "compiled EUP up to 16x16, pysat above or without numba; eup: the in-house "
        "engine, compiled with numba, the fill with random branching; pysat: one "
        "incremental m22, one call per removal, the fill on a fresh solver with random "
        "phases; counter: PySAT's model counter, the fill as pysat. From 25x25 up, "
        "greedy on pysat removes what unit propagation settles first, then asks CDCL. "
        "The result is re-counted by EUP if a PySAT test was used (by CaDiCaL on another "
        "encoding from 25x25 up), by PySAT if EUP was; minimality is certified by a "
        "second solution per clue, checked against the rules.",
    ),
]
TiOpt = Annotated[float, typer.Option("--t0", help="Annealing emptying: initial temperature.")]
TfOpt = Annotated[float, typer.Option("--t-final", help="Annealing emptying: final temperature.")]
StepOpt = Annotated[float, typer.Option(help="Annealing emptying: temperature step.")]
JsonOpt = JsonOption
SIZE = "With --rule: the grid's side, 4 to 16 (6x6, 8x8... too); -n n means n*n."
