"""Grids written as text: pencil marks of classic grids at every order."""

from __future__ import annotations

from sudoku_sat.gridtext import render_pencil


def test_pencil_marks_draw_each_cell_as_a_box_of_its_digits() -> None:
    digits = [(1,), (2,), (3, 4), (1, 2, 3, 4)] + [(4,)] * 12
    lines = render_pencil(digits, 2).splitlines()
    assert lines[0] == "1. .2 | .. 12"
    assert lines[1] == ".. .. | 34 34"
    assert lines[2] == ""  # between the rows of cells of one box
    assert lines[5] == "------+------"  # between boxes
    assert len(lines) == 4 * 2 + 3


def test_pencil_marks_use_the_grids_symbols_up_to_36x36_and_numbers_beyond() -> None:
    every = [tuple(range(1, 26))] * 625
    first = render_pencil(every, 5).splitlines()[:5]
    assert [line[:5] for line in first] == ["12345", "6789A", "BCDEF", "GHIJK", "LMNOP"]
    assert render_pencil(every, 5, "A-Y").splitlines()[4][:5] == "UVWXY"
    big = render_pencil([(1, 49)] + [(2,)] * (49 * 49 - 1), 7).splitlines()
    assert big[0].startswith(" 1  .  .  .  .  .  . ")
    assert big[6].startswith(" .  .  .  .  .  . 49 ")
