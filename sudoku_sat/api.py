"""The Python API: the command line's jobs as typed functions of a :class:`Puzzle`.

One puzzle type: :func:`parse` and :func:`read` take everything the command line reads
(grids in every format, f-puzzles JSON, f-puzzles and SudokuPad links) and give a
``Puzzle`` that carries its rules (``Puzzle.constraints``, empty for a classic grid);
plain grids take global rules with ``rule`` (the CLI's ``--rule`` names). Every function
takes any puzzle and hands it to ``sudoku_sat.jobs``, where one place
(``jobs.route``) picks the engine that answers it, as for the command line. Parameter names
are the command line's option names (``count``, ``order``, ``cap``, ``method``, ``rule``).

``import sudoku_sat as ss`` hands these names on lazily (PEP 562), so importing the
package loads neither numba, PySAT, numpy, typer nor dask; each function imports what it
needs when it is called. Documented with a worked example in ``docs/api.md``.

Who answers is chosen by one argument, ``method``, with the command line's words:
``auto`` (the default: the fastest correct method at the puzzle's order), ``eup`` (the
in-house exact-cover search), ``gac``, ``up``, ``fl`` (the other in-house engines, for
:func:`solve`), ``pysat`` or ``pysat:NAME`` (a PySAT solver, ``m22`` unless named) and
``bin:NAME`` (a SAT solver binary on PATH, for :func:`solve`); the grammar and each
function's names are in :mod:`sudoku_sat.methods`. A wrong name raises
:class:`~sudoku_sat.errors.UsageError` or :class:`~sudoku_sat.errors.SolverError`; bad
grid text raises :class:`~sudoku_sat.errors.GridError` naming the line and column.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .arguments import (
    MAX_CAP,
    boolean,
    generate_sizes,
    global_rules,
    optional_string,
    path_name,
    reading_options,
    seconds,
    seed_number,
    string,
    whole_number,
)
from .errors import SolverError, UsageError
from .model.puzzle import Puzzle

if TYPE_CHECKING:
    from .difficulty.explain import Explanation
    from .difficulty.rating import Rating
    from .encodings import Formula
    from .model.builder import VariantFormula
    from .proofs.batch import Outcome
    from .result import Candidates
    from .setting.redundant import Redundant
    from .setting.why import Why
    from .variants.fpuzzles_write import FPuzzles

__all__ = [
    "Puzzle",
    "candidates",
    "certify",
    "count",
    "encode",
    "explain",
    "generate",
    "is_unique",
    "minimize",
    "parse",
    "rate",
    "read",
    "solve",
    "to_fpuzzles",
    "why",
    "redundant",
]
Rules = str | Sequence[str] | None


def parse(
    text: str | bytes,
    *,
    alphabet: str | None = None,
    order: int | None = None,
    rule: Rules = None,
    rules: Rules = None,
) -> Puzzle:
    """The one puzzle in text, in any format the command line reads (a line of N*N
    symbols, N rows, numbers, a drawn grid, f-puzzles JSON, an f-puzzles or SudokuPad
    link); GridError when text holds none or several. rule: global rules for a plain grid
    (``anti-knight``, ``x``, ...; ``rules`` is the same)."""
    from .errors import GridError
    from .jobs.reading import parse_puzzles
    from .variants.puzzle import one_puzzle

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            raise GridError(f"not UTF-8 text (byte {exc.start})", "<text>") from None
    if not isinstance(text, str):
        raise UsageError(f"parse takes the text of a puzzle (str or bytes), not {_kind(text)}")
    alphabet, order, names = reading_options(alphabet, order, rule, rules)
    return one_puzzle(parse_puzzles(text, "<text>", alphabet, order, names))


def read(
    path: str | Path,
    *,
    alphabet: str | None = None,
    order: int | None = None,
    rule: Rules = None,
    rules: Rules = None,
) -> list[Puzzle]:
    """Every puzzle of the file at path (``-``: standard input), in order, in any format
    :func:`parse` reads."""
    from .files import read_text
    from .jobs.reading import parse_puzzles

    if not isinstance(path, str | Path):
        raise UsageError(f"read takes a path (str or Path), not {_kind(path)}")
    alphabet, order, names = reading_options(alphabet, order, rule, rules)
    text, source = read_text(path)
    return parse_puzzles(text, source, alphabet, order, names)


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _checked(p: object, what: str) -> Puzzle:
    if not isinstance(p, Puzzle):
        raise UsageError(f"{what} takes a Puzzle (ss.parse(text) makes one), not {_kind(p)}")
    return p


def count(p: Puzzle, cap: int = 2, method: str = "auto") -> int:
    """min(number of solutions, cap): 0 for a contradictory grid, 1 for a unique puzzle.
    method: ``auto``, ``eup``, ``pysat[:NAME]``, ``ganak``, ``candidates``, ``bin:NAME``
    (a puzzle with constraints: ``auto``, ``pysat[:NAME]`` or ``bin:NAME``), ``all``
    (every method, which must agree)."""
    from .jobs.counting import count_one

    p = _checked(p, "count")
    return count_one(p, _cap(cap), string(method, "method"))


def _cap(cap: object) -> int:
    return min(whole_number(cap, "cap", 1, 10**4000, " from 1 up"), MAX_CAP)  # as --cap


def is_unique(p: Puzzle, method: str = "auto") -> bool:
    """True when p has exactly one solution."""
    return count(_checked(p, "is_unique"), 2, method) == 1


def solve(p: Puzzle, method: str = "auto", timeout: float | None = None) -> Puzzle | None:
    """A solution of p (the only one when p is unique), or None when it has none.
    SolverError when the method stops without an answer (past timeout seconds, or a
    propagation engine, ``up``/``fl``, left cells open)."""
    from .jobs.solving import solve_one
    from .variants.puzzle import solved

    p = _checked(p, "solve")
    result = solve_one(p, string(method, "method"), seconds(timeout))
    if result.status == "unsat":
        return None
    if result.status != "solved":
        detail = f" ({result.detail})" if result.detail else ""
        raise SolverError(f"{result.solver} gave no solution: {result.status}{detail}")
    return solved(p, result.grid)


def candidates(p: Puzzle, counts: bool = False, cap: int = 2) -> Candidates:
    """The true candidates of every cell (``.digits``: per cell the digits some solution
    puts there; ``.solvable``); with counts, how many solutions (up to cap) use each
    (``.counts``: (cell, digit) -> count)."""
    from .jobs.candidates import candidates as true_candidates

    p = _checked(p, "candidates")
    counts, cap = boolean(counts, "counts"), _cap(cap)
    return true_candidates(p, cap if counts else None)


def encode(
    p: Puzzle, encoding: str = "extended", amo: str = "pairwise"
) -> Formula | VariantFormula:
    """The CNF of p: ``nvars``, ``clauses`` (lists of DIMACS literals) and ``.dimacs()``
    (the text ``sudoku-sat encode`` writes). encoding: minimal, natural, extended,
    reduced; amo (at-most-one): pairwise, sequential, product, ... A puzzle with
    constraints has one encoding (docs/variants.md), over the same numbering of x(r,c,d)."""
    from .encodings import check_names
    from .jobs.encoding import formula

    p = _checked(p, "encode")
    encoding, amo = string(encoding, "encoding"), string(amo, "amo")
    check_names(encoding, amo)
    pairs = (("encoding", encoding, "extended"), ("amo", amo, "pairwise"))
    given = {name: name for name, value, default in pairs if value != default}
    return formula(p, encoding, amo, given)


def generate(
    count: int = 1,
    order: int | None = None,
    seed: int | None = None,
    method: str = "auto",
    rule: Rules = None,
    size: int | None = None,
    shape: str | None = None,
    no_boxes: bool = False,
    **old: int,
) -> list[Puzzle]:
    """count minimal puzzles with one solution each, of order n (9x9 for 3), each verified
    by a method independent of the one that made it; the same seed gives the same ones.
    method: the search that fills and empties (``auto``, ``eup``, ``pysat``, ``counter``).
    rule: variant puzzles of these rule sets (``killer``, ``thermometer``, ...; the CLI's
    ``generate --rule``), size N x N (``--size``, default order**2), each checked unique
    and minimal by CP-SAT. shape: a grid of sigh's, in its spelling (``6x8``, ``9x9~0-8``:
    ``--shape``; not with size or order), no_boxes its ``NoBoxes`` (``--no-boxes``).
    ``k`` and ``n`` are the old names of count and order."""
    from .arguments import split_names
    from .jobs.making import plan_generate
    from .model.geometry import MAX_SIZE, MIN_SIZE
    from .puzzles.emptying_large import LARGE_EMPTY_MAX_ORDER
    from .puzzles.maker import MakeOptions, method_options, new_seed

    count, box = _old_names(old, count, order)
    rules = split_names(global_rules(rule))
    orders, sides = (2, LARGE_EMPTY_MAX_ORDER), (MIN_SIZE, MAX_SIZE)
    shape, no_boxes = optional_string(shape, "shape"), boolean(no_boxes, "no_boxes")
    sigh_grid = shape is not None or no_boxes
    if shape is not None and (size is not None or box is not None):
        raise UsageError("shape says the grid: drop size and order")
    count, order, side = generate_sizes(count, box, size, bool(rules) or sigh_grid, orders, sides)
    if shape is not None:
        from .variants.make_shape import blank_of

        side = blank_of(shape, no_boxes).size
    seed = seed_number(seed)
    seed = new_seed() if seed is None else seed
    method = string(method, "method")
    checker, engine = method_options(method)
    options = MakeOptions(n=max(order, 2), checker=checker, seed=seed, fill_engine=engine)
    task = plan_generate(rules, side, options, None, method, None, shape or "", no_boxes)
    return [_made(m) for m in task(list(range(count)))]


def _old_names(old: dict[str, int], count: int, order: int | None) -> tuple[int, int | None]:
    """generate's deprecated keywords k (count) and n (order)."""
    import warnings

    unknown = set(old) - {"k", "n"}
    if unknown:
        raise UsageError(f"generate has no parameter {sorted(unknown)[0]!r}")
    for name in old:
        new = "count" if name == "k" else "order"
        warnings.warn(f"generate({name}=) is now generate({new}=)", DeprecationWarning, 3)
    return old.get("k", count), old.get("n", order)


