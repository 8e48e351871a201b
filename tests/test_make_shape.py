"""generate on sigh's grids (``variants/make_shape.py``): each made puzzle read back from
the sigh string printed, found unique by an engine of its own (an exhaustive search over
the shape's cells; CP-SAT; sigh's solver when node is here), minimal, the same from a
seed, and the grids and rules f-puzzles or sigh cannot say refused in one line."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants import cpsat
from sudoku_sat.variants.make import blank, make
from sudoku_sat.variants.make_shape import blank_of, grid_clues, in_shape, inside
from sudoku_sat.variants.sigh import parse_sigh
from sudoku_sat.variants.sigh_write import to_sigh

SIGH = Path(__file__).resolve().parents[2] / "shared" / "peers" / "sigh" / "count.mjs"


def exhaustive(p: Puzzle, cap: int = 2) -> list[tuple[int, ...]]:
    """Up to cap solutions by a plain search over the shape's cells in reading order,
    each digit kept apart from its row's, column's and region's, every rule checked on
    the full grid by ``Puzzle.problem`` (no SAT, no CP-SAT)."""
    cells = p.grid_cells
    units = [u for u in (*p.lines, *p.regions)]
    peers = {c: {o for u in units if c in u for o in u if o != c} for c in cells}
    grid = list(p.framed(tuple(p.grid[c] for c in cells)))
    for c in cells:
        grid[c] = p.grid[c]
    found: list[tuple[int, ...]] = []

    def search(k: int) -> None:
        if len(found) >= cap:
            return
        if k == len(cells):
            if p.problem(tuple(grid)) is None:
                found.append(tuple(grid))
            return
        c = cells[k]
        if p.grid[c]:
            if all(grid[o] != p.grid[c] for o in peers[c] if cells.index(o) < k):
                search(k + 1)
            return
        for d in range(1, p.size + 1):
            if all(grid[o] != d for o in peers[c] if cells.index(o) < k or p.grid[o]):
                grid[c] = d
                search(k + 1)
        grid[c] = 1 if c in p.outside else 0

    search(0)
    return found


@pytest.mark.parametrize("spec", ["4x6", "5x5", "4x4~0-3", "3x4~4", "4x5.NoBoxes", "4x4~5"])
def test_made_shaped_puzzles_are_unique_and_minimal_by_exhaustive_search(spec: str) -> None:
    """Each made puzzle, read back from its sigh string, has its one solution by the
    exhaustive search, and each given taken away leaves two."""
    shape, _, rest = spec.partition(".")
    empty = blank(0, shape, rest == "NoBoxes")
    p, solution = make([], empty.size, random.Random(3), empty=empty)
    (q,) = parse_sigh(to_sigh(p), "made")
    assert (q.rows, q.cols, q.low, q.regions) == (p.rows, p.cols, p.low, p.regions)
    assert exhaustive(q) == [solution]
    for c in q.grid_cells:
        if q.grid[c]:
            fewer = list(q.grid)
            fewer[c] = 0
            assert len(exhaustive(q.with_givens(tuple(fewer)))) == 2, c


def test_sigh_lays_its_regions_on_the_shapes() -> None:
    """6x8: six 2x4 boxes; 4x7 (no box of 7 cells tiles it): the rows; 6x6~9: boxes of
    the longer side's 6 cells, not of the 9 digits; NoBoxes: the rows; digits from 0
    kept."""
    six = blank_of("6x8")
    assert len(six.regions) == 6 and {len(r) for r in six.regions} == {8}
    assert {c % 8 for c in six.regions[0]} == {0, 1, 2, 3}
    assert blank_of("4x7").regions == tuple(six_rows(7, 4, 7))
    assert blank_of("6x6~9").regions and {len(r) for r in blank_of("6x6~9").regions} == {6}
    assert blank_of("6x6", no_boxes=True).regions == tuple(six_rows(6, 6, 6))
    assert blank_of("9x9~0-8").low == 0 and not blank_of("9x9~0-8").shaped


def six_rows(n: int, rows: int, cols: int) -> list[tuple[int, ...]]:
    """The rows of a rows x cols shape numbered in its N x N frame."""
    return [tuple(r * n + c for c in range(cols)) for r in range(rows)]


@pytest.mark.parametrize("rule", ["killer", "thermometer", "sandwich"])
def test_rules_on_a_shape_read_back_unique_by_cpsat(rule: str) -> None:
    """A 4x6 puzzle of the rule: its sigh string, read back, has clues of the rule, every
    one inside the shape, and CP-SAT finds it unique with the made solution."""
    empty = blank_of("4x6")
    p, solution = make(rule, 6, random.Random(2), empty=empty)
    (q,) = parse_sigh(to_sigh(p), "made")
    assert rule in q.rules and all(inside(c, q) for c in q.constraints)
    assert cpsat.solutions(q, 2) == [solution]


@pytest.mark.skipif(shutil.which("node") is None or not SIGH.exists(), reason="no sigh")
def test_sigh_finds_the_made_shaped_puzzles_unique(tmp_path: Path) -> None:
    """sigh's own solver counts one solution for each string generate prints."""
    args = ["generate", "--shape", "6x8", "--rule", "killer", "-k", "2", "--seed", "4"]
    out = CliRunner().invoke(app, args).output.splitlines()
    out += CliRunner().invoke(app, ["generate", "--shape", "9x9~0-8", "--seed", "4"]).output.split()
    assert len(out) == 3 and all(s.startswith(".Shape~") for s in out)
    file = tmp_path / "made.txt"
    file.write_text("\n".join(out) + "\n")
    done = subprocess.run(["node", str(SIGH), str(file), "2"], capture_output=True, text=True)
    assert [line.split("\t")[0] for line in done.stdout.splitlines()] == ["1", "1", "1"]


