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
from ..model.builder import Builder

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
    b: Builder, terms: list[tuple[int, int]], total: int, encoder: str | None = None
) -> list[Clause]:
    """Clauses of sum(coefficient * digit of cell for (cell, coefficient) in terms) ==
    total, in encoder (one of ENCODERS; b.sums by default; a cell may appear once)."""
    pk = _pindakaas()
    terms = [(c, w) for c, w in terms if w]
    if not terms:
        return [] if total == 0 else _never(b)
    cnf = pk.CNF()
    lits = list(cnf.new_var_range(b.top))
    digits = range(1, b.n + 1)

    def var(c: int) -> Any:
        return cnf.int_var_from_direct_literals(digits, [lits[b.x(c, d) - 1] for d in digits])

    expression = None
    for c, w in terms:
        term = var(c) if w == 1 else var(c) * w
        expression = term if expression is None else expression + term
    try:
        cnf.add_encoding(expression == total, getattr(pk.Encoder, ENCODERS[encoder or b.sums]))
    except pk.Unsatisfiable:
        return _never(b)
    out = [[int(lit) for lit in clause] for clause in cnf.clauses()]
    b.top = max([b.top, *(abs(lit) for clause in out for lit in clause)])
    return out


def _never(b: Builder) -> list[Clause]:
    v = b.fresh()
    return [[v], [-v]]
