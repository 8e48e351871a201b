"""Classic grids drawn as SVG, at every order (4x4 to 225x225): cells, thin cell lines,
thick box lines, the values in the grid's own symbols (numbers past 36x36).

The pieces (``document``, ``cell``, ``box_lines``, ``value_text``) are shared by the
explanation's drawing (``difficulty/svg.py``, cells coloured by rule) and the variant
drawing (``model/svg.py``) so that every drawing of the project has one look;
``draw_grid`` is what ``Puzzle._repr_svg_`` shows in a notebook for a classic puzzle.
Plain SVG 1.1 text, no script, no dependency.
"""

from __future__ import annotations

from .alphabet import MAX_SYMBOLS, default_alphabet
from .grid import Grid


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (``xml.sax.saxutils.escape``, whose import
    pulls in ``urllib.request``: 20-50 ms of every command's start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


CELL = 40
MARGIN = 10
GIVEN_INK = "#000000"
FILLED_INK = "#3b5b92"
"""Digits a solver or an explanation filled in, told apart from the givens."""


def symbol(value: int, size: int) -> str:
    """The value as the grid writes it: its symbol up to 36x36, its number beyond."""
    return default_alphabet(size)[value - 1] if size <= MAX_SYMBOLS else str(value)


def font_size(size: int) -> float:
    """The font of a cell's value: smaller for the two- and three-digit numbers past 36x36."""
    return CELL * (0.55 if size <= MAX_SYMBOLS else 0.3)


def document(
    width: float, height: float, body: list[str], title: str = "", declaration: bool = False
) -> str:
    """An SVG document of the elements in body, white underneath (with the XML
    declaration first when asked: a file on its own; a notebook needs none)."""
    head = [
        *(['<?xml version="1.0" encoding="UTF-8"?>'] if declaration else []),
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">',
    ]
    if title:
        head.append(f"<title>{escape(title)}</title>")
    head.append(f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>')
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def value_text(
    value: int,
    size: int,
    x: float,
    y: float,
    given: bool = True,
    bold: bool = False,
    alphabet: str | None = None,
) -> str:
    """A cell's value centred on (x, y): black for a given, blue-grey for a filled one;
    written in alphabet (the symbols of the values 1..N) when given."""
    font = font_size(size)
    shown = symbol(value, size) if alphabet is None else alphabet[value - 1]
    ink = GIVEN_INK if given else FILLED_INK
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y + font * 0.36:.2f}" font-size="{font:.0f}"{weight} '
        f'fill="{ink}" text-anchor="middle">{escape(shown)}</text>'
    )


def cell(x: float, y: float, fill: str, title: str = "") -> str:
    """One cell's square, filled, with a tooltip when title is given."""
    rect = f'<rect x="{x:g}" y="{y:g}" width="{CELL}" height="{CELL}" fill="{fill}"'
    return f"{rect}><title>{escape(title)}</title></rect>" if title else rect + "/>"


def cell_lines(size: int, left: float = MARGIN, top: float = MARGIN) -> list[str]:
    """The thin lines between cells."""
    side = size * CELL
    out = []
    for k in range(1, size):
        pos = k * CELL
        out.append(
            f'<line x1="{left + pos:g}" y1="{top:g}" x2="{left + pos:g}" y2="{top + side:g}" '
            'stroke="#9e9e9e" stroke-width="1"/>'
        )
        out.append(
            f'<line x1="{left:g}" y1="{top + pos:g}" x2="{left + side:g}" y2="{top + pos:g}" '
            'stroke="#9e9e9e" stroke-width="1"/>'
        )
    return out


def box_lines(n: int, left: float = MARGIN, top: float = MARGIN) -> list[str]:
    """The thick lines of an order-n grid's boxes and its frame."""
    size = n * n
    side = size * CELL
    out = []
    for k in range(0, size + 1, n):
        pos = k * CELL
        out.append(
            f'<line x1="{left + pos:g}" y1="{top:g}" x2="{left + pos:g}" y2="{top + side:g}" '
            'stroke="#000000" stroke-width="2.5" stroke-linecap="square"/>'
        )
        out.append(
            f'<line x1="{left:g}" y1="{top + pos:g}" x2="{left + side:g}" y2="{top + pos:g}" '
            'stroke="#000000" stroke-width="2.5" stroke-linecap="square"/>'
        )
    return out


def draw_grid(grid: Grid, n: int) -> str:
    """A classic puzzle of order n drawn: its givens in its boxes."""
    size = n * n
    side = size * CELL + 2 * MARGIN
    body = cell_lines(size) + box_lines(n)
    for c, value in enumerate(grid):
        if value:
            r, col = divmod(c, size)
            x, y = MARGIN + (col + 0.5) * CELL, MARGIN + (r + 0.5) * CELL
            body.append(value_text(value, size, x, y))
    return document(side, side, body, f"{size}x{size} sudoku")
