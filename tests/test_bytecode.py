"""Byte-compiling the modules a command imports (sudoku_sat.bytecode)."""

from __future__ import annotations

import importlib
import sys
import types
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
    # compile_loaded sees the probe beside a built-in module (no file) and a module whose
    # cache exists, not the few hundred this process loaded: under PYTHONDONTWRITEBYTECODE
    # it byte-compiled numba, numpy, dask, ... (4.5 s of CPU) in every run of the suite
    loaded = {"probe_module": module, "sys": sys, "bytecode": bytecode}
    monkeypatch.setattr(bytecode, "sys", types.SimpleNamespace(modules=loaded))
    if not Path(bytecode.__cached__).exists():
        bytecode.py_compile.compile(bytecode.__file__, cfile=bytecode.__cached__)
    try:
        assert module.__cached__ is not None
        assert not Path(module.__cached__).exists()
        assert bytecode.compile_loaded() == 1  # the probe, and only it
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
