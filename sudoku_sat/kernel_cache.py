"""Where numba keeps the compiled kernels: one folder per version of their sources.

numba's on-disk cache (``cache=True``) checks only the file of the function it compiled:
when a kernel calls a function of another file (``count_batch`` in ``eup_numba.py``
calls ``search`` in ``eup_search.py``) and that file changes, numba loads the old
machine code again, silently. So the sources of every kernel of this package are hashed,
and numba's cache goes to a folder named by that hash (under ``$NUMBA_CACHE_DIR`` when
the user sets it, else the user's cache folder): any edit of any kernel source, or a new
release, compiles afresh.

Every kernel module decorates with this module's :func:`njit`, not numba's: the first
use points ``numba.config.CACHE_DIR`` at the folder (numba reads it when a function is
decorated) and only then hands over to ``numba.njit``. Nothing happens at
``import sudoku_sat``: the caller's environment is never changed, numba is not loaded
by commands that need no kernel (``--version``, ``--help``), and the sources are hashed
only when a kernel is about to be compiled or loaded. A worker process (``--jobs``,
Dask) imports the same kernel modules and so picks the same folder by itself.

Inside that folder a kernel's files go under its module's path in the package
(``engines/batch9...``), not under numba's default (the source folder's name and a hash
of its absolute path): the folder already names the sources, so another checkout or
virtual environment of the same sources (a fresh clone, a reinstall) loads the kernels
compiled by the first instead of compiling them all again (40 s of CPU). numba still
checks each file's content hash and its own version before it loads anything.

Roads not taken: setting ``NUMBA_CACHE_DIR`` at import (changes the environment of the
caller and of every process it starts); numba's ``recompile()`` on each dispatcher
(needs every dispatcher imported, i.e. numba loaded on every start) and ``cache=False``
(a few seconds of compilation on every run).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent
MARKERS = (b"njit", b"numba.extending")
"""A source file holds a kernel when it mentions one of these."""


def sources_digest(root: Path = PACKAGE) -> str:
    """A short hash of the package's kernel sources (names and contents)."""
    import hashlib  # here: every command imports this module, few compute the digest

    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        if path.name == "kernel_cache.py":  # names the markers, holds no kernel
            continue
        text = path.read_bytes()
        if any(marker in text for marker in MARKERS):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + text)
    return digest.hexdigest()[:16]


def cache_folder(environ: Mapping[str, str] | None = None) -> Path:
    """The folder numba should cache this version's kernels in."""
    env = os.environ if environ is None else environ
    user = env.get("NUMBA_CACHE_DIR")
    base = Path(user) if user else Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "sudoku-sat" / f"kernels-{_digest()}"


def aot_folder(folder: Path | None = None) -> Path:
    """Where the warm-up puts the kernels compiled ahead of time for this Python and this
    processor (compiled for the host's instructions, as numba's JIT compiles): the 9x9
    count kernel (``bulk``) and the killer kernel (``variants.killer_search``)."""
    return (folder or cache_folder()) / f"aot-{processor()}"


def load_ahead(path: Path, name: str, attribute: str) -> Any:
    """The function attribute of the module compiled ahead of time at path (named name),
    or None when it is not built or cannot be loaded (then numba's kernel runs)."""
    import importlib.util

    if not path.is_file():
        return None
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            return None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except (ImportError, OSError):
        return None
    return getattr(module, attribute)


def compile_ahead(
    target: Path, name: str, attribute: str, signature: Callable[[Any], Any], kernel: Any
) -> None:
    """kernel (a numba function) compiled ahead of time by numba's pycc and a C compiler
    as attribute of the module name, with signature (of ``numba.core.types``, given
    them), into target: built in a folder of its own beside it, then renamed into place,
    so no run loads half a file. Raises when pycc or the compiler is missing."""
    import importlib
    import tempfile
    import warnings

    types: Any = importlib.import_module("numba.core.types")  # untyped, numba or not
    target.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings(), tempfile.TemporaryDirectory(dir=target.parent) as work:
        warnings.simplefilter("ignore")  # pycc is pending deprecation (numba 0.57 on)
        pycc: Any = importlib.import_module("numba.pycc")
        cc = pycc.CC(name)
        cc.output_dir = work
        cc.verbose = False
        cc.target_cpu = "host"  # as numba's JIT: the generic target ran 20 % slower
        cc.export(attribute, signature(types))(kernel.py_func)
        cc.compile()
        (built,) = Path(work).glob(f"{name}*")
        os.replace(built, target)


@cache
def processor() -> str:
    """A short name of this machine's processor and its instruction sets."""
    import hashlib
    import platform

    try:
        with open("/proc/cpuinfo", "rb") as text:
            lines = [line for line in text if line.startswith((b"model name", b"flags"))]
        described = b"".join(sorted(set(lines)))
    except OSError:
        described = platform.processor().encode()
    return f"{platform.machine()}-{hashlib.sha256(described).hexdigest()[:12]}"


@cache
def _digest() -> str:
    """This installation's :func:`sources_digest`, hashed once per process."""
    return sources_digest()


@cache
def use_versioned_cache() -> Path | None:
    """Point numba's cache (``numba.config.CACHE_DIR``) at :func:`cache_folder`, once per
    process; None, and numba's own choice kept, when that folder cannot be written.
    The environment is left as it is."""
    from numba.core import config

    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK):
        return None
    config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    _locate_by_module_path()
    return folder


def _locate_by_module_path() -> None:
    """Put a package kernel's cache files under its module's path in the folder: numba's
    first locator (``numba.config.CACHE_DIR``) with another sub-path. Functions outside
    the package keep numba's own. Nothing changes if numba's locators are not where
    this expects them (then each checkout compiles its own, as before)."""
    try:
        from numba.core import caching
    except ImportError:  # pragma: no cover - numba without its caching module
        return
    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    base = getattr(caching, "UserProvidedCacheLocator", None)
    classes = getattr(impl, "_locator_classes", None)
    if base is None or not isinstance(classes, list):
        return
    if any(getattr(c, "sudoku_sat", False) for c in classes):
        return

    class PackageLocator(base):  # type: ignore[misc, valid-type]
        """numba's CACHE_DIR locator, with the package-relative sub-path."""

        sudoku_sat = True

        @classmethod
        def get_suitable_cache_subpath(cls, py_file: str) -> str:
            path = Path(py_file).resolve()
            if PACKAGE not in path.parents:
                return str(super().get_suitable_cache_subpath(py_file))
            return str(path.parent.relative_to(PACKAGE)).replace(os.sep, "_") or "_root"

    classes.insert(0, PackageLocator)


def njit(*args: Any, **kwargs: Any) -> Any:
    """``numba.njit``, called after :func:`use_versioned_cache` (the kernels' decorator)."""
    use_versioned_cache()
    from numba import njit as numba_njit

    return numba_njit(*args, **kwargs)
