"""f-puzzles JSON and links, read into :class:`Puzzle`.

Input, detected by content (``is_variant_text``): one JSON object per file (spread over
any number of lines), one object per line, or one f-puzzles link per line (``...?load=``
or SudokuPad's ``.../fpuzzles`` followed by lz-string base64, decoded with PyPI's
``lzstring``, the 'variants' extra). Lines starting with ``#`` are comments.

Keys. Every key of the constraint registry (``constraints.registry()``, one module per
rule family, each reading its own items) is read; the keys of :data:`PASSED_OVER`
(title, author, pencil marks, colours, cosmetic lines and shapes, ...) are not rules and
are passed over (a cosmetic ``cage`` too, unless its value is a digital root, ``DR5``:
``constraints/digital_root.py``); ``solution`` is kept, to be compared. Any other key
whose value is not empty is a rule this tool does not support: a one-line error naming
the file, the line and the key, never a rule silently ignored. Per cell, ``value`` (a given unless
``given`` is false) and the keys of the registry's cell rules (``region``: jigsaw;
``givenPencilMarks``) are read, everything else passed over. Once every rule is read,
each instance is completed by the others (``Constraint.settle``: the pairs a
non-consecutive rule leaves to its white dots, the values a negative excludes).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import InputError
from ..model.constraint import Constraint
from ..model.geometry import MAX_SIZE, MIN_SIZE, cell_name, default_regions
from ..model.puzzle import Puzzle
from ..model.reading import Reader, load_json
from ..model.reading import Source as _Source
from . import extra_cells
from .constraints import CELL_KEYS, KEYS, by_cell_key, by_key
from .links import LINK as LINK
from .links import decode_link as decode_link
from .links import is_variant_text as is_variant_text

PASSED_OVER = frozenset(
    {
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "activeConstraints",
        "highlightConflicts",
        "text",
        "line",
        "rectangle",
        "circle",
        "disabledlogic",
        "truecandidatesoptions",
        "version",
        "id",
        "metadata",
        "successMessage",
        extra_cells.KEY,  # read before the rules
    }
)
"""Keys that are not rules: cosmetic shapes and text, metadata, the solution. (A cosmetic
``cage`` is read by its registry class, which keeps only the digital-root cages the
f-puzzles solver add-on gives a meaning to and passes every other over.)"""


def parse_variants(text: str, source: str = "<input>") -> list[Puzzle]:
    """Every puzzle in text: one JSON object, one per line, or f-puzzles links."""
    stripped = text.strip()
    if stripped.startswith("{"):
        first = text.count("\n", 0, len(text) - len(text.lstrip())) + 1
        try:
            data = load_json(stripped, source, first)
        except InputError as exc:
            if "Extra data" not in exc.reason:
                raise
        else:
            return [from_fpuzzles(data, _Source(source, text, 1, False), f"{source}:1")]
    return list(_per_line(text, source))


def _per_line(text: str, source: str) -> Iterator[Puzzle]:
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        link = not line.startswith("{")
        where = _Source(source, line, number, link)
        data = decode_link(line, where) if link else load_json(line, source, number)
        yield from_fpuzzles(data, where, f"{source}:{number}")


def _size(data: dict[str, Any], where: _Source) -> int:
    size = data.get("size")
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise where.error(f"'size' must be a whole number from {MIN_SIZE} to {MAX_SIZE}", "size")
    return size


def from_fpuzzles(data: Any, where: _Source, origin: str) -> Puzzle:
    """A Puzzle from an f-puzzles object; InputError naming the key for what is refused."""
    if not isinstance(data, dict):
        raise where.error("an f-puzzles puzzle must be a JSON object")
    size = _size(data, where)
    for key, value in data.items():
        if key not in PASSED_OVER and key not in KEYS and value not in (False, None, [], {}, ""):
            raise where.error(f"unsupported constraint '{key}'", key)
    givens, in_cells = _grid(data, size, where)
    reader = Reader(where, size)
    found: list[Constraint] = []
    for key in CELL_KEYS:  # written in the cells of 'grid' (read when empty too: regions)
        cls = _class(by_cell_key(key))
        found += cls.read_cells(in_cells.get(key, {}), reader.at("grid"))
    regions = next((r for c in found if (r := c.regions()) is not None), default_regions(size))
    owned = tuple(
        g
        for key in KEYS
        if data.get(key) not in (None, False, [], {}, "")
        for g in _class(by_key(key)).cells_beyond(size)
    )
    extra, names = extra_cells.read_extra(
        data.get(extra_cells.KEY) or [], reader.at(extra_cells.KEY), owned
    )
    reader = Reader(where, size, regions=regions, extra=names)
    found += extra_cells.read_marks(data.get(extra_cells.KEY) or [], reader.at(extra_cells.KEY))
    for key in KEYS:  # in registry order, each module imported when its key is there
        value = data.get(key)
        if value is not None and value != []:  # absent, or an empty list of items
            found.extend(_class(by_key(key)).read_value(value, reader.at(key)))
    settled = tuple(c.settle(found) for c in found)
    solution = _solution(data.get("solution"), size, where)
    puzzle = Puzzle(size, givens, origin, solution=solution, constraints=settled, extra=extra)
    wrong = None if solution is None else puzzle.problem(solution)
    if wrong is not None:  # as a puzzle:count:solution line's (gridio)
        raise where.error(f"'solution' is not a solution of the puzzle: {wrong}", "solution")
    return puzzle


def _class(cls: type[Constraint] | None) -> type[Constraint]:
    """A class of the registry's index (there is one for each of its names)."""
    assert cls is not None
    return cls


def _grid(
    data: dict[str, Any], size: int, where: _Source
) -> tuple[tuple[int, ...], dict[str, dict[int, Any]]]:
    """The givens, and per cell key of the registry the values the cells hold."""
    grid = data.get("grid")
    if (
        not isinstance(grid, list)
        or len(grid) != size
        or not all(isinstance(r, list) and len(r) == size for r in grid)
    ):
        raise where.error(f"'grid' must be {size} rows of {size} cells", "grid")
    keys = CELL_KEYS
    givens = [0] * (size * size)
    in_cells: dict[str, dict[int, Any]] = {key: {} for key in keys}
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            k = r * size + c
            if not isinstance(cell, dict):
                raise where.error(
                    f"'grid': {cell_name(size, k)} is {_short(cell)}, not an object", "grid"
                )
            value = cell.get("value")
            if value not in (None, 0, "") or isinstance(value, bool):
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= size:
                    raise where.error(
                        f"'grid': {cell_name(size, k)} holds {_short(value)}, not 1..{size}", "grid"
                    )
                if cell.get("given", True) is not False:
                    givens[k] = value
            for key in keys:
                if key in cell:
                    in_cells[key][k] = cell[key]
    return tuple(givens), in_cells


def _solution(value: Any, size: int, where: _Source) -> tuple[int, ...] | None:
    """The solution f-puzzles recorded (N*N digits, row by row), None when absent."""
    if value in (None, [], ""):
        return None
    if (
        not isinstance(value, list)
        or len(value) != size * size
        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size for v in value)
    ):
        raise where.error(
            f"'solution': expected a list of {size * size} digits 1..{size}", "solution"
        )
    return tuple(value)


def _short(value: Any) -> str:
    """value as JSON-like text for a message, at most 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
