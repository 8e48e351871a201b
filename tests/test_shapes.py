"""Grids that are no N x N square of N digits (sigh's ``.Shape~9x8``, ``6x6~9``:
``Puzzle.rows``): read, answered, shown and written back; small shapes compared with
every assignment of their cells, CP-SAT and the direct checks; the real puzzles of
tests/data/shapes with their published solutions."""

from __future__ import annotations

import json
import re
from itertools import permutations, product
from pathlib import Path

import pytest

from sudoku_sat.errors import InputError
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.encode import encode_variant
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_cells import box_dims, shape_boxes
from sudoku_sat.variants.sigh_write import to_sigh
from sudoku_sat.variants.solve import Session

from .conftest import run_command

DATA = Path(__file__).parent / "data" / "shapes" / "shapes.jsonl"
REAL = [json.loads(line) for line in DATA.read_text().splitlines() if line.startswith("{")]


def _name(case: dict[str, str]) -> str:
    return re.split(r": (?:https?://|via )", case["origin"])[0]


def _solution(p: Puzzle, text: str) -> tuple[int, ...]:
    """A published solution (sigh's short form: digits, letters A.. past 9) as the
    puzzle's frame grid of indexes."""

    def index(ch: str) -> int:
        return int(ch) + 1 - p.low if p.size + p.low <= 10 else ord(ch.upper()) - 64

    return p.framed(tuple(index(ch) for ch in text))


@pytest.mark.parametrize("case", REAL, ids=_name)
def test_real_puzzle_with_its_published_solution(case: dict[str, str]) -> None:
    """Each real puzzle is read, unique with its published solution here and by CP-SAT,
    and written back the same."""
    (p,) = parse_sigh(case["sigh"])
    assert p.shaped and case["expect"] == 1
    solution = _solution(p, case["solution"])
    assert p.problem(solution) is None
    with Session() as session:
        verdict = session.unique(p)
    grid = p.grid_part(solution)  # a Doppelganger's missing digits: cells beyond the grid
    assert verdict.verdict == "unique" and p.grid_part(verdict.solutions[0]) == grid
    assert [p.grid_part(g) for g in cpsat.solutions(p, 2)] == [grid]
    (q,) = parse_sigh(to_sigh(p))
    assert (q.grid, q.rows, q.cols, q.low, sorted(map(repr, q.constraints))) == (
        p.grid,
        p.rows,
        p.cols,
        p.low,
        sorted(map(repr, p.constraints)),
    )


def _every(p: Puzzle) -> list[tuple[int, ...]]:
    """Every assignment of digits to the shape's cells that the direct checks keep. A
    grid with rows holds different digits along each row, so only those assignments are
    tried (every row a permutation: 24^3 in place of 4^9 on a 3x3 of 4 digits); a raw
    grid, which has no rows, tries every assignment."""
    digits = range(1, p.size + 1)
    if p.raw or p.rows * p.cols != len(p.grid_cells):
        tried = product(digits, repeat=len(p.grid_cells))
    else:
        row = list(permutations(digits, p.cols))
        tried = (sum(rows, ()) for rows in product(row, repeat=p.rows))
    out = []
    for values in tried:
        grid = p.framed(values)
        if p.problem(grid) is None:
            out.append(grid)
    return sorted(out)


SMALL = [
    ".Shape~2x4.~R1C1_2",
    ".Shape~2x4~0-3.Cage~1~R1C1~R2C1",
    ".Shape~3x3~4.Cage~7~R1C1~R1C2.~R3C3_4",
    ".Shape~3x3~4.Thermo~R1C1~R2C2~R3C3.WhiteDot~R1C3~R2C3",
    ".Shape~2x4~5.RegionSameValues.~R1C1_5",
    ".Shape~2x4.NoBoxes.Arrow~R1C1~R2C2~R2C3",
    ".Shape~4x2.Jigsaw~11221122.Renban~R1C1~R2C1",
    ".Shape~2x4~~Raw.Cage~5~R1C1~R1C2.Sum~3~R2C1~R2C2.~R1C3_1~R1C4_2",
    ".Shape~3x3~4.Zipper~R1C1~R2C2~R3C3.~R1C2_4",
    ".Shape~3x3~4.SumLine~4~R1C1~R1C2~R2C2~R3C2.~R1C3_4",
    ".Shape~2x4~5.Lunchbox~3~R1C1~R1C2~R1C3~R1C4.~R2C1_5",
    ".Shape~3x3~4.RellikCage~5~R1C1~R2C1.EqualityCage~R2C2~R2C3~R3C2~R3C3",
    ".Shape~3x3~4.CountDistinct~R1C1~R2C1~R3C1~R3C2.LookAndSay~11~R1C2~R1C3",
    ".Shape~3x3~4.AntiKnight.~R1C1_1",
    ".Shape~2x3~4.AntiConsecutive.WhiteDot~R1C1~R1C2",
    ".Shape~2x3~4.StrictKropki.WhiteDot~R1C2~R1C3.BlackDot~R1C3~R2C3",
    ".Shape~2x3~4.StrictXV",
]
"""Shapes small enough to try every assignment of their cells (4^6 to 5^8)."""


