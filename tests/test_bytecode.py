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


def test_all_compiles_every_installed_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site-packages"
    (site / "somepkg").mkdir(parents=True)
    (site / "somepkg" / "__init__.py").write_text("VALUE = 9\n")
    (site / "single.py").write_text("VALUE = 10\n")
    paths = {"purelib": str(site), "platlib": str(site)}
    monkeypatch.setattr(bytecode.sysconfig, "get_paths", lambda: paths)
    monkeypatch.setattr(bytecode, "compile_package", lambda: 0)
    bytecode.main(["--all"])
    assert capsys.readouterr().out == "byte-compiled the environment\n"
    tag = sys.implementation.cache_tag
    assert (site / "somepkg" / "__pycache__" / f"__init__.{tag}.pyc").exists()
    assert (site / "__pycache__" / f"single.{tag}.pyc").exists()
