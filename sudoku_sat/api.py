"""The Python API: the command line's jobs as typed functions of a :class:`Puzzle`.

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

from pathlib import Path
from typing import TYPE_CHECKING

from .errors import GridError, SolverError, UsageError
from .gridio import Puzzle, parse_puzzles, read_puzzles

if TYPE_CHECKING:
    from .difficulty.explain import Explanation
    from .difficulty.rating import Rating
    from .encodings import Formula
    from .proofs.batch import Outcome

__all__ = [
    "Puzzle",
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
]


def parse(text: str, *, alphabet: str | None = None, order: int | None = None) -> Puzzle:
    """The one puzzle in text, in any format the command line reads (a line of N*N
    symbols, N rows, numbers, a drawn grid); GridError when text holds none or several."""
    from .variants.fpuzzles import is_variant_text

    if is_variant_text(text):
        raise GridError(
            "f-puzzles variants are read by sudoku_sat.variants.fpuzzles.parse_variants "
            "(docs/variants.md), not by parse()"
        )
    found = parse_puzzles(text, "<text>", alphabet, order)
    if len(found) != 1:
        raise GridError(f"expected one puzzle, found {len(found)} (use read() for a file)")
    return found[0]


def read(
    path: str | Path, *, alphabet: str | None = None, order: int | None = None
) -> list[Puzzle]:
    """Every puzzle of the file at path (``-``: standard input), in order."""
    return read_puzzles(path, alphabet, order)


def count(p: Puzzle, cap: int = 2, method: str = "auto") -> int:
    """min(number of solutions, cap): 0 for a contradictory grid, 1 for a unique puzzle.
    method: ``auto``, ``eup``, ``pysat[:NAME]`` or ``ganak``."""
    from .puzzles.counting import Counters, auto_method, counting_plan

    if cap < 1:
        raise UsageError(f"cap must be at least 1, not {cap}")
    (kind, *others), name = counting_plan(method)
    if others:
        raise UsageError(f"method {method!r}: count takes one method")
    with Counters(name) as counters:
        return counters.count(p.grid, p.n, cap, auto_method(p.n) if kind == "auto" else kind)


def is_unique(p: Puzzle, method: str = "auto") -> bool:
    """True when p has exactly one solution."""
    return count(p, 2, method) == 1


def solve(p: Puzzle, method: str = "auto", timeout: float | None = None) -> Puzzle | None:
    """A solution of p (the only one when p is unique), or None when it has none.
    SolverError when the method stops without an answer (past timeout seconds, or a
    propagation engine, ``up``/``fl``, left cells open)."""
    from .puzzles.solving import plan_method

    result = plan_method(method, timeout).one(p.grid, p.n)
    if result.status == "unsat":
        return None
    if result.status != "solved":
        detail = f" ({result.detail})" if result.detail else ""
        raise SolverError(f"{result.solver} gave no solution: {result.status}{detail}")
    return Puzzle(p.n, result.grid, p.origin)


def encode(p: Puzzle, encoding: str = "extended", amo: str = "pairwise") -> Formula:
    """The CNF of p: ``nvars``, ``clauses`` (lists of DIMACS literals) and ``.dimacs()``
    (the text ``sudoku-sat encode`` writes). encoding: minimal, natural, extended,
    reduced; amo (at-most-one): pairwise, sequential, product, ..."""
    from .encodings import check_names
    from .encodings import encode as encode_grid

    check_names(encoding, amo)
    return encode_grid(p.grid, p.n, encoding, amo)


def generate(k: int = 1, seed: int | None = None, n: int = 3, method: str = "auto") -> list[Puzzle]:
    """k minimal puzzles with one solution each, of order n (9x9 for n=3), each verified
    by a method independent of the one that made it; the same seed gives the same ones.
    method: the search that fills and empties (``auto``, ``eup``, ``pysat``, ``counter``)."""
    from .puzzles.maker import MakeOptions, make_many, method_options, new_seed

    checker, engine = method_options(method)
    seed = new_seed() if seed is None else seed
    options = MakeOptions(n=n, checker=checker, seed=seed, fill_engine=engine)
    return [_made(m) for m in make_many(options, k)]


def minimize(grid: Puzzle, seed: int = 0, method: str = "auto") -> Puzzle:
    """A minimal puzzle made of grid's clues (grid: a unique puzzle or a full grid) with
    the same single solution; SolverError when grid has no solution or several.
    method: as for :func:`generate`."""
    from .puzzles.maker import MakeOptions, method_options, minimize_many

    checker, engine = method_options(method)
    options = MakeOptions(n=grid.n, checker=checker, seed=seed, fill_engine=engine)
    made = next(minimize_many(options, [(grid.n, grid.grid)]))
    return _made(made, grid.origin)


def _made(made: object, origin: str = "generated") -> Puzzle:
    from .puzzles.maker import Made

    assert isinstance(made, Made)
    if not made.ok or made.puzzle is None:
        raise SolverError(made.detail or "no puzzle made")
    return Puzzle(made.n, made.puzzle, origin, solution=made.solution)


def rate(p: Puzzle) -> Rating:
    """p's level on the propagation ladder (``.level``: singles, locked, fl, fl2, ...),
    with its score; status ``unsat`` or ``multiple`` when p has no single solution."""
    from .difficulty.rating import rate as rate_grid

    return rate_grid(p.grid, p.n)


def explain(p: Puzzle) -> Explanation:
    """p solved step by step, each step with the weakest rule that works (``.steps``,
    ``.status``, ``.grid``)."""
    from .difficulty.explain import explain as explain_grid

    return explain_grid(p.grid, p.n)


def certify(p: Puzzle, directory: str | Path, method: str = "auto") -> Outcome:
    """A checked certificate that p has one solution, written into directory (created if
    needed): puzzle-00001.cnf, .sol and .drup (``.files``); ``.refusal`` says why there is
    none when p has no solution or several. method: where the proof comes from (``auto``,
    ``fl``, ``pysat[:NAME]``)."""
    from .proofs.batch import Certifier
    from .proofs.store import prepare

    with Certifier.by_method(prepare(directory), method) as certifier:
        return certifier.certify(1, p.grid, p.n)
