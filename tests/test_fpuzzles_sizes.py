"""Sizes f-puzzles allows (issue 32 item 6): a size without default boxes needs regions in
the file; every size the writer writes, the reader reads, and past 16x16 it writes none."""

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
def test_a_size_without_default_boxes_needs_regions(size: int) -> None:
    assert not has_default_boxes(size)
    with pytest.raises(InputError, match=f"{size}x{size} puzzle has no default boxes"):
        parse_variants(blank(size, regions=False))
    (p,) = parse_variants(blank(size, regions=True))  # rows as regions: a Latin square
    assert p.regions == tuple(tuple(range(r * size, (r + 1) * size)) for r in range(size))
    (again,) = parse_variants(dumps(p))
    assert again.regions == p.regions


def test_the_cli_refuses_a_7x7_without_regions_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "seven.json"
    path.write_text(blank(7, regions=False))
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
