"""A puzzle drawn as setters draw it in f-puzzles, as SVG text: the grid, its regions
in thick lines, then every constraint as its own module draws it (``Constraint.draw`` on
the :class:`Canvas`, in the order of their ``layer``), then the digits.

What the rule modules draw, and how (the look of f-puzzles and SudokuPad):

- killer cages: ONE dashed outline per cage, inset from the cell borders and following
  the cage's outer boundary (``drawing.outline``: a single ``<path>``, with a second loop
  only around a hole), the sum small in the top-left corner of the cage's first cell, on
  a white patch that breaks the dashes, above and left of where a given is written;
- thermometers: a grey bulb and a thick grey line through the cells' centres;
- arrows: an empty circle (a rounded "pill" over a circle of several cells), then a line
  from the circle's edge through the cells and an arrowhead at the tip (polylines);
- kropki dots (white, black) and X / V letters on the border between two cells;
- odd cells as grey circles, even cells as grey squares; windoku (extra regions) shaded;
- the diagonals of an X sudoku from corner to corner; regions (boxes or jigsaw pieces)
  in thick lines; given pencil marks small in the cell's corner;
- the registry's constraints (``constraints/``) draw themselves on the :class:`Canvas`,
  whose margin widens to a whole cell when a clue is written outside the grid.

:func:`draw` takes the digits filled in (``values``) and a colour per cell (``fills``) as
well, so that a solution or an explanation is drawn on the puzzle with the same look.
Plain SVG 1.1, no script, no dependency; the classic pieces come from ``gridsvg``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..grid import Grid
from ..gridsvg import cell_lines, document, draw_grid, value_text
from .drawing import CELL, MARGIN, Canvas, extra_cell, tag
from .geometry import Regions


class Drawn(Protocol):
    """What the drawing reads of a puzzle."""

    @property
    def size(self) -> int: ...

    @property
    def grid(self) -> Grid: ...

    @property
    def regions(self) -> Regions: ...

    @property
    def constraints(self) -> tuple[Any, ...]: ...

    @property
    def extra(self) -> tuple[Any, ...]: ...

    @property
    def alphabet(self) -> str | None: ...

    @property
    def outside(self) -> frozenset[int]: ...


def _borders(c: Canvas, groups: Sequence[Sequence[int]]) -> list[str]:
    """Thick lines on the cell edges that separate a region from what is outside it."""
    out = []
    n = c.size
    for cells in groups:
        inside = set(cells)
        for cell in cells:
            r, col = divmod(cell, n)
            x, y = c.corner(cell)
            sides = (
                (r == 0 or cell - n not in inside, (x, y, x + CELL, y)),
                (r == n - 1 or cell + n not in inside, (x, y + CELL, x + CELL, y + CELL)),
                (col == 0 or cell - 1 not in inside, (x, y, x, y + CELL)),
                (col == n - 1 or cell + 1 not in inside, (x + CELL, y, x + CELL, y + CELL)),
            )
            for edge, (x1, y1, x2, y2) in sides:
                if edge:
                    out.append(
                        tag(
                            "line",
                            x1=x1,
                            y1=y1,
                            x2=x2,
                            y2=y2,
                            stroke="black",
                            stroke_width=2.5,
                            stroke_linecap="square",
                        )
                    )
    return out


def draw(p: Drawn, values: Grid | None = None, fills: Sequence[str | None] | None = None) -> str:
    """The puzzle as an SVG document: its regions and every clue as setters draw them,
    its givens in black; values (a grid, 0 for a blank) are drawn in blue-grey where the
    puzzle has no given, and fills colours cells (None: white), for a solution or an
    explanation shown on the puzzle."""
    n = p.size
    root = int(n**0.5)
    plain = not p.constraints and not p.extra and p.alphabet is None
    if plain and root * root == n and not fills and values is None:
        return draw_grid(p.grid, root)  # a classic grid: the look of every order
    c = Canvas(n, CELL if any(k.outside for k in p.constraints) else MARGIN)
    layers: list[list[str]] = [[], [], []]
    for constraint in p.constraints:
        layers[constraint.layer] += constraint.draw(c)
    body = layers[0]
    for k, fill in enumerate(fills or ()):
        if fill:
            x, y = c.corner(k)
            body.append(tag("rect", x=x, y=y, width=CELL, height=CELL, fill=fill))
    for k in sorted(p.outside):  # a shape's frame cells: no cells of the grid
        x, y = c.corner(k)
        body.append(tag("rect", x=x, y=y, width=CELL, height=CELL, fill="#999"))
    body += cell_lines(n, c.margin, c.margin) + _borders(c, p.regions)
    names = [name for g in p.extra for name in g.names()]
    for k, name in enumerate(names):
        body += extra_cell(c, n * n + k, name)
    body += layers[1] + layers[2]
    shown = values or p.grid
    for k, v in enumerate(shown):
        if v and k not in p.outside:
            x, y = c.centre(k)
            given = k < n * n and bool(p.grid[k])
            body.append(value_text(v, n, x, y, given=given, alphabet=p.alphabet))
    named = (k.rule_of() for k in p.constraints)  # an option its family's, a hint none
    rules = ", ".join(dict.fromkeys(r for r in named if r)) or "classic"
    return document(c.side, c.height(len(names)), body, f"{n}x{n} sudoku ({rules})")
