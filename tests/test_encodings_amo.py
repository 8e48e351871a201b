"""At-most-one encodings: exact semantics on the original literals, sizes, propagation."""

from __future__ import annotations

from itertools import product as assignments
from math import comb

import pytest
from pysat.solvers import Solver

from sudoku_sat.encodings.amo import AMO_METHODS, SMALL, Allocator, amo_size, at_most_one, pairwise


def _formula(k: int, method: str) -> tuple[list[int], list[list[int]], int]:
    lits = list(range(1, k + 1))
    alloc = Allocator(k + 1)
    return lits, at_most_one(lits, method, alloc), alloc.top


@pytest.mark.parametrize("method", AMO_METHODS)
@pytest.mark.parametrize("k", range(1, 9))
def test_models_projected_are_the_assignments_with_at_most_one_true(method: str, k: int) -> None:
    lits, clauses, _ = _formula(k, method)
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        for values in assignments((False, True), repeat=k):
            assumption = [x if on else -x for x, on in zip(lits, values, strict=True)]
            assert solver.solve(assumptions=assumption) == (sum(values) <= 1), values


@pytest.mark.parametrize("method", ("sequential", "product"))
@pytest.mark.parametrize("k", (4, 9, 16, 25))
def test_one_true_literal_propagates_all_others_false(method: str, k: int) -> None:
    lits, clauses, _ = _formula(k, method)
    with Solver(name="m22", bootstrap_with=clauses) as solver:
        for x in lits:
            ok, implied = solver.propagate(assumptions=[x])
            assert ok
            assert {-y for y in lits if y != x} <= set(implied or ())


@pytest.mark.parametrize("k", range(2, 40))
def test_sizes(k: int) -> None:
    assert amo_size(k, "pairwise") == (comb(k, 2), 0)
    if k <= SMALL:
        assert amo_size(k, "sequential") == amo_size(k, "product") == (comb(k, 2), 0)
        return
    assert amo_size(k, "sequential") == (3 * k - 4, k - 1)
    clauses, aux = amo_size(k, "product")
    assert clauses < comb(k, 2) or k < 8
    assert aux <= 2 * (int(k**0.5) + 2) + 8  # the row/column variables and their own


def test_auxiliaries_come_after_first_in_order() -> None:
    alloc = Allocator(100)
    clauses = at_most_one([1, 2, 3, 4, 5], "sequential", alloc)
    used = sorted({abs(lit) for c in clauses for lit in c} - {1, 2, 3, 4, 5})
    assert used == [100, 101, 102, 103]
    assert alloc.top == 103 and alloc.new(2) == [104, 105]


def test_pairwise_order_is_the_statements() -> None:
    assert pairwise([1, 2, 3]) == [[-1, -2], [-1, -3], [-2, -3]]


def test_unknown_method() -> None:
    with pytest.raises(KeyError, match="known: pairwise"):
        at_most_one([1, 2], "binary", Allocator(3))
