"""Compile (or load) the numba kernels once, before the test workers start.

``python tests/warm_kernels.py GROUP`` runs a few small commands in this process that
reach every compiled kernel of that group; numba writes each one into the per-user cache
(:mod:`sudoku_sat.kernel_cache`), and every test worker started afterwards loads it
from there instead of compiling it again. ``tests/conftest.py`` runs the two groups side
by side (one per core) before ``pytest -n`` starts its workers; with a warm cache this
takes a few seconds. The commands check nothing: the tests do.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from sudoku_sat.cli import app

HARD = "700000400020070080003008009000500300060020090001007006000300900030040060009001005"
GROUPS: dict[str, list[list[str]]] = {
    "search": [  # the EUP search, greedy emptying, witnesses, RUP checking
        ["unique", "-", "--method", "eup"],  # 40 copies: past bulk.SMALL's pure-Python start
        ["count", "-", "--method", "eup"],
        ["generate", "-k", "1", "--seed", "1"],
        ["generate", "-k", "1", "--seed", "1", "--method", "eup"],
        ["generate", "-n", "4", "-k", "1", "--seed", "1"],
    ],
    "propagation": [  # UP/FL kernels, the batch ladder, GAC, annealing
        ["propagate", "--encoding", "minimal", "-", "--method", "fl:numba"],
        ["propagate", "--encoding", "minimal", "-", "--method", "fl2:numba"],
        ["rate", "-"],
        ["ladder", "--dataset", "-", "--depth"],
        ["unique", "-", "--certify", "{tmp}/certs"],
        ["explain", "-"],
        ["solve", "-", "--method", "gac"],
        ["solve", "-", "--method", "up"],
        ["solve", "-", "--method", "fl"],
        ["anneal", "-", "--method", "sirdey", "--tries", "1", "--max-iterations", "2000"],
        ["anneal", "-", "--method", "swap", "--tries", "1", "--max-iterations", "2000"],
        ["check-proof", "{tmp}/certs/puzzle-00001.cnf", "{tmp}/certs/puzzle-00001.drup"],
        ["solve", "-", "--method", "eup", "{36x36}"],  # the restart search, from 36x36 on
    ],
}


def pattern_36x36() -> str:
    """A 36x36 grid (a pattern) with every 97th cell blank, as numbers."""
    from sudoku_sat.gridio import format_numbers

    n, size = 6, 36
    full = [(n * (r % n) + r // n + c) % size + 1 for r in range(size) for c in range(size)]
    return format_numbers(tuple(0 if c % 97 == 0 else v for c, v in enumerate(full)), n)


def warm_library() -> None:
    """The search group's kernels no command above reaches cheaply: the census's (all
    solutions, every clue subset), the random and the other solution, the rules-only
    emptying of the large path (25x25 commands take seconds; 9x9 compiles the same)."""
    import random

    from sudoku_sat.engines.eup.batch import other_solution, random_solution
    from sudoku_sat.grid import empty_grid
    from sudoku_sat.puzzles.census import first_row_grids, subset_counts
    from sudoku_sat.puzzles.emptying_large import empty_large

    grid = first_row_grids(2, "numba")[0]
    subset_counts(grid, 2, "numba")
    solution = random_solution(empty_grid(3), 3, 1, "numba")
    assert solution is not None
    other_solution(empty_grid(3), solution, [0], 3, "numba")
    empty_large(solution, solution, 3, random.Random(1))


def warm(group: str) -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        for command in GROUPS[group]:
            args = [a.replace("{tmp}", tmp) for a in command if a != "{36x36}"]
            many = args[0] in ("unique", "count") and "--certify" not in args
            given = (
                pattern_36x36() if "{36x36}" in command else "\n".join([HARD] * (40 if many else 1))
            )
            result = runner.invoke(app, args, given)
            print(result.exit_code, " ".join(args), flush=True)
    if group == "search":
        warm_library()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    warm(sys.argv[1])
