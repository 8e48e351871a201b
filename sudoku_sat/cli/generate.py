"""``generate`` and ``minimize``: unique minimal puzzles, each verified independently."""

from __future__ import annotations

from contextlib import ExitStack
from enum import Enum
from typing import Annotated

import typer

from ..alphabet import expand_alphabet
from ..difficulty.rating import LEVELS
from ..jobs.certifying import Certifying
from ..jobs.making import plan_generate, plan_minimize
from ..methods import EMPTY
from ..proofs import Outcome
from ..puzzles.checkers import independent_of, resolve_checker
from ..puzzles.emptying import Schedule
from ..puzzles.emptying_large import LARGE_EMPTY_MAX_ORDER, LARGE_EMPTY_MIN_ORDER
from ..puzzles.maker import MakeOptions, method_options, new_seed
from ..variants.puzzle import split_names
from . import app
from ._common import (
    CONNECT_TIMEOUT,
    AlphabetOption,
    ConnectTimeoutOption,
    GridFormat,
    JobsOption,
    OrderOption,
    PuzzlesArg,
    QuietOption,
    RuleOption,
    SchedulerOption,
    available_cores,
    batch_results,
    exit_if_any,
    fail,
    given_options,
    guarded,
    load,
    method_option,
    open_batch,
)
from ._made import emit
from .certify import (
    CertifyOption,
    certificate_folder,
    report_outcomes,
    with_certificates,
)

MakeRuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        help="Make puzzles with these rules (repeatable, or NAME,NAME): any rule of the "
        "registry, e.g. killer, thermometer, arrow, kropki, xv, renban, whispers, "
        "little-killer, sandwich, x, anti-knight, jigsaw; 'sudoku-sat rules' lists them "
        "all. Printed as f-puzzles JSON, one a line, each checked unique and minimal by "
        "CP-SAT.",
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
SeedOpt = Annotated[
    int | None, typer.Option(help="Random seed: the same seed gives the same puzzles.")
]
SymOpt = Annotated[bool, typer.Option("--symmetric", help="Remove clues in 180° rotation pairs.")]
FormatOpt = Annotated[
    GridFormat,
    typer.Option("--format", help="line: one puzzle per line (what encode reads); grid: drawn."),
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
JsonOpt = Annotated[bool, typer.Option("--json", help="One JSON array of records.")]


def header(seed: int, first: str, empty: str, checker: str, n: int) -> str:
    """The --stats line that says how to replay the run."""
    checker = resolve_checker(checker, n)
    return (
        f"# seed {seed}, {first}, empty {empty}, method {checker}, "
        f"verified by {independent_of(checker, n)}"
    )


MAX_COUNT = 1_000_000
"""generate's --count at most: a run holds every puzzle number in memory (its chunks)."""


def finish(failures: int, total: int) -> None:
    """Exit 1 when some puzzle could not be made or failed its check."""
    exit_if_any(failures, total, "failed")


@app.command("generate")
@guarded
def generate_command(
    order: Annotated[
        int,
        typer.Option(
            "--order",
            "-n",
            min=2,
            help="Box side n (2 to 6: 4x4 to 36x36); with --rule, the grid is n*n wide too.",
        ),
    ] = 3,
    count: Annotated[
        int,
        typer.Option(
            "--count", "-k", min=1, max=MAX_COUNT, help="Puzzles to make (at most 1,000,000)."
        ),
    ] = 1,
    fill: Annotated[
        Fill,
        typer.Option(
            help="Full grid by backtrack (randomized complete search), permute (the "
            "report's swaps with criterion improvement) or anneal (simulated annealing)."
        ),
    ] = Fill.backtrack,
    empty_: EmptyOpt = Empty.greedy,
    seed: SeedOpt = None,
    symmetric: SymOpt = False,
    fmt: FormatOpt = GridFormat.line,
    stats: StatsOpt = False,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    method: MethodOpt = "auto",
    ti: TiOpt = DEFAULT.ti,
    tf: TfOpt = DEFAULT.tf,
    step: StepOpt = DEFAULT.step,
    as_json: JsonOpt = False,
    alphabet: AlphabetOption = None,
    quiet: QuietOption = False,
    difficulty: DifficultyOpt = None,
    certify: CertifyOption = None,
    rule: MakeRuleOpt = None,
    size: Annotated[
        int | None,
        typer.Option(
            min=4,
            max=16,
            help="With --rule: the grid's side N, when it is not a square "
            "(6, 8, 10, 12, 15: f-puzzles' boxes); default order**2.",
        ),
    ] = None,
) -> None:
    """Make unique, minimal puzzles: fill a grid, empty it, verify it independently.

    Prints one puzzle per line ('.' for a blank). Every puzzle is re-checked unique and
    minimal by a method independent of the one that emptied it; exit code 1 if a fill
    failed or a check did not pass. With --certify DIR, each puzzle also gets a
    certificate of uniqueness in DIR (see check-proof); one that cannot be certified
    counts as a failure. From 25x25 up, without --jobs or --scheduler, each puzzle's
    first SAT questions are shared among every core this process may use (the same
    puzzles from a seed either way); --jobs 1 keeps to one core. With --rule NAME,
    puzzles with those rules, of -n (box side) or --size N, printed as f-puzzles JSON,
    each checked unique and minimal by CP-SAT (docs/variants.md).
    """
    rules = split_names(rule)
    if size is not None and "order" in given_options() and order * order != size:
        raise fail(f"--size {size} and --order {order} ({order**2}x{order**2}) disagree")
    side = size or order * order
    if not rules and size is not None:
        raise fail("--size is for puzzles with rules (--rule); plain grids take --order")
    if not rules and order > LARGE_EMPTY_MAX_ORDER:
        raise fail(
            f"generate makes puzzles up to 36x36 (--order {LARGE_EMPTY_MAX_ORDER}): a minimal "
            f"{side}x{side} puzzle needs a SAT question per clue near the hardness peak "
            "(docs/large.md)"
        )
    if alphabet is not None:
        expand_alphabet(alphabet, side)  # a bad one fails now, not after the work
    checker, engine = method_options(method)
    seed = new_seed() if seed is None else seed
    schedule = Schedule(ti, tf, step)
    # one process making the puzzles: from 25x25 up, its questions use every core
    serial = jobs is None and scheduler is None and order >= LARGE_EMPTY_MIN_ORDER
    workers = available_cores() if serial else 1
    options = MakeOptions(
        order, fill.value, empty_.value, symmetric, checker, schedule, seed, engine, workers
    )
    level = None if difficulty is None else difficulty.value
    if level is not None and (symmetric or empty_ is not Empty.greedy):
        raise fail("--difficulty makes its own guided emptying: drop --symmetric and --empty")
    task = plan_generate(rules, side, options, level, method, given_options())
    how = empty_.value if level is None else f"guided emptying to {level}"
    outcomes: list[Outcome] = []
    with ExitStack() as stack:
        folder = stack.enter_context(certificate_folder(certify))
        executor = stack.enter_context(open_batch(jobs, scheduler, connect_timeout))
        if stats and not as_json and not rules:
            typer.echo(header(seed, f"fill {fill.value}", how, checker, order))
        results = batch_results(executor, task, list(range(count)), "generating", quiet)
        if folder is not None:
            certifier = stack.enter_context(Certifying(folder))
            results = with_certificates(results, certifier, outcomes)
        failures = emit(results, count, seed, fmt, stats, as_json, alphabet)
    if folder is not None:
        names = [f"puzzle {k}" for k in range(1, count + 1)]
        failures += report_outcomes(outcomes, folder, names)
    finish(failures, count)


MINIMIZE_MAX_ORDER = 8
"""minimize works up to 64x64; past it the rules alone have 0.5 M to 11.4 M variables."""


@app.command("minimize")
@guarded
def minimize_command(
    puzzles: PuzzlesArg,
    empty_: EmptyOpt = Empty.greedy,
    seed: SeedOpt = None,
    symmetric: SymOpt = False,
    fmt: FormatOpt = GridFormat.line,
    stats: StatsOpt = False,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    connect_timeout: ConnectTimeoutOption = CONNECT_TIMEOUT,
    method: MethodOpt = "auto",
    ti: TiOpt = DEFAULT.ti,
    tf: TfOpt = DEFAULT.tf,
    step: StepOpt = DEFAULT.step,
    as_json: JsonOpt = False,
    alphabet: AlphabetOption = None,
    order: OrderOption = None,
    quiet: QuietOption = False,
    rule: RuleOption = None,
) -> None:
    """Empty puzzles or solved grids to minimal unique puzzles (subsets of their clues).

    A puzzle with no solution or several cannot be emptied: it is reported and the exit
    code is 1. Every puzzle of a file has the order of its first. Variant puzzles
    (f-puzzles input) lose givens while they stay unique, each checked by CP-SAT
    (docs/variants.md).
    """
    checker, engine = method_options(method)
    items = load(puzzles, alphabet, order, rule)
    if items[0].n > MINIMIZE_MAX_ORDER:
        side = MINIMIZE_MAX_ORDER**2
        raise fail(
            f"minimize empties puzzles up to {side}x{side}: a {items[0].n ** 2}x{items[0].n ** 2} "
            "one needs the N³-variable rules for every removal test (docs/large.md)"
        )
    seed = new_seed() if seed is None else seed
    schedule = Schedule(ti, tf, step)
    options = MakeOptions(
        max(items[0].n, 2),
        "backtrack",
        empty_.value,
        symmetric,
        checker,
        schedule,
        seed,
        engine,
    )
    task, work = plan_minimize(items, options, method, given_options())
    with open_batch(jobs, scheduler, connect_timeout) as executor:
        if stats and not as_json:
            typer.echo(header(seed, f"solve {engine}", empty_.value, checker, items[0].n))
        results = batch_results(executor, task, work, "minimizing", quiet)
        origins = [p.origin for p in items]
        failures = emit(results, len(items), seed, fmt, stats, as_json, alphabet, origins)
    finish(failures, len(items))
