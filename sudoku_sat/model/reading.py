"""Reading f-puzzles objects: where a key came from (for errors naming its line) and the
checked readers of cells, cell lists, numbers and item lists that every constraint uses.

A cell is named as f-puzzles names it, ``R1C1`` for the top-left cell (case and spaces
ignored). Outside clues (sandwich sums, X-sums, skyscrapers, little killers) name cells
one step outside the grid: row or column 0 or N+1 (``R0C3`` is above column 3); they are
read by :meth:`Reader.outside`, which returns the clue's (row, column) from 0 to N+1.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any

from ..errors import InputError

CELL_NAME = re.compile(r"^\s*R([0-9]{1,4})\s*C([0-9]{1,4})\s*$", re.IGNORECASE | re.ASCII)
"""A cell's name: ASCII digits only (``R١C٢`` is not one), at most 4 of them (a name of
thousands of digits is refused before ``int`` meets Python's limit on digits)."""
MAX_DEPTH = 32
"""Deepest JSON nesting read: an f-puzzles object nests 5 deep (object, grid, row, cell,
pencil marks); deeper input is refused before Python's recursive decoder (and every
``repr`` of the value in a message) runs out of stack."""
_NESTING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]')
"""A string (skipped whole: the unrolled form, whose runs of plain characters cost the
regex engine no state each, so a 50 MB title takes 0.1 s and no memory) or a bracket."""


def load_json(text: str, source: str, line: int = 1, link: bool = False) -> Any:
    """The JSON value of text, which starts at ``line`` of ``source``; InputError naming
    the line and column of a syntax error or of nesting deeper than :data:`MAX_DEPTH`
    (inside a link, the line alone: columns of the decoded text mean nothing there)."""
    depth = 0
    for token in _NESTING.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                at = token.start()
                where = (0, 0) if link else _line_column(text, at)
                raise InputError(
                    f"JSON nested deeper than {MAX_DEPTH} levels",
                    source,
                    line + where[0],
                    where[1],
                )
        elif bracket in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        column = 0 if link else exc.colno
        raise InputError(
            f"malformed JSON: {exc.msg}", source, line + (0 if link else exc.lineno - 1), column
        ) from None
    except ValueError:  # Python's limit on the digits of an int (4,300)
        raise InputError("a JSON number of thousands of digits", source, line) from None


def _line_column(text: str, at: int) -> tuple[int, int]:
    """(lines before, column from 1) of offset at in text."""
    before = text.count("\n", 0, at)
    return before, at - (text.rfind("\n", 0, at) + 1) + 1


