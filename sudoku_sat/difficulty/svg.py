"""An explained solve drawn as SVG: each cell coloured by the rule that filled it.

Givens are drawn in bold black on white; every filled cell gets the colour of its
``filled_by`` rule (see :class:`~sudoku_sat.difficulty.explain.Explanation`) and its value in
dark grey; open cells stay white and empty. A legend under the grid names each colour
used and how many cells it filled. Plain SVG 1.1, no script, no external resource.
"""

from __future__ import annotations

from collections import Counter
from xml.sax.saxutils import escape

from ..alphabet import default_alphabet
from .explain import Explanation

CELL = 40
MARGIN = 10
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


def colour(rule: str) -> str:
    """The fill colour of a filled_by rule."""
    return COLOURS.get(rule, DEEPER if rule else "#ffffff")


def _legend_order(rules: Counter[str]) -> list[str]:
    known = [r for r in COLOURS if rules[r]]
    return known + sorted(r for r in rules if r and r not in COLOURS)


def render_svg(explanation: Explanation) -> str:
    """The SVG document of an explanation."""
    n = explanation.n
    size = n * n
    symbols = default_alphabet(size)
    side = size * CELL
    counts = Counter(explanation.filled_by)
    legend = _legend_order(counts)
    width = side + 2 * MARGIN
    height = side + 2 * MARGIN + LEGEND_ROW * (len(legend) + 1)
    font = CELL * 0.55
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>sudoku-sat explain: {escape(explanation.status)}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for c, value in enumerate(explanation.grid):
        i, j = divmod(c, size)
        x, y = MARGIN + j * CELL, MARGIN + i * CELL
        rule = explanation.filled_by[c] if explanation.filled_by else ""
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour(rule)}" '
            f'stroke="#9e9e9e" stroke-width="1"><title>r{i + 1}c{j + 1}: '
            f"{escape(rule or 'open')}</title></rect>"
        )
        if value:
            weight = "bold" if rule == "clue" else "normal"
            ink = "#000000" if rule == "clue" else "#37474f"
            out.append(
                f'<text x="{x + CELL / 2}" y="{y + CELL / 2}" font-size="{font:.0f}" '
                f'font-weight="{weight}" fill="{ink}" text-anchor="middle" '
                f'dominant-baseline="central">{escape(symbols[value - 1])}</text>'
            )
    for k in range(0, size + 1, n):
        pos = MARGIN + k * CELL
        out.append(
            f'<line x1="{pos}" y1="{MARGIN}" x2="{pos}" y2="{MARGIN + side}" '
            'stroke="#000000" stroke-width="2.5"/>'
        )
        out.append(
            f'<line x1="{MARGIN}" y1="{pos}" x2="{MARGIN + side}" y2="{pos}" '
            'stroke="#000000" stroke-width="2.5"/>'
        )
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
    out.append("</svg>")
    return "\n".join(out) + "\n"
