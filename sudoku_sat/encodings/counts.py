"""Clause and variable counts of every encoding in closed form, without building it.

With N = n², a(k) and x(k) the clauses and auxiliary variables of one at-most-one over
k literals (:func:`.amo.amo_size`: C(k,2) and 0 pairwise; 3k-4 and k-1 sequential):

| variant   | clauses                                   | variables             |
|-----------|-------------------------------------------|-----------------------|
| minimal   | N² + 3N²·a(N)                             | N³ + 3N²·x(N)         |
| natural   | N² + 4N²·a(N)                             | N³ + 4N²·x(N)         |
| extended  | 4N² + 4N²·a(N)                            | N³ + 4N²·x(N)         |
| augmented | extended + 2nN²(n+1) + 4N²(1 + a(n))      | extended + 2nN² + 4N²·x(n) |

The tests check these against the built formulas; ``infer_order`` and the large-order
tables use them where building would cost seconds.
"""

from __future__ import annotations

from .amo import amo_size


def clause_count(n: int, variant: str, amo: str) -> int:
    """Clauses of a variant's rule formula (no clue parts)."""
    size = n * n
    cells = size * size
    a = amo_size(size, amo)[0]
    table = {
        "minimal": cells + 3 * cells * a,
        "natural": cells + 4 * cells * a,
        "extended": 4 * cells + 4 * cells * a,
    }
    if variant == "augmented":
        return table["extended"] + 2 * n * cells * (n + 1) + 4 * cells * (1 + amo_size(n, amo)[0])
    return table[variant]


def variable_count(n: int, variant: str, amo: str) -> int:
    """Variables of a variant: N³ grid variables plus auxiliaries."""
    size = n * n
    cells = size * size
    x = amo_size(size, amo)[1]
    groups = {"minimal": 3, "natural": 4, "extended": 4, "augmented": 4}[variant]
    total = cells * size + groups * cells * x
    if variant == "augmented":
        total += 2 * n * cells + 4 * cells * amo_size(n, amo)[1]
    return total
