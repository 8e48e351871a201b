"""The qqwing cross-check: qqwing's difficulty against the ladder's level, 9x9 only.

qqwing (Debian package ``qqwing``) solves with human techniques, weakest first, and
rates a puzzle by the strongest it needed: ``Simple`` (naked singles), ``Easy``
(hidden singles too), ``Intermediate`` (naked or hidden pairs, pointing pairs,
box/line reduction) and ``Expert`` (it had to guess). Naked and hidden singles are
exactly unit propagation on the extended encoding, so a unique puzzle is rated
``singles`` here iff qqwing rates it Simple or Easy: :func:`singles_mismatches` lists the
puzzles where that fails. ``qqwing --solve --csv --stats`` names the difficulty in its
last column; ``qqwing --generate K --difficulty LEVEL --one-line`` makes puzzles of a
level by rejection (it has no seed).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections import Counter
from collections.abc import Sequence

from ..errors import SolverError

QQWING_LEVELS = ("Simple", "Easy", "Intermediate", "Expert")
"""qqwing's difficulties, weakest first."""

EASY_LEVELS = ("Simple", "Easy")
"""The qqwing levels that need singles only."""

BINARY = "qqwing"


def available(binary: str = BINARY) -> bool:
    """True when the qqwing binary is on the PATH."""
    return shutil.which(binary) is not None


def _run(args: list[str], stdin: str = "", binary: str = BINARY) -> str:
    path = shutil.which(binary)
    if path is None:
        raise SolverError(f"{binary} is not installed (apt-get install qqwing)")
    done = subprocess.run([path, *args], input=stdin, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SolverError(f"{binary} {' '.join(args)} failed: {done.stderr.strip()[:200]}")
    return done.stdout


def qqwing_levels(lines: Sequence[str], binary: str = BINARY) -> list[str]:
    """qqwing's difficulty of each 81-character puzzle line (``impossible`` when qqwing
    finds no solution), in order."""
    if not lines:
        return []
    out = _run(["--solve", "--csv", "--stats"], "\n".join(lines) + "\n", binary)
    rows = out.splitlines()[1:]
    levels = []
    for row in rows:
        fields = row.rstrip(",").split(",")
        levels.append("impossible" if "not possible" in row else fields[-1])
    if len(levels) != len(lines):
        raise SolverError(f"{binary} answered {len(levels)} lines for {len(lines)} puzzles")
    return levels


def qqwing_generate(count: int, difficulty: str, binary: str = BINARY) -> tuple[list[str], float]:
    """count puzzles of qqwing's difficulty (simple, easy, intermediate, expert or any),
    one 81-character line each, and the seconds qqwing took."""
    start = time.perf_counter()
    out = _run(["--generate", str(count), "--difficulty", difficulty, "--one-line"], "", binary)
    seconds = time.perf_counter() - start
    return [line.strip() for line in out.splitlines() if line.strip()], seconds


def singles_mismatches(ours: Sequence[str | None], theirs: Sequence[str]) -> list[int]:
    """Indices where 'rated singles here' and 'Simple or Easy for qqwing' disagree."""
    return [
        i
        for i, (level, qq) in enumerate(zip(ours, theirs, strict=True))
        if (level == "singles") != (qq in EASY_LEVELS)
    ]


def contingency(ours: Sequence[str | None], theirs: Sequence[str]) -> dict[str, dict[str, int]]:
    """Counts of (our level, qqwing's level): one row per level of ours that occurs."""
    pairs = Counter(zip(ours, theirs, strict=True))
    table: dict[str, dict[str, int]] = {}
    for (level, qq), count in pairs.items():
        row = table.setdefault(str(level), {})
        row[qq] = row.get(qq, 0) + count
    return table
