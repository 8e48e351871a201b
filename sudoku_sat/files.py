"""Files in and out: text (or stdin) read with clear errors, output written atomically.

Every output file of the project goes through ``atomic_path``: the content is written to
a temp file beside the target and renamed over it, so a crash or an error never leaves a
half-written file. A path that cannot be read or written raises InputError naming it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from .errors import InputError


def read_text(path: str | Path) -> tuple[str, str]:
    """The text of path (``-`` for stdin) and the name to use in messages."""
    if str(path) == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        return Path(path).read_text(encoding="utf-8"), str(path)
    except FileNotFoundError:
        raise InputError("no such file", str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", str(path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", str(path)) from None
    except OSError as exc:
        raise InputError(exc.strerror or "cannot read", str(path)) from None


def check_writable(path: str | Path | None) -> None:
    """Raise InputError now, before any long work, if path cannot be a file we write."""
    if path is None:
        return
    if Path(path).is_dir():
        raise InputError("cannot write: is a directory", str(path))
    if not Path(path).resolve().parent.is_dir():
        raise InputError("cannot write: no such folder", str(path))


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temp path beside path; on success rename it over path, else remove it."""
    target = Path(path)
    try:
        fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", str(target)) from None
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise InputError(f"cannot write: {exc.strerror}", str(target)) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write(path: str | Path, writer: Callable[[TextIO], object]) -> None:
    """Call ``writer(fp)`` on a UTF-8 temp file beside path, then rename it over path."""
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8") as fp:
        writer(fp)
