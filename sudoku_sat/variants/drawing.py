"""The SVG canvas every drawing of a variant puzzle shares: cell geometry, a margin wide
enough for outside clues, and the few shapes constraints are drawn with (polylines along
cell centres, circles, text). Plain SVG 1.1 text, no dependency."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CELL = 40
MARGIN = 10
"""The margin of a puzzle with no outside clue; with one, a whole cell (CELL)."""


def tag(name: str, text: object = None, **attrs: object) -> str:
    """One SVG element; attribute names take '-' for '_'."""
    body = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f"<{name} {body}/>" if text is None else f"<{name} {body}>{text}</{name}>"


@dataclass(frozen=True)
class Canvas:
    """A grid of size N drawn with its top-left corner at (margin, margin)."""

    size: int
    margin: float = MARGIN

    @property
    def side(self) -> float:
        return 2 * self.margin + self.size * CELL

    def corner(self, cell: int) -> tuple[float, float]:
        """The top-left corner of a cell."""
        r, c = divmod(cell, self.size)
        return self.margin + c * CELL, self.margin + r * CELL

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = self.corner(cell)
        return x + CELL / 2, y + CELL / 2

    def beside(self, row: int, col: int) -> tuple[float, float]:
        """The centre of the place (row, column), 0..N+1 counted from 1 inside the grid, so
        that row 0 is the margin above the grid: where an outside clue is written."""
        return self.margin + (col - 0.5) * CELL, self.margin + (row - 0.5) * CELL

    def polyline(
        self, cells: Iterable[int], stroke: str, width: float, opacity: float = 1.0
    ) -> str:
        """A line through the centres of cells, as f-puzzles draws lines."""
        points = " ".join(f"{x},{y}" for x, y in (self.centre(c) for c in cells))
        return tag(
            "polyline",
            points=points,
            fill="none",
            stroke=stroke,
            stroke_width=width,
            stroke_opacity=opacity,
            stroke_linecap="round",
            stroke_linejoin="round",
        )

    def text(
        self, value: object, x: float, y: float, size: float = 14, anchor: str = "middle"
    ) -> str:
        """Text centred (by default) on (x, y)."""
        return tag(
            "text",
            value,
            x=round(x, 2),
            y=round(y + size * 0.35, 2),
            font_size=size,
            text_anchor=anchor,
            font_family="sans-serif",
        )
