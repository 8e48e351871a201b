"""The constraint registry (sudoku_sat/variants/constraints/): each f-puzzles key is a
literal in one module of the package, and each rule family's instances, as its own
``make`` places them on a solution, are checked four ways: the direct check
(``holds``), the clauses, CP-SAT's statement and the f-puzzles round trip, with its
drawing and its sigh string."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
from pysat.solvers import Solver

from sudoku_sat.grid import Grid
from sudoku_sat.model.builder import DEFAULT_SUMS, Builder
from sudoku_sat.model.constraint import Constraint
from sudoku_sat.model.drawing import Canvas
from sudoku_sat.model.geometry import cell_name, default_regions
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.model.svg import draw
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints import cell_registry, classes, registry, rule_classes
from sudoku_sat.variants.constraints._marks import Mark, Negative
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps
from sudoku_sat.variants.make import random_solution

from .conftest import IN_CI

if not IN_CI:
    pytest.importorskip("ortools")

PACKAGE = Path(__file__).resolve().parents[1] / "sudoku_sat"
SIZE = 9

ALSO_A_WORD: dict[str, set[str]] = {}
"""Keys that are also another word of the package (none: an explanation's "region 3" of a
jigsaw takes its word from the jigsaw's module, ``origins.PIECE``)."""


INDEX = "variants/constraints/_index.py"
"""The registry's index of which module reads each key (written from the modules and
checked against them by tests/test_cli_lazy.py): not a second home of a key."""


@cache
def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(PACKAGE)): path.read_text()
        for path in sorted(PACKAGE.rglob("*.py"))
        if str(path.relative_to(PACKAGE)) != INDEX
    }


@pytest.mark.parametrize("key", [*registry(), *cell_registry()])
def test_every_key_is_a_literal_in_one_module(key: str) -> None:
    quoted = re.compile(rf"""["']{re.escape(key)}["']""")
    modules = {name for name, text in _sources().items() if quoted.search(text)}
    modules -= ALSO_A_WORD.get(key, set())
    assert len(modules) == 1, (key, sorted(modules))
    (module,) = modules
    assert module.startswith("variants/constraints/"), (key, module)


@cache
def _solution(constraints: tuple[Constraint, ...] = ()) -> Grid:
    found = random_solution(Puzzle(SIZE, (0,) * SIZE**2, constraints=constraints), random.Random(7))
    assert found is not None
    return found


@cache
def _made(cls: type[Constraint]) -> tuple[Puzzle, tuple[Constraint, ...]]:
    """A puzzle whose givens are a full solution, with the instances the classes of its
    rule make on it (the rules drawn first, a jigsaw's regions, are made before their
    solution; a negative is made with the marks it speaks of), settled as the reader
    settles them; and the instances of the class. Made once a process (test_sigh and
    test_peer_rules take the same ones; a Puzzle is frozen)."""
    regions, rng = default_regions(SIZE), random.Random(3)
    if cls is Negative:
        solution = _solution()
        made = [
            c for kind in Mark.kinds().values() for c in kind.make(solution, SIZE, regions, rng)
        ]
    elif cls.drawn_first:
        made = cls.make((0,) * SIZE**2, SIZE, regions, rng)
        solution = _solution(tuple(c.settle(made) for c in made))
    else:  # every class of its rule (black dots come with the white: kropki)
        solution = _solution()
        made = [
            c for kind in rule_classes(cls.rule) for c in kind.make(solution, SIZE, regions, rng)
        ]
    settled = tuple(c.settle(made) for c in made)
    puzzle = Puzzle(SIZE, solution, "made", solution=solution, constraints=settled)
    return puzzle, tuple(c for c in settled if isinstance(c, cls))


def _others(solution: Grid) -> list[Grid]:
    """Valid grids beside the solution (digits relabelled, rows and columns swapped in
    their bands, transposed), most of which break made clues."""
    rng, grid = random.Random(5), list(solution)
    out = []
    for _ in range(6):
        relabel = list(range(1, SIZE + 1))
        rng.shuffle(relabel)
        rows = [r for band in range(0, SIZE, 3) for r in rng.sample(range(band, band + 3), 3)]
        g = [relabel[grid[r * SIZE + c] - 1] for r in rows for c in range(SIZE)]
        out += [tuple(g), tuple(g[c * SIZE + r] for r in range(SIZE) for c in range(SIZE))]
    return out


