"""``count`` and ``unique`` on the bulk path (:mod:`sudoku_sat.bulk`): a file of 9x9 lines
counted by the compiled engine one chunk at a time, each chunk's lines written at once
as soon as it and every chunk before it are done."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..accel import numba_installed
from ..batch.executor import Serial
from ._edge import echo, open_batch

if TYPE_CHECKING:
    from ..bulk import Lines

NAMED = 10
"""How many puzzles a verdict names on stderr before a summary."""
WORDS = ("none", "unique", "several")
PROBLEMS = {"none": "has no solution", "several": "has several solutions"}
NO_SOLUTION = 4


def _write(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def bulk_count(lines: Lines, cap: int, jobs: int | None, scheduler: str | None) -> None:
    """count's output for lines: the count, or >=cap, one line per puzzle."""
    from ..bulk import bulk_counts

    with open_batch(jobs, scheduler) as executor:
        for counts in bulk_counts(executor, lines, cap, isinstance(executor, Serial)):
            shown = [f">={cap}" if c >= cap else str(c) for c in counts]
            _write("\n".join(shown) + "\n")


def bulk_unique(lines: Lines, jobs: int | None, scheduler: str | None) -> int:
    """unique's output for lines (unique, several or none per puzzle); the exit code."""
    from ..bulk import bulk_counts

    bad: list[tuple[int, str]] = []
    tally = {"none": 0, "several": 0}
    done = 0
    with open_batch(jobs, scheduler) as executor:
        for values in bulk_counts(executor, lines, 2, isinstance(executor, Serial)):
            _write("\n".join([WORDS[c] for c in values]) + "\n")
            if values.count(1) == len(values):  # all unique: no loop in Python
                done += len(values)
                continue
            for k, c in enumerate(values):
                if c != 1:
                    tally[WORDS[c]] += 1
                    if len(bad) < NAMED:
                        bad.append((done + k, WORDS[c]))
            done += len(values)
    return _report(lines, bad, tally)


def _report(lines: Lines, bad: list[tuple[int, str]], tally: dict[str, int]) -> int:
    """Name the puzzles that are not unique on stderr; the exit code they call for."""
    for k, word in bad:
        echo(f"puzzle {k + 1} ({lines.origin(k)}) {PROBLEMS[word]}", err=True)
    total = sum(tally.values())
    if total > NAMED:
        counted = ", ".join(f"{n} {word}" for word, n in tally.items() if n)
        echo(f"... {total} of {len(lines)} puzzles not unique ({counted})", err=True)
    if tally["none"]:
        return NO_SOLUTION
    return 1 if tally["several"] else 0


def bulk_eligible(method: str, *options: object) -> bool:
    """True when the bulk path may answer: numba installed, the default or eup method,
    none of the other options."""
    plain = all(o is None or o is False for o in options)
    return plain and method.strip() in ("auto", "eup") and numba_installed()
