"""The Python API: the command line's jobs as typed functions of a :class:`Puzzle`.

One puzzle type: :func:`parse` and :func:`read` take everything the command line reads
(grids in every format, f-puzzles JSON, f-puzzles and SudokuPad links) and give a
``Puzzle`` that carries its rules (``Puzzle.variant``, None for a classic grid); plain
grids take global rules with ``rule`` (the CLI's ``--rule`` names). Every function takes
any puzzle: a variant goes to the variant library (one incremental PySAT solver per
question, ``sudoku_sat.variants``), a classic grid to the classic engines. Parameter names
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
from typing import TYPE_CHECKING, Any

from .errors import SolverError, UsageError
from .gridio import Puzzle

if TYPE_CHECKING:
    from .difficulty.explain import Explanation
    from .difficulty.rating import Rating
    from .encodings import Formula
    from .proofs.batch import Outcome
    from .result import Candidates
    from .variants.builder import VariantFormula
    from .variants.certify import VariantCertificate
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
    from .variants.puzzle import one_puzzle, parse_any

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            raise GridError(f"not UTF-8 text (byte {exc.start})", "<text>") from None
    if not isinstance(text, str):
        raise UsageError(f"parse takes the text of a puzzle (str or bytes), not {_kind(text)}")
    return one_puzzle(parse_any(text, "<text>", alphabet, order, rule or rules))


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
    from .errors import GridError
    from .files import read_text
    from .variants.puzzle import parse_any

    if not isinstance(path, str | Path):
        raise UsageError(f"read takes a path (str or Path), not {_kind(path)}")
    text, source = read_text(path)
    found = parse_any(text, source, alphabet, order, rule or rules)
    if not found:
        raise GridError("no puzzle found", source)
    return found


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _checked(p: object, what: str) -> Puzzle:
    if not isinstance(p, Puzzle):
        raise UsageError(f"{what} takes a Puzzle (ss.parse(text) makes one), not {_kind(p)}")
    return p


def _pysat(method: str, what: str) -> str | None:
    """The PySAT solver a variant question uses: None (the default) for auto or pysat."""
    if method in ("auto", "pysat"):
        return None
    if method.startswith("pysat:"):
        return method.removeprefix("pysat:")
    raise UsageError(f"method {method!r}: {what} of a variant puzzle takes auto or pysat[:NAME]")


def _session(method: str, what: str) -> Any:
    from .variants.solve import Session

    return Session(_pysat(method, what))


def count(p: Puzzle, cap: int = 2, method: str = "auto") -> int:
    """min(number of solutions, cap): 0 for a contradictory grid, 1 for a unique puzzle.
    method: ``auto``, ``eup``, ``pysat[:NAME]`` or ``ganak`` (a variant: ``auto`` or
    ``pysat[:NAME]``)."""
    from .puzzles.counting import Counters, auto_method, counting_plan

    p = _checked(p, "count")
    if cap < 1:
        raise UsageError(f"cap must be at least 1, not {cap}")
    if p.variant is not None:
        with _session(method, "count") as session:
            return len(session.solutions(p.variant, cap))
    (kind, *others), name = counting_plan(method)
    if others:
        raise UsageError(f"method {method!r}: count takes one method")
    with Counters(name) as counters:
        return counters.count(p.grid, p.n, cap, auto_method(p.n) if kind == "auto" else kind)


def is_unique(p: Puzzle, method: str = "auto") -> bool:
    """True when p has exactly one solution."""
    return count(_checked(p, "is_unique"), 2, method) == 1


def solve(p: Puzzle, method: str = "auto", timeout: float | None = None) -> Puzzle | None:
    """A solution of p (the only one when p is unique), or None when it has none.
    SolverError when the method stops without an answer (past timeout seconds, or a
    propagation engine, ``up``/``fl``, left cells open). A variant: ``auto`` or
    ``pysat[:NAME]``, no timeout."""
    from .puzzles.solving import plan_method
    from .variants.puzzle import solved

    p = _checked(p, "solve")
    if p.variant is not None:
        with _session(method, "solve") as session:
            found = session.solutions(p.variant, 1)
        return solved(p, found[0]) if found else None
    result = plan_method(method, timeout).one(p.grid, p.n)
    if result.status == "unsat":
        return None
    if result.status != "solved":
        detail = f" ({result.detail})" if result.detail else ""
        raise SolverError(f"{result.solver} gave no solution: {result.status}{detail}")
    return solved(p, result.grid)


def candidates(p: Puzzle, counts: bool = False, cap: int = 2) -> Candidates:
    """The true candidates of every cell (``.digits``: per cell the digits some solution
    puts there; ``.solvable``); with counts, how many solutions (up to cap) use each
    (``.counts``: (cell, digit) -> count). Classic and variant puzzles alike; a classic
    grid from 25x25 up on the candidate-only CNF (``puzzles/candidates_large.py``)."""
    from .grid import LARGE_ORDER
    from .variants.puzzle import variant_of
    from .variants.solve import candidates as true_candidates

    p = _checked(p, "candidates")
    if cap < 1:
        raise UsageError(f"cap must be at least 1, not {cap}")
    if p.variant is None and p.n >= LARGE_ORDER:
        from .puzzles.candidates_large import candidates_large

        return candidates_large(p.grid, p.n, cap if counts else None)
    return true_candidates(variant_of(p), cap if counts else None)


def encode(
    p: Puzzle, encoding: str = "extended", amo: str = "pairwise"
) -> Formula | VariantFormula:
    """The CNF of p: ``nvars``, ``clauses`` (lists of DIMACS literals) and ``.dimacs()``
    (the text ``sudoku-sat encode`` writes). encoding: minimal, natural, extended,
    reduced; amo (at-most-one): pairwise, sequential, product, ... A variant has one
    encoding (docs/variants.md), over the same numbering of x(r,c,d)."""
    from .encodings import check_names
    from .encodings import encode as encode_grid
    from .variants.encode import encode_variant

    p = _checked(p, "encode")
    check_names(encoding, amo)
    if p.variant is not None:
        if (encoding, amo) != ("extended", "pairwise"):
            raise UsageError("a variant puzzle has one encoding: leave encoding and amo out")
        return encode_variant(p.variant)
    return encode_grid(p.grid, p.n, encoding, amo)


def generate(
    count: int = 1,
    order: int = 3,
    seed: int | None = None,
    method: str = "auto",
    rule: Rules = None,
    size: int | None = None,
    **old: int,
) -> list[Puzzle]:
    """count minimal puzzles with one solution each, of order n (9x9 for 3), each verified
    by a method independent of the one that made it; the same seed gives the same ones.
    method: the search that fills and empties (``auto``, ``eup``, ``pysat``, ``counter``).
    rule: variant puzzles of these rule sets (``killer``, ``thermometer``, ...; the CLI's
    ``generate --rule``), size N x N (``--size``, default order**2), each checked unique
    and minimal by CP-SAT. ``k`` and ``n`` are the old names of count and order."""
    from .puzzles.maker import MakeOptions, make_many, method_options, new_seed

    count, order = _old_names(old, count, order)
    seed = new_seed() if seed is None else seed
    if rule is not None:
        return _generate_variants(count, size or order * order, seed, method, rule)
    if size is not None:
        raise UsageError("size is for variant puzzles (with rule); classic grids take order")
    checker, engine = method_options(method)
    options = MakeOptions(n=order, checker=checker, seed=seed, fill_engine=engine)
    return [_made(m) for m in make_many(options, count)]


def _old_names(old: dict[str, int], count: int, order: int) -> tuple[int, int]:
    """generate's deprecated keywords k (count) and n (order)."""
    import warnings

    unknown = set(old) - {"k", "n"}
    if unknown:
        raise UsageError(f"generate has no parameter {sorted(unknown)[0]!r}")
    for name in old:
        new = "count" if name == "k" else "order"
        warnings.warn(f"generate({name}=) is now generate({new}=)", DeprecationWarning, 3)
    return old.get("k", count), old.get("n", order)


