"""The bulk path of ``count`` and ``unique``: a file of 9x9 lines as one array, counted by
one compiled call per chunk, its lines written one chunk at a time.

:func:`load` takes the commonest input, one 81-character puzzle per line (``.`` or
``0`` blank, ``#`` comment lines and blank lines skipped), and turns the whole file into a
``uint8`` array with numpy: a table lookup maps every byte to its value or to "bad". Any
file it does not take whole (another format, a ``puzzle:count`` line, a bad character, a
short line, leading blanks, a rule line) is left to :func:`sudoku_sat.gridio.read_puzzles`,
which reads it the usual way and reports the first bad line as ``file:line:col``, so the
errors are exactly those of every other command.

:class:`CountArrays` is the task: one chunk (an array of puzzles) in, the counts up to a
cap out, by :func:`sudoku_sat.engines.count9.count_lines` in one call. It pickles as
its cap, so ``--jobs`` and Dask run it per chunk in their workers like every other task.
Chunks are :data:`CHUNK` puzzles: small enough that the first line of a file of
forum-hardest puzzles is out within a second, large enough that a chunk's call and its
write cost nothing beside its puzzles.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from .errors import GridError
from .files import read_text
from .gridio import Puzzle, parse_puzzles
from .kernel_cache import aot_folder, load_ahead, processor  # noqa: F401  (processor: bulk's name)

CELLS = 81
SYMBOLS = b"123456789.0"
CHUNK = 1024
"""Puzzles per compiled call (and per write of the output)."""
SMALL = 32
BUDGET = 0.1
"""The first puzzles of a run in this process (at most SMALL, while they take less than
BUDGET seconds in all) go to the pure-Python EUP engine: importing numpy and numba and
loading the compiled kernels costs about 0.4 s, which the pure-Python engine spends on
about 1,300 17-clue puzzles or 40 forum-hardest ones (0.3 and 9-42 ms a puzzle)."""
AOT = "eup_aot"
"""The count kernel compiled ahead of time (by the warm-up, :mod:`sudoku_sat.puzzles.warmup`)
into the kernel cache folder: a CPython extension that needs numpy but not numba, so a
warm run skips importing numba (0.4 s) and loading the kernel (0.5 s: numba's registries)."""


@dataclass(frozen=True)
class Lines:
    """The puzzles of a file of 9x9 lines: their characters (81 a puzzle, checked, packed
    end to end), the number of each line in the file, and the file's name, for messages."""

    data: bytes
    numbers: Sequence[int]
    source: str

    @classmethod
    def of(cls, rows: Sequence[str], numbers: Sequence[int], source: str) -> Lines:
        """Lines from rows of 81 characters each."""
        return cls("".join(rows).encode("ascii"), numbers, source)

    @property
    def rows(self) -> list[str]:
        """The lines, as strings."""
        text = self.data.decode("ascii")
        return [text[k : k + CELLS] for k in range(0, len(text), CELLS)]

    def origin(self, k: int) -> str:
        """Where puzzle k (from 0) was read: ``source:line``."""
        return f"{self.source}:{self.numbers[k]}"

    def grid(self, k: int) -> tuple[int, ...]:
        """Puzzle k as a tuple of values (0 blank)."""
        row = self.data[k * CELLS : (k + 1) * CELLS]
        return tuple(0 if ch == 46 else ch - 48 for ch in row)

    def packed(self, start: int, stop: int) -> bytes:
        """Puzzles start..stop-1 as bytes, 81 characters each (the wire format of a chunk)."""
        return self.data[start * CELLS : stop * CELLS]

    def __len__(self) -> int:
        return len(self.data) // CELLS


def load(
    path: str | Path, alphabet: str | None = None, order: int | None = None
) -> Lines | list[Puzzle]:
    """The puzzles of path (``-`` for stdin): as :class:`Lines` when the file is 9x9
    lines and no option asks otherwise, else as :func:`~sudoku_sat.gridio.read_puzzles`
    reads them (with its errors: ``file:line:col``, GridError when there is no puzzle)."""
    text, source = read_text(path)
    if alphabet is None and order in (None, 3):
        lines = parse_lines(text, source)
        if lines is not None:
            return lines
    puzzles = parse_puzzles(text, source, alphabet, order)
    if not puzzles:
        raise GridError("no puzzle found", source)
    return puzzles


def parse_lines(text: str, source: str = "<input>") -> Lines | None:
    """text as 9x9 lines, or None when it holds no puzzle or a line is not one (the
    characters of all lines are checked at once: deleting the symbols leaves nothing).
    A file of bare 81-character lines is checked and packed without a loop over its lines."""
    if not text.isascii():
        return None
    data = text.encode("ascii")
    if data and not data.endswith(b"\n"):
        data += b"\n"
    count, extra = divmod(len(data), CELLS + 1)
    if count and not extra and data[CELLS :: CELLS + 1] == b"\n" * count:
        packed = data.replace(b"\n", b"")
        if len(packed) == count * CELLS and not packed.translate(None, SYMBOLS):
            return Lines(packed, range(1, count + 1), source)
    rows: list[str] = []
    numbers: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line or line[0] == "#":
            continue
        if len(line) != CELLS:
            return None
        rows.append(line)
        numbers.append(number)
    if not rows or "".join(rows).encode("ascii").translate(None, SYMBOLS):
        return None
    return Lines.of(rows, numbers, source)


def unpacked(chunk: bytes) -> Any:
    """A packed chunk as a (k x 81) ``int32`` array, 0 blank (numpy, vectorised)."""
    import numpy as np

    values = np.frombuffer(chunk, np.uint8).astype(np.int32) - 48
    values[values < 0] = 0  # '.' (46) is blank, like '0'
    return values.reshape(-1, CELLS)


def characters(chunk: bytes) -> Any:
    """A packed chunk as a (k x 81) ``uint8`` array of its characters, without a copy:
    what :func:`sudoku_sat.engines.count9.count_lines` reads."""
    import numpy as np

    return np.frombuffer(chunk, np.uint8).reshape(-1, CELLS)


@dataclass(frozen=True)
class CountArrays:
    """A chunk of 9x9 puzzles (one packed ``bytes`` in a list) to min(count, cap) each
    (one ``int64`` array in a list): one call of the 9x9 count kernel
    (:func:`sudoku_sat.engines.count9.count_lines`), ahead-of-time compiled when the
    warm-up built it (:func:`aot_count`), else numba's."""

    cap: int

    def __call__(self, chunk: list[bytes]) -> list[Any]:
        (packed,) = chunk
        count = aot_count()
        if count is None:
            from .engines import count9

            count = count9.count_lines
        return [count(characters(packed), self.cap)]


def aot_path(folder: Path | None = None) -> Path:
    """Where the warm-up puts the ahead-of-time count kernel for this Python and this
    processor (it is compiled for the host's instructions, as numba's JIT compiles)."""
    return aot_folder(folder) / (AOT + EXTENSION_SUFFIXES[0])


@cache
def aot_count() -> Callable[..., Any] | None:
    """count_lines of :mod:`sudoku_sat.engines.count9`, compiled ahead of time, or None
    when it is not built (or cannot be loaded: then numba's runs)."""
    count: Callable[..., Any] | None = load_ahead(aot_path(), AOT, "count_lines")
    return count


def bulk_counts(executor: Any, lines: Lines, cap: int, here: bool = True) -> Iterator[list[int]]:
    """The counts (up to cap) of every puzzle of lines, a list per chunk, in order, on
    executor (:func:`sudoku_sat.batch.open_executor`). When here (the executor runs in
    this process), the first puzzles go to the pure-Python engine (see SMALL), and so do
    the next ones while the kernels are compiled in the background
    (:func:`~sudoku_sat.accel.kernels_ready`: the first run after installing)."""
    start = 0
    if here:
        from .accel import COUNT, kernels_ready
        from .engines.eup.reference import count_eup

        began = time.perf_counter()
        while start < len(lines) and (
            (start < SMALL and time.perf_counter() - began < BUDGET) or not kernels_ready(COUNT)
        ):
            yield [count_eup(lines.grid(start), 3, cap)]
            start += 1
    chunks = [[lines.packed(k, k + CHUNK)] for k in range(start, len(lines), CHUNK)]
    for (counts,) in executor.map_chunks(CountArrays(cap), chunks):
        yield list(counts.tolist())
