"""The package's own descriptions: every module a docstring names exists."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

import sudoku_sat

PACKAGE = Path(sudoku_sat.__file__).parent
INITS = sorted(PACKAGE.rglob("__init__.py"))


def dotted(init: Path) -> str:
    return ".".join(init.parent.relative_to(PACKAGE.parent).parts)


@pytest.mark.parametrize("init", INITS, ids=dotted)
def test_a_package_docstring_names_only_modules_that_exist(init: Path) -> None:
    doc = importlib.import_module(dotted(init)).__doc__ or ""
    section = doc.split("Modules:", 1)
    if len(section) == 1:
        return
    names = re.findall(r"``([a-z_][a-z0-9_.]*)``", section[1])
    names += re.findall(r":mod:`\.([a-z_][a-z0-9_.]*)`", section[1])
    assert names, f"{dotted(init)}: a Modules: list that names nothing"
    for name in names:
        found = importlib.util.find_spec(f"{dotted(init)}.{name}")
        assert found is not None, f"{dotted(init)} names ``{name}``, which does not exist"
