"""The versioned numba cache folder: a new folder whenever a kernel source changes."""

from __future__ import annotations

import os
import subprocess
import sys
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


def test_folder_under_the_users_cache(tmp_path: Path) -> None:
    name = f"kernels-{sources_digest()}"
    assert cache_folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "sudoku-sat" / name
    assert cache_folder({"NUMBA_CACHE_DIR": str(tmp_path)}) == tmp_path / "sudoku-sat" / name


def test_unwritable_base_keeps_numbas_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = pytest.importorskip("numba.core.config")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(blocker))
    monkeypatch.setattr(config, "CACHE_DIR", "numba's own")
    use_versioned_cache.cache_clear()
    try:
        assert use_versioned_cache() is None
    finally:
        use_versioned_cache.cache_clear()
    assert config.CACHE_DIR == "numba's own"
    assert os.environ["NUMBA_CACHE_DIR"] == str(blocker)


def test_numba_is_redirected_and_the_environment_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = pytest.importorskip("numba.core.config")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    use_versioned_cache.cache_clear()
    try:
        folder = use_versioned_cache()
    finally:
        use_versioned_cache.cache_clear()
    assert folder is not None and folder.is_dir()
    assert str(folder) == config.CACHE_DIR
    assert "NUMBA_CACHE_DIR" not in os.environ
    assert folder.parent.parent == tmp_path
    assert kernel_cache.PACKAGE.name == "sudoku_sat"


def test_every_kernel_module_decorates_with_the_cache_aware_njit() -> None:
    for path in sorted(kernel_cache.PACKAGE.rglob("*.py")):
        if path.name == "kernel_cache.py":
            continue
        text = path.read_text()
        assert "from numba import njit" not in text, path
        assert "numba.njit(" not in text, path


def test_importing_the_cli_loads_no_numba_and_sets_no_environment() -> None:
    code = (
        "import os, sys; import sudoku_sat.cli; "
        "print(sorted(m for m in ('numba', 'pysat', 'numpy') if m in sys.modules), "
        "'NUMBA_CACHE_DIR' in os.environ)"
    )
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.stdout.split() == ["[]", "False"], out.stderr


def test_a_kernels_cache_files_go_under_its_module_path_not_the_checkouts(
    tmp_path: Path,
) -> None:
    """Two checkouts of the same sources share the folder's files: the sub-path is the
    module's folder in the package, so a fresh clone loads what another compiled."""
    pytest.importorskip("numba")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); "
        "from sudoku_sat.engines import batch9; "
        "import outside; "
        "print(batch9.count_one._cache._cache_path); print(outside.f._cache._cache_path)"
    )
    (tmp_path / "outside.py").write_text(
        "from sudoku_sat.kernel_cache import njit\n\n@njit(cache=True)\ndef f(x):\n    return x\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, env=env
    )
    inside, outside = out.stdout.split()
    folder = cache_folder({"NUMBA_CACHE_DIR": str(tmp_path / "cache")})
    assert Path(inside) == folder / "engines", out.stderr
    assert Path(outside).parent == folder and Path(outside).name.startswith(tmp_path.name + "_")
