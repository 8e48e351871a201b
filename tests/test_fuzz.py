"""Fuzzing every reader: random bytes and mutations of valid inputs never give a traceback.

Library level (many examples, fast): the grid reader, the strict DIMACS reader and the
answer parser, fed through ``files.decode_text`` as a file or stdin would be, may only
raise InputError. CLI level (fewer examples, each a whole command): ``show``,
``propagate``, ``decode``, ``count`` and ``encode`` read the same inputs from stdin and
must exit 0-3 with, on error, exactly one line on stderr.

The example counts are set below: under CI (CI=true) 600 per reader and 120 commands, by
hand 150 per reader and 75 commands.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sudoku_sat.cli import app
from sudoku_sat.dimacs import parse_answer, parse_cnf
from sudoku_sat.errors import InputError
from sudoku_sat.files import decode_text
from sudoku_sat.gridio import parse_puzzles, render

from .conftest import EASY, IN_CI, TRES_DIFFICILE, TRES_DIFFICILE_SOLUTION

runner = CliRunner()
ROWS = "\n".join(TRES_DIFFICILE[i : i + 9] for i in range(0, 81, 9))
NUMBERS = "\n".join(" ".join(TRES_DIFFICILE[i : i + 9]) for i in range(0, 81, 9))
DRAWN = render(tuple(int(c) for c in TRES_DIFFICILE), 3)
LINE16 = "123456789ABCDEFG" + "." * 240
GRIDS = [
    TRES_DIFFICILE,
    f"# comment\n{EASY}\n{TRES_DIFFICILE.replace('0', '.')}",
    f"{TRES_DIFFICILE}:1:{TRES_DIFFICILE_SOLUTION}",
    ROWS,
    NUMBERS,
    DRAWN,
    LINE16,
    "1234" + "." * 12,
]
CNFS = [
    "c a comment\np cnf 6 6\n-1 3 0\n-1 -3 0\n1 2 4 0\n4 5 0\n-5 6 0\n-4 0\n",
    "p cnf 3 2\n1 -2\n3 0 -1 0\n",
    "p cnf 0 0\n",
]
ANSWERS = [
    "s SATISFIABLE\nv " + " ".join(str(v) for v in range(1, 30)) + " 0\n",
    "SAT\n1 -2 3 0\n",
    "s UNSATISFIABLE\n",
    "INDET\n",
    "1 2 3\n",
]
SEEDS = [text.encode() for text in GRIDS + CNFS + ANSWERS]
ALPHABETS = [None, "1-9A-G", "0-9A-F"]

# Edits that tend to find parser bugs: Unicode digits, BOMs, separators, huge numbers.
SPECIAL = [
    "²",
    "٣",
    "\ufeff",
    "\x00",
    "|",
    ":",
    "-",
    "+",
    "#",
    " ",
    "\t",
    "\r",
    "\n",
    "p cnf ",
    "0",
    "99999999999999999999",
    "\xa0",
    "\u2028",
    "ı",
]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """A valid input with a few random edits, or plain random bytes."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.binary(max_size=400))
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 6))):
        where = draw(st.integers(0, len(data)))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            piece = draw(st.sampled_from(SPECIAL)).encode()
        elif kind == 1:
            piece = draw(st.binary(min_size=1, max_size=4))
        else:
            piece = b""
        cut = draw(st.integers(0, 8)) if kind >= 2 else 0
        data[where : where + cut] = piece
    return bytes(data)


READER_EXAMPLES = 300 if IN_CI else 150
"""Examples of each reader's fuzz (1-3 ms each): the profile's under CI, twice as many as
by hand (600 under CI cost the suite 2 s more for the three readers)."""
COMMAND_EXAMPLES = 120 if IN_CI else 75
"""Examples of the whole-command fuzz: each runs a command in-process (about 70 ms: 10 s
for 150), so it gets far fewer than the readers, which see the same inputs."""


def text_of(data: bytes) -> str | None:
    try:
        return decode_text(data, "<fuzz>")
    except InputError:
        return None


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=READER_EXAMPLES)
@given(mutated(), st.sampled_from(ALPHABETS), st.sampled_from([None, 2, 3, 4]))
def test_grid_reader_raises_only_input_errors(
    data: bytes, alphabet: str | None, order: int | None
) -> None:
    text = text_of(data)
    if text is None:
        return
    try:
        puzzles = parse_puzzles(text, "<fuzz>", alphabet, order)
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    for puzzle in puzzles:
        size = puzzle.n**2
        assert len(puzzle.grid) == size * size and all(0 <= v <= size for v in puzzle.grid)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=READER_EXAMPLES)
@given(mutated())
def test_dimacs_reader_raises_only_input_errors(data: bytes) -> None:
    text = text_of(data)
    if text is None:
        return
    try:
        cnf = parse_cnf(text, "<fuzz>")
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    assert all(0 < abs(lit) <= cnf.nvars for clause in cnf.clauses for lit in clause)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=READER_EXAMPLES)
@given(mutated())
def test_answer_parser_raises_only_input_errors(data: bytes) -> None:
    text = text_of(data)
    if text is None:
        return
    try:
        parse_answer(text, "<fuzz>")
    except InputError as exc:
        assert "\n" not in str(exc)


COMMANDS = [
    ["show", "-", "--format", "line"],
    ["show", "-", "--alphabet", "0-9A-F"],
    ["propagate", "-"],
    ["propagate", "-", "--method", "fl"],
    ["decode", "-"],
    ["decode", "-", "--order", "2"],
    ["count", "-", "--cap", "3", "-q"],
    ["encode", "-"],
]


@settings(
    suppress_health_check=[HealthCheck.too_slow], deadline=None, max_examples=COMMAND_EXAMPLES
)
@given(mutated(), st.sampled_from(COMMANDS))
def test_commands_exit_0_to_3_with_one_error_line(data: bytes, command: list[str]) -> None:
    result = runner.invoke(app, command, input=data)
    assert result.exit_code in (0, 1, 2, 3), (result.exit_code, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code >= 2:
        assert result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.stderr