def minimize(grid: Puzzle, seed: int | None = 0, method: str = "auto") -> Puzzle:
    """A minimal puzzle made of grid's clues (grid: a unique puzzle or a full grid) with
    the same single solution; SolverError when grid has no solution or several.
    method: as for :func:`generate`."""
    from .jobs.making import plan_minimize
    from .puzzles.maker import MakeOptions, method_options, new_seed

    grid = _checked(grid, "minimize")
    seed, method = seed_number(seed), string(method, "method")
    seed = new_seed() if seed is None else seed
    checker, engine = method_options(method)
    options = MakeOptions(n=max(grid.n, 2), checker=checker, seed=seed, fill_engine=engine)
    task, items = plan_minimize([grid], options, method)
    return _made(task(items)[0], grid.origin)


def _made(made: object, origin: str = "generated") -> Puzzle:
    from .puzzles.maker import Made

    assert isinstance(made, Made)
    p = made.made(origin)
    if not made.ok or p is None:
        raise SolverError(made.detail or "no puzzle made")
    return p


def rate(p: Puzzle) -> Rating:
    """p's level on the propagation ladder (``.level``: singles, locked, fl, fl2, ...),
    with its score; status ``unsat`` or ``multiple`` when p has no single solution."""
    from .jobs.difficulty import rate as rate_puzzle

    return rate_puzzle(_checked(p, "rate"))


