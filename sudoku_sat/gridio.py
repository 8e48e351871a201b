"""Reading and writing grids in every common text format, detected automatically.

Formats read (lines starting with ``#`` are comments everywhere):

- **line**: one puzzle per line as N*N symbols, ``.`` or ``0`` for a blank
  (``4...3.......6..8...``); ``puzzle:count[:solution]`` lines are accepted too, the
  solution checked (complete, no rule broken, every clue kept: a GridError otherwise).
- **rows**: N lines of N symbols each (``700000400``).
- **numbers**: N lines of N space-separated numbers (``0 0 2 3 7 0 9 0 0``), the natural
  form for N >= 10; a single line of N**4 numbers is one puzzle too.
- **drawn**: the grid as ``render`` draws it (``7 . . | . . . | 4 . .``, rule lines of
  ``-`` and ``+``), so that every grid the project prints can be read back.

Symbols: for N <= 9 the digits 1..N; for larger N an *alphabet* maps symbols to values
1..N in order (``1-9A-G``, the default for 16x16, or ``0-9A-F``; letters are
case-insensitive). ``0`` is a blank unless the alphabet uses it: the default 36x36
alphabet is ``0-9A-Z``, so there ``0`` is the value 1 and ``.`` the only blank. A 16x16
grid of symbols that holds a ``0`` but no ``G`` is refused without ``--alphabet``: its
``0`` may be a blank (``1-9A-G``) or the value 1 (``0-9A-F``), which would shift every
value. A 16-symbol line is a 4x4 puzzle, unless an alphabet or order 4 is given, when it
is a row of a 16x16 grid; a line of 16 *numbers* is a 16x16 row unless order 2 is given.
Digits are ASCII digits only (``²`` or ``٣`` are illegal characters, not numbers).

Every reading error raises :class:`GridError` naming the source, line and column.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import cache, partial
from pathlib import Path

from .alphabet import DIGITS, LETTERS, MAX_SYMBOLS, default_alphabet, expand_alphabet
from .errors import GridError
from .files import read_text
from .grid import MAX_ORDER, MIN_ORDER, Grid, geometry, solution_problem
from .gridtext import format_any_line as format_any_line
from .gridtext import format_line as format_line
from .gridtext import format_numbers as format_numbers
from .gridtext import format_symbols as format_symbols
from .gridtext import render as render
from .model.puzzle import Puzzle as Puzzle

BLANKS = ".0"
MAX_NUMBER_DIGITS = 4
"""Longest number token read as a value; longer ones are out of range without int()."""
AMBIGUOUS_16 = (
    "a 16x16 grid with '0' and no 'G' is ambiguous: give --alphabet 1-9A-G ('0' blank) "
    "or --alphabet 0-9A-F ('0' is the value 1)"
)


def is_number(token: str) -> bool:
    """True when token is made of ASCII digits only (``str.isdigit`` accepts ``²``)."""
    return token.isascii() and token.isdigit()


def is_rule_line(line: str) -> bool:
    """A drawn grid's separator line, such as ``------+-------+------``."""
    text = line.strip()
    return "+" in text and "-" in text and set(text) <= set("-+ ")


def _order_from(count: int, power: int) -> int | None:
    for n in range(MIN_ORDER, MAX_ORDER + 1):
        if n**power == count:
            return n
    return None


@cache
def _values(symbols: str) -> dict[str, int]:
    """Every character :meth:`_Reader.value` accepts for symbols, with its value: the
    symbols (either case), then the blanks that are not symbols. One dictionary look-up
    a cell instead of a call (a file of 20,000 puzzles: 2.5 s less)."""
    table = {ch: 0 for ch in BLANKS}
    for index, symbol in enumerate(symbols):
        for ch in {symbol, symbol.lower()}:
            if ch.isascii() and ch.upper() == symbol:
                table[ch] = index + 1
    return table