@pytest.mark.parametrize("text", SMALL)
def test_small_shapes_keep_exactly_the_grids_of_their_rules(text: str) -> None:
    """The session, CP-SAT and every assignment checked directly find the same grids:
    rows and columns all different (a line of as many cells as digits holds each once),
    sigh's boxes, every rule; the frame's other cells hold 1."""
    (p,) = parse_sigh(text)
    want = _every(p)
    assert 0 < len(want) < 2000
    with Session() as session:
        assert sorted(session.solutions(p, 5000)) == want
    assert sorted(cpsat.solutions(p, 5000)) == want


def test_boxes_are_sighs() -> None:
    assert box_dims(9, 8, 9) is None and box_dims(6, 8, 8) == (2, 4)
    assert box_dims(4, 6, 6) == (2, 3) and box_dims(6, 6, 6) == (2, 3)
    assert shape_boxes(6, 4, 6, 6)[0] == (0, 1, 2, 6, 7, 8)
    (p,) = parse_sigh(".Shape~6x8")
    assert (p.size, p.rows, p.cols) == (8, 6, 8) and len(p.regions) == 6
    assert all(len(r) == 8 for r in p.regions) and p.regions[0] == (0, 1, 2, 3, 8, 9, 10, 11)
    (q,) = parse_sigh(".Shape~9x8")
    assert q.regions == q.lines[:9]  # no box tiles 9x8: the rows


def test_what_is_refused_on_a_shape_is_one_line() -> None:
    for text, says in (
        (".Shape~9x8.Windoku", "'Windoku' on a 9x8 grid of 9 digits: sigh's solver refuses it"),
        (".Shape~9x9~~Raw.NoBoxes", "'NoBoxes' needs a sudoku grid, not a Raw one"),
        (".Shape~6x6~9.FullRank~R1~5~", "'FullRank' on a 6x6 grid of 9 digits: sigh's solver"),
        (".Shape~4x6.Skyscraper~C7~1~", "'C7' is not a row or column"),
        (".Shape~9x8.~R9C9_1", "outside the 9x8 grid"),
        (".Shape~6x6~9.Jigsaw~" + "1" * 12 + "2" * 12 + "3" * 12, "several sizes"),
        (".Shape~6x6~9.Jigsaw~" + "1" * 35, "a layout of 36 symbols"),
        (".Shape~9x9~~Raw.AntiKnight", "'AntiKnight' needs a sudoku grid, not a Raw one"),
        (".Shape~9x9~~Random", "the grid types are Sudoku and Raw"),
        (".Shape~9x9~5", "at least as many digits"),
        (".Shape~9x9~2-10", "digits from 0 or 1"),
        (".Shape~9x9.RegionSize~3", "RegionSize"),
    ):
        with pytest.raises(InputError, match=re.escape(says)):
            parse_sigh(text)


def test_the_commands_show_the_shape(tmp_path: Path) -> None:
    text = ".Shape~2x4.~R1C1_2~R2C3_1\n"
    solved = run_command("solve", "-", stdin=text)
    assert solved.returncode == 0, solved.stderr
    head, *rows = solved.stdout.strip().splitlines()
    assert "2x4" in head and [len(r.split()) for r in rows] == [4, 4]
    line = run_command("solve", "--format", "sigh", "-", stdin=text).stdout.strip().splitlines()[-1]
    assert len(line) == 8 and line[0] == "2" and line[6] == "1"
    assert run_command("show", "--format", "sigh", "-", stdin=text).stdout.strip() == text.strip()
    svg = tmp_path / "p.svg"
    assert run_command("show", "--svg", str(svg), "-", stdin=text).returncode == 0
    assert svg.read_text().count('fill="#999"') == 8  # the frame's 8 other cells
    refused = run_command("solve", "--format", "fpuzzles", "-", stdin=text)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    candidates = run_command("candidates", "-", stdin=text).stdout.strip().splitlines()
    assert [len(r.split()) for r in candidates[1:]] == [4, 4]