def _generate_variants(count: int, size: int, seed: int, method: str, rule: Rules) -> list[Puzzle]:
    import random

    from .variants.make import check_kinds, check_minimal, make
    from .variants.puzzle import puzzle_of

    kinds = [rule] if isinstance(rule, str) else list(rule or ())
    if method != "auto":
        raise UsageError(f"method {method!r}: variant puzzles are made by auto only")
    check_kinds(kinds, size)
    rng = random.Random(seed)
    out = []
    for k in range(1, count + 1):
        made, _ = make(kinds, size, rng)
        problem = check_minimal(made)
        if problem is not None:
            raise SolverError(f"generated puzzle {k} failed the CP-SAT check: {problem}")
        out.append(puzzle_of(made))
    return out


def minimize(grid: Puzzle, seed: int = 0, method: str = "auto") -> Puzzle:
    """A minimal puzzle made of grid's clues (grid: a unique puzzle or a full grid) with
    the same single solution; SolverError when grid has no solution or several.
    method: as for :func:`generate`."""
    from .puzzles.maker import MakeOptions, method_options, minimize_many

    grid = _checked(grid, "minimize")
    if grid.variant is not None:
        from .variants.make import minimize_puzzle
        from .variants.puzzle import puzzle_of

        if method != "auto":
            raise UsageError(f"method {method!r}: a variant puzzle is minimized by auto only")
        return puzzle_of(minimize_puzzle(grid.variant, seed))
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

    p = _checked(p, "rate")
    if p.variant is not None:
        from .difficulty.variants import rate_variant

        return rate_variant(p.variant)
    return rate_grid(p.grid, p.n)


