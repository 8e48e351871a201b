"""The constraint registry: one module per rule family in this folder, each holding
:class:`~sudoku_sat.model.constraint.Constraint` subclasses (listed in the module's
``FAMILY``), found here by their f-puzzles key (``key``, or ``cell_key`` for a rule
written in the grid's cells). The folder listing is the list of what the project
supports, the global rules and jigsaw regions included; docs/variants.md says where each
key's meaning comes from. ``rules()`` is the one vocabulary of rule names that
``--rule`` and ``generate --rule`` speak.

The readers find a class by its name with ``by_key``, ``by_cell_key`` and
``by_sigh_name``, which import its module only (``_index`` says which module reads each
name); ``classes()`` and the tables built from it import every module.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ...errors import UsageError
from ...model.constraint import Constraint
from ._index import CELL_KEYS as CELL_KEYS
from ._index import KEYS as KEYS
from ._index import SIGH_NAMES as SIGH_NAMES


@cache
def classes() -> tuple[type[Constraint], ...]:
    """Every constraint class of the registry, module by module in name order."""
    out: list[type[Constraint]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        out.extend(getattr(module, "FAMILY", ()))
    return tuple(out)


@cache
def registry() -> dict[str, type[Constraint]]:
    """f-puzzles key -> the constraint class that reads it."""
    return _keyed("key")


@cache
def cell_registry() -> dict[str, type[Constraint]]:
    """Key of the grid's cell objects -> the constraint class that reads it."""
    return _keyed("cell_key")


def by_key(key: str) -> type[Constraint] | None:
    """The class that reads f-puzzles key, its module imported; None when none does."""
    return _member(KEYS, "key", key)


def by_cell_key(key: str) -> type[Constraint] | None:
    """The class that reads key in the grid's cells, its module imported; None when none does."""
    return _member(CELL_KEYS, "cell_key", key)


def by_sigh_name(name: str) -> type[Constraint] | None:
    """The class that reads sigh's name, its module imported; None when none does."""
    return _member(SIGH_NAMES, "sigh_names", name)


def _member(index: dict[str, str], attribute: str, name: str) -> type[Constraint] | None:
    module = index.get(name)
    if module is None:
        return None
    family: tuple[type[Constraint], ...] = importlib.import_module(f"{__name__}.{module}").FAMILY
    for cls in family:
        value = getattr(cls, attribute)
        if value == name or (isinstance(value, tuple) and name in value):
            return cls
    raise LookupError(f"{module} reads no {name!r} (constraints/_index.py is out of date)")


def _keyed(attribute: str) -> dict[str, type[Constraint]]:
    out: dict[str, type[Constraint]] = {}
    for cls in classes():
        key = getattr(cls, attribute)
        if key:
            if key in out:
                raise RuntimeError(f"constraint key {key!r} registered twice")
            out[key] = cls
    return out


@cache
def rules() -> dict[str, tuple[type[Constraint], ...]]:
    """Rule name -> the classes it makes: every class's rule name (``killer``,
    ``renban``, ``diagonal+``), and the names that stand for several (``x``: both
    diagonals, ``Constraint.family_rule``)."""
    out: dict[str, list[type[Constraint]]] = {}
    for cls in classes():
        if cls.rule:
            out.setdefault(cls.rule, []).append(cls)
        if cls.family_rule:
            out.setdefault(cls.family_rule, []).append(cls)
    return {name: tuple(kinds) for name, kinds in out.items()}


def sum_defaults() -> dict[str, str]:
    """f-puzzles key -> the default sum encoding of each family that has one
    (``Constraint.sum_encoding``; cages and arrows take the builder's, ``combos``)."""
    return {key: cls.sum_encoding for key, cls in registry().items() if cls.sum_encoding}


def rule_names() -> list[str]:
    """The rule names of the registered constraints, in registry order."""
    return list(rules())


def rule_classes(name: str) -> tuple[type[Constraint], ...]:
    """The classes of a rule name; UsageError naming every known name otherwise."""
    found = rules().get(name)
    if found is None:
        raise UsageError(f"unknown rule {name!r}; known: {', '.join(rules())}")
    return found


def index_tables() -> dict[str, dict[str, str]]:
    """The tables of ``_index`` as the modules have them (every module imported)."""
    from ._marks import Mark

    out: dict[str, dict[str, str]] = {"KEYS": {}, "CELL_KEYS": {}, "SIGH_NAMES": {}}
    out["MARKS"] = {}
    for cls in classes():
        module = cls.__module__.rsplit(".", 1)[1]
        if cls.key:
            out["KEYS"][cls.key] = module
        if cls.cell_key:
            out["CELL_KEYS"][cls.cell_key] = module
        for name in cls.sigh_names:
            out["SIGH_NAMES"][name] = module
        if issubclass(cls, Mark):
            out["MARKS"][cls.key] = module
    return out


def write_index() -> None:
    """Write the tables of ``_index`` anew from the modules."""
    from pathlib import Path

    path = Path(__file__).with_name("_index.py")
    text = path.read_text()
    for name, table in index_tables().items():
        start = text.index(f"{name}: dict[str, str] = {{\n")
        end = text.index("}\n", start) + 2
        rows = "".join(f'    "{k}": "{v}",\n' for k, v in table.items())
        text = text[:start] + f"{name}: dict[str, str] = {{\n{rows}}}\n" + text[end:]
    path.write_text(text)
