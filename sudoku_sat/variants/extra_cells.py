"""Cells beyond the grid (``model/extra.py``) in f-puzzles JSON, under a key of this
project's, ``var`` (f-puzzles has none; sigh's ``.Var~A~label~3``):

    "var": [{"name": "A", "label": "Numbered rooms", "size": "8",
             "marks": {"VA1": [1, 3, 5]}}]

``name`` is the group's (its cells ``VA1`` ... ``VA8``, or ``VA`` for one), ``size`` a
count or ``RxC`` (1 when absent), ``label`` free text, ``marks`` the digits an extra
cell may hold (sigh's ``.~VA1_1_3_5``; one digit is that cell's given). Every other
key names the extra cells like grid cells. The reader reads ``var`` first, so that the
rules after it can name them.
"""

from __future__ import annotations

import re
from typing import Any

from ..model.constraint import Constraint
from ..model.extra import MAX_EXTRA, PREFIX, ExtraCells, extra_names, ordered, var_group
from ..model.puzzle import Puzzle
from ..model.reading import Reader
from .constraints.pencil import PencilMarks

KEY = "var"
SIZE = re.compile(r"^(?:([1-9][0-9]{0,3})x)?([1-9][0-9]{0,3})$", re.ASCII)
"""A group's size: a cell count, or rows x columns."""
MAX_COLUMNS = 16


def group_size(text: str) -> tuple[int, int] | None:
    """(cells, columns) of a size text (``8``: 8 cells laid out as the grid's; ``2x4``: 8
    cells in 4 columns), None when it is neither."""
    match = SIZE.match(text)
    if match is None:
        return None
    rows, cols = int(match.group(1) or 1), int(match.group(2))
    return rows * cols, cols if match.group(1) else 0


def read_extra(
    value: Any, reader: Reader, owned: tuple[ExtraCells, ...] = ()
) -> tuple[tuple[ExtraCells, ...], dict[str, int]]:
    """The groups of a ``var`` value and those the puzzle's rules make (``owned``) in
    cell order, and every extra cell's index by name."""
    if not isinstance(value, list) or not all(isinstance(i, dict) for i in value):
        raise reader.error("expected a list of objects")
    groups: dict[str, ExtraCells] = {g.prefix: g for g in owned}
    for item in value:
        name, label, size = item.get("name"), item.get("label", ""), str(item.get("size", "1"))
        if not isinstance(name, str) or not PREFIX.match(name) or "V" + name in groups:
            raise reader.error(f"{name!r}: expected a new name of capital letters A-Z")
        found = group_size(size)
        if not isinstance(label, str) or found is None or found[1] > MAX_COLUMNS:
            raise reader.error(f"group {name}: expected a text label and a size like 8 or 2x4")
        group = var_group(name, found[0], label, found[1])
        groups[group.prefix] = group
    out = ordered(list(groups.values()))
    names = extra_names(out)
    if len(names) > MAX_EXTRA:
        raise reader.error(f"more than {MAX_EXTRA} cells beyond the grid")
    n = reader.size
    return out, {name: n * n + k for k, name in enumerate(names)}


def read_marks(value: Any, reader: Reader) -> list[Constraint]:
    """The digits extra cells may hold (each group's ``marks``), read once the cells are
    known."""
    out: list[Constraint] = []
    n = reader.size
    for item in value:
        marks = item.get("marks") or {}
        if not isinstance(marks, dict):
            raise reader.error("'marks': expected an object of cell -> digits")
        for name, digits in marks.items():
            cell = reader.cell(name)
            if cell < n * n or not (
                isinstance(digits, list)
                and digits
                and all(isinstance(d, int) and not isinstance(d, bool) for d in digits)
                and all(1 <= d <= n for d in digits)
            ):
                raise reader.error(f"'marks' of {name}: an extra cell and digits 1..{n}")
            out.append(PencilMarks(cell, tuple(sorted(set(digits)))))
    return out


def write_extra(p: Puzzle) -> list[dict[str, Any]]:
    """The ``var`` value of a puzzle with cells beyond the grid (their marks with them)."""
    marks: dict[int, tuple[int, ...]] = {
        c.cell: c.digits for c in p.of(PencilMarks) if isinstance(c, PencilMarks)
    }
    out = []
    for g in p.extra:
        if g.owner:  # a rule's own cells: its key says so
            continue
        item: dict[str, Any] = {"name": g.var_name}
        if g.label:
            item["label"] = g.label
        if g.size_text != "1":
            item["size"] = g.size_text
        mine = {name: list(marks[k]) for name in g.names() if (k := p.extra_index(name)) in marks}
        if mine:
            item["marks"] = mine
        out.append(item)
    return out
