"""Puzzles written as sigh's constraint strings (what sigh's Interactive-Sudoku-Solver
reads, and ``sigh.py`` reads back): ``.Shape~NxN`` past 9x9 or below it, ``~0-8`` after
it when the digits start at 0, ``.NoBoxes.Jigsaw~...`` when the puzzle's regions are not
the boxes sigh gives that size
(a jigsaw; ``sigh_boxes``: a 14x14 grid, which f-puzzles leaves without boxes), each
constraint's own string (``Constraint.sigh``, cells named as sigh names them, ``RaC1``
past 9x9; each string once: sigh states a rule once), then the givens in one
``.~R1C1_5~...``; an empty 9x9 grid with no rule is ``.Shape~9x9`` (the empty string is
no puzzle in a file).

A constraint sigh's strings cannot state as the puzzle means it (a kropki dot of another
value than sigh's 1 and 2, a slow thermometer) says so by ``NotImplementedError``: the
writer then raises :class:`NotForSigh` naming it, rather than write another puzzle.
"""

from __future__ import annotations

from urllib.parse import quote

from ..errors import UsageError
from ..model.extra import ExtraCells
from ..model.puzzle import Puzzle
from .constraints.jigsaw import Jigsaw
from .sigh_cells import SIGH_MAX, cell_id, sigh_boxes


class NotForSigh(UsageError):
    """A puzzle sigh's strings cannot state as it means it (exit code 2)."""


def _var(g: ExtraCells) -> str:
    """sigh's item of a group of extra cells, its default arguments left out."""
    args = [g.var_name, quote(g.label, safe=""), g.size_text]
    while args[-1] in ("", "1") and len(args) > 1:
        args.pop()
    return ".Var~" + "~".join(args)


def _shape(p: Puzzle) -> str:
    """sigh's ``.Shape``: rows x columns, then the digits when they are not 1 to the
    longer side (``~0-8``, ``~9``)."""
    n = p.size
    rows, cols = (p.rows, p.cols) if p.shaped else (n, n)
    digits = f"~0-{n - 1}" if p.low == 0 else "" if n == max(rows, cols) else f"~{n}"
    return f".Shape~{rows}x{cols}" + (f"{digits or '~'}~Raw" if p.raw else digits)


def to_sigh(p: Puzzle) -> str:
    """The puzzle as one sigh string; NotForSigh for a size past sigh's 16x16 or a
    constraint sigh's strings cannot state (the message names it and why)."""
    n = p.size
    if n > SIGH_MAX:
        raise NotForSigh(f"{p.origin}: a {n}x{n} grid: sigh holds grids up to 16x16")

    def name(c: int) -> str:
        return cell_id(n, c) if c < n * n else p.cell_name(c)

    parts = [] if (shape := _shape(p)) == ".Shape~9x9" else [shape]
    parts += [_var(g) for g in p.extra if not g.owner]  # a rule's own: with the rule
    if not p.raw and not p.own_regions and sorted(p.regions) != sorted(sigh_boxes(n)):
        parts.append(Jigsaw(p.regions).sigh(name))
    for c in p.constraints:
        try:
            parts.append(c.sigh(name))  # "" for what sigh says by saying nothing
        except NotImplementedError as why:
            reason = f"{c.label(n)}: {why}" if str(why) else c.label(n)
            raise NotForSigh(f"{p.origin}: sigh cannot state the {reason}") from None
    given = "".join(f"~{name(c)}_{p.value(d)}" for c, d in enumerate(p.grid) if d)
    if given:
        parts.append("." + given)  # sigh intersects the candidates given for one cell
    return "".join(dict.fromkeys(parts)) or ".Shape~9x9"  # an empty grid, said
