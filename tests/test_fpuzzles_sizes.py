"""Sizes f-puzzles allows (issue 32 item 6): at a prime size the regions default to the
rows where a cell names none (the f-puzzles solver add-on's reading, issue 42); 14x14
needs every cell's region; every size the writer writes, the reader reads, and past 16x16
it writes none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.errors import InputError, UsageError
from sudoku_sat.model.geometry import has_default_boxes
from sudoku_sat.model.puzzle import Puzzle
from sudoku_sat.variants.fpuzzles import parse_variants
from sudoku_sat.variants.fpuzzles_write import dumps

RUNNER = CliRunner()


def blank(size: int, regions: bool) -> str:
    cell = (lambda r, c: {"region": r}) if regions else (lambda r, c: {})
    grid = [[cell(r, c) for c in range(size)] for r in range(size)]
    return json.dumps({"size": size, "grid": grid})


@pytest.mark.parametrize("size", [5, 7, 11, 13, 14])
def test_a_size_without_default_boxes_reads_its_regions(size: int) -> None:
    assert not has_default_boxes(size)
    rows = tuple(tuple(range(r * size, (r + 1) * size)) for r in range(size))
    if size == 14:
        with pytest.raises(InputError, match=f"{size}x{size} puzzle has no default boxes"):
            parse_variants(blank(size, regions=False))
    else:  # the rows where no cell names a region (rangsk's SudokuSolver)
        assert parse_variants(blank(size, regions=False))[0].regions == rows
    (p,) = parse_variants(blank(size, regions=True))  # rows as regions: a Latin square
    assert p.regions == tuple(tuple(range(r * size, (r + 1) * size)) for r in range(size))
    (again,) = parse_variants(dumps(p))
    assert again.regions == p.regions


def test_regions_given_only_where_they_differ_from_the_rows() -> None:
    data = json.loads(blank(5, regions=False))
    data["grid"][0][4] = {"region": 1}  # R1C5 in the second row's region
    data["grid"][1][0] = {"region": 0}  # R2C1 in the first row's
    (p,) = parse_variants(json.dumps(data))
    assert p.regions[:2] == ((0, 1, 2, 3, 5), (4, 6, 7, 8, 9))
    assert p.regions[2:] == tuple(tuple(range(r * 5, r * 5 + 5)) for r in range(2, 5))


def test_the_cli_refuses_a_14x14_without_regions_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "fourteen.json"
    path.write_text(blank(14, regions=False))
    result = RUNNER.invoke(app, ["unique", str(path)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "every cell needs a 'region'" in result.output


@pytest.mark.parametrize("size", range(4, 17))
def test_every_size_written_reads_back(size: int) -> None:
    written = Puzzle(size, (0,) * (size * size))
    (read,) = parse_variants(dumps(written))
    assert (read.size, read.regions, read.grid) == (size, written.regions, written.grid)


def test_nothing_past_16x16_is_written_as_fpuzzles() -> None:
    with pytest.raises(UsageError, match="4x4 to 16x16, not 25x25"):
        dumps(Puzzle(25, (0,) * 625))
    result = RUNNER.invoke(app, ["show", "-", "--format", "fpuzzles"], input="." * 625)
    assert result.exit_code == 2 and "25x25" in result.output and "16x16" in result.output
    assert result.output.count("\n") == 1
