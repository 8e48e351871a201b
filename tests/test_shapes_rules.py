"""The rules issue 42 reads on shaped grids (``Puzzle.rows``: ``.Shape~2x3~4``,
``6x6~9``): outside clues along the shape's rows and columns (X-sums, sandwiches, hidden
skyscrapers), row and column indexing, connected values, anti-taxicab, and on square
shapes only Windoku, diagonals and disjoint sets; small shapes with one, several and no
solutions compared with every assignment of their cells, the session and CP-SAT; larger
ones with the session and CP-SAT; each written back the same and drawn; and what sigh
refuses there, refused in one line."""

from __future__ import annotations

import re
from itertools import permutations, product
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.constraints.extraregion import ExtraRegion, windows
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import Session

from .conftest import run_command


def _every(p: Puzzle) -> list[tuple[int, ...]]:
    """Every assignment of digits to the shape's cells that the direct checks keep."""
    grids = (p.framed(digits) for digits in product(range(1, p.size + 1), repeat=len(p.grid_cells)))
    return sorted(g for g in grids if p.problem(g) is None)


SMALL = [
    (".Shape~2x3~4.XSum~R1~9~", 22),  # X = 4 would sum 4 cells: the row has 3
    (".Shape~2x3~4.XSum~R1~9~.~R2C1_1~R2C2_3~R2C3_2", 1),
    (".Shape~2x3~4.XSum~R1~9~.XSum~C1~~3", 0),
    (".Shape~2x3~4.Sandwich~2~R1.~R2C2_1", 16),  # a row of 3: between its own extremes
    (".Shape~2x3~4.Sandwich~2~R1.~R2C2_1~R1C1_3~R2C3_4", 1),
    (".Shape~2x3~4.Sandwich~1~R1.Sandwich~0~C1", 0),
    (".Shape~2x4.Sandwich~2~R1.Sandwich~0~R2", 4),  # rows of N cells: the 1 and the N
    (".Shape~2x4.Sandwich~2~R1.Sandwich~0~R2.~R1C1_1", 1),
    (".Shape~2x3~0-3.Sandwich~1~R1", 44),
    (".Shape~2x3~0-3.Sandwich~1~R1.~R1C1_2~R1C2_1~R1C3_0~R2C1_0~R2C2_2~R2C3_1", 1),
    (".Shape~2x3~4.HiddenSkyscraper~R1~2~.HiddenSkyscraper~R2~~3", 13),
    (".Shape~2x3~4.HiddenSkyscraper~R1~2~.HiddenSkyscraper~R2~~3.~R1C1_4~R1C2_2~R1C3_1~R2C1_1", 1),
    (".Shape~2x3~4.HiddenSkyscraper~R1~2~.HiddenSkyscraper~R2~~3.~R1C1_1~R2C1_2~R1C3_4", 0),
    (".Shape~2x3~4.Indexing~C~R1C1.Indexing~R~R1C2", 34),  # over 3 columns, 2 rows
    (".Shape~2x3~4.Indexing~C~R1C1.Indexing~R~R1C2.~R1C1_2~R1C2_1~R1C3_3~R2C1_4~R2C2_3~R2C3_1", 1),
    (".Shape~2x3~4.Indexing~C~R1C1.Indexing~R~R1C2.~R1C1_3~R2C1_1~R2C2_4", 0),
    (".Shape~2x3~0-3.Indexing~C~R1C2", 110),
    (".Shape~2x3~4.ConnectedValues~~1_2", 68),  # a line need not hold a 1 or a 2
    (".Shape~2x3~4.ConnectedValues~~1_2~3", 32),
    (".Shape~2x3~4.ConnectedValues~~1_2~3.~R1C1_3~R1C2_2~R1C3_1~R2C1_4~R2C2_1", 1),
    (".Shape~2x3~4.ConnectedValues~~1~3", 0),  # two rows: two 1s at most
    (".Shape~2x3~4.AntiTaxicab", 136),
    (".Shape~2x3~4.AntiTaxicab.~R1C1_2~R1C2_4~R1C3_1~R2C1_4~R2C2_3", 1),
    (".Shape~3x2~4.AntiTaxicab", 136),
    (".Shape~2x3~4.AntiTaxicab.~R1C1_2~R2C2_2", 0),
    (".Shape~3x3~4.Windoku.~R1C1_1~R2C2_2~R3C3_3", 18),  # no 2x2 window fits a 3x3
]
"""Shapes small enough to try every assignment of their cells, with their count."""


def _all_find(p: Puzzle, want: list[tuple[int, ...]], count: int) -> None:
    """The grids tried one by one are count, and the session and CP-SAT find them all."""
    assert len(want) == count
    with Session() as session:
        assert sorted(session.solutions(p, 5000)) == want
    assert sorted(cpsat.solutions(p, 5000)) == want


