"""The versioned numba cache folder: a new folder whenever a kernel source changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sudoku_sat import kernel_cache
from sudoku_sat.kernel_cache import cache_folder, sources_digest, use_versioned_cache


def _package(root: Path) -> Path:
    (root / "engines").mkdir(parents=True)
    (root / "engines" / "search.py").write_text("from numba import njit\n\n@njit\ndef f(): ...\n")
    (root / "engines" / "caller.py").write_text("from numba import njit\nfrom .search import f\n")
    (root / "grid.py").write_text("CELLS = 81\n")
    return root


def test_digest_follows_every_kernel_source_and_ignores_the_rest(tmp_path: Path) -> None:
    root = _package(tmp_path / "pkg")
    before = sources_digest(root)
    (root / "grid.py").write_text("CELLS = 256\n")
    assert sources_digest(root) == before
    (root / "engines" / "search.py").write_text("from numba import njit\n# edited\n")
    assert sources_digest(root) != before


def test_folder_under_the_users_cache_and_kept_in_child_processes(tmp_path: Path) -> None:
    name = f"kernels-{sources_digest()}"
    assert cache_folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "sudoku-sat" / name
    assert cache_folder({"NUMBA_CACHE_DIR": str(tmp_path)}) == tmp_path / "sudoku-sat" / name
    versioned = tmp_path / "sudoku-sat" / name
    assert cache_folder({"NUMBA_CACHE_DIR": str(versioned)}) == versioned


def test_unwritable_base_keeps_numbas_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(blocker))
    assert use_versioned_cache() is None
    assert os.environ["NUMBA_CACHE_DIR"] == str(blocker)


def test_numba_already_imported_is_redirected_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = pytest.importorskip("numba.core.config")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    folder = use_versioned_cache()
    assert folder is not None and folder.is_dir()
    assert config.CACHE_DIR == str(folder) == os.environ["NUMBA_CACHE_DIR"]
    assert folder.parent.parent == tmp_path
    assert kernel_cache.PACKAGE.name == "sudoku_sat"