def explain(p: Puzzle) -> Explanation:
    """p solved step by step, each step with the weakest rule that works (``.steps``,
    ``.status``, ``.grid``)."""
    from .difficulty.explain import explain as explain_grid

    p = _checked(p, "explain")
    if p.variant is not None:
        from .difficulty.variants import explain_variant

        return explain_variant(p.variant)
    return explain_grid(p.grid, p.n)


def certify(p: Puzzle, directory: str | Path, method: str = "auto") -> Outcome | VariantCertificate:
    """A checked certificate that p has one solution, written into directory (created if
    needed): puzzle-00001.cnf, .sol and .drup (``.files``); ``.refusal`` says why there is
    none when p has no solution or several. method: where the proof comes from (``auto``,
    ``fl``, ``pysat[:NAME]``; a variant: ``auto`` or ``pysat:NAME`` of a solver that
    writes proofs)."""
    from .proofs.batch import Certifier
    from .proofs.store import prepare

    p = _checked(p, "certify")
    if p.variant is not None:
        return _certify_variant(p, prepare(directory), method)
    with Certifier.by_method(prepare(directory), method) as certifier:
        return certifier.certify(1, p.grid, p.n)


def _certify_variant(p: Puzzle, folder: Path, method: str) -> VariantCertificate:
    from .variants.certify import VariantCertificate, certify_variant

    assert p.variant is not None
    solver = _pysat(method, "certify")
    with _session("auto", "certify") as session:
        found = session.solutions(p.variant, 2)
    if len(found) != 1:
        return VariantCertificate(1, None, "several solutions" if found else "no solution")
    if solver is None:
        return certify_variant(p.variant, found[0], folder, 1)
    return certify_variant(p.variant, found[0], folder, 1, solver)


def to_fpuzzles(p: Puzzle) -> FPuzzles:
    """p in f-puzzles' form: ``.json`` (one line, what ``--format fpuzzles`` prints),
    ``.link`` (an f-puzzles link) and ``.data`` (the object). UsageError past 16x16,
    which f-puzzles does not draw."""
    from .variants.fpuzzles_write import FPuzzles
    from .variants.fpuzzles_write import to_fpuzzles as fpuzzles_object
    from .variants.puzzle import variant_of

    return FPuzzles(fpuzzles_object(variant_of(_checked(p, "to_fpuzzles"))))
