"""``show``: a classic grid's --svg drawing is the API's, at every order."""

from __future__ import annotations

from pathlib import Path

import pytest

import sudoku_sat as ss
from sudoku_sat.gridio import format_any_line
from sudoku_sat.puzzles.pattern import as_grid, blanked, random_grid

from .test_cli import run


@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_show_svg_draws_what_the_api_draws_at_every_order(tmp_path: Path, n: int) -> None:
    """25x25 said "SVG drawings go up to 16x16" while the API drew it."""
    path, svg = tmp_path / "p.txt", tmp_path / "p.svg"
    path.write_text(format_any_line(as_grid(blanked(random_grid(n, 1), 0.5, 1)), n) + "\n")
    code, out, err = run("show", str(path), "--svg", str(svg))
    assert code == 0, err
    (puzzle,) = ss.read(path)
    assert svg.read_text() == puzzle._repr_svg_()
    size = n * n
    assert f"<title>{size}x{size} sudoku</title>" in svg.read_text()


def test_show_svg_draws_one_puzzle(tmp_path: Path) -> None:
    path, svg = tmp_path / "p.txt", tmp_path / "p.svg"
    path.write_text("1234" + "." * 12 + "\n" + "." * 16 + "\n")
    code, out, err = run("show", str(path), "--svg", str(svg))
    assert code == 2 and err.count("\n") == 1 and "2 puzzles: --svg draws one" in err
    assert not svg.exists()
