"""Grid readers: every format, detection, comments, alphabets, and every error path."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_sat.errors import GridError, InputError
from sudoku_sat.gridio import (
    expand_alphabet,
    format_line,
    format_numbers,
    parse_puzzles,
    read_puzzles,
    render,
)

from .conftest import TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION

ANOTHER_SOLUTION = (
    "652483917978162435314975628825736149791824563436519872269348751547291386183657294"
)

HARD_ROWS = "\n".join(TRES_DIFFICILE[i : i + 9] for i in range(0, 81, 9))
HARD_NUMBERS = "\n".join(" ".join(TRES_DIFFICILE[i : i + 9]) for i in range(0, 81, 9))


def test_three_formats_give_the_same_grid() -> None:
    line = parse_puzzles(TRES_DIFFICILE)
    assert [p.grid for p in parse_puzzles(HARD_ROWS)] == [line[0].grid]
    assert [p.grid for p in parse_puzzles(HARD_NUMBERS)] == [line[0].grid]
    assert [p.grid for p in parse_puzzles(TRES_DIFFICILE.replace("0", "."))] == [line[0].grid]


def test_many_puzzles_comments_blank_lines() -> None:
    text = f"# a comment\n{TRES_DIFFICILE}\n\n   \n# more\n{TRES_DIFFICILE.replace('0', '.')}\n"
    puzzles = parse_puzzles(text, "f.txt")
    assert len(puzzles) == 2 and puzzles[1].origin == "f.txt:6"


def test_count_and_solution_fields() -> None:
    solution = "798635421126974583453218679972586314564123897381497256617352948835749162249861735"
    (p,) = parse_puzzles(f"{TRES_DIFFICILE}:1:{solution}")
    assert p.count == 1 and p.solution is not None and format_line(p.solution, 3) == solution
    (q,) = parse_puzzles(f"{TRES_DIFFICILE}:125")
    assert q.count == 125 and q.solution is None


def test_several_grids_of_rows_and_numbers() -> None:
    assert len(parse_puzzles(HARD_ROWS + "\n\n" + HARD_ROWS)) == 2
    assert len(parse_puzzles(HARD_NUMBERS + "\n" + HARD_NUMBERS)) == 2


def test_4x4_and_16x16() -> None:
    (p,) = parse_puzzles("1..." + "." * 12)
    assert p.n == 2 and p.grid[0] == 1
    line16 = "123456789ABCDEFG" + "." * 240
    (q,) = parse_puzzles(line16)
    assert q.n == 4 and q.grid[:16] == tuple(range(1, 17))
    (r,) = parse_puzzles(line16.replace("123456789ABCDEFG", "0123456789ABCDEF"), alphabet="0-9A-F")
    assert r.grid == q.grid
    rows16 = "\n".join(format_line(q.grid, 4)[i : i + 16] for i in range(0, 256, 16))
    assert parse_puzzles(rows16, alphabet="1-9A-G")[0].grid == q.grid
    assert parse_puzzles(rows16, order=4)[0].grid == q.grid
    assert parse_puzzles(format_numbers(q.grid, 4))[0].grid == q.grid
    assert parse_puzzles(" ".join(str(v) for v in q.grid))[0].grid == q.grid


def test_alphabet_expansion() -> None:
    assert expand_alphabet("1-9A-G", 16) == "123456789ABCDEFG"
    assert expand_alphabet("0-9a-f", 16) == "0123456789ABCDEF"
    for bad in ("1-9", "9-1A-Z", "1123456789ABCDEFG"):
        with pytest.raises(InputError):
            expand_alphabet(bad, 16)


@pytest.mark.parametrize(
    "text, where, words",
    [
        (TRES_DIFFICILE[:-1] + "x", "f:1:81", "illegal character 'x'"),
        (TRES_DIFFICILE[:80], "f:1:81", "expected 81 cells, found 80"),
        (TRES_DIFFICILE + "\n" + TRES_DIFFICILE[:79], "f:2:80", "expected 81 cells, found 79"),
        ("1..5" + "." * 12, "f:1:4", "value '5' out of range"),
        (HARD_ROWS.replace("020070080", "02007008"), "f:2:9", "row has 8 cells"),
        ("\n".join(HARD_ROWS.splitlines()[:8]), "f:9", "grid ends after 8 rows"),
        (HARD_NUMBERS.replace("0 2 0 0 7", "0 2 0 0 12"), "f:2:9", "value 12 out of range"),
        (HARD_NUMBERS.replace("0 2 0 0 7", "0 2 0 0 x"), "f:2:9", "illegal value 'x'"),
        (HARD_NUMBERS.replace("0 2 0 0 7", "0 2 0 0"), "f:2:", "expected 9 values, found 8"),
        ("12345", "f:1", "cannot tell the format"),
        (f"{TRES_DIFFICILE}:x", "f:1:83", "count 'x' is not a number"),
    ],
)
def test_errors_name_file_line_column(text: str, where: str, words: str) -> None:
    with pytest.raises(GridError) as info:
        parse_puzzles(text, "f")
    message = str(info.value)
    assert message.startswith(where) and words in message
    assert "\n" not in message


def test_read_errors(tmp_path: object) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_puzzles("/nonexistent/grid.txt")
    from pathlib import Path

    empty = Path(str(tmp_path)) / "empty.txt"
    empty.write_text("# only a comment\n")
    with pytest.raises(GridError, match="no puzzle found"):
        read_puzzles(empty)
    binary = Path(str(tmp_path)) / "bin.txt"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(InputError, match="not UTF-8"):
        read_puzzles(binary)


def test_render_draws_blocks() -> None:
    drawn = render(parse_puzzles(TRES_DIFFICILE)[0].grid, 3).splitlines()
    assert drawn[0] == "7 . . | . . . | 4 . ."
    assert drawn[3] == "------+-------+------"
    assert len(drawn) == 11


grids = st.integers(2, 4).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n * n), min_size=n**4, max_size=n**4))
)


@given(grids)
def test_round_trips(case: tuple[int, list[int]]) -> None:
    n, cells = case
    grid = tuple(cells)
    assert parse_puzzles(format_line(grid, n))[0].grid == grid
    assert parse_puzzles(format_numbers(grid, n))[0].grid == grid
    assert parse_puzzles(" ".join(map(str, grid)), order=n)[0].grid == grid
    rows = "\n".join(format_line(grid, n)[i : i + n * n] for i in range(0, n**4, n * n))
    assert parse_puzzles(rows, order=n)[0].grid == grid


@given(st.text(alphabet="0123456789.x: \n#", max_size=200))
def test_parser_raises_only_grid_errors(text: str) -> None:
    with contextlib.suppress(GridError):
        parse_puzzles(text)


@pytest.mark.parametrize(
    "text",
    [
        "²" + TRES_DIFFICILE[1:],  # superscript two: isdigit() but not int()
        "٣" + TRES_DIFFICILE[1:],  # Arabic-Indic three: int() would read 3
        HARD_NUMBERS.replace("7", "²", 1),
        HARD_NUMBERS.replace("7", "٣", 1),
        f"{TRES_DIFFICILE}:²",
        "ı" + TRES_DIFFICILE[1:] * 1,  # dotless i: upper() is 'I'
    ],
)
def test_unicode_digits_are_illegal_characters(text: str) -> None:
    with pytest.raises(GridError, match=r"illegal|not a number|out of range"):
        parse_puzzles(text, alphabet=None)


def test_a_huge_number_is_out_of_range_not_a_crash() -> None:
    with pytest.raises(GridError, match="out of range"):
        parse_puzzles(HARD_NUMBERS.replace("7", "7" * 5000, 1))
    with pytest.raises(GridError, match="not a number"):
        parse_puzzles(f"{TRES_DIFFICILE}:{'9' * 5000}")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_drawn_grids_read_back(n: int) -> None:
    rng = random.Random(n)
    grid = tuple(rng.choice([0, rng.randint(1, n * n)]) for _ in range(n**4))
    drawn = f"# a title\n{render(grid, n)}\n\n# another\n{render(grid, n)}\n"
    assert [p.grid for p in parse_puzzles(drawn)] == [grid, grid]


def test_a_drawn_16x16_with_its_alphabet_reads_back() -> None:
    grid = tuple(range(1, 17)) + (0,) * 240
    drawn = render(grid, 4, "0-9A-F")
    assert parse_puzzles(drawn, alphabet="0-9A-F")[0].grid == grid


def test_a_drawn_row_with_glued_symbols_is_an_error() -> None:
    drawn = render(parse_puzzles(TRES_DIFFICILE)[0].grid, 3).replace("7 . .", "7.. ", 1)
    with pytest.raises(GridError, match="one symbol per cell"):
        parse_puzzles(drawn)


def test_16x16_zero_without_g_needs_an_alphabet() -> None:
    line = "0123456789ABCDEF" + "." * 240
    with pytest.raises(GridError, match="ambiguous: give --alphabet"):
        parse_puzzles(line)
    rows = "\n".join(line[i : i + 16] for i in range(0, 256, 16))
    with pytest.raises(GridError, match="ambiguous"):
        parse_puzzles(rows, order=4)
    assert parse_puzzles(line, alphabet="0-9A-F")[0].grid[:16] == tuple(range(1, 17))
    with_g = "0123456789ABCDEG" + "0" * 240  # G settles it: 1-9A-G, 0 is a blank
    assert parse_puzzles(with_g)[0].grid[1:3] == (1, 2)


def test_36x36_zero_is_the_value_one() -> None:
    grid = parse_puzzles("0" + "." * 1295)[0].grid
    assert grid[0] == 1 and format_line(grid, 6)[0] == "0"


def test_alphabet_must_be_ascii() -> None:
    with pytest.raises(InputError, match="printable ASCII"):
        expand_alphabet("1-9A-Fı", 16)


@pytest.mark.parametrize(
    ("solution", "problem"),
    [
        ("1" * 9 + TRES_DIFFICILE_SOLUTION[9:], "cells r1c1 and r1c2 both hold 1"),
        (TRES_DIFFICILE, "cell r1c2 has no value"),
        (ANOTHER_SOLUTION, "cell r1c1 holds 6, the puzzle's clue is 7"),
    ],
)
def test_a_solution_field_that_does_not_solve_its_puzzle_is_refused(
    solution: str, problem: str
) -> None:
    """Every command reads puzzle:count:solution lines; only compare used to check them."""
    with pytest.raises(GridError) as caught:
        parse_puzzles(f"{TRES_DIFFICILE}:1:{solution}", "p.txt")
    assert str(caught.value) == (
        f"p.txt:1:85: the solution field does not solve the puzzle: {problem}"
    )
    (read,) = parse_puzzles(f"{TRES_DIFFICILE}:1:{TRES_DIFFICILE_SOLUTION}")
    assert read.count == 1 and "".join(map(str, read.solution or ())) == TRES_DIFFICILE_SOLUTION


def test_a_grid_past_36x36_in_symbols_is_named_by_its_file() -> None:
    """solve on a 64x64 grid of symbols named <input>, not the file (issue 41, 18)."""
    for text in ("." * 4096, "\n".join(["." * 64] * 64)):
        with pytest.raises(GridError, match="^big.txt:1: a 64x64 grid has no one-symbol"):
            parse_puzzles(text, "big.txt")
