"""The constraint registry: one module per constraint family in this folder, each
holding :class:`~sudoku_sat.variants.constraint.Constraint` subclasses (listed in the
module's ``FAMILY``), found here by their f-puzzles key. The folder listing is the list
of what the registry supports; docs/variants.md says where each key's meaning comes from.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ..constraint import Constraint


@cache
def registry() -> dict[str, type[Constraint]]:
    """f-puzzles key -> the constraint class that reads it, from every module here."""
    out: dict[str, type[Constraint]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for cls in getattr(module, "FAMILY", ()):
            if cls.key in out:
                raise RuntimeError(f"constraint key {cls.key!r} registered twice")
            out[cls.key] = cls
    return out


def by_rule() -> dict[str, list[type[Constraint]]]:
    """Each rule name -> its classes (``indexer``: the column and the row indexers), in
    key order (``generate --rule`` draws a rule's clues from every one of them)."""
    out: dict[str, list[type[Constraint]]] = {}
    for cls in registry().values():
        out.setdefault(cls.rule, []).append(cls)
    return out


def rule_names() -> list[str]:
    """The rule names of the registered constraints, in key order, without repeats."""
    return list(dict.fromkeys(cls.rule for cls in registry().values()))