def shown(value: Any, most: int = 40) -> str:
    """value as a message shows it: its repr, cut to most characters."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


class Source:
    """Where an object came from, to name the line of a key in errors."""

    def __init__(self, name: str, text: str, line: int, link: bool):
        self.name, self.text, self.line, self.link = name, text, line, link

    def error(self, message: str, key: str | None = None) -> InputError:
        line = self.line
        if key is not None and not self.link:
            at = self.text.find(f'"{key}"')
            line += self.text.count("\n", 0, at) if at >= 0 else 0
        return InputError(message, self.name, line)


class Reader:
    """The checked readers of one f-puzzles object of size N, errors naming ``key``."""

    def __init__(
        self,
        where: Source,
        size: int,
        key: str = "",
        regions: tuple[tuple[int, ...], ...] = (),
        extra: dict[str, int] | None = None,
        low: int = 1,
        shape: tuple[int, int] = (0, 0),
    ):
        self.where, self.size, self.key = where, size, key
        self.low = low
        """The puzzle's first digit: 1, or 0 (``Puzzle.low``); :meth:`digit` reads digits
        from it."""
        self.shape = shape
        """(rows, columns) of a grid that is no N x N square (``Puzzle.rows``), (0, 0)
        for N x N: :meth:`cell` reads the cells inside it."""
        self.laid: dict[int, tuple[str, int, int]] = {}
        """Cells beyond the grid laid out in rows (a group with columns, as sigh lays
        them: ``model/extra.py``) -> (group, row, column), for :meth:`orthogonal`."""
        self.regions = regions
        """The puzzle's regions (boxes or jigsaw pieces), for constraints that depend on
        them (region sum lines); empty when the caller has none."""
        self.extra = extra or {}
        """The names of the puzzle's cells beyond the grid (``VA1``) -> their indexes
        (``model/extra.py``): :meth:`cell` reads them like grid cells."""

    def at(self, key: str) -> Reader:
        """The same reader, its errors naming key."""
        return Reader(self.where, self.size, key, self.regions, self.extra, self.low, self.shape)

    def error(self, message: str) -> InputError:
        """A one-line error about this key, naming the file and the key's line."""
        return self.where.error(f"'{self.key}': {message}", self.key or None)

    def _rc(self, name: Any) -> tuple[int, int]:
        match = CELL_NAME.match(name) if isinstance(name, str) else None
        if match is None:
            raise self.error(f"{shown(name)} is not a cell name like R1C1")
        return int(match.group(1)), int(match.group(2))

    def cell(self, name: Any) -> int:
        """The index (row-major from 0) of a cell inside the grid, or of an extra cell
        by its name (after the grid's)."""
        if isinstance(name, str) and name in self.extra:
            return self.extra[name]
        r, c = self._rc(name)
        n = self.size
        rows, cols = self.shape if self.shape[0] else (n, n)
        if not (1 <= r <= rows and 1 <= c <= cols):
            raise self.error(f"cell {name} is outside the {rows}x{cols} grid")
        return (r - 1) * n + c - 1

    def orthogonal(self, a: int, b: int) -> bool:
        """True when a and b are orthogonal neighbours: in the grid, or in the rows of one
        group of cells beyond it (sigh's cell graph)."""
        n = self.size
        if max(a, b) < n * n:
            r, c, s, d = a // n, a % n, b // n, b % n
            return abs(r - s) + abs(c - d) == 1
        if a in self.laid and b in self.laid and self.laid[a][0] == self.laid[b][0]:
            (_, r, c), (_, s, d) = self.laid[a], self.laid[b]
            return abs(r - s) + abs(c - d) == 1
        return False

    def name(self, cell: int) -> str:
        """The name :meth:`cell` reads back: ``R1C1``, or an extra cell's (``VA1``)."""
        n = self.size
        if cell >= n * n:
            return next(k for k, v in self.extra.items() if v == cell)
        return f"R{cell // n + 1}C{cell % n + 1}"

    def cells(self, names: Any, least: int = 1) -> tuple[int, ...]:
        """A list of at least ``least`` cells inside the grid, in order, none twice."""
        if not isinstance(names, list) or len(names) < least:
            what = "a non-empty list" if least == 1 else f"a list of at least {least}"
            raise self.error(f"expected {what} of cells")
        out = tuple(self.cell(n) for n in names)
        if len(set(out)) != len(out):
            raise self.error("a cell is listed twice")
        return out

    def outside(self, name: Any) -> tuple[int, int]:
        """(row, column), 0..N+1, of a clue one step outside the grid (not a corner unless
        corners are allowed by the caller, not inside); on a shaped grid 0..rows+1 and
        0..cols+1 (``shape``)."""
        r, c = self._rc(name)
        n = self.size
        rows, cols = self.shape if self.shape[0] else (n, n)
        if not (0 <= r <= rows + 1 and 0 <= c <= cols + 1):
            raise self.error(f"{name} is not next to the {rows}x{cols} grid")
        if 1 <= r <= rows and 1 <= c <= cols:
            raise self.error(f"{name} is inside the grid; an outside clue stands beside it")
        return r, c

    def number(self, value: Any, signed: bool = False) -> int | None:
        """A whole number given as an int or a string of ASCII digits (``²`` and ``٣`` are
        not digits here), at most 6 of them; None when empty."""
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise self.error(f"value {shown(value)} is not a whole number")
        text = str(value).strip()
        body = text[1:] if signed and text[:1] == "-" else text
        if not (body.isascii() and body.isdigit()) or len(body) > 6:
            raise self.error(f"value {shown(value)} is not a whole number")
        return int(text)

    def digit(self, value: Any) -> int:
        """A digit of the grid (``low`` .. ``low``+N-1) as its index 1..N, the way givens
        and clauses count digits (``Puzzle.low``)."""
        out = self.required(value)
        top = self.low + self.size - 1
        if not self.low <= out <= top:
            raise self.error(f"{shown(value)} is not a digit {self.low}..{top}")
        return out - self.low + 1

    def required(self, value: Any) -> int:
        """A whole number that must be there."""
        out = self.number(value)
        if out is None:
            raise self.error("a value is missing")
        return out

    def items(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The list of objects under this reader's key (empty when absent)."""
        items = data.get(self.key) or []
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            raise self.error("expected a list of objects")
        return items

    def lines(self, item: dict[str, Any], least: int = 2) -> list[tuple[int, ...]]:
        """An item's ``lines`` (a list of cell lists), each of at least ``least`` cells."""
        lines = item.get("lines")
        if not isinstance(lines, list) or not lines:
            raise self.error("expected 'lines', a non-empty list of cell lists")
        return [self.cells(line, least) for line in lines]

    def paths(
        self, item: dict[str, Any], least: int = 2, beyond: bool = False
    ) -> list[tuple[int, ...]]:
        """An item's ``lines`` as drawn paths: each of at least ``least`` cells, every two
        consecutive cells neighbours (a king's move apart); with beyond, a line may run
        through cells beyond the grid too (a whisper between sigh's ``Var`` cells), two
        grid cells in a row still neighbours."""
        out = self.lines(item, least)
        n = self.size
        for line in out:
            outside = [c for c in line if c >= n * n]
            if outside and not beyond:
                raise self.error(
                    f"{self.name(outside[0])} is no grid cell: a line runs through grid cells"
                )
            for a, b in pairwise(line):
                if max(a, b) >= n * n:
                    continue
                if max(abs(a // n - b // n), abs(a % n - b % n)) != 1:
                    raise self.error(
                        f"R{a // n + 1}C{a % n + 1} and R{b // n + 1}C{b % n + 1} are "
                        "consecutive on a line but not neighbours"
                    )
        return out