def explain(p: Puzzle) -> Explanation:
    """p solved step by step, each step with the weakest rule that works (``.steps``,
    ``.status``, ``.grid``)."""
    from .jobs.difficulty import explain as explain_puzzle

    return explain_puzzle(_checked(p, "explain"))


def certify(p: Puzzle, directory: str | Path, method: str = "auto") -> Outcome:
    """A checked certificate that p has one solution, written into directory (created if
    needed): puzzle-00001.cnf, .sol and .drup (``.files``); ``.refusal`` says why there is
    none when p has no solution or several. method: where the proof comes from (``auto``,
    ``fl``, ``pysat[:NAME]``; a puzzle with constraints: ``auto`` or ``pysat:NAME`` of a
    solver that writes proofs)."""
    from .jobs.certifying import Certifying, check_method
    from .proofs.store import prepare

    p = _checked(p, "certify")
    directory, method = path_name(directory, "directory"), string(method, "method")
    check_method(method, [p])
    with Certifying(None, method) as certifier:  # every argument checked before the folder
        certifier.folder = certifier.classic.directory = prepare(directory)
        return certifier.certify(1, p)


def to_fpuzzles(p: Puzzle) -> FPuzzles:
    """p in f-puzzles' form: ``.json`` (one line, what ``--format fpuzzles`` prints),
    ``.link`` (an f-puzzles link) and ``.data`` (the object). UsageError past 16x16,
    which f-puzzles does not draw."""
    from .variants.fpuzzles_write import FPuzzles
    from .variants.fpuzzles_write import to_fpuzzles as fpuzzles_object

    return FPuzzles(fpuzzles_object(_checked(p, "to_fpuzzles")))


def why(
    p: Puzzle,
    smallest: bool = False,
    seconds: float = 10.0,
    needed: bool = False,
    limit: int | None = None,
    equal: bool = False,
    cap: int = 100,
    method: str = "auto",
) -> Why:
    """``why`` (docs/why.md): ``.verdict``, ``.core``, ``.fixes``, ... (method: the check)."""
    from .setting.why import why as answer

    return answer(_checked(p, "why"), smallest, seconds, needed, limit, equal, cap, method)


def redundant(p: Puzzle, method: str = "auto") -> Redundant:
    """``redundant`` (docs/why.md): ``.removable``, ``.keep``, ``.reduced``."""
    from .setting.redundant import redundant as answer

    return answer(_checked(p, "redundant"), method)
