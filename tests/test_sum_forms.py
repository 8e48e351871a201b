"""sum_forms: every sum encoding of every registry sum family counts as CP-SAT on small
random puzzles, and a family's default applies only when no encoding is chosen."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from sudoku_sat.model.builder import SUM_ENCODINGS, Builder
from sudoku_sat.model.geometry import cell_name, default_regions
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.constraints import registry, sum_defaults
from sudoku_sat.variants.constraints._line import Line
from sudoku_sat.variants.constraints.littlekiller import STEPS, diagonal
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.outside import line_from
from sudoku_sat.variants.solve import Session
from sudoku_sat.variants.sum_forms import encoding

from .random_paths import random_path

cpsat = pytest.importorskip("sudoku_sat.variants.cpsat")
pytest.importorskip("ortools")
pytest.importorskip("pindakaas")

OUTSIDE = ("littlekillersum", "sandwichsum", "xsum")


def _line(n: int, length: int, rng: random.Random) -> list[int]:
    return random_path(n, length, rng)


def _grid(n: int, rng: random.Random) -> list[int]:
    """A valid grid of size 4 (2x2 boxes) or 6 (2x3 boxes), digits relabelled at random."""
    w = 2 if n == 4 else 3
    names = rng.sample(range(1, n + 1), n)
    return [names[(w * (r % 2) + r // 2 + c) % n] for r in range(n) for c in range(n)]


def _value(key: str, cells: list[int], grid: list[int], n: int) -> int:
    """What the clue reads on the grid (cells from the clue's side)."""
    digits = [grid[c] for c in cells]
    if key == "littlekillersum":
        return sum(digits)
    if key == "xsum":
        return sum(digits[: digits[0]])
    i, j = sorted((digits.index(1), digits.index(n)))
    return sum(digits[i + 1 : j])


def _items(key: str, n: int, grid: list[int], rng: random.Random) -> list[dict[str, Any]]:
    """Two clues of the key, most read off the grid (so it often has solutions); for a
    key of cell groups (lunchboxes, sums, equal sums), two its own ``make`` draws."""
    cls = registry()[key]
    if key not in OUTSIDE and not issubclass(cls, Line):
        made = cls.make(tuple(grid), n, default_regions(n), rng)
        return [c.item(lambda k: cell_name(n, k)) for c in made[:2]]
    if key not in OUTSIDE:
        lines = [_line(n, rng.randint(3, 5), rng) for _ in range(rng.randint(1, 2))]
        return [{"lines": [[cell_name(n, c) for c in line]]} for line in lines if len(line) > 2]
    places = [(r, c, d) for r in range(n + 2) for c in range(n + 2) for d in STEPS]
    if key == "littlekillersum":
        places = [p for p in places if not (1 <= p[0] <= n and 1 <= p[1] <= n)]
        places = [p for p in places if len(diagonal(*p, n)) > 1]
    else:
        places = [(0, c, "DR") for c in range(1, n + 1)] + [(r, 0, "DR") for r in range(1, n + 1)]
    out = []
    for r, c, d in rng.sample(places, 2):
        cells = list(diagonal(r, c, d, n)) if key == "littlekillersum" else list(line_from(r, c, n))
        value = _value(key, cells, grid, n) + (rng.random() < 0.25)
        item = {"cell": f"R{r}C{c}", "value": str(value)}
        out.append(item | {"direction": d} if key == "littlekillersum" else item)
    return out


def _puzzles(key: str, count: int) -> list[Puzzle]:
    rng = random.Random(key)
    out = []
    for k in range(count):
        n = 6 if k == 0 else 4
        grid = _grid(n, rng)
        cells: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
        for c in rng.sample(
            range(n * n), rng.randint(0, 2 if key in OUTSIDE else 1) + (6 if n == 6 else 0)
        ):
            cells[c // n][c % n] = {"value": grid[c], "given": True}
        data = {"size": n, "grid": cells, key: _items(key, n, grid, rng)}
        (p,) = parse_variants(json.dumps(data), f"random {key}")
        out.append(p)
    return out


DEFAULTS = sum_defaults()


@pytest.mark.parametrize("key", sorted(DEFAULTS))
def test_every_encoding_counts_as_cp_sat(key: str) -> None:
    """Four random puzzles a family (a 6x6, three 4x4, often several solutions or none):
    each encoding's count to 12 is CP-SAT's, and every grid found keeps the rules."""
    for p in _puzzles(key, 4):
        expected = cpsat.count(p, 12)
        for sums in SUM_ENCODINGS:
            with Session(sums=sums) as session:
                found = session.solutions(p, 12)
            assert len(found) == expected, (key, sums, p)
            assert all(c.holds(g, p.size) for g in found for c in p.constraints)


def test_the_default_is_the_family_s_unless_one_is_chosen() -> None:
    (p,) = _puzzles("zipperline", 1)
    default = Builder(p, "default")
    assert {k: encoding(default, registry()[k].sum_encoding) for k in DEFAULTS} == DEFAULTS
    assert default.sums == "combos"  # cages and arrows
    for sums in SUM_ENCODINGS:
        assert {encoding(Builder(p, sums), registry()[k].sum_encoding) for k in DEFAULTS} == {sums}


@pytest.mark.parametrize("line", [["R1C3", "R1C4", "R1C5", "R1C6"], ["R1C3", "R1C4", "R2C4"]])
def test_a_one_cell_segment_first(line: list[str]) -> None:
    """A region sum line whose first segment is one cell, the other of three cells or of
    two (6x6 boxes of 2 rows and 3 columns), in every encoding."""
    data = {"size": 6, "grid": [[{} for _ in range(6)] for _ in range(6)]}
    (p,) = parse_variants(json.dumps(data | {"regionsumline": [{"lines": [line]}]}), "t")
    expected = cpsat.count(p, 12)
    for sums in SUM_ENCODINGS:
        with Session(sums=sums) as session:
            assert len(session.solutions(p, 12)) == expected, sums