def test_the_cnf_holds_the_frame_cells_at_1() -> None:
    (p,) = parse_sigh(".Shape~2x4")
    clauses = encode_variant(p).clauses
    assert [4 * 8 + 1] in clauses and [-(4 * 8 + 2)] in clauses  # cell r3c1, in no unit


def _doppelganger_grids(givens: dict[int, int]) -> list[tuple[int, ...]]:
    """Every 4x4 grid of the digits 0..4 (as indexes 1..5, rows x cols in reading order)
    keeping sigh's Doppelganger, by backtracking on the rules written again here: each
    row, column and 2x2 box holds 0 and three of 1..4, all different; the digits the
    rows miss all differ, so do the columns' and the boxes'; at a 0 its row, column and
    box miss three different digits."""
    rows = [[r * 4 + c for c in range(4)] for r in range(4)]
    cols = [[r * 4 + c for r in range(4)] for c in range(4)]
    boxes = [
        [r * 4 + c for r in (br, br + 1) for c in (bc, bc + 1)] for br in (0, 2) for bc in (0, 2)
    ]
    box_of = {c: k for k, box in enumerate(boxes) for c in box}
    out: list[tuple[int, ...]] = []
    grid = [0] * 16

    def missing(cells: list[int]) -> int:
        (gone,) = set(range(1, 5)) - {grid[c] for c in cells}
        return gone

    def whole() -> bool:
        houses = rows + cols + boxes
        if any(0 not in {grid[c] for c in h} or len({grid[c] for c in h}) < 4 for h in houses):
            return False
        for kind in (rows, cols, boxes):
            if len({missing(h) for h in kind}) < 4:
                return False
        for c in range(16):
            near = {missing(rows[c // 4]), missing(cols[c % 4]), missing(boxes[box_of[c]])}
            if grid[c] == 0 and len(near) < 3:
                return False
        return True

    def fill(c: int) -> None:
        if c == 16:
            if whole():
                out.append(tuple(d + 1 for d in grid))
            return
        for d in [givens[c]] if c in givens else range(5):
            seen = [grid[k] for k in (*rows[c // 4], *cols[c % 4], *boxes[box_of[c]]) if k < c]
            if d not in seen:
                grid[c] = d
                fill(c + 1)

    fill(0)
    return out


def test_doppelganger_keeps_exactly_sighs_grids() -> None:
    """A 4x4 of the digits 0..4: the session and CP-SAT find the grids the rules keep
    (the missing digits' cells then follow from the grid)."""
    (p,) = parse_sigh(".Shape~4x4~0-4.Doppelganger.~R1C1_0~R2C3_1~R4C2_3")
    want = sorted(p.framed(g) for g in _doppelganger_grids({0: 0, 6: 1, 13: 3}))
    assert 0 < len(want) < 500
    with Session() as session:
        found = sorted(session.solutions(p, 1000))
    assert sorted(p.framed(p.grid_part(g)) for g in found) == want
    assert sorted(p.framed(p.grid_part(g)) for g in cpsat.solutions(p, 1000)) == want
    assert all(p.problem(g) is None for g in found)
    with pytest.raises(InputError, match=r"N x N grid of the digits 0..N"):
        parse_sigh(".Shape~9x9.Doppelganger")


@pytest.mark.parametrize(
    "text",
    [
        ".Shape~2x4.~R1C1_2~R1C2_4~R1C3_1~R2C1_3~R2C3_2",
        ".Shape~4x4~0-3.~R1C1_0~R2C3_1~R3C2_3~R4C4_2",
    ],
)
def test_certificates_of_other_shapes_and_digits_carry_sighs_string(
    text: str, tmp_path: Path
) -> None:
    """certify writes the puzzle as sigh's string in the CNF (f-puzzles holds neither),
    and check-proof reads it back to check the solution against it."""
    path = tmp_path / "p.txt"
    path.write_text(text + "\n")
    made = run_command("certify", str(path), str(tmp_path / "cert"), stdin="")
    assert made.returncode == 0, made.stderr
    cnf = tmp_path / "cert" / "puzzle-00001.cnf"
    assert f"c sigh {text}" in cnf.read_text()
    checked = run_command("check-proof", str(cnf), str(cnf.with_suffix(".drup")), stdin="")
    assert checked.returncode == 0 and "solution: solves the puzzle" in checked.stdout
