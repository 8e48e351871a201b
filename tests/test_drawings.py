"""Puzzles drawn as setters draw them (issue 32 items 2 and 5): the structure of each
kind's SVG (one outline per cage, lines as polylines, outside clues in the margin), the
outline geometry, and ``_repr_svg_`` on every kind of puzzle."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from typer.testing import CliRunner

import sudoku_sat as ss
from sudoku_sat.cli import app
from sudoku_sat.difficulty.rating import Rating
from sudoku_sat.model.constraint import Constraint
from sudoku_sat.model.drawing import CELL, MARGIN, Canvas, loops, outline
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.model.svg import draw
from sudoku_sat.variants.constraints.antiking import AntiKing
from sudoku_sat.variants.constraints.antiknight import AntiKnight
from sudoku_sat.variants.constraints.arrow import Arrow
from sudoku_sat.variants.constraints.diagonal import COLOUR as DIAGONAL
from sudoku_sat.variants.constraints.diagonal import DiagonalMinus, DiagonalPlus
from sudoku_sat.variants.constraints.disjoint import DisjointGroups
from sudoku_sat.variants.constraints.extraregion import SHADE, ExtraRegion, windows
from sudoku_sat.variants.constraints.jigsaw import Jigsaw
from sudoku_sat.variants.constraints.killer import Cage
from sudoku_sat.variants.constraints.kropki import BlackDot, WhiteDot
from sudoku_sat.variants.constraints.nonconsecutive import NonConsecutive
from sudoku_sat.variants.constraints.odd_even import Even, Odd
from sudoku_sat.variants.constraints.thermometer import GREY, Thermometer
from sudoku_sat.variants.constraints.xv import XV

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[1]
KILLER = ROOT / "docs" / "data" / "killer-ukpa.json"


def elements(svg: str, name: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(NS + name))


def blank(*constraints: Constraint, givens: tuple[int, ...] = (0,) * 81) -> Puzzle:
    return Puzzle(9, givens, constraints=tuple(c.settle(constraints) for c in constraints))


ROWS = tuple(tuple(range(r * 9, r * 9 + 9)) for r in range(9))


def test_a_killer_cage_is_one_dashed_outline_with_its_sum_clear_of_a_given() -> None:
    (k,) = ss.read(KILLER)
    assert not k.is_classic
    svg = k._repr_svg_()
    cages = [p for p in elements(svg, "path") if p.get("stroke-dasharray")]
    assert len(cages) == len(k.of(Cage)) == 25
    assert all(p.get("d", "").count("M") == 1 for p in cages)  # no cage has a hole
    given = k.with_givens((8,) + (0,) * 80)  # r1c1 holds a given and a sum
    texts = elements(draw(given), "text")
    (total,) = [t for t in texts if t.text == "20" and float(t.get("x", 0)) < MARGIN + CELL]
    (digit,) = [t for t in texts if t.text == "8" and t.get("font-size") == "22"]
    sum_bottom = float(total.get("y", 0))
    digit_top = float(digit.get("y", 0)) - 0.72 * float(digit.get("font-size", 0))
    assert sum_bottom < digit_top  # the two-digit sum sits above the given


def test_the_outline_follows_the_outer_boundary_inset() -> None:
    assert loops(9, [0, 1, 10]) == [[(0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1)]]
    assert outline(Canvas(9), [0, 1, 10], 4) == "M14,14 L86,14 L86,86 L54,86 L54,46 L14,46 Z"
    ring = [0, 1, 2, 9, 11, 18, 19, 20]  # a hole in the middle: a second loop
    assert len(loops(9, ring)) == 2
    assert len(loops(9, [0, 10])) == 2  # two cells touching at a corner: two loops


def test_lines_are_polylines_and_shapes_are_where_f_puzzles_puts_them() -> None:
    p = blank(
        Thermometer((0, 1, 2)),
        Arrow((40,), (41, 42)),
        Arrow((3, 4), (13, 22)),
        WhiteDot((60, 61), 1),
        BlackDot((62, 63), 2),
        XV((70, 71), 10),
        Odd(80),
        Even(79),
        DiagonalPlus(),
        DiagonalMinus(),
    )
    svg = draw(p)
    polylines = elements(svg, "polyline")
    assert len(polylines) == 1 + 2 * 2  # the thermometer; each arrow's line and head
    circles = elements(svg, "circle")
    bulb = [c for c in circles if c.get("fill") == GREY and c.get("cx") == str(MARGIN + CELL / 2)]
    assert len(bulb) == 1
    pills = [r for r in elements(svg, "rect") if r.get("rx")]
    assert len(pills) == 2 and float(pills[1].get("width", 0)) > CELL  # two-cell circle
    dots = [c for c in circles if c.get("stroke") == "black"]
    assert sorted(c.get("fill") or "" for c in dots) == ["black", "white"]
    assert [t.text for t in elements(svg, "text")] == ["X"]
    assert any(r.get("fill") == GREY for r in elements(svg, "rect"))  # the even square
    diagonals = [ln for ln in elements(svg, "line") if ln.get("stroke") == DIAGONAL]
    ends = {(ln.get("x1"), ln.get("y1"), ln.get("x2"), ln.get("y2")) for ln in diagonals}
    far = str(MARGIN + 9 * CELL)
    assert ends == {(str(MARGIN), str(MARGIN), far, far), (str(MARGIN), far, far, str(MARGIN))}


def test_windoku_is_shaded_and_a_jigsaw_has_its_regions() -> None:
    svg = draw(blank(*(ExtraRegion(cells) for cells in windows(9))))
    assert sum(r.get("fill") == SHADE for r in elements(svg, "rect")) == 36
    thick = [ln for ln in elements(draw(blank(Jigsaw(ROWS))), "line")]
    assert sum(ln.get("stroke-width") == "2.5" for ln in thick) == 9 * 9 * 2 + 2 * 9


@dataclass(frozen=True)
class Corner(Constraint):
    """A made-up outside clue, to see the margin widen."""

    value: int
    key: ClassVar[str] = "test-corner"
    rule: ClassVar[str] = "test-corner"
    outside: ClassVar[bool] = True

    def draw(self, canvas: Canvas) -> list[str]:
        x, y = canvas.beside(0, 1)
        return [canvas.text(self.value, x, y)]


def test_outside_clues_are_drawn_in_the_margin() -> None:
    svg = draw(blank(Corner(7)))
    root = ET.fromstring(svg)
    assert float(root.get("width", 0)) == 9 * CELL + 2 * CELL
    (seven,) = [t for t in elements(svg, "text") if t.text == "7"]
    assert float(seven.get("y", 0)) < CELL  # above the grid's top edge, at y = CELL
    frame = [ln for ln in elements(svg, "line") if ln.get("stroke-width") == "2.5"]
    assert min(float(ln.get("y1", 0)) for ln in frame) == CELL


@pytest.mark.parametrize("order", [2, 3, 4, 5, 6, 7])
def test_a_classic_grid_of_every_order_draws_itself(order: int) -> None:
    size = order * order
    grid = tuple((c % size) + 1 if c % 7 == 0 else 0 for c in range(size * size))
    p = ss.Puzzle(size, grid)
    root = ET.fromstring(p._repr_svg_())
    assert float(root.get("width", 0)) == size * CELL + 2 * MARGIN
    texts = [t.text for t in root.iter(NS + "text")]
    assert len(texts) == sum(1 for v in grid if v)
    assert texts[0] == {4: "1", 9: "1", 16: "1", 25: "1", 36: "0", 49: "1"}[size]


VARIANTS: dict[str, tuple[Constraint, ...]] = {
    "x": (DiagonalPlus(), DiagonalMinus()),
    "windoku": tuple(ExtraRegion(cells) for cells in windows(9)),
    "anti-knight": (AntiKnight(),),
    "anti-king": (AntiKing(),),
    "non-consecutive": (NonConsecutive(),),
    "disjoint-groups": (DisjointGroups(),),
    "jigsaw": (Jigsaw(ROWS),),
    "killer": (Cage((0, 1, 9), 12), Cage((80,), None)),
    "thermometer": (Thermometer((0, 10, 20)),),
    "arrow": (Arrow((0,), (1, 2)),),
    "kropki": (WhiteDot((0, 1), 1),),
    "xv": (XV((0, 1), 5),),
    "odd-even": (Odd(0), Even(1)),
}


@pytest.mark.parametrize("kind", sorted(VARIANTS))
def test_every_variant_kind_draws_itself(kind: str) -> None:
    p = blank(*VARIANTS[kind], givens=(5,) + (0,) * 80)
    assert not p.is_classic
    root = ET.fromstring(p._repr_svg_())
    assert root.tag == NS + "svg" and any(t.text == "5" for t in root.iter(NS + "text"))


def test_a_six_by_six_variant_has_no_box_side_but_draws_and_prints() -> None:
    p = Puzzle(6, (1,) + (0,) * 35, constraints=(Cage((0, 1), 3),))
    assert (p.n, p.size, str(p)) == (0, 6, "1" + "." * 35)
    assert len(elements(p._repr_svg_(), "path")) == 1


def test_show_svg_draws_the_published_killer(tmp_path: Path) -> None:
    out = tmp_path / "k.svg"
    result = CliRunner().invoke(app, ["show", str(KILLER), "--svg", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().count("stroke-dasharray") == 25


def test_explanations_and_ratings_show_themselves() -> None:
    p = ss.parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    assert ss.explain(p)._repr_svg_().startswith("<svg")
    assert "<b>locked</b>" in Rating("rated", "locked", 61)._repr_html_()