@pytest.mark.parametrize(("text", "count"), SMALL)
def test_small_shapes_keep_exactly_the_grids_of_their_rules(text: str, count: int) -> None:
    """The session, CP-SAT and every assignment checked directly find the same grids."""
    (p,) = parse_sigh(text)
    _all_find(p, _every(p), count)


CHAOS = [
    (".Shape~2x3~4.ChaosConstruction", 504),  # two regions of 3 cells, of 4 digits
    (".Shape~3x2~4.ChaosConstruction.~R1C1_1~R2C2_2", 28),
    (".Shape~2x3~0-3.ChaosConstruction.ChaosCount~R1C1~~CC1~CC2~CC4", 126),
    (".Shape~2x3~4.ChaosConstruction.ChaosArrow~R2C3", 126),  # arms to the shape's edges
    (".Shape~2x3~4.ChaosConstruction.ChaosArrow~R2C3.~R1C1_1~R2C1_3", 1),
    (".Shape~2x3~4.ChaosConstruction.ChaosCount~R1C1~~CC1~CC6.~R1C2_2~R1C3_3~R2C1_2~R2C2_1", 1),
    (".Shape~2x3~4.ChaosConstruction.ChaosCount~R1C1~~CC1~CC6.~R1C1_3", 0),
    (".Shape~2x4.ChaosConstruction.ChaosCount~R1C2", 72),  # two regions of 4: every digit
]
"""Chaos constructions on shapes small enough to try every region labelling."""


def _every_chaos(p: Puzzle) -> list[tuple[int, ...]]:
    """Every grid of rows of different digits and labels 1..R of the region cells (R
    regions of the longer side's cells: sigh's) that the direct checks keep."""
    count = p.rows * p.cols
    regions = count // max(p.rows, p.cols)
    rows = list(permutations(range(1, p.size + 1), p.cols))
    out = []
    for labels in product(range(1, regions + 1), repeat=count):
        for digits in product(rows, repeat=p.rows):
            grid = (*p.framed(tuple(d for row in digits for d in row)), *labels)
            if p.problem(grid) is None:
                out.append(grid)
    return sorted(out)


@pytest.mark.parametrize(("text", "count"), CHAOS)
def test_small_chaos_constructions_keep_exactly_the_grids_of_their_rules(
    text: str, count: int
) -> None:
    """sigh's construction on a rectangle: regions of the longer side's cells, all
    different, connected, labelled in reading order; the clues over the shape's cells."""
    (p,) = parse_sigh(text)
    _all_find(p, _every_chaos(p), count)


def test_a_chaos_constructions_region_size() -> None:
    """sigh's RegionSize sizes the regions; a size that does not tile the grid is refused,
    as sigh's solver refuses it."""
    (p,) = parse_sigh(".Shape~2x3~4.RegionSize~2.ChaosConstruction.~R1C1_1~R1C2_2~R2C1_3")
    with Session() as session:
        found = sorted(session.solutions(p, 500))
    assert 0 < len(found) < 500 and found == sorted(cpsat.solutions(p, 500))
    assert all(p.problem(g) is None and len(set(g[16:])) == 3 for g in found)
    with pytest.raises(InputError, match="regions of 4 cells do not tile the 6 cells"):
        parse_sigh(".Shape~2x3~4.RegionSize~4.ChaosConstruction")


def test_a_short_lines_sandwich_is_between_its_own_extremes() -> None:
    """sigh's Lunchbox handler on a row of fewer cells than digits: the row's smallest
    and largest digit are the crusts (written again here), not the 1 and the N."""
    (p,) = parse_sigh(".Shape~2x3~4.Sandwich~2~R1")
    kept = set()
    for row in product(range(1, 5), repeat=3):
        if len(set(row)) == 3:
            i, j = sorted((row.index(min(row)), row.index(max(row))))
            if sum(row[i + 1 : j]) == 2:
                kept.add(row)
    assert {g[:3] for g in _every(p)} == kept == {(1, 2, 3), (1, 2, 4), (3, 2, 1), (4, 2, 1)}


LARGER = [
    ".Shape~6x6~9.Windoku.XSum~R2~20~.HiddenSkyscraper~C3~5~",
    ".Shape~6x8.Sandwich~10~R2.Sandwich~5~C3.XSum~C4~~12.AntiTaxicab",
    ".Shape~6x6~9.Indexing~C~R2C2~R3C4.ConnectedValues~~1_2_3",
    ".Shape~6x6~9.DisjointSets.Diagonal~1.Diagonal~-1",
    ".Shape~9x9~10.Sandwich~7~R1.Sandwich~11~C5",
    ".Shape~6x6~0-8.Windoku.Sandwich~9~R3",
    ".Shape~4x6.ChaosConstruction.ChaosCount~R2C2~~CC8~CC9~CC10",
]


