"""f-puzzles JSON and links, read into :class:`Variant` and written back.

Input, detected by content (``is_variant_text``): one JSON object per file (spread over
any number of lines), one object per line, or one f-puzzles link per line (``...?load=``
or SudokuPad's ``.../fpuzzles`` followed by lz-string base64, decoded with PyPI's
``lzstring``, the 'variants' extra). Lines starting with ``#`` are comments.

Keys. The constraints of :data:`CONSTRAINTS` are read; the keys of :data:`PASSED_OVER`
(title, author, solution, pencil marks, colours, cosmetic lines and shapes, ...) are not
constraints and are passed over (``solution`` is kept, to be compared). Any other key
whose value is not empty is a constraint this tool does not support: a one-line error
naming the file, the line and the key, never a constraint silently ignored. Per cell,
``value`` (a given unless ``given`` is false), ``region`` (jigsaw; null: no region) and
``givenPencilMarks`` (the digits the cell may hold) are read, everything else passed over.

Kropki and XV negatives (``negative``: "ratio", "difference", "xv"): a pair of
orthogonal neighbours with no mark of the named kind does not satisfy that relation,
for any of the values the puzzle's marks of that kind carry (``model.negated_values``). A
pair carrying a white or black dot is exempt from both kropki negatives (a 1-2 pair may
carry either dot), as rangsk's solver reads f-puzzles' "all dots given".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import InputError
from .constraint import Constraint
from .constraints import registry
from .links import LINK as LINK
from .links import decode_link as decode_link
from .links import is_variant_text as is_variant_text
from .model import (
    GLOBAL_RULES,
    MAX_SIZE,
    MIN_SIZE,
    NEGATABLE,
    Arrow,
    Cage,
    Dot,
    Variant,
    cell_name,
    default_regions,
    has_default_boxes,
)
from .reading import CELL_NAME, Reader, load_json
from .reading import Source as _Source

CONSTRAINTS = (
    *GLOBAL_RULES,
    "extraregion",
    "killercage",
    "thermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "odd",
    "even",
    "negative",
)
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
        "cage",
        "disabledlogic",
        "truecandidatesoptions",
        "version",
        "id",
        "metadata",
        "successMessage",
    }
)
"""Keys that are not constraints: cosmetic shapes and text, metadata, the solution."""


def parse_variants(text: str, source: str = "<input>") -> list[Variant]:
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


def _per_line(text: str, source: str) -> Iterator[Variant]:
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        link = not line.startswith("{")
        where = _Source(source, line, number, link)
        data = decode_link(line, where) if link else load_json(line, source, number)
        yield from_fpuzzles(data, where, f"{source}:{number}")


def _cell(name: Any, size: int, where: _Source, key: str) -> int:
    match = CELL_NAME.match(name) if isinstance(name, str) else None
    if match is None:
        raise where.error(f"'{key}': {name!r} is not a cell name like R1C1", key)
    r, c = int(match.group(1)), int(match.group(2))
    if not (1 <= r <= size and 1 <= c <= size):
        raise where.error(f"'{key}': cell {name} is outside the {size}x{size} grid", key)
    return (r - 1) * size + c - 1


def _cells(names: Any, size: int, where: _Source, key: str) -> tuple[int, ...]:
    if not isinstance(names, list) or not names:
        raise where.error(f"'{key}': expected a non-empty list of cells", key)
    cells = tuple(_cell(n, size, where, key) for n in names)
    if len(set(cells)) != len(cells):
        raise where.error(f"'{key}': a cell is listed twice", key)
    return cells


def _group(names: Any, size: int, where: _Source, key: str) -> tuple[int, ...]:
    """The cells of a group whose digits all differ: at most size of them."""
    cells = _cells(names, size, where, key)
    if len(cells) > size:
        raise where.error(f"'{key}': {len(cells)} cells cannot all differ in 1..{size}", key)
    return cells


def _items(data: dict[str, Any], key: str, where: _Source) -> list[dict[str, Any]]:
    items = data.get(key) or []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise where.error(f"'{key}': expected a list of objects", key)
    return items


def _number(value: Any, where: _Source, key: str) -> int | None:
    if value is None or value == "":
        return None
    text = str(value).strip() if isinstance(value, (int, str)) else ""
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise where.error(f"'{key}': value {value!r} is not a whole number", key)
    return int(text)


def _size(data: dict[str, Any], where: _Source) -> int:
    size = data.get("size")
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise where.error(f"'size' must be a whole number from {MIN_SIZE} to {MAX_SIZE}", "size")
    return size


def from_fpuzzles(data: Any, where: _Source, origin: str) -> Variant:
    """A Variant from an f-puzzles object; InputError naming the key for what is refused."""
    if not isinstance(data, dict):
        raise where.error("an f-puzzles puzzle must be a JSON object")
    size = _size(data, where)
    for key, value in data.items():
        if (
            key not in PASSED_OVER
            and key not in CONSTRAINTS
            and key not in registry()
            and value not in (False, None, [], {}, "")
        ):
            raise where.error(f"unsupported constraint '{key}'", key)
    givens, regions, pencil, jigsaw = _grid(data, size, where)
    rules = frozenset(k for k in GLOBAL_RULES if data.get(k) is True)
    negative = data.get("negative") or []
    if not isinstance(negative, list) or not all(n in NEGATABLE for n in negative):
        raise where.error(
            f"'negative': expected a list drawn from {', '.join(NEGATABLE)}", "negative"
        )
    return Variant(
        size,
        givens,
        regions,
        rules=rules,
        extra_regions=tuple(
            _group(i.get("cells"), size, where, "extraregion")
            for i in _items(data, "extraregion", where)
        ),
        cages=tuple(_cage(i, size, where) for i in _items(data, "killercage", where)),
        thermometers=tuple(
            _cells(line, size, where, "thermometer")
            for i in _items(data, "thermometer", where)
            for line in _lines(i, where, "thermometer")
        ),
        arrows=tuple(a for i in _items(data, "arrow", where) for a in _arrows(i, size, where)),
        dots=_dots(data, size, where),
        odd=tuple(_cell(i.get("cell"), size, where, "odd") for i in _items(data, "odd", where)),
        even=tuple(_cell(i.get("cell"), size, where, "even") for i in _items(data, "even", where)),
        pencil=pencil,
        negative=frozenset(negative),
        jigsaw=jigsaw,
        constraints=_registered(data, Reader(where, size, regions=regions)),
        solution=_solution(data.get("solution"), size, where),
        origin=origin,
    )


def _registered(data: dict[str, Any], reader: Reader) -> tuple[Constraint, ...]:
    """The instances of every registry key present, in the registry's key order."""
    out: list[Constraint] = []
    for key, cls in registry().items():
        value = data.get(key)
        if value not in (None, False, [], {}, ""):
            out.extend(cls.read_value(value, reader.at(key)))
    return tuple(out)


