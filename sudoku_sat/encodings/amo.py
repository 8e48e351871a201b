"""At-most-one constraints over a list of literals: pairwise, sequential counter, product.

- ``pairwise``: one binary clause per pair, C(k, 2) clauses, no new variable (the
  statement's choice).
- ``sequential`` (Sinz 2005): auxiliaries s_1..s_{k-1}, s_i meaning "one of x_1..x_i is
  true"; clauses x_1 → s_1, and for 1 < i < k: x_i → s_i, s_{i-1} → s_i, x_i → ¬s_{i-1},
  and finally x_k → ¬s_{k-1}: 3k - 4 clauses, k - 1 variables.
- ``product`` (Chen 2010): the k literals on a p x q grid (p = ⌈√k⌉, q = ⌈k/p⌉) with a
  row variable u_r and a column variable v_c each; x at (r, c) implies u_r and v_c, and
  the u's and the v's are at-most-one recursively: about 2k + 4√k clauses, p + q
  variables.

Groups of at most ``SMALL`` = 3 literals stay pairwise whatever the method (pairwise is
then no larger, and adds no variable). Auxiliary variables come from an
:class:`Allocator`, which hands out numbers after the grid's N³ in the order asked, so
a formula's numbering is deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from ..grid import Clause

AMO_METHODS = ("pairwise", "sequential", "product")
SMALL = 3


class Allocator:
    """Fresh variable numbers, counting up from ``first``."""

    def __init__(self, first: int):
        self.first = first
        self.next = first

    def new(self, count: int = 1) -> list[int]:
        """``count`` fresh variables, in increasing order."""
        out = list(range(self.next, self.next + count))
        self.next += count
        return out

    @property
    def top(self) -> int:
        """The highest variable handed out (``first - 1`` when none)."""
        return self.next - 1


def pairwise(lits: Sequence[int]) -> list[Clause]:
    """¬a ∨ ¬b for every pair, in ``combinations`` order."""
    return [[-a, -b] for a, b in combinations(lits, 2)]


def sequential(lits: Sequence[int], alloc: Allocator) -> list[Clause]:
    """Sinz's sequential counter: 3k - 4 clauses, k - 1 auxiliaries."""
    k = len(lits)
    if k <= SMALL:
        return pairwise(lits)
    s = alloc.new(k - 1)
    out: list[Clause] = [[-lits[0], s[0]]]
    for i in range(1, k - 1):
        out += [[-lits[i], s[i]], [-s[i - 1], s[i]], [-lits[i], -s[i - 1]]]
    out.append([-lits[k - 1], -s[k - 2]])
    return out


def product(lits: Sequence[int], alloc: Allocator) -> list[Clause]:
    """Chen's product encoding, recursive on the row and column variables."""
    k = len(lits)
    if k <= SMALL:
        return pairwise(lits)
    p = math.isqrt(k - 1) + 1  # ⌈√k⌉
    q = -(-k // p)
    u, v = alloc.new(p), alloc.new(q)
    out: list[Clause] = []
    for index, x in enumerate(lits):
        r, c = divmod(index, q)
        out += [[-x, u[r]], [-x, v[c]]]
    return out + product(u, alloc) + product(v, alloc)


def at_most_one(lits: Sequence[int], method: str, alloc: Allocator) -> list[Clause]:
    """At most one of lits is true, by method (one of ``AMO_METHODS``)."""
    if method == "pairwise":
        return pairwise(lits)
    if method == "sequential":
        return sequential(lits, alloc)
    if method == "product":
        return product(lits, alloc)
    raise KeyError(f"unknown at-most-one method {method!r}; known: {', '.join(AMO_METHODS)}")


def amo_size(k: int, method: str) -> tuple[int, int]:
    """(clauses, auxiliary variables) of an at-most-one over k literals."""
    alloc = Allocator(k + 1)
    clauses = at_most_one(list(range(1, k + 1)), method, alloc)
    return len(clauses), alloc.top - k
