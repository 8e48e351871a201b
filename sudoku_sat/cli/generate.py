"""``generate`` and ``minimize``: unique minimal puzzles, each verified independently."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Annotated

import typer

from ..alphabet import expand_alphabet
from ..arguments import MAX_COUNT, split_names
from ..jobs.making import plan_generate, plan_minimize
from ..proofs import Outcome
from ..puzzles.checkers import independent_of, resolve_checker
from ..puzzles.emptying import Schedule
from ..puzzles.emptying_large import LARGE_EMPTY_MAX_ORDER, LARGE_EMPTY_MIN_ORDER
from ..puzzles.maker import MakeOptions, method_options, new_seed
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
    SeedOption,
    available_cores,
    batch_results,
    exit_if_any,
    fail,
    given_options,
    guarded,
    load,
    open_batch,
)
from ._made import emit
from ._make_options import (
    DEFAULT,
    SIZE,
    DifficultyOpt,
    Empty,
    EmptyOpt,
    Fill,
    FormatOpt,
    JsonOpt,
    MakeRuleOpt,
    MethodOpt,
    NoBoxesOpt,
    RuleHelp,
    ShapeOpt,
    StatsOpt,
    StepOpt,
    SymOpt,
    TfOpt,
    TiOpt,
    shaped_side,
    slow_note,
    writable_shape,
)
from ._shown import writable_in
from .certify import (
    CertifyOption,
    certificate_folder,
    report_outcomes,
    with_certificates,
)


def header(seed: int, first: str, empty: str, checker: str, n: int) -> str:
    """The --stats line that says how to replay the run."""
    checker = resolve_checker(checker, n)
    return (
        f"# seed {seed}, {first}, empty {empty}, method {checker}, "
        f"verified by {independent_of(checker, n)}"
    )


SLOW_SIDE = 9
"""Past this side, a puzzle with rules takes minutes to make and check (a 16x16 killer:
over 300 s CPU, 2026-11-29; ``--seed 1`` stopped unfinished at 770 s on 2026-12-02, in
the SAT calls that take cage sums away, 6 to 49 s each), which generate says before it
starts."""


def finish(failures: int, total: int) -> None:
    """Exit 1 when some puzzle could not be made or failed its check."""
    exit_if_any(failures, total, "failed")


@app.command("generate", cls=RuleHelp)
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
    seed: SeedOption = None,
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
    size: Annotated[int | None, typer.Option(min=4, max=16, metavar="N", help=SIZE)] = None,
    shape: ShapeOpt = None,
    no_boxes: NoBoxesOpt = False,
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
    each checked unique and minimal by CP-SAT (docs/variants.md). With --shape RxC[~DIGITS]
    (sigh's spelling: 6x8, 4x7, 9x9~0-8, 6x6~9, 5x5) or --no-boxes, puzzles on that grid
    of sigh's, with or without --rule, printed as sigh strings (an N x N grid of 1..N as
    f-puzzles JSON unless --format sigh; docs/sigh.md). --rule chaos-construction makes
    chaos constructions: hidden regions, pinned by chaos counts and arrows (chaos-count,
    chaos-arrow: one kind only).
    """
    rules = split_names(rule)
    if shape is not None:
        side_of_shape = shaped_side(shape, no_boxes, size, given_options())
        size, order = side_of_shape, max(order, 2)
        writable_shape(shape, no_boxes, fmt)
    if size is not None and "order" in given_options() and order * order != size:
        raise fail(f"--size {size} and --order {order} ({order**2}x{order**2}) disagree")
    side = size or order * order
    if not rules and size is not None and shape is None and not no_boxes:
        raise fail("--size is for puzzles with rules (--rule); plain grids take --order")
    sigh_grid = shape is not None or no_boxes
    if not rules and not sigh_grid and order > LARGE_EMPTY_MAX_ORDER:
        raise fail(
            f"generate makes puzzles up to 36x36 (--order {LARGE_EMPTY_MAX_ORDER}): a minimal "
            f"{side}x{side} puzzle needs a SAT question per clue near the hardness peak "
            "(docs/large.md)"
        )
    if alphabet is not None:
        expand_alphabet(alphabet, side)  # a bad one fails now, not after the work
    writable_in(fmt, [(side, "--format")])
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
    given = given_options()
    if fmt is GridFormat.grid:
        given.pop("alphabet", None)  # a drawn grid writes its digits in the alphabet
    task = plan_generate(rules, side, options, level, method, given, shape or "", no_boxes)
    how = empty_.value if level is None else f"guided emptying to {level}"
    outcomes: list[Outcome] = []
    with ExitStack() as stack:
        folder = stack.enter_context(certificate_folder(certify))
        executor = stack.enter_context(open_batch(jobs, scheduler, connect_timeout))
        if stats and not as_json and not rules and not sigh_grid:
            typer.echo(header(seed, f"fill {fill.value}", how, checker, order))
        note = slow_note(count, side, rules, SLOW_SIDE)
        if note and not quiet:  # minutes a puzzle: say so at once
            typer.echo(note, err=True)
        results = batch_results(executor, task, list(range(count)), "generating", quiet)
        if folder is not None:
            from ..jobs.certifying import Certifying

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
    seed: SeedOption = None,
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
    writable_in(fmt, ((p.size, p.origin) for p in items))
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