def _lines(item: dict[str, Any], where: _Source, key: str) -> list[Any]:
    """An item's ``lines``: a list (of cell lists), empty when absent."""
    lines = item.get("lines") or []
    if not isinstance(lines, list):
        raise where.error(f"'{key}': 'lines' must be a list of cell lists", key)
    return lines


def _cage(item: dict[str, Any], size: int, where: _Source) -> Cage:
    cells = _group(item.get("cells"), size, where, "killercage")
    return Cage(cells, _number(item.get("value"), where, "killercage"))


def _arrows(item: dict[str, Any], size: int, where: _Source) -> Iterator[Arrow]:
    circle = _cells(item.get("cells"), size, where, "arrow")
    for names in _lines(item, where, "arrow"):
        line = tuple(c for c in _cells(names, size, where, "arrow") if c not in circle)
        if not line:
            raise where.error("'arrow': a line with no cell outside the circle", "arrow")
        yield Arrow(circle, line)


def _dots(data: dict[str, Any], size: int, where: _Source) -> tuple[Dot, ...]:
    out = []
    for key, kind, default in (("difference", "difference", 1), ("ratio", "ratio", 2)):
        for item in _items(data, key, where):
            a, b = _pair(item, size, where, key)
            value = _number(item.get("value"), where, key)
            if value == 0:
                raise where.error(f"'{key}': a dot's value is at least 1", key)
            out.append(Dot(kind, (a, b), value or default))
    for item in _items(data, "xv", where):
        a, b = _pair(item, size, where, "xv")
        letter = str(item.get("value", "")).upper()
        if letter not in ("X", "V"):
            raise where.error(f"'xv': value {item.get('value')!r} is neither X nor V", "xv")
        out.append(Dot("sum", (a, b), 10 if letter == "X" else 5))
    return tuple(out)


