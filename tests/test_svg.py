"""The SVG of an explanation: well formed, givens distinguished, a legend."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sudoku_sat.difficulty.explain import explain
from sudoku_sat.difficulty.svg import COLOURS, render_svg
from sudoku_sat.gridio import parse_puzzles
from tests.conftest import TRES_DIFFICILE

SVG = "{http://www.w3.org/2000/svg}"


def test_the_svg_parses_and_colours_cells_by_rule() -> None:
    grid = parse_puzzles(TRES_DIFFICILE)[0].grid
    explanation = explain(grid, 3)
    root = ET.fromstring(render_svg(explanation).encode())
    assert root.tag == f"{SVG}svg"
    cells = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(cells) == 81
    fills = [r.get("fill") for r in cells]
    for how, fill in zip(explanation.filled_by, fills, strict=True):
        assert fill == COLOURS[how]
    bold = [t for t in root.iter(f"{SVG}text") if t.get("font-weight") == "bold"]
    assert len(bold) == sum(1 for v in grid if v)
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "given (clue): 24 cell(s)" in texts and "failed literal (depth 2)" in texts
