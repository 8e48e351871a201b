"""The SVG canvas every drawing of a variant puzzle shares: cell geometry, a margin wide
enough for outside clues, and the few shapes constraints are drawn with (polylines along
cell centres, circles, text). Plain SVG 1.1 text, no dependency."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CELL = 40
MARGIN = 10
"""The margin of a puzzle with no outside clue; with one, a whole cell (CELL)."""


def extra_cell(canvas: Canvas, cell: int, name: str) -> list[str]:
    """A cell beyond the grid: its square, and its name small above its top-left."""
    x, y = canvas.corner(cell)
    square = tag("rect", x=x, y=y, width=CELL, height=CELL, fill="none", stroke="black")
    label = canvas.text(name, x + 2, y + 6, size=8, anchor="start")
    return [square, label]


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

    def height(self, extra: int) -> float:
        """The drawing's height with ``extra`` cells beyond the grid drawn below it."""
        return self.side + (1 + -(-extra // self.size)) * CELL if extra else self.side

    def corner(self, cell: int) -> tuple[float, float]:
        """The top-left corner of a cell; the cells beyond the grid (``model/extra.py``)
        in rows of N below it, after a row left free (where the clues below the grid
        stand)."""
        r, c = divmod(cell, self.size)
        if r >= self.size:
            r += 1
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


def _edges(size: int, cells: Iterable[int]) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """The boundary of a set of cells as directed edges between lattice points (column,
    row), clockwise on screen, so that the cells lie on the right of each edge."""
    inside = set(cells)
    out: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cell in sorted(inside):
        r, c = divmod(cell, size)
        sides = (
            (r == 0 or cell - size not in inside, (c, r), (c + 1, r)),
            (c == size - 1 or cell + 1 not in inside, (c + 1, r), (c + 1, r + 1)),
            (r == size - 1 or cell + size not in inside, (c + 1, r + 1), (c, r + 1)),
            (c == 0 or cell - 1 not in inside, (c, r + 1), (c, r)),
        )
        for open_side, start, end in sides:
            if open_side:
                out.setdefault(start, []).append(end)
    return out


def loops(size: int, cells: Iterable[int]) -> list[list[tuple[int, int]]]:
    """The closed boundaries of a set of cells (the outer one, and one per hole), each
    the lattice points where it turns. Where two cells touch only at a corner the walk
    turns right, keeping each piece's boundary a loop of its own."""
    edges = _edges(size, cells)
    out = []
    while edges:
        start = min(edges)
        point, heading = start, (0, 0)
        walk = [start]
        while True:
            ends = edges[point]
            ends.sort(key=lambda e: _turn(heading, (e[0] - point[0], e[1] - point[1])))
            end = ends.pop(0)
            if not ends:
                del edges[point]
            heading, point = (end[0] - point[0], end[1] - point[1]), end
            if point == start:
                break
            walk.append(point)
        out.append(_corners(walk))
    return out


def _turn(heading: tuple[int, int], step: tuple[int, int]) -> int:
    """0 for a right turn (on screen), 1 straight on, 2 left: the order the walk prefers."""
    right = (-heading[1], heading[0])
    return 0 if step == right else 1 if step == heading else 2


def _corners(walk: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The points of a closed walk where it changes direction."""
    k = len(walk)
    out = []
    for i, (x, y) in enumerate(walk):
        (px, py), (nx, ny) = walk[i - 1], walk[(i + 1) % k]
        if (x - px, y - py) != (nx - x, ny - y):
            out.append((x, y))
    return out


def inset_points(
    loop: list[tuple[int, int]], inset: float, corner: tuple[float, float]
) -> list[tuple[float, float]]:
    """A loop's turning points moved inset pixels inside (the cells are on the right of
    the walk), in pixels from corner, the grid's top-left corner."""
    k = len(loop)
    out = []
    for i, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[i - 1], loop[(i + 1) % k]
        din = (_sign(x - px), _sign(y - py))
        dout = (_sign(nx - x), _sign(ny - y))
        shift_x = -din[1] - dout[1]
        shift_y = din[0] + dout[0]
        out.append((corner[0] + x * CELL + inset * shift_x, corner[1] + y * CELL + inset * shift_y))
    return out


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def outline(canvas: Canvas, cells: Iterable[int], inset: float) -> str:
    """The path data (``d``) of one outline around cells, inset pixels inside their outer
    boundary (and around each hole): what a killer cage is drawn with."""
    parts = []
    for loop in loops(canvas.size, cells):
        points = inset_points(loop, inset, (canvas.margin, canvas.margin))
        parts.append("M" + " L".join(f"{x:g},{y:g}" for x, y in points) + " Z")
    return " ".join(parts)