def _pair(item: dict[str, Any], size: int, where: _Source, key: str) -> tuple[int, int]:
    cells = _cells(item.get("cells"), size, where, key)
    if len(cells) != 2:
        raise where.error(f"'{key}': a mark joins exactly two cells", key)
    a, b = sorted(cells)
    if b - a not in (1, size) or (b - a == 1 and b % size == 0):
        raise where.error(
            f"'{key}': {cell_name(size, a)} and {cell_name(size, b)} are not neighbours", key
        )
    return a, b


def _grid(
    data: dict[str, Any], size: int, where: _Source
) -> tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...], bool
]:
    grid = data.get("grid")
    if (
        not isinstance(grid, list)
        or len(grid) != size
        or not all(isinstance(r, list) and len(r) == size for r in grid)
    ):
        raise where.error(f"'grid' must be {size} rows of {size} cells", "grid")
    boxes = default_regions(size)
    box_of = {c: k for k, box in enumerate(boxes) for c in box}
    givens = [0] * (size * size)
    region_of: dict[int, Any] = {}
    pencil = []
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
            region_of[k] = cell.get("region", box_of[k]) if "region" in cell else box_of[k]
            if not isinstance(region_of[k], int | None) or isinstance(region_of[k], bool):
                name = cell_name(size, k)
                raise where.error(f"'grid': region of {name} is not a number", "grid")
            marks = cell.get("givenPencilMarks")
            if marks:
                if not isinstance(marks, list) or not all(
                    isinstance(m, int) and not isinstance(m, bool) and 1 <= m <= size for m in marks
                ):
                    raise where.error(
                        f"'givenPencilMarks' of {cell_name(size, k)}: digits 1..{size}",
                        "givenPencilMarks",
                    )
                pencil.append((k, tuple(sorted(set(marks)))))
    if not has_default_boxes(size) and not all(
        isinstance(cell, dict) and "region" in cell for row in grid for cell in row
    ):
        raise where.error(
            f"'grid': a {size}x{size} puzzle has no default boxes: every cell needs a 'region'",
            "grid",
        )
    regions, jigsaw = _regions(region_of, boxes, size, where)
    return tuple(givens), regions, tuple(pencil), jigsaw


def _regions(
    region_of: dict[int, Any], boxes: tuple[tuple[int, ...], ...], size: int, where: _Source
) -> tuple[tuple[tuple[int, ...], ...], bool]:
    groups: dict[Any, list[int]] = {}
    for cell, region in region_of.items():
        if region is not None:
            groups.setdefault(region, []).append(cell)
    regions = tuple(sorted(tuple(cells) for cells in groups.values()))
    if regions == tuple(sorted(boxes)):
        return boxes, False
    for cells in regions:
        if len(cells) != size:
            raise where.error(
                f"'grid': region of {cell_name(size, cells[0])} has {len(cells)} cells, not {size}",
                "grid",
            )
    return regions, True


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
