"""A variant puzzle drawn as setters draw it in f-puzzles, as SVG text.

What is drawn, and how (the look of f-puzzles and SudokuPad):

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

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..grid import Grid
from ..gridsvg import cell_lines, document, symbol, value_text
from .drawing import CELL, MARGIN, Canvas, outline, tag

if TYPE_CHECKING:
    from .model import Arrow, Variant

GREY = "#c4c4c4"
"""Thermometers, odd and even cells (f-puzzles' light grey)."""
ARROW = "#7a7a7a"
SHADE = "#e0e0e0"
DIAGONAL = "#4f81bd"
CAGE_INSET = 4
CAGE_FONT = 10


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


def _cages(c: Canvas, p: Variant) -> list[str]:
    out = []
    for cage in p.cages:
        out.append(
            tag(
                "path",
                d=outline(c, cage.cells, CAGE_INSET),
                fill="none",
                stroke="black",
                stroke_width=1,
                stroke_dasharray="4,3",
            )
        )
        if cage.total is not None:
            x, y = c.corner(min(cage.cells))
            label = str(cage.total)
            width = 0.62 * CAGE_FONT * len(label) + 2
            out.append(
                tag("rect", x=x + 1.5, y=y + 1.5, width=width, height=CAGE_FONT + 1, fill="white")
            )
            out.append(
                tag("text", label, x=x + 2.5, y=y + 1.5 + CAGE_FONT * 0.92, font_size=CAGE_FONT)
            )
    return out


def _thermometers(c: Canvas, p: Variant) -> list[str]:
    out = []
    for t in p.thermometers:
        x, y = c.centre(t[0])
        out.append(tag("circle", cx=x, cy=y, r=CELL * 0.38, fill=GREY))
        out.append(c.polyline(t, GREY, CELL * 0.26))
    return out


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _arrow(c: Canvas, a: Arrow) -> list[str]:
    out = []
    centres = [c.centre(k) for k in a.circle]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    r = CELL * 0.4
    out.append(
        tag(
            "rect",
            x=min(xs) - r,
            y=min(ys) - r,
            width=max(xs) - min(xs) + 2 * r,
            height=max(ys) - min(ys) + 2 * r,
            rx=r,
            fill="none",
            stroke=ARROW,
            stroke_width=2,
        )
    )
    head = c.centre(a.line[0])
    sx, sy = min(centres, key=lambda q: math.hypot(q[0] - head[0], q[1] - head[1]))
    ux, uy = _unit(head[0] - sx, head[1] - sy)
    points = [(sx + r * ux, sy + r * uy)] + [c.centre(k) for k in a.line]
    (px, py), (tx, ty) = points[-2], points[-1]
    ux, uy = _unit(tx - px, ty - py)
    wings = []
    for angle in (0.7, -0.7):
        cos, sin = math.cos(angle), math.sin(angle)
        wx, wy = ux * cos - uy * sin, ux * sin + uy * cos
        wings.append((tx - CELL * 0.3 * wx, ty - CELL * 0.3 * wy))
    for line in (points, [wings[0], (tx, ty), wings[1]]):
        out.append(
            tag(
                "polyline",
                points=" ".join(f"{x:.1f},{y:.1f}" for x, y in line),
                fill="none",
                stroke=ARROW,
                stroke_width=2,
                stroke_linecap="round",
                stroke_linejoin="round",
            )
        )
    return out


def _marks(c: Canvas, p: Variant) -> list[str]:
    out = []
    for dot in p.dots:
        (x1, y1), (x2, y2) = (c.centre(k) for k in dot.cells)
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        if dot.kind == "sum":
            letter = "X" if dot.value == 10 else "V"
            out.append(
                tag(
                    "text",
                    letter,
                    x=x,
                    y=y + 5.5,
                    font_size=16,
                    font_weight="bold",
                    text_anchor="middle",
                    stroke="white",
                    stroke_width=3,
                    paint_order="stroke",
                )
            )
        else:
            fill = "black" if dot.kind == "ratio" else "white"
            out.append(
                tag("circle", cx=x, cy=y, r=CELL * 0.15, fill=fill, stroke="black", stroke_width=1)
            )
    return out


def _parity(c: Canvas, p: Variant) -> list[str]:
    out = []
    h = CELL * 0.38
    for k in p.odd:
        x, y = c.centre(k)
        out.append(tag("circle", cx=x, cy=y, r=h, fill=GREY))
    for k in p.even:
        x, y = c.centre(k)
        out.append(tag("rect", x=x - h, y=y - h, width=2 * h, height=2 * h, fill=GREY))
    return out


def _diagonals(c: Canvas, p: Variant) -> list[str]:
    n, m = p.size, c.margin
    ends = []
    if "diagonal-" in p.rules:
        ends.append((m, m, m + n * CELL, m + n * CELL))
    if "diagonal+" in p.rules:
        ends.append((m, m + n * CELL, m + n * CELL, m))
    return [
        tag("line", x1=a, y1=b, x2=x, y2=y, stroke=DIAGONAL, stroke_width=1.5)
        for a, b, x, y in ends
    ]


def _pencil(c: Canvas, p: Variant) -> list[str]:
    """Given pencil marks: the digits a cell may hold, small and grey in its centre."""
    out = []
    for k, digits in p.pencil:
        x, y = c.centre(k)
        marks = "".join(symbol(d, p.size) for d in digits)
        out.append(
            tag("text", marks, x=x, y=y + 4, font_size=11, fill="#666", text_anchor="middle")
        )
    return out


def draw(p: Variant, values: Grid | None = None, fills: Sequence[str | None] | None = None) -> str:
    """The puzzle as an SVG document: its regions and every clue as setters draw them,
    its givens in black; values (a grid, 0 for a blank) are drawn in blue-grey where the
    puzzle has no given, and fills colours cells (None: white), for a solution or an
    explanation shown on the puzzle."""
    n = p.size
    c = Canvas(n, CELL if any(k.outside for k in p.constraints) else MARGIN)
    body = [
        tag("rect", x=x, y=y, width=CELL, height=CELL, fill=SHADE)
        for region in p.extra_regions
        for x, y in (c.corner(k) for k in region)
    ]
    for k, fill in enumerate(fills or ()):
        if fill:
            x, y = c.corner(k)
            body.append(tag("rect", x=x, y=y, width=CELL, height=CELL, fill=fill))
    body += _parity(c, p) + cell_lines(n, c.margin, c.margin) + _borders(c, p.regions)
    body += _diagonals(c, p) + _thermometers(c, p)
    for a in p.arrows:
        body += _arrow(c, a)
    for constraint in p.constraints:
        body += constraint.draw(c)
    body += _cages(c, p) + _marks(c, p) + _pencil(c, p)
    shown = values or p.givens
    for k, v in enumerate(shown):
        if v:
            x, y = c.centre(k)
            body.append(value_text(v, n, x, y, given=bool(p.givens[k])))
    rules = ", ".join(sorted(p.rules)) or "variant"
    return document(c.side, c.side, body, f"{n}x{n} sudoku ({rules})")
