"""sigh's ``Var`` items read into groups of cells beyond the grid (``model/extra.py``),
with the groups the string's rules make (a chaos construction's region cells), before
the rules that name those cells are read (``sigh.py``).

``.Var~A~label~3`` makes ``VA1`` to ``VA3``; ``~2x4`` 8 cells in 4 columns; a size that
is no count, or none, one cell ``VA``, as sigh reads it; the label is URI-encoded, as
sigh writes it. A name of other than capital letters, a name used twice, more than
:data:`~sudoku_sat.model.extra.MAX_EXTRA` cells or more than 16 columns are one-line
errors naming the item.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import unquote

from ..errors import InputError
from ..model.extra import MAX_EXTRA, PREFIX, ExtraCells, ordered, var_group
from .constraints import by_sigh_name
from .extra_cells import MAX_COLUMNS, group_size

VAR = "Var"


def var_groups(
    items: Sequence[Any],
    named: Iterable[Any],
    size: int,
    source: str,
    shape: tuple[int, int] = (0, 0),
) -> tuple[ExtraCells, ...]:
    """The groups of the top-level ``Var`` items, then those the rules of named make
    (each item: ``name``, ``args``, ``line``, ``column``) on a grid of that shape, in
    cell order."""
    groups: dict[str, ExtraCells] = {}
    for node in items:
        if node.name != VAR:
            continue

        def error(message: str, node: Any = node) -> InputError:
            return InputError(f"'Var': {message}", source, node.line, node.column)

        if not 1 <= len(node.args) <= 3:
            raise error("a name, a label and a size (.Var~A~label~3)")
        prefix, label, spec = (*node.args, "", "")[:3]
        if not PREFIX.match(prefix):
            raise error(f"{prefix!r} is not a name of capital letters A-Z")
        if "V" + prefix in groups:  # a rule's own groups have other heads
            raise error(f"two groups named {prefix}")
        count, columns = group_size(spec) or (1, 0)
        if columns > MAX_COLUMNS:
            raise error(f"{columns} columns; at most {MAX_COLUMNS}")
        group = var_group(prefix, count, unquote(label), columns)
        groups[group.prefix] = group
    for node in named:
        cls = by_sigh_name(node.name)
        for group in cls.cells_beyond(size, shape) if cls is not None else ():
            groups.setdefault(group.prefix, group)
    out = ordered(list(groups.values()))
    if sum(g.count for g in out) > MAX_EXTRA:
        first = next((n for n in items if n.name == VAR), items[0])
        raise InputError(
            f"'Var': more than {MAX_EXTRA} cells beyond the grid", source, first.line, first.column
        )
    return out
