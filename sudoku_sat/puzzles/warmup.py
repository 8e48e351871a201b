"""The warm-up: compile the kernels the default commands run into the cache, then say so.

``python -m sudoku_sat.puzzles.warmup`` is started in the background by the first run
that finds the cache cold (:func:`sudoku_sat.accel.kernels_ready`), and by ``make run``
in the foreground. It makes one puzzle at 9x9 and 16x16 (the fill, the greedy emptying,
the witnesses, the 9x9 batch count), counts, solves and certifies a puzzle the way
``unique``, ``count``, ``solve`` and ``unique --certify`` do by default, solves a killer
on the killer kernel (and builds it ahead of time: ``variants/killer_search.py``), and
writes the mark :data:`sudoku_sat.accel.READY` in the cache folder, which every run then looks for.
A run of the kernel of another command (``rate``, ``anneal``, ...) still compiles it on
its first call. Only the compiled back-end runs here (``SUDOKU_SAT_COMPILE=foreground``).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

from ..accel import COMPILE, COUNT, LOCK, READY
from ..grid import empty_grid
from ..kernel_cache import cache_folder, compile_ahead
from ..proofs import Certifier
from ..variants.killer_search import build_ahead as killer_ahead
from .maker import MakeOptions, make_one

HARD = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"


def warm_counts() -> None:
    """Call the count kernels once (``unique``, ``count``, ``solve``): compiled, or loaded."""
    from ..bulk import CountArrays, parse_lines
    from ..engines.eup.batch import count_many

    lines = parse_lines(HARD)
    assert lines is not None
    CountArrays(2)([lines.packed(0, 1)])
    for n in (3, 4):
        count_many([(empty_grid(n), n)], 2)


def warm_rest() -> None:
    """Call the kernels of ``generate`` and of certificates once."""
    for n in (3, 4):
        make_one(MakeOptions(n=n, seed=1), 0)
    with tempfile.TemporaryDirectory() as folder, Certifier.by_method(folder) as certifier:
        certifier.certify(1, tuple(int(ch) for ch in HARD), 3)


def warm_killers() -> None:
    """Call the killer kernel once (``unique``, ``count``, ``solve`` of a killer)."""
    from ..engines.killer import count
    from ..model.puzzle import Puzzle
    from ..variants.constraints.killer import Cage
    from ..variants.killer_search import solutions

    cages = (Cage((0, 1), 3), Cage((2, 3), 7), Cage((4, 8), 7))
    solutions(Puzzle(4, (0,) * 16, constraints=cages), 2, count)


def build_ahead(folder: Path) -> None:
    """The count kernel of the bulk path compiled ahead of time into folder (numba's pycc
    and a C compiler, ``kernel_cache.compile_ahead``; best effort: without them, numba's
    cached kernel runs)."""
    from ..bulk import AOT, aot_path
    from ..engines import count9

    def signature(types: Any) -> Any:
        lines = types.Array(types.uint8, 2, "C", readonly=True)
        return types.Array(types.int64, 1, "C")(lines, types.int64)

    compile_ahead(aot_path(folder), AOT, "count_lines", signature, count9.count_lines)


def main() -> None:
    os.environ[COMPILE] = "foreground"
    folder = cache_folder()
    try:
        warm_counts()
        (folder / COUNT).write_text("the count kernels are compiled\n")
        warm_rest()
        warm_killers()
        (folder / READY).write_text("the kernels of the default commands are compiled\n")
        with contextlib.suppress(Exception):  # pycc is deprecated, a C compiler optional
            build_ahead(folder)
        with contextlib.suppress(Exception):
            killer_ahead(folder)
    finally:
        (folder / LOCK).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
