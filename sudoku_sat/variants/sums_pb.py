"""Sum constraints through ``pindakaas`` (PyPI, the 'variants' extra): the cells' digits
as integer variables on their own direct literals x(c, d) (exactly one per cell is the
cells part's), a linear equality, and one of pindakaas' encoders for it:

- ``pb-dd``: a decision diagram (``Encoder.DECISION_DIAGRAM``);
- ``pb-totalizer``: its totalizer over integer terms (``Encoder.TOTALIZER``);
- ``pb-sorting``: sorting networks (``Encoder.SORTING_NETWORK``).

pindakaas numbers its variables from 1, so the first ``b.top`` it allocates are ours
(grid literals and the auxiliaries made so far); the ones it adds follow.
"""

from __future__ import annotations

from typing import Any

from ..errors import missing_extra
from ..grid import Clause
from .builder import Builder

ENCODERS = {
    "pb-dd": "DECISION_DIAGRAM",
    "pb-totalizer": "TOTALIZER",
    "pb-sorting": "SORTING_NETWORK",
}


def _pindakaas() -> Any:
    try:
        import pindakaas
    except ImportError:
        raise missing_extra("the pindakaas sum encodings", "variants") from None
    return pindakaas


def linear(
    b: Builder,
    plus: tuple[int, ...],
    minus: tuple[int, ...],
    total: int,
    weights: tuple[int, ...] = (),
    encoder: str | None = None,
) -> list[Clause]:
    """Clauses of sum(digits of plus) - sum(digits of minus, each times its weight, 1 by
    default) == total, in encoder (one of ENCODERS; b.sums by default)."""
    pk = _pindakaas()
    cnf = pk.CNF()
    lits = list(cnf.new_var_range(b.top))
    digits = range(1, b.n + 1)

    def var(c: int) -> Any:
        return cnf.int_var_from_direct_literals(digits, [lits[b.x(c, d) - 1] for d in digits])

    weights = weights or (1,) * len(minus)
    terms = [var(c) for c in plus] + [var(c) * -w for c, w in zip(minus, weights, strict=True)]
    expression = terms[0]
    for t in terms[1:]:
        expression = expression + t
    try:
        cnf.add_encoding(expression == total, getattr(pk.Encoder, ENCODERS[encoder or b.sums]))
    except pk.Unsatisfiable:
        v = b.fresh()
        return [[v], [-v]]
    out = [[int(lit) for lit in clause] for clause in cnf.clauses()]
    b.top = max([b.top, *(abs(lit) for clause in out for lit in clause)])
    return out
