"""Files in and out: text (or stdin) read with clear errors, output written atomically.

Reading: a file and stdin are read the same way, as bytes decoded as UTF-8, so invalid
input gives the same "not UTF-8 text (byte N)" error from either, whatever the locale;
a leading byte-order mark is dropped.

Writing: every output file of the project goes through ``atomic_path``: the content is
written to a temp file beside the target and renamed over it, so a crash, an error or a
signal (the CLI turns SIGTERM into an exception) never leaves a half-written file or a
temp file behind. The new file gets the mode of the file it replaces, or 0666 less the
umask for a new one (what ``open`` would give). When the target is a symbolic link, the
file it points to is replaced and the link kept. A target that exists but is not a
regular file (``/dev/null``, ``/dev/stdout``, a FIFO) is written in place, never replaced.

Errors: a path the user named that cannot be read or written (missing, a folder, no
permission) raises InputError (exit 2); the system failing mid-write (disk full, I/O
error) raises OutputError (exit 3).
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from .errors import InputError, SudokuSatError
from .signals import hold, release, track_scratch, untrack_scratch

BOM = "\ufeff"


class OutputError(SudokuSatError):
    """The system failed to take our output (disk full, closed stdout, I/O error): exit 3.

    A path the user named that is wrong (no such folder, a directory, no permission) is an
    InputError instead (exit 2).
    """

    exit_code = 3

    def __init__(self, message: str, target: str = "<stdout>"):
        self.target = target
        super().__init__(f"{target}: {message}")


PATH_ERRNOS = frozenset(
    {
        errno.ENOENT,
        errno.ENOTDIR,
        errno.EISDIR,
        errno.EACCES,
        errno.EPERM,
        errno.EEXIST,
        errno.EROFS,
        errno.ENAMETOOLONG,
        errno.ELOOP,
    }
)
"""OS errors that say the path named by the user is wrong (exit 2), not that the system failed."""


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 bytes as text without a byte-order mark, or InputError naming the bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", source) from None
    return text.removeprefix(BOM)


def _stdin_bytes() -> bytes:
    stream = sys.stdin
    if stream is None:
        raise InputError("stdin is closed", "<stdin>")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            data: bytes = buffer.read()
            return data
        return stream.read().encode("utf-8", "surrogateescape")
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", "<stdin>") from None
    except ValueError:  # closed file
        raise InputError("stdin is closed", "<stdin>") from None


def read_text(path: str | Path) -> tuple[str, str]:
    """The text of path (``-`` for stdin) and the name to use in messages."""
    if str(path) == "-":
        return decode_text(_stdin_bytes(), "<stdin>"), "<stdin>"
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(missing_file(str(path)), shortened(str(path))) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", str(path)) from None
    except OSError as exc:
        raise InputError(exc.strerror or "cannot read", str(path)) from None
    except ValueError as exc:  # a NUL byte in the path
        raise InputError(f"bad path: {exc}", str(path)) from None
    return decode_text(data, str(path)), str(path)


PATH_SHOWN = 40
"""A name longer than this (a puzzle given as the argument) is cut in messages."""
PUZZLE_LIKE = frozenset("0123456789. ")


def shortened(name: str) -> str:
    """name, cut to PATH_SHOWN characters."""
    return name if len(name) <= PATH_SHOWN else name[: PATH_SHOWN - 3] + "..."


def missing_file(name: str) -> str:
    """Why a file is missing; for a name that is a puzzle itself (81 digits, say, or a
    sigh string: ``.Cage~3~R1C1~R1C2``), how to give it: on stdin with ``-``, or in a
    file."""
    sigh = name[:1] == "." and "~" in name and "/" not in name
    if (len(name) >= 16 and set(name) <= PUZZLE_LIKE) or sigh:
        return (
            "no such file; to give a puzzle itself, pass it on stdin with '-' "
            "(echo PUZZLE | sudoku-sat COMMAND -) or write it to a file"
        )
    return "no such file"


def os_error(exc: OSError, path: str | Path, verb: str = "cannot write") -> SudokuSatError:
    """The project's error for an OS error on path: InputError for a bad path, else OutputError."""
    reason = exc.strerror or str(exc)
    if exc.errno in PATH_ERRNOS:
        return InputError(f"{verb}: {reason}", str(path))
    return OutputError(f"{verb}: {reason}", str(path))


def check_writable(path: str | Path | None) -> None:
    """Raise InputError now, before any long work, if path cannot be a file we write."""
    if path is None:
        return
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file() and not target.is_dir():
        return  # a device or FIFO: written in place
    if target.is_dir():
        raise InputError("cannot write: is a directory", str(path))
    if not target.parent.is_dir():
        raise InputError("cannot write: no such folder", str(path))
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise InputError("cannot write: permission denied", str(path))


def check_folder(path: str | Path) -> Path:
    """Create the output folder path if needed; InputError when it cannot be one."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise InputError("cannot write files into it: not a folder", str(path))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_error(exc, path, "cannot create the folder") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError("cannot write files into it: permission denied", str(path))
    return folder


def current_umask() -> int:
    """The process umask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _new_mode(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~current_umask()


@contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temp path beside path; on success rename it over path, else remove it."""
    target = Path(os.path.realpath(path))  # through a symlink: replace its target
    if target.exists() and not target.is_file():  # /dev/null, a FIFO: written in place
        try:
            yield target
        except OSError as exc:
            raise os_error(exc, path) from None
        return
    # SIGINT/SIGTERM held back until the cleanup below is armed: a signal between the
    # temp file's creation and the try would leave it behind.
    held = hold()
    try:
        fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    except OSError as exc:
        release(held)
        raise os_error(exc, path) from None
    tmp = Path(name)
    track_scratch(name)
    try:
        release(held)
        os.close(fd)
        yield tmp
        os.chmod(tmp, _new_mode(target))
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise os_error(exc, path) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        untrack_scratch(name)


def atomic_write(path: str | Path, writer: Callable[[TextIO], object]) -> None:
    """Call ``writer(fp)`` on a UTF-8 temp file beside path, then rename it over path."""
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8") as fp:
        writer(fp)
