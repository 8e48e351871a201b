"""Where numba keeps the compiled kernels: one folder per version of their sources.

numba's on-disk cache (``cache=True``) checks only the file of the function it compiled:
when a kernel calls a function of another file (``count_batch`` in ``eup_numba.py``
calls ``search`` in ``eup_search.py``) and that file changes, numba loads the old
machine code again, silently. So the sources of every kernel of this package are hashed
when the package is imported, and numba's cache goes to a folder named by that hash
(under ``$NUMBA_CACHE_DIR`` when the user sets it, else the user's cache folder): any
edit of any kernel source, or a new release, compiles afresh.

Roads not taken: numba's ``recompile()`` on each dispatcher (needs every dispatcher
imported, i.e. numba loaded on every start) and ``cache=False`` (a few seconds of
compilation on every run).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
MARKERS = (b"njit", b"numba.extending")
"""A source file holds a kernel when it mentions one of these."""


def sources_digest(root: Path = PACKAGE) -> str:
    """A short hash of the package's kernel sources (names and contents)."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        if path.name == "kernel_cache.py":  # names the markers, holds no kernel
            continue
        text = path.read_bytes()
        if any(marker in text for marker in MARKERS):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + text)
    return digest.hexdigest()[:16]


def cache_folder(environ: dict[str, str] | None = None) -> Path:
    """The folder numba should cache this version's kernels in."""
    env = os.environ if environ is None else environ
    name = f"kernels-{sources_digest()}"
    user = env.get("NUMBA_CACHE_DIR")
    if user and Path(user).name == name:  # set by this module in a parent process
        return Path(user)
    base = Path(user) if user else Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "sudoku-sat" / name


def use_versioned_cache() -> Path | None:
    """Point numba's cache at :func:`cache_folder` (before or after numba is imported);
    None, and numba's own choice kept, when that folder cannot be written."""
    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    config = sys.modules.get("numba.core.config")
    if config is not None:
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    return folder
