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
from ._common import GridFormat, JsonOption, fail, method_option

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
ShapeOpt = Annotated[
    str | None,
    typer.Option(
        "--shape",
        metavar="RxC[~DIGITS]",
        help="A grid of sigh's, in sigh's .Shape spelling: rows x columns (6x8, 4x7, 5x5), "
        "then the digits when not 1 to the longer side (9x9~0-8: digits from 0; 6x6~9: "
        "nine digits); sigh's regions on it (boxes where they tile it, else none). "
        "Printed as sigh strings (line and sigh formats; f-puzzles cannot say it).",
        show_default=False,
    ),
]
NoBoxesOpt = Annotated[
    bool,
    typer.Option(
        "--no-boxes", help="sigh's NoBoxes: no boxes, the rows and columns alone hold digits apart."
    ),
]
CHAOS_SLOW_SIDE = 8
"""From this side, a chaos construction takes minutes to make and check."""


def shaped_side(shape: str, no_boxes: bool, size: int | None, given: dict[str, str]) -> int:
    """The number of digits of a --shape (the side of the frame it is numbered in);
    BadParameter when --size or --order says the grid too, or for a shape sigh refuses."""
    from ..variants.make_shape import blank_of

    if size is not None or "order" in given:
        raise fail("--shape says the grid: drop --size and --order")
    return blank_of(shape, no_boxes).size


def writable_shape(shape: str, no_boxes: bool, fmt: GridFormat) -> None:
    """BadParameter when fmt cannot say the shape's grid: f-puzzles JSON and numbers hold
    N x N grids of the digits 1..N (line writes sigh's string for it)."""
    from ..variants.make_shape import blank_of, is_plain

    empty = blank_of(shape, no_boxes)
    if not is_plain(empty) and fmt in (GridFormat.fpuzzles, GridFormat.numbers):
        raise fail(
            f"--format {fmt.value} cannot say a {empty.dims} grid (f-puzzles holds N x N "
            "grids of the digits 1..N): use --format sigh or line (sigh's string)"
        )


def slow_note(count: int, side: int, rules: list[str], slow_side: int) -> str | None:
    """What generate says before it starts when each puzzle takes minutes: rules past
    slow_side, a chaos construction from :data:`CHAOS_SLOW_SIDE`; None otherwise."""
    if not rules:
        return None
    from ..variants.make_chaos import is_chaos

    what = f"# making {count} {side}x{side} puzzle(s) with {', '.join(rules)}: "
    if is_chaos(rules) and side >= CHAOS_SLOW_SIDE:
        return what + (
            "a chaos construction takes minutes a puzzle from 8x8 (its regions solved for "
            "at every clue taken away, then CP-SAT's check); each line comes as it is done"
        )
    if side > slow_side:
        return what + (
            f"past {slow_side}x{slow_side} each takes minutes (a SAT call a clue taken away, "
            "then CP-SAT's check); each line comes as its puzzle is done"
        )
    return None