def test_a_seed_makes_the_same_shaped_puzzles() -> None:
    args = ["generate", "--shape", "4x6", "--rule", "killer", "-k", "2", "--seed", "9"]
    first, second = (CliRunner().invoke(app, args) for _ in range(2))
    assert first.exit_code == 0 and first.output == second.output
    assert len(first.output.splitlines()) == 2


def test_json_records_hold_the_sigh_string() -> None:
    import json

    args = ["generate", "--shape", "3x4", "--seed", "1", "--json"]
    (record,) = json.loads(CliRunner().invoke(app, args).output)
    assert record["puzzle"].startswith(".Shape~3x4") and record["unique"]
    assert record["minimal"] and len(record["solution"]) == 12


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--shape", "6x8", "--rule", "diagonal+"], "sigh's solver refuses it too (a square"),
        (["--shape", "6x8", "--format", "fpuzzles"], "--format fpuzzles cannot say a 6x8"),
        (["--shape", "6x8", "--format", "numbers"], "--format numbers cannot say"),
        (["--shape", "6x8", "--size", "8"], "--shape says the grid"),
        (["--shape", "6x6~Raw"], "not Raw ones"),
        (["--shape", "6y8"], "is not a shape like 9x9"),
        (["--shape", "6x8", "--rule", "jigsaw"], "does not lay its regions"),
        (["--shape", "9x9~0-8", "--rule", "killer", "--seed", "1"], "digits 1..N"),
    ],
)
def test_what_generate_cannot_make_on_a_shape_is_refused(args: list[str], said: str) -> None:
    result = CliRunner().invoke(app, ["generate", *args])
    assert result.exit_code == 2 and said in result.output
    assert "Traceback" not in result.output and len(result.output.splitlines()) == 1


def test_clues_of_the_frame_outside_the_shape_are_dropped() -> None:
    """A cage made on the 6x6 frame of a 4x6 grid that reaches row 5 is no clue of the
    puzzle; a cage inside it is kept; a rule left without clues is drawn again (None);
    the shape's cells alone may be given."""
    from sudoku_sat.variants.constraints.killer import Cage

    empty = blank_of("4x6")
    solution = make([], 6, random.Random(1), empty=empty)[1]
    inner, outer = Cage((0, 1), solution[0] + solution[1]), Cage((18, 24), 5)
    kept = in_shape(empty.with_constraints((*empty.constraints, inner, outer)), solution, [])
    assert kept is not None and inner in kept.constraints and outer not in kept.constraints
    assert (
        in_shape(empty.with_constraints((*empty.constraints, outer)), solution, ["killer"]) is None
    )
    assert grid_clues(empty) == tuple(int(c < 24) for c in range(36))
