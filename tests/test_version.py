"""sudoku_sat.version: the version every place reports is the installed distribution's."""

from __future__ import annotations

import re
from importlib.metadata import version as installed
from pathlib import Path

import sudoku_sat
from sudoku_sat.version import DISTRIBUTION, SOURCE_VERSION, version

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def test_version_is_the_installed_distributions_and_the_packages() -> None:
    assert version() == installed(DISTRIBUTION) == sudoku_sat.__version__


def test_the_source_trees_version_is_pyprojects() -> None:
    text = PYPROJECT.read_text()
    assert re.search(rf'^name = "{DISTRIBUTION}"$', text, re.M)
    assert re.search(rf'^version = "{re.escape(SOURCE_VERSION)}"$', text, re.M)