@contextmanager
def _cnf_checker(
    puzzle: Puzzle, instances: tuple[Constraint, ...]
) -> Iterator[Callable[[Grid], bool]]:
    """The instances' own clauses (no rows, columns or regions) loaded once in a solver;
    the check it yields solves them with a grid fixed (every cell's literals as
    assumptions)."""
    b = Builder(puzzle.with_givens((0,) * SIZE**2), DEFAULT_SUMS)
    for c in instances:
        b.add(c.clauses(b))
    with Solver(name="g4", bootstrap_with=b.clauses) as s:

        def holds(grid: Grid) -> bool:
            fixed = [
                b.x(c, d) if d == grid[c] else -b.x(c, d)
                for c in range(SIZE**2)
                for d in b.digits()
            ]
            return bool(s.solve(assumptions=fixed))

        yield holds


def _cnf_holds(puzzle: Puzzle, instances: tuple[Constraint, ...], grid: Grid) -> bool:
    """The instances' own clauses (no rows, columns or regions) with the grid fixed."""
    with _cnf_checker(puzzle, instances) as holds:
        return holds(grid)


def _cpsat_checker(instances: tuple[Constraint, ...]) -> Callable[[Grid], bool]:
    """The instances' own CP-SAT statements, stated once on cells 1..N; the check it
    returns fixes each cell's domain to the grid's digit and solves (a model built a grid,
    with the cells' domains fixed at their creation, cost 5 ms more a grid)."""
    from ortools.sat.python import cp_model

    m = cp_model.CpModel()
    x = [m.NewIntVar(1, SIZE, f"c{c}") for c in range(SIZE**2)]  # type: ignore[attr-defined]
    for c in instances:
        c.cpsat(m, x, SIZE)
    domains = [m.proto.variables[v.index].domain for v in x]

    def holds(grid: Grid) -> bool:
        for domain, d in zip(domains, grid, strict=True):
            domain.clear()
            domain.extend((d, d))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        return solver.Solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    return holds


def _cpsat_holds(instances: tuple[Constraint, ...], grid: Grid) -> bool:
    """The instances' own CP-SAT statements with the grid fixed."""
    return _cpsat_checker(instances)(grid)


CLASSES = sorted(
    (k for k in classes() if not (k.cells_beyond(SIZE) or k.needs_cells_of)),
    key=lambda k: k.__name__,
)
"""The classes stated on the grid's cells alone; a chaos construction and its clues,
whose regions are cells beyond the grid, have the same checks in tests/test_chaos.py
(every 4x4 grid and tiling against the clauses and CP-SAT)."""


@pytest.mark.parametrize("cls", CLASSES, ids=[k.__name__ for k in CLASSES])
def test_made_instances_hold_encode_state_and_round_trip(cls: type[Constraint]) -> None:
    puzzle, instances = _made(cls)
    solution = puzzle.grid
    assert instances, cls
    assert all(c.holds(solution, SIZE) for c in instances)
    # the whole puzzle with the solution given: SAT on the clauses, and CP-SAT's solution
    formula = encode_variant(puzzle)
    with Solver(name="g4", bootstrap_with=formula.clauses) as s:
        assert s.solve()
    assert cpsat.is_solution(puzzle, solution)
    # the direct check, the clauses and CP-SAT agree on other grids, one at least refused
    verdicts = []
    cpsat_holds = _cpsat_checker(instances)
    with _cnf_checker(puzzle, instances) as cnf_holds:
        for grid in _others(solution):
            held = all(c.holds(grid, SIZE) for c in instances)
            assert cnf_holds(grid) == held, (cls, grid)
            assert cpsat_holds(grid) == held, (cls, grid)
            verdicts.append(held)
    if not cls.drawn_first:  # a global rule may hold on every valid grid tried
        assert not all(verdicts), cls
    # f-puzzles: written and read back to the same constraints
    (again,) = parse_variants(dumps(puzzle), "again")
    assert Counter(again.constraints) == Counter(puzzle.constraints)
    assert again.grid == puzzle.grid
    # drawn, and stated for sigh (or refused with a reason)
    canvas = Canvas(SIZE)
    assert all(isinstance(e, str) for c in instances for e in c.draw(canvas))
    ET.fromstring(draw(puzzle))
    for c in instances:
        try:
            text = c.sigh(lambda k: cell_name(SIZE, k))
        except NotImplementedError as why:
            assert str(why), cls  # a reason
        else:
            assert text.startswith("."), (cls, text)
