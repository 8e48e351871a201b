"""How many of some literals hold, for the rules of this folder that count (not a family:
no ``FAMILY``): equality cages (even digits, low digits), counting circles, the contain
and look-and-say rules, count-distinct circles.

:func:`at_least` is a sequential counter in the order encoding: at(i, t) "at least t of
the first i+1 literals hold", at(i, t) <-> at(i-1, t) or (at(i-1, t-1) and l(i)), each
auxiliary a function of the literals (so of the grid), levels past ``most`` + 1 left out
(4 clauses a literal and level). Unit propagation on it carries a count both ways:
enough literals false leave at(t) false, at(t) with too few left forces the rest. Also
:func:`presence`: "digit d is somewhere in the cells", one literal a digit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...grid import Clause

if TYPE_CHECKING:
    from ...model.builder import Builder


def at_least(
    b: Builder, lits: Sequence[int], most: int | None = None
) -> tuple[dict[int, int], list[Clause]]:
    """t -> the literal "at least t of lits hold" (t = 0..min(len, most + 1); t = 0 is a
    literal that holds), and its clauses."""
    top = len(lits) if most is None else min(len(lits), most + 1)
    true = b.fresh()
    out: list[Clause] = [[true]]
    prev: dict[int, int] = {0: true}
    for i, lit in enumerate(lits):
        layer = {0: true}
        for t in range(1, min(i + 1, top) + 1):
            now = layer[t] = b.fresh()
            old, below = prev.get(t), prev[t - 1]
            if old is not None:
                out.append([-old, now])
            out.append([-below, -lit, now])
            out.append([-now, below] + ([old] if old is not None else []))
            out.append([-now, lit] + ([old] if old is not None else []))
        prev = layer
    return prev, out


def count_is(b: Builder, lits: Sequence[int], counts: Sequence[int]) -> list[Clause]:
    """Clauses: the number of lits that hold is one of counts."""
    wanted = sorted({k for k in counts if 0 <= k <= len(lits)})
    if not wanted:
        v = b.fresh()
        return [[v], [-v]]
    levels, out = at_least(b, lits, wanted[-1])
    exact = []
    for k in wanted:
        if k + 1 in levels:
            e = b.fresh()
            out += [[-e, levels[k]], [-e, -levels[k + 1]], [e, -levels[k], levels[k + 1]]]
            exact.append(e)
        else:
            exact.append(levels[k])
    if wanted[-1] + 1 in levels:
        out.append([-levels[wanted[-1] + 1]])
    out.append(exact)
    return out


def control_counts(b: Builder, control: int, lits: Sequence[int], shift: int) -> list[Clause]:
    """Clauses: the control cell's digit v <-> exactly v - shift of lits hold (a sequential
    counter over them, ``at_least``; a digit no count reaches ruled out)."""
    levels, out = at_least(b, lits)
    for v in b.digits():
        t = v - shift
        if t not in levels:
            out.append([-b.x(control, v)])
            continue
        above = levels.get(t + 1)
        out.append([-b.x(control, v), levels[t]])
        if above is not None:
            out += [[-b.x(control, v), -above], [-levels[t], above, b.x(control, v)]]
        else:
            out.append([-levels[t], b.x(control, v)])
    return out


def presence(b: Builder, cells: Sequence[int], d: int) -> tuple[int, list[Clause]]:
    """The literal "some cell holds d" (x(c, d) itself for one cell), and its clauses."""
    if len(cells) == 1:
        return b.x(cells[0], d), []
    p = b.fresh()
    return p, [[-p, *(b.x(c, d) for c in cells)], *([-b.x(c, d), p] for c in cells)]
