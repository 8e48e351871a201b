"""An explained solve drawn as SVG: each cell coloured by the rule that filled it.

Givens are drawn in bold black on white; every filled cell gets the colour of its
``filled_by`` rule (see :class:`~sudoku_sat.difficulty.explain.Explanation`) and its value in
dark grey; open cells stay white and empty. A legend under the grid names each colour
used and how many cells it filled. Plain SVG 1.1, no script, no external resource.

The drawing reads an explanation through :class:`Explained`, the four fields it draws, so
that ``Explanation`` (whose ``_repr_svg_`` draws with this module) stays the one importer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol
from xml.sax.saxutils import escape

from ..gridsvg import CELL, MARGIN, box_lines, cell, document, value_text

LEGEND_ROW = 22

COLOURS = {
    "clue": "#ffffff",
    "naked single": "#c8e6c9",
    "hidden single": "#bbdefb",
    "locked candidates": "#fff59d",
    "failed literal (depth 1)": "#ffcc80",
    "failed literal (depth 2)": "#ef9a9a",
    "failed literal (depth 3)": "#ce93d8",
}
DEEPER = "#b0bec5"
"""Colour of failed literals deeper than 3."""


class Explained(Protocol):
    """What the drawing reads of an :class:`~sudoku_sat.difficulty.explain.Explanation`."""

    @property
    def n(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def grid(self) -> Sequence[int]: ...
    @property
    def filled_by(self) -> Sequence[str]: ...


def colour(rule: str) -> str:
    """The fill colour of a filled_by rule."""
    return COLOURS.get(rule, DEEPER if rule else "#ffffff")


def _legend_order(rules: Counter[str]) -> list[str]:
    known = [r for r in COLOURS if rules[r]]
    return known + sorted(r for r in rules if r and r not in COLOURS)


def render_svg(explanation: Explained) -> str:
    """The SVG document of an explanation (the classic grid's drawing, ``gridsvg``, with
    each cell coloured by its rule and a legend under it)."""
    n = explanation.n
    size = n * n
    side = size * CELL
    counts = Counter(explanation.filled_by)
    legend = _legend_order(counts)
    width = side + 2 * MARGIN
    height = side + 2 * MARGIN + LEGEND_ROW * (len(legend) + 1)
    out = []
    for c, value in enumerate(explanation.grid):
        i, j = divmod(c, size)
        x, y = MARGIN + j * CELL, MARGIN + i * CELL
        rule = explanation.filled_by[c] if explanation.filled_by else ""
        out.append(cell(x, y, colour(rule), f"r{i + 1}c{j + 1}: {rule or 'open'}"))
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="none" '
            'stroke="#9e9e9e" stroke-width="1"/>'
        )
        if value:
            given = rule == "clue"
            out.append(value_text(value, size, x + CELL / 2, y + CELL / 2, given, bold=given))
    out += box_lines(n)
    top = MARGIN + side + LEGEND_ROW
    for row, rule in enumerate(legend):
        y = top + row * LEGEND_ROW
        out.append(
            f'<rect x="{MARGIN}" y="{y - 12}" width="16" height="16" fill="{colour(rule)}" '
            'stroke="#000000" stroke-width="1"/>'
        )
        label = "given (clue)" if rule == "clue" else rule
        out.append(
            f'<text x="{MARGIN + 24}" y="{y}" font-size="13">'
            f"{escape(label)}: {counts[rule]} cell(s)</text>"
        )
    title = f"sudoku-sat explain: {explanation.status}"
    return document(width, height, out, title, declaration=True)
