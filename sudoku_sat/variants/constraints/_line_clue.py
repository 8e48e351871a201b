"""What the outside clues of sigh's solver this folder adds share (not a family: no
``FAMILY``): sigh writes a clue read from both ends of a row or column as
``.Name~R3~FROM_LEFT~FROM_RIGHT`` (``C5`` and from the top, from the bottom for a
column), either value empty; :func:`read_sigh_line` reads it back into the clues of
``outside.LineClue``, one a value given, each at its place beside the grid (``R3`` from
the left is R3C0, from the right R3C(N+1))."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..outside import LineClue, line_from

if TYPE_CHECKING:
    from ...model.constraint import Constraint
    from ...model.reading import Reader

LINE_NAME = re.compile(r"^\s*([RC])([0-9]{1,4})\s*$", re.IGNORECASE | re.ASCII)


def read_sigh_line(cls: type[LineClue], args: list[str], reader: Reader) -> list[Constraint]:
    """The clues of one of sigh's two-sided line strings (its arguments: the row or
    column, then the value from its start and the value from its end)."""
    if not 1 <= len(args) <= 3:
        raise reader.error(f"expected a row or column and two values, not {len(args)} arguments")
    match = LINE_NAME.match(args[0])
    n = reader.size
    rows, cols = reader.shape if reader.shape[0] else (n, n)
    row = match is not None and match.group(1).upper() == "R"
    if match is None or not 1 <= int(match.group(2)) <= (rows if row else cols):
        raise reader.error(
            f"{args[0]!r} is not a row or column of the {rows}x{cols} grid like R3 or C5"
        )
    k = int(match.group(2))
    places = [(k, 0), (k, cols + 1)] if row else [(0, k), (rows + 1, k)]
    out: list[Constraint] = []
    for (r, c), text in zip(places, [*args[1:], "", ""][:2], strict=True):
        value = reader.number(text)
        if value is not None:
            out.append(cls((r, c), line_from(r, c, n, reader.shape), value))
    return out
