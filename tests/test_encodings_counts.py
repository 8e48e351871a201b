"""Closed-form counts against the built formulas."""

from __future__ import annotations

import pytest

from sudoku_sat.encodings import AMO_METHODS, rules
from sudoku_sat.encodings.counts import clause_count, variable_count
from sudoku_sat.encodings.variants import VARIANTS


@pytest.mark.parametrize("amo", AMO_METHODS)
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("n", (2, 3, 4))
def test_closed_form_counts_match_the_built_formula(n: int, variant: str, amo: str) -> None:
    formula = rules(n, variant, amo)
    assert len(formula) == clause_count(n, variant, amo)
    assert formula.nvars == variable_count(n, variant, amo)
    used = {abs(lit) for clause in formula.clauses for lit in clause}
    assert max(used) == formula.nvars  # every auxiliary allocated is used


def test_nine_by_nine_table() -> None:
    assert [clause_count(3, v, "pairwise") for v in VARIANTS] == [8829, 11745, 11988, 15228]
    assert [variable_count(3, v, "pairwise") for v in VARIANTS] == [729, 729, 729, 1215]
    assert clause_count(3, "extended", "sequential") == 4 * 81 + 4 * 81 * 23
    assert variable_count(3, "extended", "sequential") == 729 + 4 * 81 * 8


def test_variable_counts_never_collide_across_orders() -> None:
    owner: dict[int, int] = {}
    for n in range(2, 9):
        for variant in VARIANTS:
            for amo in AMO_METHODS:
                count = variable_count(n, variant, amo)
                assert owner.setdefault(count, n) == n