class _Reader:
    """Parses one text; keeps the source name and options for error messages."""

    def __init__(self, text: str, source: str, alphabet: str | None, order: int | None):
        self.source = source
        self.alphabet_spec = alphabet
        self.order = order
        self.lines = [
            (number, line.rstrip()) for number, line in enumerate(text.splitlines(), start=1)
        ]

    def error(self, message: str, line: int, column: int = 0) -> GridError:
        return GridError(message, self.source, line, column)

    def content(self) -> list[tuple[int, str]]:
        return [
            (k, s)
            for k, s in self.lines
            if s.strip() and not s.lstrip().startswith("#") and not is_rule_line(s)
        ]

    def symbols(self, size: int, line: int = 0) -> str:
        if self.alphabet_spec is None:
            try:
                return default_alphabet(size)
            except GridError as exc:  # past 36x36: named with this file and line
                raise self.error(exc.reason, line) from None
        return expand_alphabet(self.alphabet_spec, size)

    def value(self, symbol: str, symbols: str, size: int, line: int, column: int) -> int:
        if not symbol.isascii():
            raise self.error(f"illegal character {symbol!r}", line, column)
        upper = symbol.upper()
        index = symbols.find(upper) if upper else -1
        if index >= 0:
            return index + 1
        if symbol in BLANKS:
            return 0
        if is_number(symbol) or (size > len(DIGITS) and upper in LETTERS):
            raise self.error(
                f"value {symbol!r} out of range for a {size}x{size} grid", line, column
            )
        raise self.error(f"illegal character {symbol!r}", line, column)

    def chars(self, text: str, size: int, line: int, offset: int) -> list[int]:
        symbols = self.symbols(size, line)
        table = _values(symbols)
        try:
            return [table[ch] for ch in text]
        except KeyError:  # the slow way, to name the character and its column
            return [
                self.value(ch, symbols, size, line, offset + k + 1) for k, ch in enumerate(text)
            ]

    def check_zero(self, texts: list[tuple[int, str]], size: int) -> None:
        """Refuse a 16x16 grid of symbols whose '0' could be a blank or the value 1."""
        if self.alphabet_spec is not None or size != 16:
            return
        if any("G" in text.upper() for _, text in texts):
            return
        for number, text in texts:
            if "0" in text:
                raise self.error(AMBIGUOUS_16, number, text.index("0") + 1)

    def parse(self) -> list[Puzzle]:
        puzzles = self.parse_any()
        for puzzle in puzzles:
            if self.order is not None and puzzle.n != self.order:
                side, asked = puzzle.n**2, self.order**2
                raise GridError(
                    f"a {side}x{side} puzzle (order {puzzle.n}), not order {self.order} "
                    f"({asked}x{asked})",
                    puzzle.origin,
                )
        return puzzles

    def parse_any(self) -> list[Puzzle]:
        content = self.content()
        if not content:
            return []
        first = content[0][1].strip()
        if "|" in first:
            size = sum(ch not in " \t|" for ch in first)
            return list(self.row_grids(content, size, partial(self.drawn_row, size)))
        tokens = first.split()
        if len(tokens) > 1:
            size = len(tokens)
            line_order, row_order = _order_from(size, 4), _order_from(size, 2)
            # N*N numbers: a whole puzzle, or a row of an N*N grid (81 numbers, 81x81)
            rows = row_order is not None and len(content) % size == 0
            own_rows = row_order is not None and self.order == row_order
            if line_order and not own_rows and (not rows or self.order == line_order):
                return list(self.number_lines(content))
            numbers = partial(self.numbers_row, size)
            return list(self.row_grids(content, size, numbers, symbolic=False))
        head = first.split(":")[0]
        line_order = _order_from(len(head), 4)
        row_order = _order_from(len(head), 2)
        wants_rows = self.order == row_order or (self.alphabet_spec is not None and row_order)
        if ":" in first or (line_order and not (row_order and wants_rows)):
            return list(self.puzzle_lines(content, line_order))
        if row_order:
            size = len(head)
            return list(self.row_grids(content, size, partial(self.char_row, size)))
        if len(head) > MAX_SYMBOLS:  # longer than any row of symbols: a puzzle line
            symbolic = range(MIN_ORDER, math.isqrt(MAX_SYMBOLS) + 1)
            nearest = min(symbolic, key=lambda n: abs(n**4 - len(head)))
            return list(self.puzzle_lines(content, nearest))
        raise self.error(
            f"cannot tell the format: a line of {len(head)} symbols is neither a puzzle "
            "(16, 81, 256, 625 or 1296 cells) nor a grid row (4, 9, 16, 25 or 36 cells); "
            "grids from 49x49 up are read as numbers only",
            content[0][0],
        )

    def puzzle_lines(self, content: list[tuple[int, str]], order: int | None) -> Iterator[Puzzle]:
        for number, raw in content:
            offset = len(raw) - len(raw.lstrip())
            fields = raw.strip().split(":")
            if order is None:
                order = _order_from(len(fields[0]), 4)
                if order is None:
                    raise self.error(f"a puzzle of {len(fields[0])} cells is not n**4", number)
            ncells = order**4
            grid = self.cells(fields[0], ncells, number, offset)
            cells = " " * offset + fields[0] + (":" + fields[2] if len(fields) == 3 else "")
            self.check_zero([(number, cells)], order * order)
            count = solution = None
            if len(fields) > 3:
                raise self.error("expected puzzle[:count[:solution]]", number)
            if len(fields) >= 2:
                col = offset + len(fields[0]) + 2
                if not is_number(fields[1]) or len(fields[1]) > 30:
                    raise self.error(f"count {fields[1]!r} is not a number", number, col)
                count = int(fields[1])
            if len(fields) == 3 and fields[2]:
                col = offset + len(fields[0]) + len(fields[1]) + 3
                solution = self.cells(fields[2], ncells, number, col - 1)
                problem = solution_problem(solution, order, grid)
                if problem:
                    why = f"the solution field does not solve the puzzle: {problem}"
                    raise self.error(why, number, col)
            yield Puzzle(order * order, grid, f"{self.source}:{number}", count, solution)

    def cells(self, text: str, ncells: int, number: int, offset: int) -> Grid:
        if len(text) != ncells:
            where = offset + min(len(text), ncells) + 1
            raise self.error(f"expected {ncells} cells, found {len(text)}", number, where)
        n = _order_from(ncells, 4)
        assert n is not None
        return tuple(self.chars(text, n * n, number, offset))

    def row_grids(
        self,
        content: list[tuple[int, str]],
        size: int,
        row: Callable[[int, str], list[int]],
        symbolic: bool = True,
    ) -> Iterator[Puzzle]:
        """Grids of ``size`` consecutive lines, each turned into N values by ``row``."""
        n = _order_from(size, 2)
        if n is None:
            raise self.error(
                f"a row of {size} values is not a grid side (4, 9, ..., 225)", content[0][0]
            )
        for start in range(0, len(content), size):
            block = content[start : start + size]
            if len(block) < size:
                raise self.error(
                    f"grid ends after {len(block)} rows, {size} needed", block[-1][0] + 1
                )
            grid = [v for number, raw in block for v in row(number, raw)]
            if symbolic:
                self.check_zero(block, size)
            yield Puzzle(n * n, tuple(grid), f"{self.source}:{block[0][0]}")

    def drawn_row(self, size: int, number: int, raw: str) -> list[int]:
        """A row as ``render`` draws it: symbols separated by spaces and ``|``."""
        symbols = self.symbols(size, number)
        found = [(k + 1, ch) for k, ch in enumerate(raw) if ch not in " \t|"]
        for (column, _), (after, _) in zip(found, found[1:], strict=False):
            if after == column + 1:
                raise self.error("a drawn row has one symbol per cell", number, after)
        if len(found) != size:
            where = found[size][0] if len(found) > size else len(raw) + 1
            raise self.error(f"row has {len(found)} cells, expected {size}", number, where)
        return [self.value(ch, symbols, size, number, column) for column, ch in found]

    def char_row(self, size: int, number: int, raw: str) -> list[int]:
        offset = len(raw) - len(raw.lstrip())
        text = raw.strip()
        if len(text) != size:
            where = offset + min(len(text), size) + 1
            raise self.error(f"row has {len(text)} cells, expected {size}", number, where)
        return self.chars(text, size, number, offset)

    def number(self, token: str, size: int, number: int, column: int) -> int:
        if token == ".":
            return 0
        if not is_number(token):
            raise self.error(f"illegal value {token!r}", number, column)
        if len(token) > MAX_NUMBER_DIGITS:
            raise self.error(f"value {token} out of range 0..{size}", number, column)
        value = int(token)
        if value > size:
            raise self.error(f"value {value} out of range 0..{size}", number, column)
        return value

    def numbers_row(self, size: int, number: int, raw: str) -> list[int]:
        return self.numbers(raw, size, size, number)

    def numbers(self, raw: str, count: int, size: int, number: int) -> list[int]:
        out: list[int] = []
        column = 0
        for token in raw.split():
            column = raw.index(token, column) + 1
            if len(out) == count:
                raise self.error(f"too many values: expected {count}", number, column)
            out.append(self.number(token, size, number, column))
            column += len(token) - 1
        if len(out) < count:
            raise self.error(f"expected {count} values, found {len(out)}", number, len(raw) + 1)
        return out

    def number_lines(self, content: list[tuple[int, str]]) -> Iterator[Puzzle]:
        count = len(content[0][1].split())
        n = _order_from(count, 4)
        assert n is not None
        for number, raw in content:
            grid = self.numbers(raw, count, n * n, number)
            yield Puzzle(n * n, tuple(grid), f"{self.source}:{number}")


def parse_puzzles(
    text: str, source: str = "<input>", alphabet: str | None = None, order: int | None = None
) -> list[Puzzle]:
    """Every puzzle in text, in order, in whichever format text uses."""
    return _Reader(text, source, alphabet, order).parse()


def read_puzzles(
    path: str | Path, alphabet: str | None = None, order: int | None = None
) -> list[Puzzle]:
    """Every puzzle in the file at path (``-`` for stdin); raises GridError if none."""
    text, source = read_text(path)
    puzzles = parse_puzzles(text, source, alphabet, order)
    if not puzzles:
        raise GridError("no puzzle found", source)
    return puzzles


def check_geometry(n: int) -> None:
    """Raise ValueError when n is not a supported order."""
    geometry(n)
