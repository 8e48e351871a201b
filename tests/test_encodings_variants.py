"""The four rule variants: exact 9x9 counts, the Centrale formula unchanged, exactly the
288 grids of order 2, and locked candidates by UP on the augmented encoding."""

from __future__ import annotations

from functools import cache

import pytest
from pysat.solvers import Solver

from sudoku_sat.encoding import encode as centrale
from sudoku_sat.encoding import f1, f2, num_vars, var
from sudoku_sat.encoding import rules as centrale_rules
from sudoku_sat.encodings import AMO_METHODS, decode_model, rules
from sudoku_sat.encodings.variants import VARIANTS
from sudoku_sat.grid import Grid, geometry


def test_nine_by_nine_clause_counts() -> None:
    counts = {v: len(rules(3, v, "pairwise")) for v in VARIANTS}
    assert counts == {"minimal": 8829, "natural": 11745, "extended": 11988, "augmented": 15228}


def test_extended_pairwise_is_the_centrale_formula_unchanged() -> None:
    for n in (2, 3):
        assert rules(n, "extended").clauses == centrale_rules(n)
        assert rules(n, "extended").counts() == centrale(None, n).counts()


def test_grid_variables_keep_the_statements_numbering() -> None:
    formula = rules(3, "augmented", "sequential")
    k1 = dict(formula.parts)["K1"]
    assert k1[9 * 4 + 7] == [var(3, 4, 7, k) for k in range(1, 10)]
    assert formula.nvars > num_vars(3)


@cache
def all_order_two_grids() -> frozenset[Grid]:
    """The 288 grids of order 2, by backtracking cell by cell over the peers (no SAT)."""
    geo = geometry(2)
    grids: set[Grid] = set()
    cells = [0] * geo.ncells

    def fill(c: int) -> None:
        if c == geo.ncells:
            grids.add(tuple(cells))
            return
        for v in range(1, geo.size + 1):
            if all(cells[p] != v for p in geo.peers[c]):
                cells[c] = v
                fill(c + 1)
        cells[c] = 0

    fill(0)
    return frozenset(grids)


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_models_on_order_two_are_exactly_the_288_grids(variant: str, amo: str) -> None:
    formula = rules(2, variant, amo)
    found: set[Grid] = set()
    with Solver(name="m22", bootstrap_with=formula.clauses) as solver:
        while solver.solve():
            model = solver.get_model() or []
            grid, clashes = decode_model(model, 2)
            assert not clashes and grid not in found
            found.add(grid)
            solver.add_clause([-lit for lit in model[: num_vars(2)] if lit > 0])
    assert len(all_order_two_grids()) == 288
    assert found == all_order_two_grids()


def _up(formula_clauses: list[list[int]], grid: Grid) -> set[int]:
    units = [c[0] for c in f1(grid, 3) + f2(grid, 3)]
    with Solver(name="m22", bootstrap_with=formula_clauses) as solver:
        ok, implied = solver.propagate(assumptions=units)
    assert ok
    return set(implied or ())


def _grid(cells: dict[tuple[int, int], int]) -> Grid:
    return tuple(cells.get((i, j), 0) for i in range(9) for j in range(9))


# Pointing: block 0's rows 1 and 2 are full of other values, so its 1 lies in row 0,
# and row 0's cells outside block 0 cannot hold 1.
POINTING = _grid({(1, 0): 2, (1, 1): 3, (1, 2): 4, (2, 0): 5, (2, 1): 6, (2, 2): 7})
POINTED = {-var(3, 0, j, 1) for j in range(3, 9)}
# Claiming: row 0's cells outside block 0 are full, so row 0's 1 lies in block 0, and
# block 0's rows 1 and 2 cannot hold 1.
CLAIMING = _grid({(0, j): j - 1 for j in range(3, 9)})
CLAIMED = {-var(3, i, j, 1) for i in (1, 2) for j in range(3)}


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize(("grid", "derived"), [(POINTING, POINTED), (CLAIMING, CLAIMED)])
def test_augmented_up_performs_locked_candidates(grid: Grid, derived: set[int], amo: str) -> None:
    assert derived <= _up(rules(3, "augmented", amo).clauses, grid)
    for variant in ("minimal", "natural", "extended"):
        assert not derived & _up(rules(3, variant, amo).clauses, grid)


def test_unknown_variant() -> None:
    from sudoku_sat.encodings.amo import Allocator
    from sudoku_sat.encodings.variants import rule_parts

    with pytest.raises(KeyError, match="known: minimal"):
        rule_parts(3, "maximal", "pairwise", Allocator(730))
