"""An SVG drawing of a variant puzzle: regions, extra regions, cages with their sums,
thermometers, arrows, kropki dots, XV letters, odd (circle) and even (square) cells,
diagonals and the givens. Plain SVG 1.1 text, no dependency."""

from __future__ import annotations

from .drawing import CELL, MARGIN, Canvas
from .drawing import tag as _tag
from .model import Variant
from .text import SYMBOLS


def _centre(size: int, cell: int) -> tuple[float, float]:
    r, c = divmod(cell, size)
    return MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL


def _borders(
    size: int, groups: tuple[tuple[int, ...], ...], stroke: str, width: float
) -> list[str]:
    """Lines on the cell edges that separate a group from what is outside it."""
    out = []
    for cells in groups:
        inside = set(cells)
        for cell in cells:
            r, c = divmod(cell, size)
            x, y = MARGIN + c * CELL, MARGIN + r * CELL
            sides = (
                (r == 0 or cell - size not in inside, (x, y, x + CELL, y)),
                (r == size - 1 or cell + size not in inside, (x, y + CELL, x + CELL, y + CELL)),
                (c == 0 or cell - 1 not in inside, (x, y, x, y + CELL)),
                (c == size - 1 or cell + 1 not in inside, (x + CELL, y, x + CELL, y + CELL)),
            )
            for edge, (x1, y1, x2, y2) in sides:
                if edge:
                    out.append(
                        _tag("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width)
                    )
    return out


def _cages(p: Variant) -> list[str]:
    out = []
    inset = 4
    for cage in p.cages:
        for cell in cage.cells:
            r, c = divmod(cell, p.size)
            x, y = MARGIN + c * CELL + inset, MARGIN + r * CELL + inset
            out.append(
                _tag(
                    "rect",
                    x=x,
                    y=y,
                    width=CELL - 2 * inset,
                    height=CELL - 2 * inset,
                    fill="none",
                    stroke="#555",
                    stroke_dasharray="3,2",
                )
            )
        if cage.total is not None:
            r, c = divmod(min(cage.cells), p.size)
            out.append(
                _tag(
                    "text",
                    cage.total,
                    x=MARGIN + c * CELL + 6,
                    y=MARGIN + r * CELL + 14,
                    font_size=10,
                )
            )
    return out


def _path(size: int, cells: tuple[int, ...], stroke: str, width: float) -> str:
    points = " ".join(f"{x},{y}" for x, y in (_centre(size, c) for c in cells))
    return _tag(
        "polyline",
        points=points,
        fill="none",
        stroke=stroke,
        stroke_width=width,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def _lines(p: Variant) -> list[str]:
    out = []
    for t in p.thermometers:
        x, y = _centre(p.size, t[0])
        out.append(f'<circle cx="{x}" cy="{y}" r="{CELL * 0.35}" fill="#ccc"/>')
        out.append(_path(p.size, t, "#ccc", CELL * 0.3))
    for a in p.arrows:
        for c in a.circle:
            x, y = _centre(p.size, c)
            out.append(
                _tag("circle", cx=x, cy=y, r=CELL * 0.4, fill="none", stroke="#888", stroke_width=2)
            )
        out.append(_path(p.size, (a.circle[-1], *a.line), "#888", 2))
        x, y = _centre(p.size, a.line[-1])
        out.append(f'<circle cx="{x}" cy="{y}" r="3" fill="#888"/>')
    n = p.size
    if "diagonal-" in p.rules:
        out.append(_path(n, (0, n * n - 1), "#aaf", 1.5))
    if "diagonal+" in p.rules:
        out.append(_path(n, ((n - 1) * n, n - 1), "#aaf", 1.5))
    return out


def _marks(p: Variant) -> list[str]:
    out = []
    for dot in p.dots:
        (x1, y1), (x2, y2) = (_centre(p.size, c) for c in dot.cells)
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        if dot.kind == "sum":
            letter = "X" if dot.value == 10 else "V"
            out.append(
                _tag(
                    "text",
                    letter,
                    x=x,
                    y=y + 5,
                    font_size=14,
                    text_anchor="middle",
                    font_weight="bold",
                )
            )
        else:
            fill = "black" if dot.kind == "ratio" else "white"
            out.append(f'<circle cx="{x}" cy="{y}" r="5" fill="{fill}" stroke="black"/>')
    for c in p.odd:
        x, y = _centre(p.size, c)
        out.append(f'<circle cx="{x}" cy="{y}" r="{CELL * 0.4}" fill="#ddd"/>')
    for c in p.even:
        x, y = _centre(p.size, c)
        h = CELL * 0.4
        out.append(f'<rect x="{x - h}" y="{y - h}" width="{2 * h}" height="{2 * h}" fill="#ddd"/>')
    return out


def draw(p: Variant) -> str:
    """The puzzle as an SVG document."""
    n = p.size
    margin = CELL if any(c.outside for c in p.constraints) else MARGIN
    canvas = Canvas(n, margin)
    side = canvas.side
    shift = margin - MARGIN  # the elements below are drawn for MARGIN, then moved
    body = [f'<rect width="{side}" height="{side}" fill="white"/>']
    if shift:
        body.append(f'<g transform="translate({shift},{shift})">')
    body += [
        _tag(
            "rect",
            x=MARGIN + (c % n) * CELL,
            y=MARGIN + (c // n) * CELL,
            width=CELL,
            height=CELL,
            fill="#eef",
        )
        for r in p.extra_regions
        for c in r
    ]
    body += _marks(p) + _lines(p) + _cages(p)
    if shift:
        body.append("</g>")
    for constraint in p.constraints:
        if not constraint.on_top:
            body += constraint.draw(canvas)
    if shift:
        body.append(f'<g transform="translate({shift},{shift})">')
    cells = tuple((c,) for c in range(n * n))
    body += _borders(n, cells, "#999", 0.5) + _borders(n, p.regions, "black", 2.5)
    if shift:
        body.append("</g>")
    for constraint in p.constraints:
        if constraint.on_top:
            body += constraint.draw(canvas)
    if shift:
        body.append(f'<g transform="translate({shift},{shift})">')
    for c, v in enumerate(p.givens):
        if v:
            x, y = _centre(n, c)
            body.append(_tag("text", SYMBOLS[v], x=x, y=y + 8, font_size=24, text_anchor="middle"))
    if shift:
        body.append("</g>")
    head = (
        _tag(
            "svg",
            xmlns="http://www.w3.org/2000/svg",
            width=side,
            height=side,
            viewBox=f"0 0 {side} {side}",
        )[:-2]
        + ">"
    )
    return "\n".join([head, *body, "</svg>"]) + "\n"