@pytest.mark.parametrize("text", LARGER)
def test_larger_shapes_agree_with_cpsat(text: str) -> None:
    """A solution's first rows given until few grids remain: the session and CP-SAT find
    the same grids, each kept by the direct checks."""
    (p,) = parse_sigh(text)
    n = p.size
    with Session() as session:
        (solution,) = session.solutions(p, 1)
        for k in range(p.cols, len(p.grid_cells) + 1, p.cols):
            given = "".join(
                f"~R{c // n + 1}C{c % n + 1}_{p.value(solution[c])}" for c in p.grid_cells[:k]
            )
            (q,) = parse_sigh(f"{text}.{given}")
            found = sorted(session.solutions(q, 60))
            if len(found) < 60:
                break
    assert found == sorted(cpsat.solutions(q, 60))
    assert all(q.problem(g) is None for g in found)


SHOWN = [*dict.fromkeys(t.split(".~")[0] for t, _ in SMALL[:-1] + CHAOS[:3]), *LARGER]


@pytest.mark.parametrize("text", SHOWN)
def test_written_back_the_same_and_drawn(text: str) -> None:
    """The same string (a shape no box tiles says so: ``.NoBoxes``), the same puzzle."""
    (p,) = parse_sigh(text)
    written = to_sigh(p)
    assert written.replace(".NoBoxes", "") == text
    (q,) = parse_sigh(written)
    assert (q.grid, q.rows, q.cols, q.low) == (p.grid, p.rows, p.cols, p.low)
    assert q.constraints == p.constraints
    assert p.svg().startswith("<svg")


def test_sighs_windows() -> None:
    """Boxes of N cells, one cell in from the corner and one apart, as sigh lays them."""
    assert windows(9) == windows(9, 9) and len(windows(9)) == 4
    assert windows(9)[0] == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert windows(9, 6) == ((10, 11, 12, 19, 20, 21, 28, 29, 30),)  # a 6x6 of 9 digits
    assert windows(6) == ((7, 8, 9, 13, 14, 15),)  # 2x3 boxes
    assert len(windows(16)) == 9 and windows(4, 3) == ()
    (p,) = parse_sigh(".Shape~6x6~9.Windoku")
    assert to_sigh(p) == ".Shape~6x6~9.Windoku"
    assert [c.cells for c in p.of(ExtraRegion)] == list(windows(9, 6))
    (q,) = parse_sigh(".Shape~3x3~4.Windoku")  # no window: sigh's Windoku says nothing
    assert q.of(ExtraRegion) == [] and to_sigh(q) == ".Shape~3x3~4.NoBoxes"


REFUSED = [
    (".Shape~6x8.Windoku", "'Windoku' on a 6x8 grid of 8 digits: sigh's solver refuses it too"),
    (".Shape~6x8.Diagonal~1", "'Diagonal' on a 6x8 grid of 8 digits: sigh's solver refuses"),
    (".Shape~9x8~9.DisjointSets", "'DisjointSets' on a 9x8 grid of 9 digits: sigh's solver"),
    (".Shape~6x6~9.FullRank~R1~3~", "a square grid of as many digits as its side"),
    (".Shape~6x6~9.FullRankTies~any", "'FullRankTies' on a 6x6 grid of 9 digits: sigh's"),
    (".Shape~6x6~0-8.AntiTaxicab", "'AntiTaxicab' on the digits 0..8: sigh's solver refuses"),
    (".Shape~9x9~0-8.AntiTaxicab", "'AntiTaxicab' on the digits 0..8: sigh's solver refuses"),
]


@pytest.mark.parametrize(("text", "says"), REFUSED)
def test_what_sigh_refuses_on_a_shape_is_refused_in_one_line(text: str, says: str) -> None:
    with pytest.raises(InputError, match=re.escape(says)):
        parse_sigh(text)


def test_the_command_line_reads_them_and_refuses_the_others(tmp_path: Path) -> None:
    text = ".Shape~2x4.XSum~R1~9~.Sandwich~0~C2.ConnectedValues~~1_2.AntiTaxicab\n"
    assert run_command("show", "--format", "sigh", "-", stdin=text).stdout == text
    svg = tmp_path / "p.svg"
    assert run_command("show", "--svg", str(svg), "-", stdin=text).returncode == 0
    assert svg.read_text().startswith("<svg")
    refused = run_command("show", "--format", "sigh", "-", stdin=".Shape~6x8.Windoku\n")
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
