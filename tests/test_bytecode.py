"""Byte-compiling the modules a command imports (sudoku_sat.bytecode)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from sudoku_sat import bytecode


def test_a_loaded_module_without_its_cache_gets_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "probe_module.py").write_text("VALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # as PYTHONDONTWRITEBYTECODE
    module = importlib.import_module("probe_module")
    try:
        assert module.__cached__ is not None
        assert not Path(module.__cached__).exists()
        assert bytecode.compile_loaded() >= 1
        assert Path(module.__cached__).exists()
    finally:
        del sys.modules["probe_module"]


def test_a_folder_that_refuses_writes_is_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "probe_locked.py").write_text("VALUE = 8\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    module = importlib.import_module("probe_locked")

    def refuse(*args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(args[0]))

    monkeypatch.setattr(bytecode.py_compile, "compile", refuse)
    try:
        assert bytecode.compile_loaded() == 0  # passed over, no OSError
        assert not Path(module.__cached__).exists()
    finally:
        del sys.modules["probe_locked"]
